/**
 * The access token check: the platform's token-info endpoint asked about a token (POST JSON
 * `{token}`), its answer judged by the contract's rule (`grantOf`), and a granted verdict kept
 * until the token's `exp` (at most an hour). Every call has a time limit (TOKEN_INFO_TIMEOUT_MS); a slow, failing or
 * nonsensical token-info is `unavailable` (503 with Retry-After), a token it refuses or the rule refuses is 401.
 *
 * Made-up tokens must not spend the platform's patience for the real owners:
 * - a refusal is kept for REFUSAL_KEEP_MS, so the same token again asks nothing;
 * - each client address may have FAILED_CHECKS.max refused (or running) checks per window, then
 *   its new tokens are 429 with Retry-After until the window ends (tokens already verified pass);
 * - token-info's own 429 pauses every new check until its Retry-After (at most MAX_PAUSE_MS):
 *   they are 503 with the time left, and the platform is not asked meanwhile.
 * Tokens are kept only as their SHA-256; none is ever logged or echoed.
 */
import { createHash } from 'node:crypto';
import { parseRetryAfter } from '#client/contract/retryAfter';
import { grantOf, isAccessTokenText, type TokenVerdict } from '#client/contract/tokenGrant';
import { createAddressLimit } from './addressLimit';
import type { TokenSetup } from './tokenConfig';

export type TokenCheck =
  | { ok: true; verdict: TokenVerdict }
  | { ok: false; status: 401; error: string; message: string }
  /** The client's address has spent its failed checks for now. */
  | { ok: false; status: 429; error: 'rate_limited'; message: string; retryAfterSeconds: number }
  /** `reason` is for the log only: it holds no token. */
  | { ok: false; status: 503; error: 'token_check_unavailable'; message: string; reason: string; retryAfterSeconds: number };

type Refusal = Extract<TokenCheck, { status: 401 }>;
type Unavailable = Extract<TokenCheck, { status: 503 }>;

/** How often token-info was asked, and how it went (for the server's metrics). */
export interface TokenInfoCounts {
  calls: number;
  /** Verdicts and refusals answered from memory. */
  cacheHits: number;
  refused: number;
  unavailable: number;
  /** Checks refused for their address's failed checks (429), token-info not asked. */
  limited: number;
}

export interface TokenVerifier {
  /** The check of `token`, sent from the client address `address` (the per-address limit's key). */
  verify(token: string, address: string): Promise<TokenCheck>;
  counts(): TokenInfoCounts;
}

export interface TokenVerifierOptions {
  setup: TokenSetup;
  now?: () => number;
  fetch?: typeof fetch;
  /** The most verdicts, and the most refusals, kept (the oldest goes first). */
  maxCached?: number;
}

const MAX_ANSWER_LENGTH = 64 * 1024;
/** A verdict is kept until the token's exp, but never longer than this (a token revoked early, an odd exp). */
export const MAX_KEEP_MS = 60 * 60_000;
/** How long a refusal is kept: the same token again is refused without asking. */
export const REFUSAL_KEEP_MS = 60_000;
/** Refused (or running) checks each client address may have per window. */
export const FAILED_CHECKS = Object.freeze({ max: 10, windowMs: 60_000 });
/** Token-info's 429 pauses the checks this long when it says no Retry-After, and at most MAX_PAUSE_MS. */
const DEFAULT_PAUSE_MS = 5_000;
const MAX_PAUSE_MS = 60_000;
/** The Retry-After of any other unavailability: a moment. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

const refused = (error: string, message: string): Refusal => ({ ok: false, status: 401, error, message });
const unavailable = (reason: string, retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_S): Unavailable => ({
  ok: false,
  status: 503,
  error: 'token_check_unavailable',
  message: "The platform's access token check did not answer; try again in a moment.",
  reason,
  retryAfterSeconds,
});
const limited = (waitMs: number): TokenCheck => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    ok: false,
    status: 429,
    error: 'rate_limited',
    message: `Too many access tokens from this address were refused; try again in ${seconds} s.`,
    retryAfterSeconds: seconds,
  };
};

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Token-info's 429: how long it asks us to wait, bounded. */
function pauseOf(response: Response, now: number): number {
  return Math.min(parseRetryAfter(response.headers.get('retry-after'), now) ?? DEFAULT_PAUSE_MS, MAX_PAUSE_MS);
}

type Asked = { answer: unknown } | { failed: Refusal | Unavailable; pauseMs?: number };

/** Token-info's answer to `token`, as parsed JSON, or the check it already decides (with a pause after its 429). */
async function askTokenInfo(setup: TokenSetup, fetchImpl: typeof fetch, token: string, now: number): Promise<Asked> {
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
      if (response.status !== 429) return { failed: unavailable(`token-info answered ${response.status}`) };
      const pauseMs = pauseOf(response, now);
      return { failed: unavailable('token-info answered 429', Math.max(1, Math.ceil(pauseMs / 1000))), pauseMs };
    }
    const text = await response.text();
    if (!response.ok) return { failed: refused('invalid_token', 'The access token is not valid.') };
    if (text.length > MAX_ANSWER_LENGTH) return { failed: unavailable('token-info answered too much') };
    return parsed(text);
  } catch (error) {
    // The time limit's DOMException may come from another realm: read its name, not its class.
    const name = String((error as { name?: unknown } | null)?.name ?? 'Error');
    return {
      failed: unavailable(name === 'TimeoutError' ? `token-info gave no answer within ${setup.timeoutMs} ms` : `token-info could not be asked (${name})`),
    };
  }
}

function parsed(text: string): Asked {
  try {
    return { answer: JSON.parse(text) as unknown };
  } catch {
    return { failed: unavailable('token-info answered no JSON') };
  }
}

/** A map of at most `max` entries: the oldest goes first. */
function bounded<T>(max: number) {
  const entries = new Map<string, T>();
  return {
    get: (key: string) => entries.get(key),
    delete: (key: string) => entries.delete(key),
    set(key: string, value: T) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
  };
}

export function createTokenVerifier({ setup, now = Date.now, fetch: fetchImpl = fetch, maxCached = 10_000 }: TokenVerifierOptions): TokenVerifier {
  const verdicts = bounded<TokenVerdict>(maxCached);
  const refusals = bounded<{ refusal: Refusal; until: number }>(maxCached);
  const failures = createAddressLimit({ ...FAILED_CHECKS, now });
  const asking = new Map<string, Promise<TokenCheck>>();
  const counts: TokenInfoCounts = { calls: 0, cacheHits: 0, refused: 0, unavailable: 0, limited: 0 };
  let pausedUntil = 0;

  async function check(key: string, token: string): Promise<TokenCheck> {
    counts.calls += 1;
    const asked = await askTokenInfo(setup, fetchImpl, token, now());
    if ('pauseMs' in asked && asked.pauseMs !== undefined) pausedUntil = Math.max(pausedUntil, now() + asked.pauseMs);
    const result: TokenCheck = 'answer' in asked ? judge(asked.answer) : asked.failed;
    if (result.ok) verdicts.set(key, { ...result.verdict, expiresAt: Math.min(result.verdict.expiresAt, now() + MAX_KEEP_MS) });
    else if (result.status === 503) counts.unavailable += 1;
    else if (result.status === 401) {
      counts.refused += 1;
      refusals.set(key, { refusal: result, until: now() + REFUSAL_KEEP_MS });
    }
    return result;
  }

  function judge(answer: unknown): TokenCheck {
    const grant = grantOf(answer, setup.appId, now());
    if (grant.ok) return { ok: true, verdict: grant };
    if (grant.error === 'malformed_token_info') return unavailable('token-info answered in an unknown shape');
    return refused(grant.error, grant.message);
  }

  /** What memory already says of the token with this hash: a verdict, a refusal, or nothing. */
  function remembered(key: string): TokenCheck | null {
    const verdict = verdicts.get(key);
    if (verdict && verdict.expiresAt > now()) return { ok: true, verdict };
    if (verdict) verdicts.delete(key);
    const kept = refusals.get(key);
    if (kept && kept.until > now()) return kept.refusal;
    if (kept) refusals.delete(key);
    return null;
  }

  /** Asks token-info about a token not in memory, unless token-info asked for a pause or the address has spent its failures. */
  function ask(key: string, token: string, address: string): Promise<TokenCheck> {
    if (pausedUntil > now()) {
      counts.unavailable += 1;
      return Promise.resolve(unavailable('token-info asked for a pause (429)', Math.ceil((pausedUntil - now()) / 1000)));
    }
    const waitMs = failures.begin(address);
    if (waitMs !== null) {
      counts.limited += 1;
      return Promise.resolve(limited(waitMs));
    }
    const pending = check(key, token)
      .then((result) => {
        failures.end(address, !result.ok && result.status === 401);
        return result;
      })
      .finally(() => asking.delete(key));
    asking.set(key, pending);
    return pending;
  }

  async function verify(token: string, address: string): Promise<TokenCheck> {
    if (!isAccessTokenText(token)) return refused('invalid_token', 'Authorization must carry the raw access token (no "Bearer").');
    if (!setup.appId) return refused('wrong_app', 'This server takes no access tokens (APP_ID is not set).');
    const key = digest(token);
    const known = remembered(key);
    if (known) {
      counts.cacheHits += 1;
      return known;
    }
    return asking.get(key) ?? ask(key, token, address);
  }

  return { verify, counts: () => ({ ...counts }) };
}
