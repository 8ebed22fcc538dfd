/** A fetch for the api client's tests: records each request and answers from a handler. */
import { createApiClient, type ApiClient } from '../../src/api/client';
import type { QueryValues } from '../../src/api/queryValues';

export interface Recorded {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type Answer = (req: Recorded) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function recordingFetch(answer: Answer = () => json({})) {
  const calls: Recorded[] = [];
  const fetchFn = (async (input: string, init: RequestInit = {}) => {
    const req: Recorded = {
      url: new URL(input, 'http://stage.test'),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(req);
    return answer(req);
  }) as typeof fetch;
  return { calls, fetchFn };
}

export const QUERY: QueryValues = { instance: 'sig.payload', compId: 'tpaSettings', origCompId: 'comp-1' };

/** An api client over a recording fetch. */
export function recordingClient(answer?: Answer, query = QUERY): { api: ApiClient; calls: Recorded[] } {
  const { calls, fetchFn } = recordingFetch(answer);
  return { api: createApiClient({ query, fetch: fetchFn }), calls };
}
