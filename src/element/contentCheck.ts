/**
 * A visitor's element asks our server, once, whether the rendering it drew from its `content`
 * attribute is still the one visitors are to see (issue 20, point 5; src/contract/elementCheck.ts).
 * In the native chunk: the element's first script does not carry it, and the first paint never
 * waits for it. A new rendering becomes the element's `content` attribute (the element draws it
 * as any attribute, sanitized again); none removes the attribute (the element then shows what it
 * shows with no content). A failed or slow check leaves what is shown and is said in the console.
 */
import { ROUTES } from '../api/routes';
import { ELEMENT_ATTRIBUTES, readViewModeAttribute } from '../contract/elementAttributeNames';
import { contentAttributeOf, ELEMENT_CHECK_FIELDS, isElementCheckAnswer, readContentVersion, type ElementCheckAnswer } from '../contract/elementCheck';
import { isWidgetKey } from '../contract/widgetKey';

/** How long the element waits for our server's answer before it leaves what it shows. */
export const CHECK_TIMEOUT_MS = 8000;

/** Elements that asked already: once per element (its own new attribute is not asked about again). */
const asked = new WeakSet<Element>();

function checkUrl(apiBase: string, widgetKey: string, fileId: string, version: number | null): string {
  const query = new URLSearchParams({
    [ELEMENT_CHECK_FIELDS.widgetKey]: widgetKey,
    [ELEMENT_CHECK_FIELDS.fileId]: fileId,
    [ELEMENT_CHECK_FIELDS.version]: version === null ? '' : String(version),
  });
  return `${apiBase}${ROUTES.elementContent}?${query.toString()}`;
}

async function ask(url: string): Promise<ElementCheckAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'omit' });
    if (!response.ok) throw new Error(`our server answered ${response.status}`);
    const answer: unknown = await response.json();
    if (!isElementCheckAnswer(answer)) throw new Error('the answer is not a check answer');
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * On a visitor's page (view mode "site"), once per element with a widget key: asks our server
 * about the rendering of `fileId` shown and applies the answer, unless the attribute changed meanwhile.
 */
export async function checkShownContent(element: HTMLElement, fileId: string, apiBase: string): Promise<void> {
  const read = (name: string) => element.getAttribute(name);
  const widgetKey = read(ELEMENT_ATTRIBUTES.widgetKey);
  if (asked.has(element) || readViewModeAttribute(read) !== 'site' || !isWidgetKey(widgetKey)) return;
  asked.add(element);
  const shown = read(ELEMENT_ATTRIBUTES.content);
  try {
    const answer = await ask(checkUrl(apiBase, widgetKey, fileId, readContentVersion(read)));
    if (read(ELEMENT_ATTRIBUTES.content) !== shown || answer.state === 'same') return;
    if (answer.state === 'none') element.removeAttribute(ELEMENT_ATTRIBUTES.content);
    else element.setAttribute(ELEMENT_ATTRIBUTES.content, contentAttributeOf(answer.content));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Drive File Widget: the document shown could not be checked with our server (${reason}); it stays as it is.`);
  }
}
