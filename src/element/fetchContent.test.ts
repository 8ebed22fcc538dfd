/**
 * The custom element fetching the rendering its `content` attribute names (issue 20): the attribute
 * holds only `{fileId, version}`; the element asks our public route with its widget key, file and
 * version (in every view mode), draws the answer sanitized again, draws nothing when nothing may
 * be shown (a private or deleted file), never writes a rendering into its attributes; a failure or
 * no answer in time is tried again a bounded number of times, then said once in the console, and
 * what is shown stays. An attribute written before (with `html`) is read for its reference only.
 */
import { waitFor } from '@testing-library/react';
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../contract/elementAttributes';
import { contentAttributeOf } from '../contract/elementContent';
import { defaultUserModel, type UserModel } from '../contract/userModel';
import { defineDriveFileWidget } from './DriveFileWidgetElement';
import { CONTENT_RETRY_DELAYS_MS, CONTENT_TIMEOUT_MS } from './fetchContent';
import { elementTestDom, jsonAnswer } from '../../test/helpers/elementTestDom';

const TAG = 'fetching-drive-file-widget';
const API_BASE = 'https://widget.example';
defineDriveFileWidget(customElements, TAG, API_BASE);

const KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
const DOC: UserModel = {
  ...defaultUserModel(),
  activeFileId: 'file-a',
  activeFileTitle: 'Plan',
  activeFileMimeType: 'application/vnd.google-apps.document',
  activeFilePerm: 'reader',
  locale: 'en',
};

const dom = elementTestDom();

function mount(attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement(TAG);
  const all = {
    ...elementAttributesOf(DOC),
    [ELEMENT_ATTRIBUTES.viewMode]: 'site',
    [ELEMENT_ATTRIBUTES.widgetKey]: KEY,
    [ELEMENT_ATTRIBUTES.content]: contentAttributeOf({ fileId: 'file-a', version: 3 }),
    ...attributes,
  };
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const json = jsonAnswer;
const rendering = (html: string, version = 3) => json({ state: 'content', content: { fileId: 'file-a', version, html } });
const articleText = (element: HTMLElement) => element.shadowRoot?.querySelector('article')?.textContent ?? null;
const askedUrl = (call = 0) => new URL(String(dom.fetch.mock.calls[call]?.[0]));
/** What the page's HTML holds of the element: its attributes, as the platform publishes them. */
const publishedHtml = (element: HTMLElement) => element.outerHTML;

it('holds only the reference, asks once with its key, file and version, and draws the rendering, sanitized again', async () => {
  let answer: (response: Response) => void = () => undefined;
  dom.fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
  const element = mount();
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  expect(articleText(element)).toBeNull();
  const url = askedUrl();
  expect(url.origin + url.pathname).toBe(`${API_BASE}/content/current`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ widgetKey: KEY, fileId: 'file-a', version: '3' });
  // Another origin: no cookie travels (the route is public, its answers shared).
  expect(dom.fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  answer(rendering('<p>The text</p><script>window.bad = 1</script><img src=x onerror="window.bad=1">'));
  await waitFor(() => expect(articleText(element)).toBe('The text'));
  const shadow = element.shadowRoot!;
  expect(shadow.querySelector('article')!.querySelector('script, [onerror]')).toBeNull();
  expect(shadow.querySelector('main')?.dataset).toMatchObject({ fileId: 'file-a', version: '3' });
  expect(shadow.querySelector('style')?.textContent).not.toMatch(/min-height/);
  expect(publishedHtml(element)).not.toContain('The text');
  expect(JSON.parse(element.getAttribute('content')!)).toEqual({ fileId: 'file-a', version: 3 });
  expect(dom.warn).not.toHaveBeenCalled();
});

it('draws nothing when nothing may be shown (a file made private or deleted); the page holds none of it', async () => {
  dom.fetch.mockResolvedValueOnce(json({ state: 'none' }));
  const element = mount();
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(element.shadowRoot?.querySelector('style')?.textContent).not.toMatch(/min-height/));
  expect(element.shadowRoot?.querySelector('article, iframe, main')).toBeNull();
  // The content box, after the host's style: empty.
  expect(element.shadowRoot?.lastElementChild?.childNodes).toHaveLength(0);
  expect(publishedHtml(element)).not.toMatch(/<p|html/);
  expect(dom.warn).not.toHaveBeenCalled();
});

it('draws nothing for a rendering of another file than the attribute names', async () => {
  dom.fetch.mockResolvedValueOnce(json({ state: 'content', content: { fileId: 'file-b', version: 1, html: '<p>Other</p>' } }));
  const element = mount();
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(element.shadowRoot?.textContent).not.toContain('Other');
});

it('an attribute written before, with the rendering in it: the rendering is never drawn, the reference is fetched', async () => {
  dom.fetch.mockResolvedValueOnce(json({ state: 'none' }));
  const old = JSON.stringify({ fileId: 'file-a', version: 2, html: '<p>Stale private text</p>' });
  const element = mount({ [ELEMENT_ATTRIBUTES.content]: old });
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  expect(Object.fromEntries(askedUrl().searchParams)).toEqual({ widgetKey: KEY, fileId: 'file-a', version: '2' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(element.shadowRoot?.textContent).not.toContain('Stale private text');
  // Written before versions were kept: asked without one.
  dom.fetch.mockResolvedValueOnce(rendering('<p>Current text</p>', 4));
  const older = mount({ [ELEMENT_ATTRIBUTES.content]: JSON.stringify({ fileId: 'file-a', html: '<p>Stale text</p>' }) });
  await waitFor(() => expect(articleText(older)).toBe('Current text'));
  expect(askedUrl(1).searchParams.get('version')).toBe('');
  expect(dom.warn).not.toHaveBeenCalled();
});

it("fetches in the owner's views too (the editor shows what visitors will see); a draw naming the same rendering asks nothing more", async () => {
  dom.fetch.mockResolvedValue(rendering('<p>The text</p>'));
  const element = mount({ [ELEMENT_ATTRIBUTES.viewMode]: 'editor' });
  await waitFor(() => expect(articleText(element)).toBe('The text'));
  element.setAttribute(ELEMENT_ATTRIBUTES.design, elementAttributesOf({ ...DOC, backgroundColor: 'color_12' }).design);
  await waitFor(() => expect(articleText(element)).toBe('The text'));
  expect(dom.fetch).toHaveBeenCalledTimes(1);
  // A new version is another rendering: asked for.
  element.setAttribute(ELEMENT_ATTRIBUTES.content, contentAttributeOf({ fileId: 'file-a', version: 4 }));
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(2));
  expect(askedUrl(1).searchParams.get('version')).toBe('4');
});

it('without a widget key asks nothing, draws nothing and says so once', async () => {
  const element = mount({ [ELEMENT_ATTRIBUTES.widgetKey]: '' });
  await waitFor(() => expect(dom.warn).toHaveBeenCalledWith(expect.stringMatching(/without a widget key/)));
  element.setAttribute(ELEMENT_ATTRIBUTES.locale, 'en');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(dom.warn).toHaveBeenCalledTimes(1);
  expect(dom.fetch).not.toHaveBeenCalled();
  expect(element.shadowRoot?.querySelector('article')).toBeNull();
});

it.each([
  ['a refusal', () => Promise.resolve(json({ error: 'unknown_widget', message: 'No single widget has this widgetKey.' }, 404)), /No single widget/],
  ['an answer of another shape', () => Promise.resolve(json({ state: 'content', content: { fileId: '../x', version: 1, html: '' } })), /not a content answer/],
])('%s is not tried again: said once, nothing drawn', async (_what, answer, reason) => {
  dom.fetch.mockImplementation(answer);
  const element = mount();
  await waitFor(() => expect(dom.warn).toHaveBeenCalledWith(expect.stringMatching(reason)));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(dom.fetch).toHaveBeenCalledTimes(1);
  expect(dom.warn).toHaveBeenCalledTimes(1);
  expect(element.shadowRoot?.querySelector('article')).toBeNull();
});

describe('failures that pass with time', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a network failure is tried again after the waits, then the rendering is drawn', async () => {
    dom.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json({}, 503)).mockResolvedValueOnce(rendering('<p>At last</p>'));
    const element = mount();
    await jest.advanceTimersByTimeAsync(0);
    expect(dom.fetch).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(CONTENT_RETRY_DELAYS_MS[0]!);
    expect(dom.fetch).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(CONTENT_RETRY_DELAYS_MS[1]!);
    expect(dom.fetch).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(0);
    expect(articleText(element)).toBe('At last');
    expect(dom.warn).not.toHaveBeenCalled();
  });

  it('no answer in time, every attempt: said once in the console, nothing drawn, and the next draw asks again', async () => {
    dom.fetch.mockImplementation(
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const element = mount();
    const attempts = CONTENT_RETRY_DELAYS_MS.length + 1;
    await jest.advanceTimersByTimeAsync(attempts * CONTENT_TIMEOUT_MS + CONTENT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(dom.fetch).toHaveBeenCalledTimes(attempts);
    expect(dom.warn).toHaveBeenCalledTimes(1);
    expect(dom.warn).toHaveBeenCalledWith(expect.stringMatching(/could not be fetched .*did not answer within 8 seconds.*what is shown stays/));
    expect(element.shadowRoot?.querySelector('article')).toBeNull();
    dom.fetch.mockResolvedValueOnce(rendering('<p>Later</p>'));
    element.setAttribute(ELEMENT_ATTRIBUTES.locale, 'en');
    await jest.advanceTimersByTimeAsync(0);
    expect(dom.fetch).toHaveBeenCalledTimes(attempts + 1);
    await jest.advanceTimersByTimeAsync(0);
    expect(articleText(element)).toBe('Later');
  });

  it('a failure leaves what is shown: a drawn document stays when its new version cannot be fetched', async () => {
    dom.fetch.mockResolvedValueOnce(rendering('<p>Version three</p>'));
    const element = mount();
    await jest.advanceTimersByTimeAsync(0);
    expect(articleText(element)).toBe('Version three');
    dom.fetch.mockResolvedValue(json({}, 502));
    element.setAttribute(ELEMENT_ATTRIBUTES.content, contentAttributeOf({ fileId: 'file-a', version: 4 }));
    await jest.advanceTimersByTimeAsync(CONTENT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(dom.warn).toHaveBeenCalledTimes(1);
    expect(articleText(element)).toBe('Version three');
  });
});
