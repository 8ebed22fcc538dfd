/**
 * A visitor's element checking the rendering it drew (issue 20, point 5): drawn first from its
 * attribute, then one request to our server with its widget key, file and version; a new rendering
 * replaces what is shown (sanitized again), none removes it, the same version changes nothing, a
 * failed or slow check leaves what is shown and says so in the console. The owner's views ask nothing.
 */
import { waitFor } from '@testing-library/react';
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../contract/elementAttributes';
import { contentAttributeOf } from '../contract/elementCheck';
import { defaultUserModel, type UserModel } from '../contract/userModel';
import { defineDriveFileWidget } from './DriveFileWidgetElement';
import { CHECK_TIMEOUT_MS } from './contentCheck';
import { elementTestDom } from '../../test/helpers/elementTestDom';

const TAG = 'checked-drive-file-widget';
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
    [ELEMENT_ATTRIBUTES.content]: contentAttributeOf({ fileId: 'file-a', version: 3, html: '<p>Old text</p>' }),
    ...attributes,
  };
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

/** An answer as `fetch` gives it (the test page has no Response): what the element reads of it. */
const json = (body: unknown, status = 200) => ({ ok: status < 300, status, json: async () => body }) as unknown as Response;
const articleText = (element: HTMLElement) => element.shadowRoot?.querySelector('article')?.textContent ?? null;
const askedUrl = (call = 0) => new URL(String(dom.fetch.mock.calls[call]?.[0]));

it('draws the attribute first, asks once with its key, file and version, then shows the new rendering', async () => {
  let answer: (response: Response) => void = () => undefined;
  dom.fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
  const element = mount();
  await waitFor(() => expect(articleText(element)).toBe('Old text'));
  expect(dom.fetch).toHaveBeenCalledTimes(1);
  const url = askedUrl();
  expect(url.origin + url.pathname).toBe(`${API_BASE}/content/current`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ widgetKey: KEY, fileId: 'file-a', version: '3' });
  expect(dom.fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
  answer(
    json({
      state: 'changed',
      content: { fileId: 'file-a', version: 4, html: '<p>New text</p><script>window.bad = 1</script><img src=x onerror="window.bad=1">' },
    }),
  );
  await waitFor(() => expect(articleText(element)).toBe('New text'));
  const article = element.shadowRoot!.querySelector('article')!;
  expect(article.querySelector('script, [onerror]')).toBeNull();
  expect(element.shadowRoot?.querySelector('style')?.textContent).not.toMatch(/min-height/);
  expect(JSON.parse(element.getAttribute('content')!)).toMatchObject({ fileId: 'file-a', version: 4 });
  expect(dom.fetch).toHaveBeenCalledTimes(1);
  expect(dom.warn).not.toHaveBeenCalled();
});

it('removes the content when nothing may be shown (a private or deleted file)', async () => {
  dom.fetch.mockResolvedValueOnce(json({ state: 'none' }));
  const element = mount();
  await waitFor(() => expect(element.hasAttribute('content')).toBe(false));
  await waitFor(() => expect(element.shadowRoot?.querySelector('article')).toBeNull());
  expect(element.shadowRoot?.textContent).not.toContain('Old text');
  expect(dom.fetch).toHaveBeenCalledTimes(1);
});

it('changes nothing for the same version', async () => {
  dom.fetch.mockResolvedValueOnce(json({ state: 'same' }));
  const element = mount();
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(articleText(element)).toBe('Old text');
  expect(dom.warn).not.toHaveBeenCalled();
});

it.each([
  ['a refusal', () => Promise.resolve(json({ error: 'unknown_widget', message: 'No single widget has this widgetKey.' }, 404)), /answered 404/],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), /Failed to fetch/],
  ['an answer of another shape', () => Promise.resolve(json({ state: 'changed', content: { fileId: '../x', version: 1, html: '' } })), /not a check answer/],
])('%s leaves what is shown and says so in the console', async (_what, answer, reason) => {
  dom.fetch.mockImplementationOnce(answer);
  const element = mount();
  await waitFor(() => expect(dom.warn).toHaveBeenCalledWith(expect.stringMatching(reason)));
  expect(articleText(element)).toBe('Old text');
});

it('gives up on a slow answer after its time limit, leaving what is shown', async () => {
  jest.useFakeTimers();
  try {
    dom.fetch.mockImplementationOnce(
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const element = mount();
    await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
    jest.advanceTimersByTime(CHECK_TIMEOUT_MS);
    await waitFor(() => expect(dom.warn).toHaveBeenCalledWith(expect.stringMatching(/no answer within 8 s/)));
    expect(articleText(element)).toBe('Old text');
  } finally {
    jest.useRealTimers();
  }
});

it("asks nothing in the owner's views or without a widget key; an attribute without a version asks without one", async () => {
  const editor = mount({ [ELEMENT_ATTRIBUTES.viewMode]: 'editor' });
  const keyless = mount({ [ELEMENT_ATTRIBUTES.widgetKey]: '' });
  await waitFor(() => expect(articleText(editor)).toBe('Old text'));
  await waitFor(() => expect(articleText(keyless)).toBe('Old text'));
  expect(dom.fetch).not.toHaveBeenCalled();
  dom.fetch.mockResolvedValueOnce(json({ state: 'same' }));
  mount({ [ELEMENT_ATTRIBUTES.content]: JSON.stringify({ fileId: 'file-a', html: '<p>Old text</p>' }) });
  await waitFor(() => expect(dom.fetch).toHaveBeenCalledTimes(1));
  expect(askedUrl().searchParams.get('version')).toBe('');
});
