/**
 * The images of an export worth keeping a copy of, found without parsing the page (the render
 * worker parses it later): `https` sources of `<img>` elements, at most MAX_IMAGES. An image this
 * misses is only left out of the rendered document, never fetched by a visitor's browser.
 */

/** The drive's limit on an export (platform-notes): a larger answer is refused, not cut. */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;
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
    if (/^https:\/\//i.test(raw.trim())) sources.add(decodeAmpersands(raw.trim()));
    if (sources.size >= MAX_IMAGES) break;
  }
  return [...sources];
}
