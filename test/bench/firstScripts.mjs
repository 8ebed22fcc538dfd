/**
 * The pages' first scripts, gzip -9, against reference pages built in the same run: the reference
 * pages (plain DOM, bare React, React + Redux + saga, and the slider-drag page), each rendering one
 * iframe, built like the product (production mode); the shipped pages' own scripts summed.
 * Budgets: the widget's first script ≤ 1.10 × bare React, the panel's ≤ 1.6 × React + Redux + saga.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildReferencePages } from './setup.mjs';

/** The reference pages and the slider-drag page, built like the product (production mode). */
export async function buildReferences() {
  const out = await buildReferencePages({ plain: 'plain.ts', react: 'react.tsx', reactRedux: 'reactRedux.tsx', sliderDrag: 'sliderDrag.ts' });
  for (const name of ['plain', 'react', 'reactRedux', 'sliderDrag']) {
    writeFileSync(
      path.join(out, `${name}.html`),
      `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title><script defer src="${name}.js"></script></head><body data-src="about:blank"><div id="root" style="position:absolute;inset:0"></div></body></html>`,
    );
  }
  return out;
}

const gzipOf = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Each shipped page's own scripts, and the scripts it preloads (the platform's SDK is the
 * platform's, loaded from its host).
 */
export function pageSizes(dir) {
  const sizes = {};
  for (const html of ['settings.html', 'widget.html'].filter((h) => existsSync(path.join(dir, h)))) {
    const text = readFileSync(path.join(dir, html), 'utf8');
    const tags = /<script[^>]*\ssrc="?([^" >]+\.js)|<link[^>]*\srel="?modulepreload"?[^>]*\shref="?([^" >]+\.js)/g;
    const scripts = [...text.matchAll(tags)].map((m) => m[1] ?? m[2]).filter((src) => !/^https?:/.test(src));
    let raw = 0;
    let gzip = 0;
    for (const s of new Set(scripts)) {
      const buf = readFileSync(path.join(dir, s));
      raw += buf.length;
      gzip += gzipSync(buf, { level: 9 }).length;
    }
    sizes[html] = { scripts: new Set(scripts).size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1), gzipBytes: gzip };
  }
  return sizes;
}

/** The product's first scripts (`dist`, a production build) against the references (`refs`). */
export function firstScripts(dist, refs) {
  const bundles = pageSizes(dist);
  const referenceGzipBytes = {
    plain: gzipOf(path.join(refs, 'plain.js')),
    react: gzipOf(path.join(refs, 'react.js')),
    reactRedux: gzipOf(path.join(refs, 'reactRedux.js')),
  };
  const referenceGzipKB = Object.fromEntries(Object.entries(referenceGzipBytes).map(([k, v]) => [k, +(v / 1024).toFixed(1)]));
  const ratios = {
    toReact: +(bundles['widget.html'].gzipKB / referenceGzipKB.react).toFixed(3),
    settingsToReactRedux: +(bundles['settings.html'].gzipKB / referenceGzipKB.reactRedux).toFixed(3),
  };
  return { bundles, referenceGzipKB, referenceGzipBytes, ratios };
}

export function printFirstScripts({ bundles, referenceGzipKB, ratios }) {
  console.log('\nInitial JS, gzip -9 (production build; reference pages built in this run)');
  console.table({
    ...bundles,
    'plain DOM (ref)': { gzipKB: referenceGzipKB.plain },
    'bare React (ref)': { gzipKB: referenceGzipKB.react },
    'React+Redux+saga (ref)': { gzipKB: referenceGzipKB.reactRedux },
  });
  console.log(`Widget initial JS / bare React page: ${ratios.toReact} (goal ≤ 1.10)`);
  console.log(`Settings panel initial JS / bare React + Redux + saga page: ${ratios.settingsToReactRedux} (goal ≤ 1.6)`);
}
