/**
 * The access token check: the platform's token-info endpoint asked about a token (POST JSON
 * `{token}`), its answer judged by the contract's rule (`grantOf`), and a granted verdict kept
 * until the token's `exp` (at most an hour). Every call has a time limit (TOKEN_INFO_TIMEOUT_MS); a slow, failing or
 * nonsensical token-info is `unavailable` (503), a token it refuses or the rule refuses is 401.
 * Tokens are kept only as their SHA-256; none is ever logged or echoed.
 */
import { createHash } from 'node:crypto';
import { grantOf, isAccessTokenText, type TokenVerdict } from '../../../src/contract/tokenGrant';
import type { TokenSetup } from './tokenConfig';

export type TokenCheck =
  | { ok: true; verdict: TokenVerdict }
  | { ok: false; status: 401; error: string; message: string }
  /** `reason` is for the log only: it holds no token. */
  | { ok: false; status: 503; error: 'token_check_unavailable'; message: string; reason: string };

/** How often token-info was asked, and how it went (for the server's metrics). */
export interface TokenInfoCounts {
  calls: number;
  cacheHits: number;
  refused: number;
  unavailable: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<TokenCheck>;
  counts(): TokenInfoCounts;
}

export interface TokenVerifierOptions {
  setup: TokenSetup;
  now?: () => number;
  fetch?: typeof fetch;
  /** The most verdicts kept (the oldest goes first). */
  maxCached?: number;
}

const MAX_ANSWER_LENGTH = 64 * 1024;
/** A verdict is kept until the token's exp, but never longer than this (a token revoked early, an odd exp). */
export const MAX_KEEP_MS = 60 * 60_000;

const refused = (error: string, message: string): TokenCheck => ({ ok: false, status: 401, error, message });
const unavailable = (reason: string): TokenCheck => ({
  ok: false,
  status: 503,
  error: 'token_check_unavailable',
  message: "The platform's access token check did not answer; try again in a moment.",
  reason,
});

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Token-info's answer to `token`, as parsed JSON, or the check it already decides. */
async function askTokenInfo(setup: TokenSetup, fetchImpl: typeof fetch, token: string): Promise<{ answer: unknown } | TokenCheck> {
  try {
    const response = await fetchImpl(setup.tokenInfoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(setup.timeoutMs),
      redirect: 'error',
    });
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      return unavailable(`token-info answered ${response.status}`);
    }
    const text = await response.text();
    if (!response.ok) return refused('invalid_token', 'The access token is not valid.');
    if (text.length > MAX_ANSWER_LENGTH) return unavailable('token-info answered too much');
    return parsed(text);
  } catch (error) {
    // The time limit's DOMException may come from another realm: read its name, not its class.
    const name = String((error as { name?: unknown } | null)?.name ?? 'Error');
    return unavailable(name === 'TimeoutError' ? `token-info gave no answer within ${setup.timeoutMs} ms` : `token-info could not be asked (${name})`);
  }
}

function parsed(text: string): { answer: unknown } | TokenCheck {
  try {
    return { answer: JSON.parse(text) as unknown };
  } catch {
    return unavailable('token-info answered no JSON');
  }
}

export function createTokenVerifier({ setup, now = Date.now, fetch: fetchImpl = fetch, maxCached = 10_000 }: TokenVerifierOptions): TokenVerifier {
  const verdicts = new Map<string, TokenVerdict>();
  const asking = new Map<string, Promise<TokenCheck>>();
  const counts: TokenInfoCounts = { calls: 0, cacheHits: 0, refused: 0, unavailable: 0 };

  function keep(key: string, verdict: TokenVerdict): void {
    if (verdicts.size >= maxCached) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(key, { ...verdict, expiresAt: Math.min(verdict.expiresAt, now() + MAX_KEEP_MS) });
  }

  async function check(key: string, token: string): Promise<TokenCheck> {
    counts.calls += 1;
    const asked = await askTokenInfo(setup, fetchImpl, token);
    const result: TokenCheck = 'answer' in asked ? judge(asked.answer) : asked;
    if (result.ok) keep(key, result.verdict);
    else if (result.status === 503) counts.unavailable += 1;
    else counts.refused += 1;
    return result;
  }

  function judge(answer: unknown): TokenCheck {
    const grant = grantOf(answer, setup.appId, now());
    if (grant.ok) return { ok: true, verdict: grant };
    if (grant.error === 'malformed_token_info') return unavailable('token-info answered in an unknown shape');
    return refused(grant.error, grant.message);
  }

  async function verify(token: string): Promise<TokenCheck> {
    if (!isAccessTokenText(token)) return refused('invalid_token', 'Authorization must carry the raw access token (no "Bearer").');
    if (!setup.appId) return refused('wrong_app', 'This server takes no access tokens (APP_ID is not set).');
    const key = digest(token);
    const kept = verdicts.get(key);
    if (kept && kept.expiresAt > now()) {
      counts.cacheHits += 1;
      return { ok: true, verdict: kept };
    }
    if (kept) verdicts.delete(key);
    const running = asking.get(key);
    if (running) return running;
    const pending = check(key, token).finally(() => asking.delete(key));
    asking.set(key, pending);
    return pending;
  }

  return { verify, counts: () => ({ ...counts }) };
}
