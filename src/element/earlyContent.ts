/**
 * The element's first ask for its rendering, sent by its first script the moment it knows what to
 * show, while its native chunk (the requester, the sanitizer, the drawing) still loads: the chunk's
 * own request for the same URL (fetchContent.ts) then takes this answer instead of asking again,
 * within its time limit, error bodies and retries. A successful answer's body is read at once, in
 * the main thread's idle moments while the chunk loads, not after it (a copy reads it: the body
 * the requester then reads is in memory). An answer nobody takes is dropped after
 * EARLY_ANSWER_KEPT_MS; each is taken once.
 */

/** How long an early answer waits to be taken. */
export const EARLY_ANSWER_KEPT_MS = 10_000;

interface Early {
  response: Promise<Response>;
  controller: AbortController;
  /** Drops the answer if nobody takes it in time. */
  expiry: ReturnType<typeof setTimeout>;
}

const asked = new Map<string, Early>();

/** Sends the GET the native chunk will send for `url` (same method, headers and credentials: requester.ts). */
export function askEarly(url: string): void {
  if (asked.has(url)) return;
  const controller = new AbortController();
  const response = fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal }).then(readNow);
  response.catch(() => undefined);
  const expiry = setTimeout(() => {
    asked.delete(url);
    controller.abort();
  }, EARLY_ANSWER_KEPT_MS);
  asked.set(url, { response, controller, expiry });
}

/**
 * A successful answer, its body read at once into memory by a copy (the answer itself stays unread,
 * for the requester); any other answer as it came, for the requester to read its error.
 */
function readNow(response: Response): Response {
  const copy = response.ok ? response.clone() : null;
  copy?.arrayBuffer().catch(() => undefined);
  return response;
}

/** The early answer for `url`, once; aborted with `signal` (the taker's time limit). Null when none waits. */
export function takeEarly(url: string, signal?: AbortSignal | null): Promise<Response> | null {
  const early = asked.get(url);
  if (!early) return null;
  asked.delete(url);
  clearTimeout(early.expiry);
  if (signal?.aborted) early.controller.abort();
  else signal?.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.response;
}

/** A fetch that answers with the early answer for its URL where one waits, else asks (the global fetch, looked up at call time). */
export const fetchTakingEarly: typeof fetch = (input, init) =>
  (typeof input === 'string' ? takeEarly(input, init?.signal) : null) ?? globalThis.fetch(input, init);
