/**
 * What is checked of an export before it is parsed, in one linear pass each: its images worth
 * keeping a copy of (`https` sources of `<img>` elements, at most MAX_IMAGES; an image this
 * misses is only left out of the rendered document, never fetched by a visitor's browser) and
 * how deep its markup nests.
 */

/** Where rendered content's images are served from (native/imageRoute.ts). */
export const IMAGE_PATH_PREFIX = '/content/images/';

/** The drive's limit on an export (one home: the contract, which Mirage's answer uses too). */
export { MAX_EXPORT_BYTES } from '../../../src/contract/issues';
/** The most images of one document the server keeps a copy of. */
export const MAX_IMAGES = 200;

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function decodeAmpersands(value: string): string {
  return value.replace(/&amp;/g, '&');
}

export function exportImageSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(IMG_SRC)) {
    const raw = match[1] ?? match[2] ?? '';
    if (/^https?:\/\//i.test(raw.trim())) sources.add(decodeAmpersands(raw.trim()));
    if (sources.size >= MAX_IMAGES) break;
  }
  return [...sources];
}

/** Deeper than this, an export is refused: HTML parsing slows with the square of nesting, and no real document nests so deep. */
export const MAX_NESTING = 400;
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
const TAG = /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;

/** The deepest element nesting of `html`, read from its tags in one pass (closing tags counted as written). */
export function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(TAG)) {
    const name = (match[2] ?? '').toLowerCase();
    if (VOID.has(name) || match[3] === '/') continue;
    depth = match[1] === '/' ? Math.max(0, depth - 1) : depth + 1;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}
