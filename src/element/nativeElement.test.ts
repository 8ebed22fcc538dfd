/**
 * The custom element with a file shown as part of the page (issue 20): its `content` attribute
 * names the server's rendering, which the native chunk fetches from our server and draws in the
 * shadow root, checked again with the server's rules, shown only for the file its attributes
 * name, as the owner chose (fetchContent.test.ts: the fetch itself).
 */
import { waitFor, within } from '@testing-library/react';
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../contract/elementAttributes';
import { contentAttributeOf } from '../contract/elementContent';
import { defaultUserModel, type UserModel } from '../contract/userModel';
import { defineDriveFileWidget } from './DriveFileWidgetElement';
import { elementTestDom, jsonAnswer } from '../../test/helpers/elementTestDom';

const TAG = 'native-drive-file-widget';
const API_BASE = 'https://widget.example';
defineDriveFileWidget(customElements, TAG, API_BASE);

const DOC = model({
  activeFileId: 'file-a',
  activeFileTitle: 'Plan',
  activeFileMimeType: 'application/vnd.google-apps.document',
  activeFilePerm: 'reader',
  locale: 'en',
});
const IMAGE = '/content/images/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const RENDERED = `<h2 id="h.one">Heading</h2><p>Text <strong>bold</strong> <a href="#h.one">back</a></p><img src="${IMAGE}" alt="A chart" width="40" height="30">`;

function model(fields: Partial<UserModel>): UserModel {
  return { ...defaultUserModel(), ...fields };
}

const KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
const dom = elementTestDom();

/** The element naming `fileId`'s rendering, our server answering it with `html`. */
function mount(m: UserModel, html: string, viewMode = 'site', fileId = m.activeFileId ?? ''): HTMLElement {
  const answer = { state: 'content', content: { fileId, version: 1, html } };
  dom.fetch.mockResolvedValue(jsonAnswer(answer));
  const element = document.createElement(TAG);
  const attributes = {
    ...elementAttributesOf(m),
    [ELEMENT_ATTRIBUTES.viewMode]: viewMode,
    [ELEMENT_ATTRIBUTES.widgetKey]: KEY,
    [ELEMENT_ATTRIBUTES.content]: contentAttributeOf({ fileId, version: 1 }),
  };
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const articleOf = (element: HTMLElement) => element.shadowRoot?.querySelector('article') ?? null;
const hostStyleOf = (element: HTMLElement) => element.shadowRoot?.querySelector('style')?.textContent ?? '';

it('draws the rendered document in its shadow root, in the page flow, after one request to our server', async () => {
  const element = mount(DOC, RENDERED);
  await waitFor(() => expect(articleOf(element)).not.toBeNull());
  const article = articleOf(element)!;
  expect(article.querySelector('h2')?.textContent).toBe('Heading');
  expect(article.querySelector('strong')?.textContent).toBe('bold');
  expect(article.querySelector('a')?.getAttribute('href')).toBe('#h.one');
  expect(article.getAttribute('aria-label')).toBe('Plan');
  // Its images come from our server, not the site's.
  expect(article.querySelector('img')?.getAttribute('src')).toBe(API_BASE + IMAGE);
  expect(element.shadowRoot?.querySelector('iframe')).toBeNull();
  expect(hostStyleOf(element)).not.toMatch(/height:100%|min-height/);
  expect(document.querySelector('article')).toBeNull();
  expect(dom.fetch).toHaveBeenCalledTimes(1);
  expect(dom.warn).not.toHaveBeenCalled();
});

it("checks our server's answer again: nothing executable and no other host survives", async () => {
  const hostile = `<p>kept</p><script>window.ran = 1</script><img src="x" onerror="window.ran = 2"><img src="https://evil.example/p.png">
<a href="javascript:alert(1)">link</a><svg><script>window.ran = 3</script></svg><iframe src="https://evil.example/"></iframe>
<p style="background:url(https://evil.example/x)">styled</p><form action="https://evil.example/"><input name="q"></form>`;
  const element = mount(DOC, hostile);
  await waitFor(() => expect(articleOf(element)?.textContent).toContain('kept'));
  const article = articleOf(element)!;
  expect(article.querySelectorAll('script, svg, iframe, form, input, img')).toHaveLength(0);
  expect(article.innerHTML).not.toMatch(/evil\.example|javascript:|onerror|style=/);
  expect(article.querySelector('a')?.hasAttribute('href')).toBe(false);
  expect((window as unknown as { ran?: number }).ran).toBeUndefined();
});

it("shows the drive's viewer when the owner chose it, or when the content is another file's", async () => {
  const viewer = mount(model({ ...DOC, display: 'viewer' }), RENDERED);
  const other = mount(DOC, RENDERED, 'site', 'file-b');
  for (const element of [viewer, other]) {
    expect(element.shadowRoot?.querySelector('iframe')?.getAttribute('src')).toBe('https://docs.google.com/document/d/file-a/preview?hl=en');
    expect(hostStyleOf(element)).toMatch(/height:100%/);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(articleOf(viewer)).toBeNull();
  expect(articleOf(other)).toBeNull();
  // Neither is native content: nothing is asked of our server.
  expect(dom.fetch).not.toHaveBeenCalled();
});

it('goes back to the viewer when the owner changes the choice, and a bad content attribute is said once', async () => {
  const element = mount(DOC, RENDERED);
  await waitFor(() => expect(articleOf(element)).not.toBeNull());
  element.setAttribute(ELEMENT_ATTRIBUTES.design, elementAttributesOf(model({ ...DOC, display: 'viewer' })).design);
  expect(element.shadowRoot?.querySelector('iframe')).not.toBeNull();
  expect(articleOf(element)).toBeNull();
  element.setAttribute(ELEMENT_ATTRIBUTES.content, '{"html": 5}');
  expect(dom.warn).toHaveBeenCalledTimes(1);
  expect(String(dom.warn.mock.calls[0]?.[0])).toContain('content is not {fileId, version}');
});

describe('internal links in the shadow root', () => {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  // jsdom lays nothing out: the browser's scroll is recorded (the Chromium run checks the real one).
  beforeAll(() => {
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
  });
  afterAll(() => {
    Element.prototype.scrollIntoView = original;
  });
  beforeEach(() => scrolled.splice(0));

  const FOOTNOTED = `<h2 id="h.top">Top</h2><p>Text<sup><a id="ftnt_ref1" href="#ftnt1">[1]</a></sup> <a href="#nowhere">lost</a>
<a href="#%E2%9C%93">check</a> <a href="#%E0%A4%A">broken</a></p><hr><p><a id="ftnt1" href="#ftnt_ref1">[1]</a> The note.</p>
<h3 id="✓">Done</h3><p><a href="https://example.com/#ftnt1">out</a></p>`;

  async function mounted() {
    const element = mount(DOC, FOOTNOTED);
    await waitFor(() => expect(articleOf(element)).not.toBeNull());
    return {
      element,
      article: articleOf(element)!,
      link: (text: string) => [...articleOf(element)!.querySelectorAll('a')].find((a) => a.textContent === text)!,
    };
  }
  const click = (target: Element) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    target.dispatchEvent(event);
    return event;
  };

  it('a footnote link scrolls to the note in the shadow root and focuses it; the site keeps its address', async () => {
    const { element, link } = await mounted();
    const before = window.location.href;
    const event = click(link('[1]'));
    expect(event.defaultPrevented).toBe(true);
    const note = element.shadowRoot!.getElementById('ftnt1')!;
    expect(scrolled).toEqual([note]);
    expect(element.shadowRoot!.activeElement).toBe(note);
    expect(note.getAttribute('tabindex')).toBe('-1');
    expect(window.location.href).toBe(before);
    click(note);
    expect(scrolled[1]).toBe(element.shadowRoot!.getElementById('ftnt_ref1'));
  });

  it("finds encoded ids; a fragment naming nothing in the content does nothing; another page's link is the browser's", async () => {
    const { element, link } = await mounted();
    click(link('check'));
    expect(scrolled).toEqual([element.shadowRoot!.getElementById('✓')]);
    expect(click(link('lost')).defaultPrevented).toBe(true);
    expect(click(link('broken')).defaultPrevented).toBe(true);
    expect(scrolled).toHaveLength(1);
    const outside = document.createElement('p');
    outside.id = 'nowhere';
    document.body.append(outside);
    click(link('lost'));
    expect(scrolled).toHaveLength(1);
    expect(click(link('out')).defaultPrevented).toBe(false);
  });
});

it('names a presentation’s controls in the widget’s language when the owner shows one slide at a time', async () => {
  const element = mount(model({ ...DOC, slideView: 'one', locale: 'de' }), RENDERED);
  await waitFor(() => expect(articleOf(element)).not.toBeNull());
  const article = articleOf(element)!;
  expect(article.dataset).toMatchObject({ slideView: 'one', previous: 'Vorherige Folie', next: 'Nächste Folie', position: 'Folie {slide} von {total}' });
  const all = mount(DOC, RENDERED);
  await waitFor(() => expect(articleOf(all)).not.toBeNull());
  expect(articleOf(all)!.hasAttribute('data-slide-view')).toBe(false);
});

it("says the link to the rest of a PDF in the drive in the widget's language", async () => {
  const pdf = model({ ...DOC, activeFileMimeType: 'application/pdf', activeFileTitle: 'Price list.pdf', locale: 'de' });
  const html =
    '<div class="dfw-pages" data-kind="pdf"><p class="dfw-pages-more"><a href="https://drive.google.com/file/d/file-a/view" data-more="pages" data-from="31" data-to="1200"></a></p></div>';
  const element = mount(pdf, html);
  await waitFor(() => expect(articleOf(element)?.querySelector('a')?.textContent).not.toBe(''));
  const link = within(articleOf(element)!).getByRole('link', { name: 'Seiten 31 bis 1.200 sind in Drive' });
  expect(link.getAttribute('href')).toBe('https://drive.google.com/file/d/file-a/view');
  expect(link.dataset).toMatchObject({ more: 'pages', from: '31', to: '1200' });
});

describe("a PDF's pages", () => {
  const PDF = model({ ...DOC, activeFileMimeType: 'application/pdf', activeFileTitle: 'Price list.pdf' });
  const page = (srcset: string, extra = '') =>
    `<div class="dfw-pages" data-kind="pdf"${extra}><figure class="dfw-page"><img src="${IMAGE}" srcset="${srcset}" sizes="(max-width: 700px) 100vw, 1280px" width="1280" height="1811" alt="" decoding="async" loading="lazy"><figcaption class="dfw-page-text"><p>Espresso 1.20 EUR</p></figcaption></figure></div>`;

  it('keeps each page image at its widths, all from our server, and the page text', async () => {
    const element = mount(PDF, page(`${IMAGE} 640w, ${IMAGE} 1280w`));
    await waitFor(() => expect(articleOf(element)?.querySelector('figure')).not.toBeNull());
    const article = articleOf(element)!;
    const img = article.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(`${API_BASE}${IMAGE} 640w, ${API_BASE}${IMAGE} 1280w`);
    expect(img.getAttribute('sizes')).toBe('(max-width: 700px) 100vw, 1280px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(article.querySelector('.dfw-pages')?.getAttribute('data-kind')).toBe('pdf');
    expect(article.querySelector('figcaption.dfw-page-text')?.textContent).toBe('Espresso 1.20 EUR');
  });

  it("keeps the owner's signed page images at every width, from our server", async () => {
    const signed = (width: number) => `${IMAGE}?exp=1900000000&sig=${'s'.repeat(42)}${width % 10}`;
    const html = page(`${signed(640)} 640w, ${signed(1280)} 1280w, ${signed(1920)} 1920w`).replace(`src="${IMAGE}"`, `src="${signed(1280)}"`);
    const element = mount(PDF, html.replace(/&/g, '&amp;'), 'editor');
    await waitFor(() => expect(articleOf(element)?.querySelector('figure')).not.toBeNull());
    const img = articleOf(element)!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(API_BASE + signed(1280));
    expect(img.getAttribute('srcset')).toBe([640, 1280, 1920].map((w) => `${API_BASE}${signed(w)} ${w}w`).join(', '));
  });

  it('drops a srcset naming another host, and attribute values it does not know', async () => {
    const element = mount(PDF, page(`${IMAGE} 640w, https://evil.example/p.png 1280w`, ' data-other="1"').replace('data-kind="pdf"', 'data-kind="x"'));
    await waitFor(() => expect(articleOf(element)?.querySelector('figure')).not.toBeNull());
    const article = articleOf(element)!;
    expect(article.innerHTML).not.toMatch(/evil\.example|data-other|data-kind/);
    expect(article.querySelector('img')?.getAttribute('src')).toBe(API_BASE + IMAGE);
  });
});
