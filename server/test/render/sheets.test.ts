/**
 * @jest-environment jsdom
 *
 * A spreadsheet's zipped HTML export rendered as tables (the fake drive's real fixture,
 * dev/fakeDrive/exports/sheets/budget-2026): what the rendering shows is checked against what the
 * fixture's pages hold, read here from those pages with the test's own DOM (cell texts, merges,
 * links), not against a snapshot of the renderer's output. Hostile archives and pages run nothing
 * and name no outside host.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportsDir } from '../../dev/fakeDrive/exports';
import { sheetsFixtureDir, spreadsheetProperties, spreadsheetZip } from '../../dev/fakeDrive/sheetExports';
import { zipOf } from '../../dev/fakeDrive/zip';
import { sheetsOfAnswer } from '../../src/native/driveContent';
import type { Renderer } from '../../src/render/renderPool';
import { sheetsSource, type SheetInfo } from '../../src/render/sheetsJob';
import { testRenderer } from '../support/renderer';

const FILE_ID = '1BudgetSheetId_0123456789abcdef';
const FIXTURE = sheetsFixtureDir(exportsDir());

let renderer: Renderer;
beforeAll(async () => {
  renderer = testRenderer();
  await renderer.render('text', 'warm up');
}, 60_000);
afterAll(() => renderer.close());

const fixtureSheets = (): SheetInfo[] => sheetsOfAnswer(spreadsheetProperties(exportsDir(), FILE_ID));

async function rendered(zip: Buffer, sheets: SheetInfo[] = fixtureSheets()): Promise<Document> {
  const html = await renderer.render('sheets', sheetsSource({ fileId: FILE_ID, zip: zip.toString('base64'), sheets }));
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  return doc;
}

/** A fixture page, parsed by the test's own DOM. */
function page(name: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = readFileSync(path.join(FIXTURE, name), 'utf8');
  return doc;
}

/** The texts of the page's own cells (not the drive's row numbers, column letters or freeze bar), non-empty, in order. */
const cellTexts = (doc: Document | Element): string[] =>
  Array.from(doc.querySelectorAll('tbody td:not(.freezebar-cell)'), (td) => (td.textContent ?? '').trim()).filter((t) => t !== '');

const renderedTexts = (sheet: Element): string[] => Array.from(sheet.querySelectorAll('td, th'), (c) => (c.textContent ?? '').trim()).filter((t) => t !== '');

function sheetNamed(doc: Document, title: string): Element {
  const sheet = Array.from(doc.querySelectorAll('.dfw-sheet')).find((s) => s.querySelector('h2')?.textContent === title);
  if (!sheet) throw new Error(`No sheet ${title}`);
  return sheet;
}

const cellWith = (root: Element, text: string): Element => {
  const cell = Array.from(root.querySelectorAll('td, th')).find((c) => (c.textContent ?? '').trim() === text);
  if (!cell) throw new Error(`No cell ${text}`);
  return cell;
};

describe('the fixture spreadsheet', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = await rendered(spreadsheetZip(exportsDir()));
  });

  it('shows each visible sheet in the drive’s order, and never the hidden one', () => {
    expect(Array.from(doc.querySelectorAll('.dfw-sheet > h2'), (h) => h.textContent)).toEqual(['Prices', 'Benchmarks']);
    const hidden = cellTexts(page('Internal costs.html'));
    expect(hidden).toContain('HIDDEN-SHEET-4471');
    for (const text of [...hidden.filter((t) => !['Item', 'Espresso beans 1 kg'].includes(t)), 'Internal costs'])
      expect(doc.body.innerHTML).not.toContain(text);
  });

  it.each([
    ['Prices', 'Prices.html'],
    ['Benchmarks', 'Benchmarks.html'],
  ])('%s: every cell text of the page, as displayed, in order; no row numbers or column letters', (title, file) => {
    const source = page(file);
    const sheet = sheetNamed(doc, title);
    expect(renderedTexts(sheet)).toEqual(cellTexts(source));
    const letters = Array.from(source.querySelectorAll('thead th.column-headers-background'), (th) => th.textContent);
    expect(letters.length).toBeGreaterThan(0);
    const rowNumbers = Array.from(source.querySelectorAll('th.row-headers-background'), (th) => th.textContent);
    for (const row of Array.from(sheet.querySelectorAll('tr'))) {
      const first = (row.firstElementChild?.textContent ?? '').trim();
      expect(letters.includes(first) && first.length === 1).toBe(false);
      expect(rowNumbers).not.toContain(first);
    }
  });

  it('keeps the merged cells’ spans of the page', () => {
    const source = page('Prices.html');
    const prices = sheetNamed(doc, 'Prices');
    for (const merged of Array.from(source.querySelectorAll('td[rowspan], td[colspan]'))) {
      const cell = cellWith(prices, (merged.textContent ?? '').trim());
      expect([cell.getAttribute('rowspan') ?? '1', cell.getAttribute('colspan') ?? '1']).toEqual([
        merged.getAttribute('rowspan') ?? '1',
        merged.getAttribute('colspan') ?? '1',
      ]);
    }
    expect(cellWith(sheetNamed(doc, 'Benchmarks'), 'ASYNC LOGGER (calls/second)').getAttribute('colspan')).toBe('3');
  });

  it('makes the frozen rows the header, and drops empty trailing rows and columns', () => {
    const prices = sheetNamed(doc, 'Prices');
    expect(Array.from(prices.querySelectorAll('thead th'), (th) => th.textContent)).toEqual([
      'Item',
      'Category',
      'Unit price',
      'Discount',
      'Available from',
      'Supplier',
    ]);
    expect(prices.querySelectorAll('thead tr')).toHaveLength(1);
    expect(sheetNamed(doc, 'Benchmarks').querySelectorAll('thead tr')).toHaveLength(2);
    // The page has 11 rows (4 empty at the end) and 8 columns (2 empty at the end).
    const source = page('Prices.html');
    expect(Array.from(source.querySelectorAll('tbody tr')).filter((tr) => !tr.querySelector('.freezebar-cell'))).toHaveLength(11);
    expect(prices.querySelectorAll('tr')).toHaveLength(7);
    for (const row of Array.from(prices.querySelectorAll('tr'))) {
      const width = Array.from(row.children).reduce((n, c) => n + Number(c.getAttribute('colspan') ?? '1'), 0);
      expect(width).toBeLessThanOrEqual(6);
    }
    expect(prices.querySelector('.dfw-table')?.classList.contains('dfw-frozen')).toBe(true);
  });

  it('unwraps links from the drive’s redirect, to the address the page names', () => {
    const source = page('Prices.html');
    const expected = Array.from(source.querySelectorAll('td a'), (a) => new URL(a.getAttribute('href')!).searchParams.get('q'));
    const links = Array.from(sheetNamed(doc, 'Prices').querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(expected.map((q) => new URL(q!).toString()));
    for (const link of links) expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('keeps bold, italic, colours and alignment of the cells’ classes', () => {
    const prices = sheetNamed(doc, 'Prices');
    expect(cellWith(prices, 'Total').querySelector('strong')?.textContent).toBe('Total');
    expect(cellWith(prices, 'Coffee').querySelector('em')?.textContent).toBe('Coffee');
    expect(cellWith(prices, 'Coffee').getAttribute('style')).toBe('text-align:center;background-color:#fff2cc');
    expect(cellWith(prices, '(5.0%)').getAttribute('style')).toBe('text-align:right;color:#cc0000');
    expect(cellWith(prices, 'Unit price').getAttribute('style')).toBe('text-align:right;color:#ffffff;background-color:#4a86e8');
  });
});

/** A one-sheet archive of `body` rows (in the export's shape), and its sheet. */
function oneSheet(rows: string, head = '', title = 'Sheet1'): { zip: Buffer; sheets: SheetInfo[] } {
  const html = `<meta http-equiv="Content-Type" content="text/html; charset=utf-8">${head}<div class="ritz grid-container" dir="ltr"><table class="waffle"><thead><tr><th class="row-header freezebar-origin-ltr"></th><th class="column-headers-background">A</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  return { zip: zipOf([{ name: `${title}.html`, bytes: Buffer.from(html) }]), sheets: [{ sheetId: 77, title, hidden: false, frozenRows: 0 }] };
}

const row = (i: number, cells: string) => `<tr><th class="row-headers-background"><div class="row-header-wrapper">${i}</div></th>${cells}</tr>`;

it('shows a long sheet up to the row limit, with a link to the rest in the drive', async () => {
  const rows = Array.from({ length: 1500 }, (_, i) => row(i + 1, `<td class="s0">Row ${i + 1}</td>`)).join('');
  const { zip, sheets } = oneSheet(rows);
  const doc = await rendered(zip, sheets);
  expect(doc.querySelectorAll('tbody tr')).toHaveLength(1000);
  expect(doc.querySelector('tbody tr:last-child td')?.textContent).toBe('Row 1000');
  const more = doc.querySelector('.dfw-more a');
  expect(more?.getAttribute('href')).toBe(`https://docs.google.com/spreadsheets/d/${FILE_ID}/edit#gid=77`);
  // Its numbers and no words: each widget says them in its language (src/widget/moreLinks.ts).
  expect([more?.getAttribute('data-more'), more?.getAttribute('data-from'), more?.getAttribute('data-to'), more?.textContent]).toEqual([
    'rows',
    '1001',
    '1500',
    '',
  ]);
}, 60_000);

describe('hostile spreadsheets', () => {
  const TAGS = new Set('div h2 p table thead tbody tr td th a strong em u s br'.split(' '));
  function problemsOf(doc: Document): string[] {
    const problems: string[] = [];
    for (const element of Array.from(doc.body.querySelectorAll('*'))) {
      if (!TAGS.has(element.localName)) problems.push(`element <${element.localName}>`);
      for (const { name, value } of Array.from(element.attributes)) {
        if (!['class', 'style', 'href', 'target', 'rel', 'rowspan', 'colspan', 'data-more', 'data-from', 'data-to'].includes(name))
          problems.push(`attribute ${name}`);
        if (name === 'data-more' && !['rows', 'columns'].includes(value)) problems.push(`link to the rest ${value}`);
        if ((name === 'data-from' || name === 'data-to') && !/^[1-9]\d*$/.test(value)) problems.push(`row number ${value}`);
        if (name === 'href' && !/^https:\/\/(example\.com|docs\.google\.com)\//.test(value)) problems.push(`link ${value}`);
        if (name === 'style' && !/^(text-align:(right|center))?(;?(color|background-color):#[0-9a-f]{3,6})*$/.test(value)) problems.push(`style ${value}`);
      }
    }
    return problems;
  }

  it('runs nothing and names no outside host, whatever the cells hold', async () => {
    const head = `<style>.ritz .waffle .s0{background-color:url(https://evil.example/bg.png);color:expression(alert(1));text-align:right}</style><script>fetch('https://evil.example/')</script><link rel="stylesheet" href="https://evil.example/x.css">`;
    const cells = [
      `<td class="s0"><script>alert(1)</script>script</td>`,
      `<td onclick="alert(1)" onmouseover="alert(2)"><span onmouseover="alert(3)" style="font-weight:bold;background:url(https://evil.example/s.png)">handlers</span></td>`,
      `<td><a href="javascript:alert(1)">js link</a> <a href="https://www.google.com/url?q=javascript:alert(1)">wrapped js</a> <a href="https://example.com/ok">fine</a></td>`,
      `<td><img src="https://evil.example/pixel.png" onerror="alert(1)">image<div style="background-image:url(https://evil.example/d.png)">div</div></td>`,
      `<td><iframe src="https://evil.example/"></iframe><svg><image href="https://evil.example/i.png"/></svg><object data="https://evil.example/o"></object>embedded</td>`,
      `<td colspan="99999" rowspan="-3"><form action="https://evil.example/"><input value="x"></form>form</td>`,
    ];
    const { zip, sheets } = oneSheet(cells.map((c, i) => row(i + 1, c)).join(''), head, '<img src=x onerror=alert(1)>');
    const doc = await rendered(zip, sheets);
    expect(problemsOf(doc)).toEqual([]);
    const table = doc.querySelector('table')!;
    expect(table.outerHTML).not.toMatch(/evil\.example|javascript:|onerror|onclick|alert\(/);
    expect(Number(doc.querySelector('td[colspan]')?.getAttribute('colspan'))).toBeLessThanOrEqual(52);
    expect(renderedTexts(doc.body)).toEqual(['script', 'handlers', 'js link wrapped js fine', 'imagediv', 'embedded', 'form']);
    // The sheet's title is text, never markup.
    expect(doc.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(doc.querySelector('h2 img')).toBeNull();
  });

  it('refuses an archive that unpacks past its limit (a zip bomb), or past what its directory declares', async () => {
    const bomb = zipOf([{ name: 'Sheet1.html', bytes: Buffer.alloc(50 * 1024 * 1024, 'a') }]);
    expect(bomb.length).toBeLessThan(200_000);
    await expect(rendered(bomb, oneSheet('').sheets)).rejects.toThrow(/more than its limit/);
    // The directory declares 100 bytes: inflating stops there, the rest is never made.
    const lying = Buffer.from(bomb);
    lying.writeUInt32LE(100, lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    await expect(rendered(lying, oneSheet('').sheets)).rejects.toThrow(/does not inflate to its declared size/);
  }, 60_000);

  it('fails, rather than show nothing, when no page is named for a visible sheet', async () => {
    const { zip } = oneSheet(row(1, '<td>x</td>'), '', 'Renamed');
    await expect(rendered(zip, [{ sheetId: 1, title: 'Sheet1', hidden: false, frozenRows: 0 }])).rejects.toThrow(/No page of the archive/);
  });

  it('refuses what is not a zip', async () => {
    await expect(rendered(Buffer.from('<html><script>alert(1)</script></html>'))).rejects.toThrow(/not a readable zip/);
  });
});
