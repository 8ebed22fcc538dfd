/**
 * @jest-environment node
 *
 * The element's early ask for its rendering (earlyContent.ts): the native chunk's request for the
 * same URL takes that answer, once, its body read already, and its time limit ends it; an error
 * answer is taken as it came; an answer nobody takes is dropped.
 */
import { EARLY_ANSWER_KEPT_MS, askEarly, fetchTakingEarly, takeEarly } from './earlyContent';

const URL_A = 'https://widget.example/content/current?widgetKey=k&fileId=a&version=1';
const BODY = '{"state":"none"}';
let fetchMock: jest.Mock;

/** An answer whose body says, through `pulled`, when it was read. */
function answerWith(body: string, status = 200, pulled: string[] = []): Response {
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.push('read');
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { status, headers: { 'Content-Type': 'application/json', 'Retry-After': '7' } });
}

beforeEach(() => {
  fetchMock = jest.fn(() => Promise.resolve(answerWith(BODY)));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

it("asks at once, as the requester would, and the chunk's fetch of the same URL takes that answer once", async () => {
  askEarly(URL_A);
  askEarly(URL_A);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]).toEqual([
    URL_A,
    expect.objectContaining({ method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } }),
  ]);
  const taken = await fetchTakingEarly(URL_A, {});
  expect([taken.status, await taken.text()]).toEqual([200, BODY]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  // Taken: the next fetch of it asks again.
  await fetchTakingEarly(URL_A, {});
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it("the taker's time limit (its signal) ends the early request", () => {
  askEarly(URL_A);
  const early = fetchMock.mock.calls[0][1] as RequestInit;
  const limit = new AbortController();
  takeEarly(URL_A, limit.signal);
  expect(early.signal?.aborted).toBe(false);
  limit.abort();
  expect(early.signal?.aborted).toBe(true);
});

it('an answer nobody takes is dropped and its request ended', () => {
  jest.useFakeTimers();
  try {
    askEarly(URL_A);
    const early = fetchMock.mock.calls[0][1] as RequestInit;
    jest.advanceTimersByTime(EARLY_ANSWER_KEPT_MS);
    expect(early.signal?.aborted).toBe(true);
    expect(takeEarly(URL_A)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

it("reads a successful answer's body before anyone takes it, and hands over the answer itself, unread", async () => {
  const pulled: string[] = [];
  const ok = answerWith(BODY, 200, pulled);
  fetchMock.mockImplementation(() => Promise.resolve(ok));
  askEarly(URL_A);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(pulled).toEqual(['read']);
  const taken = await takeEarly(URL_A)!;
  expect([taken, taken.bodyUsed]).toEqual([ok, false]);
  await expect(taken.json()).resolves.toEqual({ state: 'none' });
});

it('hands an error answer over unread, for the requester to read its error', async () => {
  const pulled: string[] = [];
  const refused = answerWith('{"error":"busy","message":"Try later."}', 503, pulled);
  fetchMock.mockImplementation(() => Promise.resolve(refused));
  askEarly(URL_A);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(pulled).toEqual([]);
  const taken = await takeEarly(URL_A)!;
  expect(taken).toBe(refused);
  expect([taken.status, taken.headers.get('Retry-After'), await taken.json()]).toEqual([503, '7', { error: 'busy', message: 'Try later.' }]);
});

it("a body that stalls ends with the taker's time limit", async () => {
  fetchMock.mockImplementation((_url: string, init: RequestInit) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(stream, { status: 200 }));
  });
  askEarly(URL_A);
  const limit = new AbortController();
  const taken = await takeEarly(URL_A, limit.signal)!;
  const body = taken.text();
  limit.abort();
  await expect(body).rejects.toThrow('aborted');
});
