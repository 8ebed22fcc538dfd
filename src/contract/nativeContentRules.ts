/**
 * What rendered content (issue 20) may hold, for both of its sanitizers: the server's, the last
 * gate before a rendering is stored (server/src/render/sanitize.ts), and the custom element's,
 * which checks again what reaches it through an attribute (src/element/nativeElement.ts). Both run
 * DOMPurify with these lists and this attribute rule. Links may go to the web, to mail or to an
 * anchor of the document; images only to our own image route, so content never makes a visitor's
 * browser ask a host we did not choose.
 */

export const CONTENT_TAGS = [
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
  'a', 'img', 'strong', 'em', 'u', 's', 'sup', 'sub', 'code', 'pre', 'blockquote', 'span', 'div', 'figure', 'figcaption',
]; // prettier-ignore
export const CONTENT_ATTRIBUTES = [
  'href', 'id', 'start', 'colspan', 'rowspan', 'style', 'alt', 'width', 'height', 'src', 'target', 'rel', 'class', 'loading',
  'srcset', 'sizes', 'decoding', 'data-kind', 'data-more', 'data-from', 'data-to',
]; // prettier-ignore

/**
 * The link to what a rendering leaves in the drive (pages or slides past the page limit, rows or
 * columns past a sheet's): what is left and from/to which page, slide or row, in data attributes,
 * and no words. One stored rendering serves widgets in every language: the widget's drawing fills
 * the words from its catalogue (src/widget/moreLinks.ts).
 */
export const MORE_KINDS = ['pages', 'slides', 'rows', 'columns'] as const;
export type MoreKind = (typeof MORE_KINDS)[number];
export const MORE_ATTRIBUTES = { kind: 'data-more', from: 'data-from', to: 'data-to' } as const;
/** A page's, slide's or row's number, as the drive numbers them. */
const MORE_NUMBER = /^[1-9][0-9]{0,8}$/;

/** Where rendered content's images are served from, by our server (server/src/native/imageRoute.ts). */
export const CONTENT_IMAGE_PATH = /^\/content\/images\/[A-Za-z0-9_-]{16,64}$/;
/**
 * The query that lets the owner's own view of a file visitors may not see load its images
 * (server/src/native/imageSignature.ts): until when, in seconds since the epoch, and the server's
 * signature of the image and that time. Only the server writes it, into the owner's page as it is
 * sent (`src` and every `srcset` candidate); the converters never do, so a stored rendering holds
 * none. The rule keeps exactly that shape (SIGNED_IMAGE_SOURCE), so the owner's page passes it.
 */
export const SIGNED_IMAGE_QUERY = { exp: /^[1-9][0-9]{0,11}$/, sig: /^[A-Za-z0-9_-]{43}$/ } as const;
/** An image's path (a CONTENT_IMAGE_PATH) with its signed query. */
export const signedImagePath = (path: string, exp: number, sig: string): string => `${path}?exp=${exp}&sig=${sig}`;
const inner = (pattern: RegExp) => pattern.source.replace(/^\^|\$$/g, '');
/** An image's path with the signed query, as signedImagePath writes it: those two keys, in that order, nothing else. */
const SIGNED_IMAGE_SOURCE = new RegExp(`^${inner(CONTENT_IMAGE_PATH)}\\?exp=${inner(SIGNED_IMAGE_QUERY.exp)}&sig=${inner(SIGNED_IMAGE_QUERY.sig)}$`);
/** Only what the converter writes: a colour, a size, an alignment, a list type. */
const SAFE_STYLE =
  /^(?:(?:color|background-color):#[0-9a-f]{3,6}|font-size:\d{1,3}(?:\.\d{1,2})?pt|text-align:(?:right|center|justify)|list-style-type:[a-z-]{3,24})(?:;(?:(?:color|background-color):#[0-9a-f]{3,6}|font-size:\d{1,3}(?:\.\d{1,2})?pt))*$/;
/** The classes rendered content may carry: a wide table's box, a spreadsheet's parts (src/drive/convertSheet.ts), a PDF's or a deck's pages (server/src/render/renderPages.ts). */
const CONTENT_CLASSES = new Set(['dfw-table', 'dfw-sheets', 'dfw-sheet', 'dfw-frozen', 'dfw-more', 'dfw-pages', 'dfw-page', 'dfw-page-text', 'dfw-pages-more']);
/** The most widths a page's image is offered at (renderPages.ts writes three). */
const MAX_SRCSET_CANDIDATES = 6;
const SRCSET_WIDTH = /^\d{1,4}w$/;

/** A page's image at widths: each candidate one of our image route's paths with its width, all of them signed or none. */
function isSafeSrcset(value: string): boolean {
  const candidates = value.split(', ').map((candidate) => candidate.split(' '));
  if (candidates.length > MAX_SRCSET_CANDIDATES || candidates.some((parts) => parts.length !== 2 || !SRCSET_WIDTH.test(parts[1]!))) return false;
  const paths = candidates.map(([path]) => path!);
  return paths.every((path) => CONTENT_IMAGE_PATH.test(path)) || paths.every((path) => SIGNED_IMAGE_SOURCE.test(path));
}
/** The only `sizes` the pages carry: the page's width up to 1280 px. */
const SAFE_SIZES = /^\(max-width: \d{1,4}px\) 100vw, \d{1,4}px$/;
/** Attributes with one set of values each. */
const ENUMERATED: Record<string, readonly string[]> = { 'data-kind': ['pdf', 'slides'], decoding: ['async'], loading: ['lazy'] };
/** DOMPurify's own URI rule applies too; this narrows links to the web, mail and the document's anchors. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|#)/i;

/** Whether an attribute DOMPurify's lists allow is kept on `nodeName` with this value. */
export function keepsContentAttribute(nodeName: string, name: string, value: string): boolean {
  if (name === 'style') return SAFE_STYLE.test(value);
  if (name === 'class') return value.split(' ').every((token) => CONTENT_CLASSES.has(token));
  if (name === 'src') return nodeName === 'IMG' && (CONTENT_IMAGE_PATH.test(value) || SIGNED_IMAGE_SOURCE.test(value));
  if (name === 'srcset') return nodeName === 'IMG' && isSafeSrcset(value);
  if (name === 'sizes') return nodeName === 'IMG' && SAFE_SIZES.test(value);
  if (name === 'data-kind') return nodeName === 'DIV' && ENUMERATED['data-kind']!.includes(value);
  if (name === MORE_ATTRIBUTES.kind) return nodeName === 'A' && (MORE_KINDS as readonly string[]).includes(value);
  if (name === MORE_ATTRIBUTES.from || name === MORE_ATTRIBUTES.to) return nodeName === 'A' && MORE_NUMBER.test(value);
  if (name in ENUMERATED) return ENUMERATED[name]!.includes(value);
  if (name === 'href') return nodeName === 'A' && SAFE_HREF.test(value);
  return true;
}
