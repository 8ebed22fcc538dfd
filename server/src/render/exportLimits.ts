/**
 * What is read of an export before it is rendered, in one linear pass: its images worth keeping a
 * copy of (`https` sources of `<img>` elements, at most MAX_IMAGES; an image this misses is only
 * left out of the rendered document, never fetched by a visitor's browser). How deep it nests is
 * measured on the parser's tree, in the render worker (exportShape.ts).
 */

/** Where rendered content's images are served from (native/imageRoute.ts). */
export const IMAGE_PATH_PREFIX = '/content/images/';

/** The drive's limit on an export (one home: the contract, which Mirage's answer uses too). */
export { MAX_EXPORT_BYTES } from '#client/contract/issues';
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
