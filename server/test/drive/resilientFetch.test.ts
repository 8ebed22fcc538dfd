import { backoffDelay, parseRetryAfter, resilientFetch, UpstreamUnavailableError, type RetryPolicy } from '../../src/drive/resilientFetch';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang';

function scriptedFetch(answers: Answer[]) {
  const calls: string[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push(url);
    const answer = answers.shift() ?? { status: 200, body: { ok: true } };
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))),
      );
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

function testPolicy(waits: number[], overrides: Partial<RetryPolicy> = {}): Partial<RetryPolicy> {
  let clock = 0;
  return {
    timeoutMs: 50,
    maxAttempts: 5,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    deadlineMs: 10_000,
    random: () => 0.5,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...overrides,
  };
}

const rateLimit403 = { status: 403, body: { error: { errors: [{ reason: 'userRateLimitExceeded' }], code: 403 } } };

describe('resilientFetch', () => {
  it('retries 429 and 5xx with exponential backoff and jitter, then returns the good answer', async () => {
    const waits: number[] = [];
    const { fetchFn, calls } = scriptedFetch([{ status: 429 }, { status: 503 }, { status: 500 }, { status: 200, body: { items: [] } }]);
    const response = await resilientFetch('http://drive/x', { method: 'GET' }, { fetch: fetchFn, policy: testPolicy(waits) });
    expect(await response.json()).toEqual({ items: [] });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([150, 250, 450]);
  });

  it("retries the drive's rate-limit 403 and honours Retry-After (seconds or a date)", async () => {
    const waits: number[] = [];
    const { fetchFn } = scriptedFetch([
      { ...rateLimit403, headers: { 'Retry-After': '2' } },
      { status: 429, headers: { 'Retry-After': new Date(5_000).toUTCString() } },
      { status: 204 },
    ]);
    const response = await resilientFetch('http://drive/x', { method: 'DELETE' }, { fetch: fetchFn, policy: testPolicy(waits) });
    expect(response.status).toBe(204);
    expect(waits).toEqual([2000, 3000]);
  });

  it('does not retry a 403 that is not a rate limit, nor a 404', async () => {
    const { fetchFn, calls } = scriptedFetch([{ status: 403, body: { error: { errors: [{ reason: 'insufficientFilePermissions' }] } } }]);
    expect((await resilientFetch('http://drive/x', {}, { fetch: fetchFn, policy: testPolicy([]) })).status).toBe(403);
    const second = scriptedFetch([{ status: 404 }]);
    expect((await resilientFetch('http://drive/x', {}, { fetch: second.fetchFn, policy: testPolicy([]) })).status).toBe(404);
    expect(calls.length + second.calls.length).toBe(2);
  });

  it('retries network errors and timeouts', async () => {
    const waits: number[] = [];
    const { fetchFn, calls } = scriptedFetch(['network-error', 'hang', { status: 200, body: {} }]);
    const response = await resilientFetch('http://drive/x', {}, { fetch: fetchFn, policy: testPolicy(waits) });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('gives up after the last attempt with the last status', async () => {
    const { fetchFn, calls } = scriptedFetch(Array.from({ length: 5 }, () => ({ status: 503 })));
    const reports: number[] = [];
    const error = await resilientFetch('http://drive/x', {}, { fetch: fetchFn, policy: testPolicy([]), onRetry: (r) => reports.push(r.attempt) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as UpstreamUnavailableError).status).toBe(503);
    expect(calls).toHaveLength(5);
    expect(reports).toEqual([1, 2, 3, 4]);
  });

  it('stops at once when Retry-After asks for a wait past the deadline, and tells how long', async () => {
    const waits: number[] = [];
    const { fetchFn, calls } = scriptedFetch([{ status: 429, headers: { 'Retry-After': '3600' } }]);
    const error = await resilientFetch('http://drive/x', {}, { fetch: fetchFn, policy: testPolicy(waits) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as UpstreamUnavailableError).retryAfterMs).toBe(3_600_000);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles from the base, adds up to one base of jitter, and is capped', () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 8000 };
    expect(backoffDelay(0, { ...policy, random: () => 0 })).toBe(500);
    expect(backoffDelay(0, { ...policy, random: () => 0.999 })).toBeCloseTo(999.5);
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(4000);
    expect(backoffDelay(10, { ...policy, random: () => 0.5 })).toBe(8000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter(null, 0)).toBeNull();
  });
});
