/**
 * The access token check's configuration, from environment variables (listed in docs/operating.md):
 *
 *   APP_ID                   the app's id with the platform: a token's `clientId` must equal it.
 *                            Without it (outside development) no access token is accepted, and
 *                            only the legacy `instance` opens the api.
 *   TOKEN_INFO_URL           the platform's token-info endpoint (default: the platform's own)
 *   TOKEN_INFO_TIMEOUT_MS    the longest wait for its answer (default 3000), well inside the
 *                            client's time limit per request (REQUEST_TIMEOUT_MS)
 */
import { REQUEST_TIMEOUT_MS } from '#client/api/routes';
import { DEV_APP_ID } from '../devSecret';
import { serviceUrlProblem } from '../serviceUrl';

export const PLATFORM_TOKEN_INFO_URL = 'https://www.wixapis.com/oauth2/token-info';

export interface TokenSetup {
  /** '' when none is set: every access token is refused. */
  appId: string;
  tokenInfoUrl: string;
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

export class TokenConfigError extends Error {}

function tokenInfoUrl(env: Env, development: boolean): string {
  const value = env.TOKEN_INFO_URL?.trim() || PLATFORM_TOKEN_INFO_URL;
  const problem = serviceUrlProblem('TOKEN_INFO_URL', value, development);
  if (problem) throw new TokenConfigError(problem);
  return value;
}

function timeoutMs(env: Env): number {
  const raw = env.TOKEN_INFO_TIMEOUT_MS?.trim();
  if (!raw) return 3000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value >= REQUEST_TIMEOUT_MS) {
    throw new TokenConfigError(`TOKEN_INFO_TIMEOUT_MS must be a whole number from 1 to ${REQUEST_TIMEOUT_MS - 1}, got "${raw}".`);
  }
  return value;
}

export function loadTokenConfig(env: Env, development: boolean): TokenSetup {
  const appId = env.APP_ID?.trim() || (development ? DEV_APP_ID : '');
  return { appId, tokenInfoUrl: tokenInfoUrl(env, development), timeoutMs: timeoutMs(env) };
}
