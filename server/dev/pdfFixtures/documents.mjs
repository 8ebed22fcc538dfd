/**
 * The HTML sources that Chromium prints into the PDF fixtures: a 100-page handbook, a page of
 * non-Latin text and a 20-slide deck. Every text comes from a JSON source beside the fixture (or,
 * for the handbook, is written to one), so tests compare against the source, not the rendering.
 */

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const TOPICS = [
  'Opening hours',
  'Membership',
  'Borrowing rules',
  'Study rooms',
  'Printing and copying',
  'Accessibility',
  'Children and families',
  'Local history archive',
  'Events and talks',
  'Volunteering',
];
const SUBJECTS = ['The volunteer desk', 'The reading room', 'Each branch', 'The front desk', 'The archive team', 'The lending service', 'The events team'];
const VERBS = ['opens', 'keeps', 'offers', 'checks', 'records', 'answers', 'arranges'];
const OBJECTS = [
  'a quiet space for study on every weekday',
  'requests for books held at other branches',
  'a list of new titles at the entrance',
  'questions by phone, by letter and in person',
  'the loan history only as long as the loan lasts',
  'large-print and audio editions on request',
  'a weekly story hour for children under six',
];
const TAILS = [
  'Members are reminded of it at the desk.',
  'The rule applies at every branch alike.',
  'Changes are announced a month in advance.',
  'Staff can explain the details on request.',
  'It was agreed by the board in January.',
];

/** A small deterministic generator (mulberry32), so the handbook is the same at every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}. ${pick(TAILS)}`;
}

/** The handbook's pages: a heading and paragraphs each; every seventh page also has a table. */
export function handbookPages(count = 100) {
  const next = random(35);
  return Array.from({ length: count }, (_, i) => {
    const page = i + 1;
    const heading = `${page}. ${TOPICS[i % TOPICS.length]}, part ${Math.floor(i / TOPICS.length) + 1}`;
    const paragraphs = Array.from({ length: 3 }, () => Array.from({ length: 3 }, () => sentence(next)).join(' '));
    const table =
      page % 7 === 0
        ? [
            ['Branch', 'Weekdays', 'Saturday'],
            ['Central', '9:00–20:00', '10:00–16:00'],
            ['Riverside', '10:00–18:00', 'closed'],
            [`Annex ${page}`, '12:00–19:00', '10:00–13:00'],
          ]
        : undefined;
    return { page, heading, paragraphs, ...(table ? { table } : {}) };
  });
}

function tableHtml(rows) {
  const [head, ...body] = rows;
  const cells = (row, tag) => row.map((cell) => `<${tag}>${escape(cell)}</${tag}>`).join('');
  return `<table><thead><tr>${cells(head, 'th')}</tr></thead><tbody>${body.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</tbody></table>`;
}

export function handbookHtml(pages) {
  const sections = pages
    .map(
      (p) => `<section><h1>${escape(p.heading)}</h1>${p.paragraphs.map((t) => `<p>${escape(t)}</p>`).join('')}${p.table ? tableHtml(p.table) : ''}</section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Library handbook</title><style>
body { font: 11pt/1.5 'DejaVu Serif', serif; margin: 0; }
section { break-after: page; }
section:last-child { break-after: auto; }
h1 { font: bold 18pt 'DejaVu Sans', sans-serif; margin: 0 0 12pt; }
table { border-collapse: collapse; margin-top: 12pt; }
th, td { border: 1px solid #888; padding: 3pt 8pt; text-align: left; }
</style></head><body>${sections}</body></html>`;
}

/** Chromium's footer: "Page N of 100" on every page. */
export const handbookFooter =
  '<div style="font: 9pt DejaVu Sans, sans-serif; width: 100%; text-align: center;">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

export function nonLatinHtml(source) {
  const lines = source.lines
    .map((l) => `<h2>${escape(l.script)}</h2><p lang="${escape(l.lang)}"${l.dir ? ` dir="${escape(l.dir)}"` : ''}>${escape(l.text)}</p>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(source.title)}</title><style>
body { font: 14pt/1.6 'DejaVu Sans', 'Noto Sans CJK JP', sans-serif; }
:lang(ja) { font-family: 'Noto Sans CJK JP', sans-serif; }
:lang(zh-Hans) { font-family: 'Noto Sans CJK SC', sans-serif; }
:lang(ko) { font-family: 'Noto Sans CJK KR', sans-serif; }
h2 { font-size: 11pt; color: #555; margin: 14pt 0 2pt; }
</style></head><body><h1>${escape(source.title)}</h1>${lines}</body></html>`;
}

const THEMES = ['#1d3557', '#2a6f4e', '#6a3d7c', '#8a4b08'];

export function deckHtml(source) {
  const { widthPt, heightPt } = source.pageSize;
  const slides = source.slides
    .map((s, i) => {
      const items = s.bullets.map((b) => `<li>${escape(b)}</li>`).join('');
      return `<section style="--accent: ${THEMES[i % THEMES.length]}"><h1>${escape(s.title)}</h1><ul>${items}</ul></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(source.title)}</title><style>
@page { size: ${widthPt}pt ${heightPt}pt; margin: 0; }
body { margin: 0; font-family: 'DejaVu Sans', sans-serif; }
section { box-sizing: border-box; width: ${widthPt}pt; height: ${heightPt}pt; padding: 36pt 48pt; position: relative; overflow: hidden;
  break-after: page; background: linear-gradient(var(--accent) 0 10pt, #fbfaf7 10pt); }
section:last-child { break-after: auto; }
h1 { font-size: 30pt; color: var(--accent); margin: 12pt 0 18pt; }
li { font-size: 18pt; line-height: 1.5; color: #222; }
</style></head><body>${slides}</body></html>`;
}
