/**
 * Makes the fake drive's PDF and Slides fixtures (`npm run fixtures:pdf`): prints the HTML sources
 * of documents.mjs with Chromium into server/dev/fakeDrive/exports/pdf/ and slides/, and writes the
 * scanned-style PDF of scannedPdf.mjs into pdf/ and the hostile PDFs of hostilePdfs.mjs into
 * pdf/hostile/. Each folder's SOURCE.md says what is there.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { deckHtml, handbookFooter, handbookHtml, handbookPages, nonLatinHtml } from './documents.mjs';
import { garbageXref, hugeImage, manyPages, pageCountLie, scriptAndAttachment, truncated } from './hostilePdfs.mjs';
import { scannedPages } from './scannedPdf.mjs';

const exportsDir = new URL('../fakeDrive/exports/', import.meta.url);
const at = (path) => fileURLToPath(new URL(path, exportsDir));
const readJson = async (path) => JSON.parse(await readFile(at(path), 'utf8'));

async function print(browser, html, options) {
  const page = await browser.newPage();
  // The sources hold no link, image or font to fetch: refuse every request, so nothing is fetched.
  await page.route('**/*', (route) => route.abort());
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf({ printBackground: true, ...options });
  await page.close();
  return pdf;
}

async function printAll(browser) {
  const pages = handbookPages(100);
  const margin = { top: '20mm', bottom: '20mm', left: '20mm', right: '20mm' };
  const hundred = await print(browser, handbookHtml(pages), {
    format: 'A4',
    margin,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: handbookFooter,
  });
  await writeFile(at('pdf/hundred-pages.pdf'), hundred);
  await writeFile(at('pdf/hundred-pages.json'), JSON.stringify({ title: 'Library handbook', footer: 'Page N of 100', pages }, null, 2) + '\n');
  const nonLatin = await print(browser, nonLatinHtml(await readJson('pdf/non-latin.json')), { format: 'A4', margin });
  await writeFile(at('pdf/non-latin.pdf'), nonLatin);
  await writeFile(at('pdf/scanned.pdf'), scannedPages());
  const deck = await readJson('slides/deck-20.json');
  await writeFile(at('slides/deck-20.pdf'), await print(browser, deckHtml(deck), { preferCSSPageSize: true }));
  return { nonLatin };
}

async function writeHostile({ nonLatin }) {
  const dir = at('pdf/hostile/');
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}truncated.pdf`, truncated(nonLatin));
  await writeFile(`${dir}garbage-xref.pdf`, garbageXref(nonLatin));
  await writeFile(`${dir}script-and-attachment.pdf`, scriptAndAttachment());
  await writeFile(`${dir}five-thousand-pages.pdf`, manyPages(5000));
  await writeFile(`${dir}page-count-lie.pdf`, pageCountLie());
  await writeFile(`${dir}huge-image.pdf`, hugeImage());
}

const flags = JSON.parse(await readFile(new URL('../../../test/chromiumFlags.json', import.meta.url), 'utf8'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });
try {
  await writeHostile(await printAll(browser));
} finally {
  await browser.close();
}
