/**
 * The link to what a rendering leaves in the drive is said in the widget's language: the stored
 * rendering has its numbers and no words (src/contract/nativeContentRules.ts), every catalogue
 * has the words, numbers are written as the language writes them, and the words are filled into
 * the stored link alone, as text.
 */
import { keepsContentAttribute, MORE_KINDS } from '../contract/nativeContentRules';
import { LANGUAGES } from '../i18n/languages';
import { en } from '../i18n/widget/en';
import { widgetTranslatorFor } from '../i18n/widget/everyLanguage';
import { moreLinkText, withMoreWords, type MoreLink } from './moreLinks';

const de = widgetTranslatorFor('de');
const english = widgetTranslatorFor('en');
const LINKS: MoreLink[] = [
  { kind: 'pages', from: 31, to: 120 },
  { kind: 'pages', from: 31, to: 31 },
  { kind: 'slides', from: 31, to: 40 },
  { kind: 'slides', from: 31, to: 31 },
  { kind: 'rows', from: 1001, to: 1500 },
  { kind: 'rows', from: 1001, to: 1001 },
  { kind: 'columns', from: null, to: null },
];
const stored = (kind: string, numbers = '') =>
  `<p class="dfw-pages-more"><a href="https://drive.google.com/file/d/f1/view" data-more="${kind}"${numbers}></a></p>`;

it('says each kind of link in English, numbers as English writes them', () => {
  expect(LINKS.map((link) => moreLinkText(link, english))).toEqual([
    'Pages 31 to 120 are in the drive',
    'Page 31 is in the drive',
    'Slides 31 to 40 are in the drive',
    'Slide 31 is in the drive',
    'The whole sheet, with rows 1,001 to 1,500, is in the drive',
    'The whole sheet, with row 1,001, is in the drive',
    'The whole sheet, with more columns, is in the drive',
  ]);
});

it('says them in German, numbers as German writes them', () => {
  expect(moreLinkText({ kind: 'pages', from: 31, to: 5000 }, de)).toBe('Seiten 31 bis 5.000 sind in Drive');
  expect(moreLinkText({ kind: 'rows', from: 1001, to: 1500 }, de)).toBe('Die ganze Tabelle mit den Zeilen 1.001 bis 1.500 ist in Drive');
});

it.each(LANGUAGES.filter((language) => language !== 'en'))('the %s catalogue has its own words for every kind, with the numbers', (language) => {
  const words = widgetTranslatorFor(language);
  const number = new Intl.NumberFormat(words.tag);
  for (const link of LINKS) {
    const text = moreLinkText(link, words)!;
    expect(text).not.toBe(moreLinkText(link, english));
    expect(text).not.toMatch(/[{}]/);
    for (const n of [link.from, link.to]) if (n !== null) expect(text).toContain(number.format(n));
  }
  expect(MORE_KINDS.every((kind) => LINKS.some((link) => link.kind === kind))).toBe(true);
  expect(Object.keys(en).filter((key) => key.startsWith('widget.more'))).toHaveLength(7);
});

it('fills the stored link, whose attributes the contract keeps, and says it again in another language', () => {
  const html = stored('pages', ' data-from="31" data-to="120"');
  for (const [name, value] of [
    ['data-more', 'pages'],
    ['data-from', '31'],
    ['data-to', '120'],
  ])
    expect(keepsContentAttribute('A', name!, value!)).toBe(true);
  const german = withMoreWords(html, de);
  expect(german).toBe(html.replace('></a>', '>Seiten 31 bis 120 sind in Drive</a>'));
  expect(withMoreWords(german, english)).toBe(html.replace('></a>', '>Pages 31 to 120 are in the drive</a>'));
});

it('leaves other links, unknown kinds and missing numbers as they are', () => {
  const other = '<p><a href="https://example.com/a">A link, data-more="pages"</a> <a href="#x" data-kind="pdf">x</a></p>';
  expect(withMoreWords(other, de)).toBe(other);
  for (const html of [stored('script'), stored('pages'), stored('rows', ' data-from="0"'), stored('pages', ' data-from="1e3"')])
    expect(withMoreWords(html, de)).toBe(html);
  expect(keepsContentAttribute('A', 'data-more', 'script')).toBe(false);
  expect(keepsContentAttribute('A', 'data-from', '1e3')).toBe(false);
  expect(keepsContentAttribute('DIV', 'data-more', 'pages')).toBe(false);
});

it('writes the words as text, never markup', () => {
  const hostile = { ...english, t: () => '<img src=x onerror=alert(1)> & more' } as typeof english;
  expect(withMoreWords(stored('columns'), hostile)).toContain('>&lt;img src=x onerror=alert(1)&gt; &amp; more</a>');
});
