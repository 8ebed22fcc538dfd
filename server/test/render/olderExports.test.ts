/**
 * @jest-environment jsdom
 *
 * Exports in the older shape (the fake drive's own `exports/own/older-export.html`, written as the
 * drive exported documents around 2012 and as Word-converted documents come: anchors named with
 * `name`, lists without `lst-kix` classes, their levels only in their items' indentation and their
 * numbering only in `start`), and legal numbering ("14.1.", `own/legal-numbering.html`): rendered as
 * the export means them, read from the rendered DOM.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Renderer } from '../../src/render/renderPool';
import { testRenderer } from '../support/renderer';

const OWN = path.resolve(__dirname, '../../dev/fakeDrive/exports/own');
const OLDER = path.join(OWN, 'older-export.html');

let renderer: Renderer;
let doc: Document;
beforeAll(async () => {
  renderer = testRenderer();
  doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = await renderer.render('document', readFileSync(OLDER, 'utf8'), new Map());
}, 60_000);
afterAll(() => renderer.close());

const items = (list: Element | null | undefined) => Array.from(list?.children ?? []).filter((c) => c.localName === 'li');
/** The list nested in an item. */
const nested = (item: Element | undefined) => Array.from(item?.children ?? []).find((c) => c.localName === 'ol' || c.localName === 'ul');
const ownText = (item: Element) =>
  Array.from(item.childNodes)
    .filter((n) => n.nodeName !== 'OL' && n.nodeName !== 'UL')
    .map((n) => n.textContent)
    .join('')
    .trim();

it('never shows a comment marked with name=: neither its author, its text nor its marker', () => {
  const text = doc.body.textContent ?? '';
  expect(text).not.toContain('Grace Hopper');
  expect(text).not.toContain('not yet agreed');
  expect(text).not.toContain('[a]');
  expect(text).toContain('This policy covers every trip booked after 1 March 2012.');
});

it('keeps every internal link pointing at an anchor the rendering has (headings and footnotes named with name=)', () => {
  const targets = Array.from(doc.querySelectorAll('a[href^="#"]')).map((a) => a.getAttribute('href')!.slice(1));
  expect(targets).toEqual(expect.arrayContaining(['h.s3ct10n0scope', 'h.s3ct10n0claims', 'h.t1tle0policy', 'ftnt1', 'ftnt_ref1']));
  for (const id of targets) expect(doc.getElementById(id)).not.toBeNull();
  expect(doc.getElementById('ftnt1')?.closest('p')?.textContent).toContain('2009 policy');
});

it('nests lists by their items’ indentation (36 pt a level), five levels deep, and continues a list its start number continues', () => {
  const scope = doc.querySelector('body > ol');
  expect(items(scope).map(ownText)).toEqual(['Flights', 'Hotels', 'Meals']);
  const second = nested(items(scope)[1]);
  expect(items(second).map(ownText)).toEqual(['Within the country', 'Abroad']);
  const third = nested(items(second)[1]);
  expect(items(third).map(ownText)).toEqual(['Europe']);
  const fourth = nested(items(third)[0]);
  expect(items(fourth).map(ownText)).toEqual(['Schengen area']);
  expect(items(nested(items(fourth)[0])).map(ownText)).toEqual(['Border towns']);
});

it('keeps separate numbered lists apart: a list the export numbers from 1 starts at 1', () => {
  const lists = Array.from(doc.querySelectorAll('body > ol'));
  expect(lists.map((list) => items(list).map(ownText))).toEqual([
    ['Flights', 'Hotels', 'Meals'],
    ['Keep every receipt.', 'Claim within 30 days.'],
    ['Ask your manager before you book.'],
  ]);
  expect(lists.map((list) => list.getAttribute('start'))).toEqual([null, null, null]);
});

it('keeps legal numbering ("14.1.") as the export counts it, written out where no list type can draw it', async () => {
  const legal = document.implementation.createHTMLDocument('');
  legal.body.innerHTML = await renderer.render('document', readFileSync(path.join(OWN, 'legal-numbering.html'), 'utf8'), new Map());
  const top = legal.querySelector('body > ol');
  expect(top?.getAttribute('start')).toBe('14');
  expect(items(top).map((item) => ownText(item))).toEqual(['Retention', 'Deletion']);
  const retention = nested(items(top)[0]);
  expect(retention?.getAttribute('style')).toBe('list-style-type:none');
  expect(items(retention).map(ownText)).toEqual(['14.1. Records are kept for seven years.', '14.2. Backups are kept for one year.']);
  expect(items(nested(items(retention)[1])).map(ownText)).toEqual(['14.2.a) Except for legal holds.']);
  expect(items(nested(items(top)[1])).map(ownText)).toEqual(['15.1. Deleted data is gone within 30 days.']);
});
