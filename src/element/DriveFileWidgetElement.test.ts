/**
 * The custom element in jsdom, defined as the element's script defines it: attributes written by
 * the contract's writer (as the panel writes them), drawn in the shadow root with no request.
 */
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../contract/elementAttributes';
import { defaultUserModel, type UserModel } from '../contract/userModel';
import { waitFor } from '@testing-library/react';
import { resolveColor } from '../ui/colorValue';
import { DriveFileWidgetElement, defineDriveFileWidget } from './DriveFileWidgetElement';
import { themePalette } from './elementPalette';
import { elementTestDom } from '../../test/helpers/elementTestDom';

const TAG = 'test-drive-file-widget';
defineDriveFileWidget(customElements, TAG, '');

const DOC = 'application/vnd.google-apps.document';
const model = (fields: Partial<UserModel>): UserModel => ({ ...defaultUserModel(), ...fields });
const SHARED = model({ activeFileId: 'file-a', activeFileTitle: 'Plan', activeFileMimeType: DOC, activeFilePerm: 'reader', locale: 'en' });

const dom = elementTestDom();

function mount(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const shadow = (element: HTMLElement) => element.shadowRoot!;
const frameOf = (element: HTMLElement) => shadow(element).querySelector('iframe');
const mainOf = (element: HTMLElement) => shadow(element).querySelector('main');

it('draws the chosen file from its attributes alone, in its shadow root, with no request', () => {
  const element = mount({ ...elementAttributesOf(SHARED), [ELEMENT_ATTRIBUTES.viewMode]: 'site' });
  expect(frameOf(element)?.getAttribute('src')).toBe('https://docs.google.com/document/d/file-a/preview?hl=en');
  expect(frameOf(element)?.title).toBe('Plan');
  expect(document.querySelector('iframe')).toBeNull(); // styles and nodes stay in the shadow root
  expect(dom.fetch).not.toHaveBeenCalled();
  expect(dom.warn).not.toHaveBeenCalled();
});

it('draws again on every attribute change; a design change keeps the viewer, a new file changes its src', () => {
  const element = mount(elementAttributesOf(SHARED));
  const frame = frameOf(element);
  element.setAttribute(ELEMENT_ATTRIBUTES.design, elementAttributesOf(model({ ...SHARED, borderWidth: 3, borderColor: '#336699', titleBar: true })).design);
  expect(mainOf(element)?.style.border).toBe('3px solid #336699');
  expect(shadow(element).querySelector('h1')?.textContent).toBe('Plan');
  expect(frameOf(element)).toBe(frame);
  element.setAttribute(ELEMENT_ATTRIBUTES.file, elementAttributesOf(model({ ...SHARED, activeFileId: 'file-b', activeFileMimeType: 'application/pdf' })).file);
  expect(frameOf(element)?.getAttribute('src')).toBe('https://drive.google.com/file/d/file-b/preview?hl=en');
});

describe('a private file', () => {
  const PRIVATE = model({ ...SHARED, activeFilePerm: 'none' });

  it('is never named in the attributes', () => {
    expect(elementAttributesOf(PRIVATE).file).toBe('{"private":true,"perm":"none"}');
  });

  it('shows nothing to visitors', () => {
    const element = mount({ ...elementAttributesOf(PRIVATE), [ELEMENT_ATTRIBUTES.viewMode]: 'site' });
    expect(shadow(element).textContent).not.toMatch(/private/);
    expect(frameOf(element)).toBeNull();
  });

  it("shows the owner's hint in the editor", () => {
    const element = mount({ ...elementAttributesOf(PRIVATE), [ELEMENT_ATTRIBUTES.viewMode]: 'editor' });
    expect(shadow(element).querySelector('[role="status"]')?.textContent).toMatch(/This file is private/);
  });
});

it('with no file, asks the owner to choose one in the editor and shows nothing to visitors', () => {
  expect(shadow(mount({ [ELEMENT_ATTRIBUTES.viewMode]: 'editor' })).textContent).toMatch(/choose a file/);
  expect(shadow(mount({})).textContent).not.toMatch(/choose a file/);
});

describe('hostile attributes', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['malformed JSON', { file: '{"id": "file-a",', design: 'not json' }],
    ['an unknown mime type', { file: JSON.stringify({ id: 'file-a', mimeType: '"><script>alert(1)</script>', perm: 'reader' }) }],
    ['an invalid file id', { file: JSON.stringify({ id: '../../evil', mimeType: DOC, perm: 'reader' }) }],
    ['a hostile URL as a colour', { design: JSON.stringify({ borderWidth: 2, borderColor: 'url(javascript:alert(1))' }) }],
    ['a hostile language', { locale: '"><img src=x onerror=alert(1)>' }],
  ];

  it.each(cases)('%s: nothing thrown, nothing hostile drawn, one clear warning', (_name, attributes) => {
    const element = mount({ ...attributes, [ELEMENT_ATTRIBUTES.viewMode]: 'editor' });
    // Drawing the same values again says nothing more.
    element.setAttribute(ELEMENT_ATTRIBUTES.viewMode, 'preview');
    expect(dom.warn).toHaveBeenCalledTimes(1);
    expect(dom.warn.mock.calls[0]![0]).toMatch(/^Drive File Widget: some attributes were refused/);
    const html = shadow(element).innerHTML;
    expect(html).not.toMatch(/script|javascript|onerror|evil/);
  });

  it('a good value after a bad one draws the file', () => {
    const element = mount({ file: 'oops' });
    element.setAttribute(ELEMENT_ATTRIBUTES.file, elementAttributesOf(SHARED).file);
    expect(frameOf(element)).not.toBeNull();
    expect(dom.warn).toHaveBeenCalledTimes(1);
  });
});

it('draws in the language of its locale attribute once its words are in', async () => {
  const element = mount({ locale: 'de', [ELEMENT_ATTRIBUTES.viewMode]: 'editor' });
  await waitFor(() => expect(shadow(element).querySelector('div[lang]')?.getAttribute('lang')).toBe('de'));
  expect(shadow(element).textContent).toMatch(/Datei/);
});

it("draws a palette reference as the page's theme colour, with the owner's saved colour as the fallback", () => {
  const palette = themePalette(model({ paletteColors: { color_18: '#112233' } }));
  expect(resolveColor('color_18', palette)).toBe('var(--color_18, #112233)');
  expect(resolveColor('color_15', palette)).toBe('var(--color_15, #2F2E2E)');
});

it('in the page before its script is (upgraded), it draws once, with every attribute, not once per attribute', () => {
  const tag = 'upgraded-drive-file-widget';
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries({ ...elementAttributesOf(SHARED), [ELEMENT_ATTRIBUTES.viewMode]: 'site' })) element.setAttribute(name, value);
  document.body.append(element);
  const draws = jest.spyOn(DriveFileWidgetElement.prototype as unknown as { draw: () => void }, 'draw');
  try {
    defineDriveFileWidget(customElements, tag, '');
    expect(draws).toHaveBeenCalledTimes(1);
    expect(frameOf(element)?.title).toBe('Plan');
    // A later change draws again.
    element.setAttribute(ELEMENT_ATTRIBUTES.locale, 'de');
    expect(draws).toHaveBeenCalledTimes(2);
  } finally {
    draws.mockRestore();
  }
});
