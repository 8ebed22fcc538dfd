/**
 * Makes this folder's small PDFs with Chromium's print to PDF (playwright-core, the flags of
 * test/chromiumFlags.json): `node server/dev/fakeDrive/exports/pdf/make.mjs [pages out.pdf]`.
 * Without arguments it writes price-list.pdf (three A4 pages, its text in price-list.json) and slides-3.pdf (three 16:9 slides,
 * the presentation's stand-in until a real deck's export is in ../slides); with them, a price list
 * of that many pages (a bench input, not kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const flags = JSON.parse(readFileSync(path.join(here, '../../../../../test/chromiumFlags.json'), 'utf8'));

/** The text of page `n` of `total`: what SOURCE.md and the tests read. */
export function pageText(n, total) {
  return { title: `Price list, page ${n} of ${total}`, lines: [`Espresso ${n}.20 EUR`, `Filter coffee ${n}.50 EUR`, `Opening hours: 8 to ${12 + (n % 8)}`] };
}

/** The price list's text as JSON (price-list.json): what Mirage's pages show and tests read. */
function priceListSource(total) {
  return JSON.stringify({ pages: Array.from({ length: total }, (_, i) => pageText(i + 1, total)) }, null, 2) + '\n';
}

function html(total) {
  const pages = Array.from({ length: total }, (_, i) => {
    const { title, lines } = pageText(i + 1, total);
    const hue = (i * 37) % 360;
    return `<section><h1>${title}</h1>${lines.map((l) => `<p>${l}</p>`).join('')}<div class="band" style="background:hsl(${hue} 60% 70%)"></div></section>`;
  }).join('');
  return `<!doctype html><meta charset="utf-8"><style>
    body{font-family:sans-serif;margin:0} section{page-break-after:always;padding:2cm}
    h1{font-size:28pt} p{font-size:14pt} .band{height:6cm;border-radius:1cm;margin-top:1cm}
  </style>${pages}`;
}

/** The text of slide `n`. */
export function slideText(n) {
  return { title: `Quarterly review, slide ${n}`, lines: [`Growth in region ${n}`, `Next step ${n}: ship it`] };
}

function slides(total) {
  const pages = Array.from({ length: total }, (_, i) => {
    const { title, lines } = slideText(i + 1);
    return `<section><h1>${title}</h1>${lines.map((l) => `<p>${l}</p>`).join('')}</section>`;
  }).join('');
  return `<!doctype html><meta charset="utf-8"><style>
    @page{size:10in 5.625in;margin:0} body{font-family:sans-serif;margin:0}
    section{page-break-after:always;height:5.625in;box-sizing:border-box;padding:.6in;background:#1f3a5f;color:#fff}
    h1{font-size:30pt} p{font-size:18pt}
  </style>${pages}`;
}

async function write(file, markup, options) {
  const page = await browser.newPage();
  await page.setContent(markup);
  writeFileSync(file, await page.pdf({ printBackground: true, ...options }));
  console.log(file);
}

const [count, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: flags });
if (count) await write(out, html(Number(count)), { format: 'A4' });
else {
  await write(path.join(here, 'price-list.pdf'), html(3), { format: 'A4' });
  writeFileSync(path.join(here, 'price-list.json'), priceListSource(3));
  await write(path.join(here, 'slides-3.pdf'), slides(3), { preferCSSPageSize: true });
}
await browser.close();
