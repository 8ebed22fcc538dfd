/**
 * @jest-environment jsdom
 *
 * The real exports of ../shared/fixtures/google-docs-export (copied to server/dev/fakeDrive/exports)
 * rendered: each is checked against what the fixture's README says it holds (headings, list nesting
 * and numbering, tables, links, anchors, images), read from the rendered DOM, not a snapshot.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportImageSources } from '../../src/render/exportLimits';
import type { Renderer } from '../../src/render/renderPool';
import { testRenderer } from '../support/renderer';

const EXPORTS = path.resolve(__dirname, '../../dev/fakeDrive/exports');

let renderer: Renderer;
beforeAll(async () => {
  renderer = testRenderer();
  await renderer.render('text', 'warm up');
}, 60_000);
afterAll(() => renderer.close());

/** The rendered document, parsed in the test's own DOM; `fetched`: the images the server would keep. */
async function rendered(name: string): Promise<{ doc: Document; html: string; fetched: string[] }> {
  const source = readFileSync(path.join(EXPORTS, name), 'utf8');
  const fetched = exportImageSources(source);
  const images = new Map(fetched.map((src, i) => [src, { src: `/content/images/stored-image-000${i}`, width: 40, height: 30 }]));
  const html = await renderer.render('document', source, images);
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  return { doc, html, fetched };
}

const texts = (doc: Document, selector: string) => Array.from(doc.querySelectorAll(selector)).map((e) => e.textContent?.trim());
const directItems = (list: Element | null) => Array.from(list?.children ?? []).filter((c) => c.localName === 'li');

describe('lists (mr0grog-lists)', () => {
  it('nests the flat sibling lists again by their level, with their own markers', async () => {
    const { doc } = await rendered('mr0grog-lists.html');
    const bulleted = doc.querySelector('body > ul');
    expect(bulleted?.getAttribute('style')).toBe('list-style-type:disc');
    const level1 = bulleted?.querySelector(':scope > li > ul');
    expect(level1?.getAttribute('style')).toBe('list-style-type:circle');
    expect(texts(doc, 'body > ul:first-of-type > li > ul > li > ul > li')).toEqual(['And', expect.stringContaining('Sub-subitems')]);
    expect(level1?.querySelector(':scope > li > ul')?.getAttribute('style')).toBe('list-style-type:square');
    expect(level1?.querySelector(':scope > li > ul > li > ol')?.textContent).toBe('But numbered not bulleted!');
  });

  it('numbers with the export’s counters and continues a list after its nested lists (start="4")', async () => {
    const { doc } = await rendered('mr0grog-lists.html');
    const numbered = doc.querySelector('body > ol');
    expect(numbered?.getAttribute('style')).toBe('list-style-type:decimal');
    // Three items, their sub-lists, then the continued fourth item in the same list.
    const items = directItems(numbered);
    expect(items).toHaveLength(4);
    expect(items[3]?.textContent).toContain('This item has line breaks.');
    expect(items[3]?.querySelector('br')).not.toBeNull();
    expect(numbered?.querySelector(':scope > li > ol')?.getAttribute('style')).toBe('list-style-type:lower-alpha');
    expect(numbered?.querySelector(':scope > li > ol > li > ol')?.getAttribute('style')).toBe('list-style-type:lower-roman');
  });
});

describe('inline formatting (mr0grog-inline-formatting)', () => {
  it('turns the classes into bold, italic, underline, strike, superscript and subscript', async () => {
    const { doc } = await rendered('mr0grog-inline-formatting.html');
    expect(texts(doc, 'strong')).toEqual(['is bold', 'and italic']);
    expect(texts(doc, 'strong > em')).toEqual(['and italic']);
    expect(texts(doc, 'em')).toEqual(['and italic', 'or just italic']);
    expect(texts(doc, 'u')).toEqual(['underlined', 'linked (to GitHub)']);
    expect(texts(doc, 's')).toEqual(['struck through']);
    expect(texts(doc, 'sup')).toEqual(['is superscript']);
    expect(texts(doc, 'sub')).toEqual(['is subscript']);
  });

  it('unwraps the redirect link and opens it apart from the page', async () => {
    const { doc } = await rendered('mr0grog-inline-formatting.html');
    const link = doc.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://github.com/');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link?.getAttribute('target')).toBe('_blank');
  });
});

describe('internal links (mr0grog-internal-links)', () => {
  it('keeps the headings with their ids, the bookmarks, and links to both', async () => {
    const { doc } = await rendered('mr0grog-internal-links.html');
    expect(Array.from(doc.querySelectorAll('h1, h2, h3')).map((h) => [h.localName, h.id])).toEqual([
      ['h1', 'h.f9vumqshbd5l'],
      ['h2', 'h.vco97q783gug'],
      ['h3', 'h.fnzabnk14apa'],
    ]);
    const targets = Array.from(doc.querySelectorAll('a[href^="#"]')).map((a) => a.getAttribute('href')?.slice(1) ?? '');
    expect(targets).toEqual(['h.f9vumqshbd5l', 'id.qbdatvy5x87', 'id.gg8i29488moj']);
    for (const id of targets) expect(doc.getElementById(id)).not.toBeNull();
  });
});

describe('tables (mr0grog-tables)', () => {
  it('keeps the table’s rows and cells, alignment and emoji, inside a wrapper that scrolls on its own', async () => {
    const { doc } = await rendered('mr0grog-tables.html');
    const table = doc.querySelector('div.dfw-table > table');
    expect(table).not.toBeNull();
    expect(table?.querySelectorAll('tr')).toHaveLength(4);
    expect(texts(doc, 'thead td')).toEqual(['Column', 'Headings', 'Go', 'Here', 'And Here']);
    expect(doc.querySelector('td p[style="text-align:right"]')?.textContent).toBe('Go');
    expect(table?.textContent).toContain('🤷');
    expect(doc.getElementById('t.0')).not.toBeNull();
  });
});

describe('code and images', () => {
  it('marks monospace runs as code and drops the private-use brackets of code blocks', async () => {
    const { doc, html } = await rendered('mr0grog-code-blocks.html');
    expect(texts(doc, 'code')).toContain('Consecutive lines');
    expect(html).not.toMatch(/[\uec00-\uec0f]/);
    expect(html).not.toContain('@import');
  });

  it('fetches each image of the export once and shows only our copy, with its size', async () => {
    const { doc, fetched } = await rendered('devex-reference-document.html');
    expect(fetched).toHaveLength(3);
    expect(fetched.every((src) => src.startsWith('https://lh7-us.googleusercontent.com/'))).toBe(true);
    const images = Array.from(doc.querySelectorAll('img'));
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/content/images/stored-image-0000',
      '/content/images/stored-image-0001',
      '/content/images/stored-image-0002',
    ]);
    expect(images[0]?.getAttribute('width')).toBe('295');
    expect(images[1]?.getAttribute('alt')).toMatch(/^The alt attribute provides alternative information/);
  });

  it('keeps the reference document’s 13 headings, its lists and its unwrapped links', async () => {
    const { doc } = await rendered('devex-reference-document.html');
    expect(doc.querySelectorAll('h1, h2, h3, h4, h5, h6')).toHaveLength(13);
    expect(doc.querySelectorAll('ul, ol').length).toBeGreaterThanOrEqual(2);
    const hrefs = Array.from(doc.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toEqual(expect.arrayContaining(['http://vimeo.com/42315417', 'https://www.youtube.com/watch?v=_ZG8HBuDjgc']));
    expect(hrefs.some((h) => h.includes('google.com/url'))).toBe(false);
  });
});
