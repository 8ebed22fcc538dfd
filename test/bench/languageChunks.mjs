/**
 * The language catalogues of a production build: each language other than English is its own
 * chunk per page (`panel-de.<hash>.chunk.js`, `widget-de.<hash>.chunk.js`), fetched only when that
 * language is in use. Reports each chunk's size (raw and gzip -9) and the largest per page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CHUNK = /^(panel|widget)-([a-z]{2})\.[0-9a-f]+\.chunk\.js$/;

export function languageChunks(dir) {
  const chunks = [];
  for (const file of readdirSync(dir)) {
    const match = CHUNK.exec(file);
    if (!match) continue;
    const buf = readFileSync(path.join(dir, file));
    chunks.push({
      page: match[1],
      language: match[2],
      rawKB: +(buf.length / 1024).toFixed(2),
      gzipKB: +(gzipSync(buf, { level: 9 }).length / 1024).toFixed(2),
    });
  }
  chunks.sort((a, b) => a.page.localeCompare(b.page) || a.language.localeCompare(b.language));
  const largest = (page) => chunks.filter((c) => c.page === page).reduce((max, c) => (c.gzipKB > max.gzipKB ? c : max), { gzipKB: 0 });
  return { chunks, largestGzipKB: { panel: largest('panel').gzipKB, widget: largest('widget').gzipKB } };
}
