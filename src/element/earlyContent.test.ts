/**
 * The element's early ask for its rendering (earlyContent.ts): the native chunk's request for the
 * same URL takes that answer, once, and its time limit ends it; an answer nobody takes is dropped.
 */
import { EARLY_ANSWER_KEPT_MS, askEarly, fetchTakingEarly, takeEarly } from './earlyContent';

const URL_A = 'https://widget.example/content/current?widgetKey=k&fileId=a&version=1';
const answer = { ok: true } as unknown as Response;
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(() => Promise.resolve(answer));
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
  await expect(fetchTakingEarly(URL_A, {})).resolves.toBe(answer);
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
