/**
 * A fake of the platform's token-info endpoint on localhost, for the server's tests and
 * `npm run serve` (never part of a production build). It answers `POST /oauth2/token-info` with
 * JSON `{token}` the way the platform does (platform-notes, "Backend check of an access token"):
 * 200 with `{active, subjectType, subjectId, exp, iat, clientId, siteId, instanceId}` for a token
 * it issued, 401 for any other.
 *
 *   const fake = await startFakeTokenInfo({ appId: 'app-1' });
 *   fake.url                                      // TOKEN_INFO_URL for the server
 *   fake.ownerToken, fake.visitorToken            // the development site's owner (editor) and a visitor
 *   fake.issue({ subjectType: 'USER', instanceId: 'site-2', expiresInSeconds: 60 })
 *   fake.switches.status = 500;                   // every answer fails (null: answer normally)
 *   fake.switches.retryAfterSeconds = 30;         // …with Retry-After (and the rate limit's 429 too)
 *   fake.switches.latencyMs = 2000;               // every answer waits
 *   fake.switches.rateLimit = { max: 20, windowSeconds: 60 };  // the platform's own limit: then 429
 *   fake.calls()                                  // token-info requests received so far
 *
 * With `answersStageTokens` (`npm run serve`), it also answers the local stage's tokens, which carry
 * their own answer (mirage/fakeTokenInfo.ts): the stage plays the editor that hands tokens out.
 *
 * Over HTTP, for `npm run serve` and browser tests: `POST /__fake/control` with JSON switches, and
 * `POST /__fake/issue` with JSON `{subjectType?, instanceId?, expiresInSeconds?}` →
 * `{token, expires}` (what the editor's `auth.getAccessToken` hands the panel).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_APP_ID } from '../src/devSecret';
import { DEV_INSTANCE_PAYLOAD } from '../../stage/devInstance';
import { tokenInfoOf as stageTokenInfo } from '../../mirage/fakeTokenInfo';

export const TOKEN_INFO_PATH = '/oauth2/token-info';

export interface IssuedToken {
  subjectType?: string;
  subjectId?: string;
  instanceId?: string | null;
  clientId?: string;
  active?: boolean;
  /** From now; a preset token of `npm run serve` never expires (an hour from each answer). */
  expiresInSeconds?: number;
  /** Replaces the whole answer (a hostile or broken token-info). */
  answer?: unknown;
}

export interface FakeTokenInfoSwitches {
  /** Answer every token-info request with this status (and no token data); null: answer normally. */
  status: number | null;
  /** Sent as Retry-After (seconds) with a switched status; null: none. */
  retryAfterSeconds: number | null;
  latencyMs: number;
  /**
   * The platform's limit on the app's questions, whatever the token: at most `max` in each window
   * of `windowSeconds`, then 429 with Retry-After until the window ends; null: no limit.
   */
  rateLimit: { max: number; windowSeconds: number } | null;
}

export interface FakeTokenInfo {
  /** Where the fake listens (its switches are under /__fake/). */
  origin: string;
  /** TOKEN_INFO_URL for the server. */
  url: string;
  appId: string;
  ownerToken: string;
  visitorToken: string;
  switches: FakeTokenInfoSwitches;
  issue(grant?: IssuedToken): string;
  calls(): number;
  stop(): Promise<void>;
}

export interface FakeTokenInfoOptions {
  port?: number;
  appId?: string;
  /** The site of the preset tokens (default: the development instance's). */
  instanceId?: string;
  now?: () => number;
  /** Also answer the local stage's self-describing tokens (`npm run serve` only; never the tests' default). */
  answersStageTokens?: boolean;
}

interface Issued extends IssuedToken {
  exp: number | null;
}

const newToken = () => `fake.${randomBytes(24).toString('base64url')}`;

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Any page may ask (the stage mints its tokens from the browser); it is a development fake. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...CORS, ...headers }).end(JSON.stringify(body));
}

/** The platform's limit: counts the questions of each window, and says how long a question over it waits. */
function windowCounter(now: () => number) {
  let windowStart = 0;
  let asked = 0;
  return (limit: FakeTokenInfoSwitches['rateLimit']): number | null => {
    if (!limit) return null;
    const windowMs = limit.windowSeconds * 1000;
    if (now() - windowStart >= windowMs) [windowStart, asked] = [now(), 0];
    asked += 1;
    return asked > limit.max ? Math.ceil((windowStart + windowMs - now()) / 1000) : null;
  };
}

export async function startFakeTokenInfo(options: FakeTokenInfoOptions = {}): Promise<FakeTokenInfo> {
  const appId = options.appId ?? DEV_APP_ID;
  const site = options.instanceId ?? DEV_INSTANCE_PAYLOAD.instanceId;
  const now = options.now ?? Date.now;
  const tokens = new Map<string, Issued>();
  const switches: FakeTokenInfoSwitches = { status: null, retryAfterSeconds: null, latencyMs: 0, rateLimit: null };
  const overLimit = windowCounter(now);
  const timers = new Set<NodeJS.Timeout>();
  let received = 0;

  function issue(grant: IssuedToken = {}): string {
    const token = newToken();
    const exp = grant.expiresInSeconds === undefined ? null : Math.floor(now() / 1000) + grant.expiresInSeconds;
    tokens.set(token, { ...grant, exp });
    return token;
  }

  function answerFor(token: unknown): unknown {
    const issued = typeof token === 'string' ? tokens.get(token) : undefined;
    if (!issued) return options.answersStageTokens && typeof token === 'string' ? stageTokenInfo(token) : null;
    if (issued.answer !== undefined) return issued.answer;
    const seconds = Math.floor(now() / 1000);
    const subjectType = issued.subjectType ?? 'USER';
    const answer = {
      active: issued.active ?? true,
      subjectType,
      subjectId: issued.subjectId ?? (subjectType === 'VISITOR' ? 'visitor-7' : 'owner-1'),
      exp: issued.exp ?? seconds + 3600,
      iat: seconds,
      clientId: issued.clientId ?? appId,
      siteId: 'meta-site-1',
      instanceId: issued.instanceId === undefined ? site : issued.instanceId,
    };
    if (answer.instanceId === null) delete (answer as Partial<typeof answer>).instanceId;
    return answer;
  }

  async function tokenInfo(request: IncomingMessage, response: ServerResponse): Promise<void> {
    received += 1;
    const body = await readJson(request);
    const reply = () => {
      const waitSeconds = overLimit(switches.rateLimit);
      if (waitSeconds !== null) return send(response, 429, { message: 'too many requests' }, { 'retry-after': String(waitSeconds) });
      if (switches.status !== null) {
        const retryAfter: Record<string, string> = switches.retryAfterSeconds === null ? {} : { 'retry-after': String(switches.retryAfterSeconds) };
        return send(response, switches.status, { message: 'token-info is failing (fake switch)' }, retryAfter);
      }
      const answer = answerFor((body as { token?: unknown } | null)?.token);
      return answer === null ? send(response, 401, { message: 'invalid token' }) : send(response, 200, answer);
    };
    if (switches.latencyMs <= 0) return reply();
    const timer = setTimeout(() => (timers.delete(timer), reply()), switches.latencyMs);
    timers.add(timer);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    if (request.method === 'POST' && path === TOKEN_INFO_PATH) return tokenInfo(request, response);
    if (request.method === 'POST' && path === '/__fake/control') {
      Object.assign(switches, (await readJson(request)) ?? {});
      return send(response, 200, switches);
    }
    if (request.method === 'POST' && path === '/__fake/issue') {
      const grant = ((await readJson(request)) ?? {}) as IssuedToken;
      const expiresInSeconds = grant.expiresInSeconds ?? 3600;
      const token = issue({ subjectType: grant.subjectType, instanceId: grant.instanceId, expiresInSeconds });
      return send(response, 200, { token, expires: now() + expiresInSeconds * 1000 });
    }
    return send(response, 404, { message: 'not found' });
  }

  const server = createServer((request, response) => void route(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, 'localhost', resolve));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin: base,
    url: `${base}${TOKEN_INFO_PATH}`,
    appId,
    ownerToken: issue({ subjectType: 'USER' }),
    visitorToken: issue({ subjectType: 'VISITOR' }),
    switches,
    issue,
    calls: () => received,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
