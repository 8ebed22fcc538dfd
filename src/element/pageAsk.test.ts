/**
 * The element's script's first work (pageAsk.ts): the rendering of each element already in the
 * page that names one is asked for once, before the element is defined, and the element's draw
 * then takes that answer instead of asking again.
 */
import { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME } from '../contract/elementAttributeNames';
import { contentAttributeOf } from '../contract/elementContent';
import { contentUrl } from './contentUrl';
import { takeEarly } from './earlyContent';
import { askForPage } from './pageAsk';
import { jsonAnswer } from '../../test/helpers/elementTestDom';

const API = 'https://widget.example';
const KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
const OTHER_KEY = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(() => new Promise<Response>(() => undefined));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.body.replaceChildren();
});

function element(attributes: Record<string, string>): void {
  const host = document.createElement(ELEMENT_TAG_NAME);
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
}

const content = (fileId: string, version: number) => contentAttributeOf({ fileId, version });

it('asks for each rendering the page names, once, and starts the native chunk once', async () => {
  // Each request answered with its own rendering.
  fetchMock.mockImplementation((url: string) => Promise.resolve(jsonAnswer({ url })));
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: KEY, [ELEMENT_ATTRIBUTES.content]: content('doc-a', 3) });
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: OTHER_KEY, [ELEMENT_ATTRIBUTES.content]: content('doc-b', 1) });
  // The same widget twice in the page (a copy): one request.
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: KEY, [ELEMENT_ATTRIBUTES.content]: content('doc-a', 3) });
  const loadNative = jest.fn();
  askForPage(document, API, loadNative);
  const urlA = contentUrl(API, KEY, { fileId: 'doc-a', version: 3 });
  const urlB = contentUrl(API, OTHER_KEY, { fileId: 'doc-b', version: 1 });
  expect(fetchMock.mock.calls.map(([url]) => url as string)).toEqual([urlA, urlB]);
  expect(loadNative).toHaveBeenCalledTimes(1);
  // The element's draw takes the answer asked for here (its chunk's request asks nothing more).
  await expect(takeEarly(urlA)!.then((answer) => answer.json())).resolves.toEqual({ url: urlA });
  await expect(takeEarly(urlB)!.then((answer) => answer.json())).resolves.toEqual({ url: urlB });
});

it('asks nothing for an element without a rendering, a widget key, or with a hostile reference', () => {
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: KEY });
  element({ [ELEMENT_ATTRIBUTES.content]: content('doc-a', 3) });
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: 'not-a-key', [ELEMENT_ATTRIBUTES.content]: content('doc-a', 3) });
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: KEY, [ELEMENT_ATTRIBUTES.content]: '{"fileId":"../../admin","version":1}' });
  element({ [ELEMENT_ATTRIBUTES.widgetKey]: KEY, [ELEMENT_ATTRIBUTES.content]: 'not json' });
  const loadNative = jest.fn();
  askForPage(document, API, loadNative);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(loadNative).not.toHaveBeenCalled();
});
