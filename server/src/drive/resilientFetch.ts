/**
 * One outgoing HTTP call to the provider with a timeout per attempt and retries: on 429, on 5xx,
 * on the drive's rate-limit 403s (`userRateLimitExceeded`, `rateLimitExceeded`) and on network
 * failures or timeouts. The wait is truncated exponential backoff with jitter,
 * `min(base·2^n + random·base, max)`, or the answer's `Retry-After` when it gives one. A wait that
 * would pass the call's deadline (or a Retry-After longer than we are willing to wait) ends the
 * retries at once with an `UpstreamUnavailableError` carrying the wait the provider asked for.
 */

export interface RetryPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The whole call, waits included, ends within this. */
  deadlineMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 8000,
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  deadlineMs: 20000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** The provider did not give a usable answer in time (timeouts, network errors, rate limits, 5xx). */
export class UpstreamUnavailableError extends Error {
  constructor(
    message: string,
    /** The last status seen, or null when no answer came. */
    readonly status: number | null,
    /** How long the provider asked us to wait, when it said. */
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

export interface AttemptReport {
  attempt: number;
  status: number | null;
  waitMs: number;
  reason: string;
}

export interface CallOptions {
  policy?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  /** Told of each retry (for logs: carries no URL query, no header, no body). */
  onRetry?: (report: AttemptReport) => void;
  /** Told once per call how it ended: an answer the caller reads, or the provider unavailable (for metrics). */
  onFinished?: (outcome: 'answered' | 'unavailable') => void;
}

const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded']);

/** The `reason`s of a Google-shaped error body: `{error: {errors: [{reason}]}}`. */
export function errorReasons(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return [];
  const errors = (error as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e: unknown) => (typeof e === 'object' && e !== null ? String((e as { reason?: unknown }).reason ?? '') : '')).filter(Boolean);
}

/** Seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function isRetryable(response: Response): Promise<string | null> {
  if (response.status === 429) return 'rate limited (429)';
  if (response.status >= 500) return `server error (${response.status})`;
  if (response.status === 403) {
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      return null;
    }
    const reason = errorReasons(body).find((r) => RATE_LIMIT_REASONS.has(r));
    return reason ? `rate limited (403 ${reason})` : null;
  }
  return null;
}

export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(exponential + policy.random() * policy.baseDelayMs, policy.maxDelayMs);
}

async function attemptOnce(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await doFetch(url, { ...init, signal: controller.signal });
    // Read the body inside the timeout, so a stalled body counts as a timeout too.
    const body = await response.arrayBuffer();
    return new Response(response.status === 204 || response.status === 304 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `url` until it gets an answer that is not worth retrying, and returns it (the caller reads
 * 4xx answers). Throws `UpstreamUnavailableError` when retries run out.
 */
export async function resilientFetch(url: string, init: RequestInit, options: CallOptions = {}): Promise<Response> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const doFetch = options.fetch ?? globalThis.fetch;
  const deadline = policy.now() + policy.deadlineMs;
  let lastStatus: number | null = null;
  let lastProblem = 'no answer';
  let retryAfterMs: number | null = null;

  for (let attempt = 0; attempt < policy.maxAttempts; attempt += 1) {
    let waitMs: number;
    try {
      const response = await attemptOnce(doFetch, url, init, Math.max(1, Math.min(policy.timeoutMs, deadline - policy.now())));
      const problem = await isRetryable(response);
      if (problem === null) {
        options.onFinished?.('answered');
        return response;
      }
      lastStatus = response.status;
      lastProblem = problem;
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), policy.now());
      waitMs = retryAfterMs ?? backoffDelay(attempt, policy);
    } catch (error) {
      lastStatus = null;
      lastProblem = error instanceof Error && error.name === 'AbortError' ? 'timed out' : 'network error';
      retryAfterMs = null;
      waitMs = backoffDelay(attempt, policy);
    }
    const last = attempt + 1 >= policy.maxAttempts;
    if (last || policy.now() + waitMs >= deadline) break;
    options.onRetry?.({ attempt: attempt + 1, status: lastStatus, waitMs: Math.round(waitMs), reason: lastProblem });
    await policy.sleep(waitMs);
  }
  options.onFinished?.('unavailable');
  throw new UpstreamUnavailableError(`The drive provider is unavailable: ${lastProblem}.`, lastStatus, retryAfterMs);
}
