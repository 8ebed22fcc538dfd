/**
 * The custom element fetches the rendering its `content` attribute names (issue 20; the rules in
 * src/contract/elementContent.ts): the attribute holds only `{fileId, version}`, so the site's
 * page HTML never holds a file's content, and the element asks our server's public route with its
 * widget key, the file id and the version (the URL is a cache key). In the native chunk: the
 * element's first script does not carry it, but asks the same URL at once (earlyContent.ts), and the
 * first attempt here takes that answer. Through the shared requester (its time limit, its
 * error bodies); a failure that passes with time (no answer, a time-out, a 5xx) is tried again a
 * bounded number of times, with growing waits. One answer per element and URL: a draw that names
 * the same rendering again (the owner changed a colour) asks nothing; a failure is forgotten, so
 * the next draw asks again.
 */
import { isRetryable } from '../api/ApiError';
import { createRequester, type Requester } from '../api/request';
import { routesAt } from '../api/routes';
import type { ContentReference } from '../contract/elementContent';
import { isElementContentAnswer, type ElementContentAnswer } from '../contract/elementContentAnswer';
import { contentUrl } from './contentUrl';
import { fetchTakingEarly } from './earlyContent';

/** How long one attempt waits for our server's answer. */
export const CONTENT_TIMEOUT_MS = 8000;
/** The waits before the attempts after the first (a failure that passes with time). */
export const CONTENT_RETRY_DELAYS_MS: readonly number[] = [1000, 4000];

const requesters = new Map<string, Requester>();
const fetched = new WeakMap<object, { url: string; answer: Promise<ElementContentAnswer> }>();

function requesterAt(apiBase: string): Requester {
  let requester = requesters.get(apiBase);
  if (!requester) requesters.set(apiBase, (requester = createRequester({ routes: routesAt(apiBase), timeoutMs: CONTENT_TIMEOUT_MS, fetch: fetchTakingEarly })));
  return requester;
}

function parseAnswer(json: unknown): ElementContentAnswer {
  if (!isElementContentAnswer(json)) throw new Error('not a content answer');
  return json;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function askWithRetries(requester: Requester, url: string): Promise<ElementContentAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requester.requestAt(url, { route: 'elementContent', method: 'GET', parse: parseAnswer });
    } catch (error) {
      const delay = CONTENT_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}

/** The rendering `reference` names, for the element that owns `owner` (its widget key: `widgetKey`). */
export function fetchContent(owner: object, apiBase: string, widgetKey: string, reference: ContentReference): Promise<ElementContentAnswer> {
  const requester = requesterAt(apiBase);
  const url = contentUrl(apiBase, widgetKey, reference);
  const last = fetched.get(owner);
  if (last?.url === url) return last.answer;
  const answer = askWithRetries(requester, url);
  fetched.set(owner, { url, answer });
  answer.catch(() => fetched.get(owner)?.answer === answer && fetched.delete(owner));
  return answer;
}
