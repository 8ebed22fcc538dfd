/**
 * The words of a rendering's link to what it leaves in the drive ("Pages 31 to 100 are in the
 * drive", "The whole sheet, with rows 1,001 to 1,500, is in the drive"). The stored rendering
 * carries the link with its numbers and no words (src/contract/nativeContentRules.ts,
 * MORE_ATTRIBUTES), as one rendering serves widgets in every language; the widget's drawing
 * (nativeDrawing.ts) fills them from the widget's catalogue, so every page says them in the
 * widget's language: the server's page (readable without script), the owner's page and the
 * custom element (whose sanitizer then checks the filled HTML as any other).
 */
import { MORE_ATTRIBUTES, MORE_KINDS, type MoreKind } from '../contract/nativeContentRules';
import type { Translator } from '../i18n/translator';
import type { WidgetSource } from '../i18n/widget/en';

/** What a link says is left in the drive: `from` and `to` are the drive's numbers (none for columns). */
export interface MoreLink {
  kind: MoreKind;
  from: number | null;
  to: number | null;
}

type RangeKey = 'widget.morePages' | 'widget.moreSlides' | 'widget.moreRows';
type OneKey = 'widget.morePage' | 'widget.moreSlide' | 'widget.moreRow';
/** Per kind: the message for a range, then for one page, slide or row. */
const MESSAGES: Record<Exclude<MoreKind, 'columns'>, [range: RangeKey, one: OneKey]> = {
  pages: ['widget.morePages', 'widget.morePage'],
  slides: ['widget.moreSlides', 'widget.moreSlide'],
  rows: ['widget.moreRows', 'widget.moreRow'],
};

/** The link's words in `words`' language, its numbers as that language writes them; null when a number it needs is missing. */
export function moreLinkText(link: MoreLink, words: Translator<WidgetSource>): string | null {
  if (link.kind === 'columns') return words.t('widget.moreColumns');
  const { from, to } = link;
  if (from === null) return null;
  const number = new Intl.NumberFormat(words.tag);
  const [range, one] = MESSAGES[link.kind];
  return to !== null && to > from ? words.t(range, { from: number.format(from), to: number.format(to) }) : words.t(one, { from: number.format(from) });
}

/** An `<a …>` with text only inside (quoted attribute values may hold `>`). */
const LINK = /<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>[^<]*<\/a>/gi;
const attributeOf = (attributes: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
const numberOf = (value: string | null): number | null => (value !== null && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The link `attributes` describe, if they describe one. */
function moreLinkOf(attributes: string): MoreLink | null {
  const kind = attributeOf(attributes, MORE_ATTRIBUTES.kind);
  if (!(MORE_KINDS as readonly (string | null)[]).includes(kind)) return null;
  return { kind: kind as MoreKind, from: numberOf(attributeOf(attributes, MORE_ATTRIBUTES.from)), to: numberOf(attributeOf(attributes, MORE_ATTRIBUTES.to)) };
}

/** `html` with the text of each of its links to the rest in the drive said in `words`' language (again, if it had words). */
export function withMoreWords(html: string, words: Translator<WidgetSource>): string {
  if (!html.includes(MORE_ATTRIBUTES.kind)) return html;
  return html.replace(LINK, (whole, attributes: string) => {
    const link = moreLinkOf(attributes);
    const text = link ? moreLinkText(link, words) : null;
    return text === null ? whole : `<a${attributes}>${escapeText(text)}</a>`;
  });
}
