/**
 * An exported document rebuilt as clean, semantic HTML (issue 20). Nothing of the export is copied
 * as it is: each element it holds is either mapped to an element of our own making (paragraphs,
 * headings, lists nested again from their `lst-kix_<id>-<level>` classes with their numbering, or,
 * in older and Word-converted documents that have no such classes, from their items' indentation
 * (36 pt a level) and their `start` numbers, tables, links, images, footnotes), unwrapped to its
 * text, or dropped with everything inside it (scripts, styles, frames, form controls, SVG,
 * comments, whether their anchors are marked with `id` or, in older exports, `name`; a form keeps
 * its text). Anchors named with `name` (older exports) keep their ids, so internal links still land. Formatting that the export keeps in
 * generated classes becomes `strong`, `em`, `u`, `s`, `sup`, `sub`, `code`, and an inline style
 * built only from checked values (colour, size, alignment).
 */
import { isCommentAnchor, safeId, safeLink } from './exportLinks';
import { lookOfClasses, type ExportStyles, type Look } from './exportStyles';
import { ListCounters, numberText } from './listNumbers';

export interface StoredImage {
  src: string;
  width: number | null;
  height: number | null;
}

export interface ConvertOptions {
  styles: ExportStyles;
  /** Our own copy of an export's image, or null (the image is dropped). */
  imageFor: (src: string) => StoredImage | null;
}

const DROPPED = new Set(
  'script style iframe frame frameset object embed applet input button select textarea option svg math meta base link template noscript audio video source track canvas head title'.split(
    ' ',
  ),
);
const SAME = new Set('p h1 h2 h3 h4 h5 h6 br hr li table thead tbody tfoot tr td th caption sup sub strong em u s code pre blockquote'.split(' '));
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's', tt: 'code' };
const LIST_CLASS = /\b(lst-kix_\w+)-(\d)\b/;
/** A list level's indentation in the export, pt (the first level at 36 pt). */
const LEVEL_INDENT_PT = 36;
const MAX_INDENT_LEVEL = 8;
/** The private-use characters the export brackets code blocks with (U+EC02, U+EC03). */
const PRIVATE_USE = /[\uec00-\uec0f]/g;
const DEFAULT_COLOR = '#000000';
const DEFAULT_SIZE = '11pt';
/** Deeper than this, markup is kept as its text only (no real document nests so deep). */
const MAX_DEPTH = 64;

interface OpenList {
  level: number;
  key: string;
  element: HTMLElement;
}

export class ExportConverter {
  private lists: OpenList[] = [];
  private depth = 0;
  private readonly counters = new ListCounters();

  constructor(
    private readonly out: Document,
    private readonly options: ConvertOptions,
  ) {}

  /** The converted children of `parent`, with runs of the export's flat lists nested again. */
  children(parent: Node): Node[] {
    if (this.depth >= MAX_DEPTH) return [this.out.createTextNode((parent.textContent ?? '').replace(PRIVATE_USE, ''))];
    const result: Node[] = [];
    const saved = this.lists;
    this.lists = [];
    this.depth += 1;
    for (const child of Array.from(parent.childNodes)) {
      const list = this.listOf(child);
      if (list) {
        const top = this.placeList(child as Element, list.key, list.level);
        if (top) result.push(top);
        continue;
      }
      if (child.nodeType !== 3 || (child.textContent ?? '').trim() !== '') this.lists = [];
      result.push(...this.node(child));
    }
    this.lists = saved;
    this.depth -= 1;
    return result;
  }

  private listOf(node: Node): { key: string; level: number } | null {
    if (node.nodeType !== 1) return null;
    const element = node as Element;
    const tag = element.localName;
    if (tag !== 'ul' && tag !== 'ol') return null;
    const match = LIST_CLASS.exec(element.getAttribute('class') ?? '');
    if (match) return { key: `${tag}:${match[1]}`, level: Number(match[2]) };
    return { key: `${tag}:`, level: this.indentLevel(element) };
  }

  /** A list without list classes: its level from its first item's indentation (or its own), as the export draws it. */
  private indentLevel(list: Element): number {
    const { styles } = this.options;
    const item = Array.from(list.children).find((child) => child.localName === 'li');
    const indent = lookOfClasses(styles, item?.getAttribute('class') ?? '').indent ?? lookOfClasses(styles, list.getAttribute('class') ?? '').indent;
    if (indent === undefined) return 0;
    return Math.min(MAX_INDENT_LEVEL, Math.max(0, Math.round(indent / LEVEL_INDENT_PT) - 1));
  }

  /** Whether a list of the export goes on the open list `top`: not when it starts again, or (an `ol`) numbers on from elsewhere. */
  private continues(top: OpenList, source: Element): boolean {
    if (source.getAttribute('class')?.split(/\s+/).includes('start')) return false;
    const start = source.getAttribute('start');
    if (source.localName !== 'ol' || start === null) return true;
    const first = Number(top.element.getAttribute('start') ?? '1');
    return Number(start) === first + top.element.children.length;
  }

  /** Places a list of the export; answers the new top-level list, or null when it joined an open one. */
  private placeList(source: Element, key: string, level: number): HTMLElement | null {
    while (this.lists.length > 0 && (this.lists[this.lists.length - 1]?.level ?? 0) > level) this.lists.pop();
    const top = this.lists[this.lists.length - 1];
    if (top && top.level === level && top.key === key && this.continues(top, source)) {
      this.appendItems(top.element, source, level);
      return null;
    }
    if (top && top.level === level) this.lists.pop();
    const element = this.newList(source);
    const parent = this.lists[this.lists.length - 1];
    const parentItem = parent?.element.lastElementChild;
    this.lists.push({ level, key, element });
    this.appendItems(element, source, level);
    if (parent && parentItem) {
      parentItem.append(element);
      return null;
    }
    return element;
  }

  private newList(source: Element): HTMLElement {
    const tag = source.localName === 'ol' ? 'ol' : 'ul';
    const element = this.out.createElement(tag);
    const match = LIST_CLASS.exec(source.getAttribute('class') ?? '');
    const listClass = match ? `${match[1]}-${match[2]}` : '';
    // A number made of several levels ("14.1.") is written out by appendItems; the list draws none.
    const type = this.options.styles.listNumbers.has(listClass) ? 'none' : this.options.styles.listTypes.get(listClass);
    if (type) element.setAttribute('style', `list-style-type:${type}`);
    const start = Number(source.getAttribute('start'));
    if (tag === 'ol' && Number.isInteger(start) && start > 1 && start < 100000) element.setAttribute('start', String(start));
    return element;
  }

  /** The source list's items, counted as the export counts them; a legal-numbered level gets its number written out. */
  private appendItems(list: HTMLElement, source: Element, level: number): void {
    const match = LIST_CLASS.exec(source.getAttribute('class') ?? '');
    const parts = match ? this.options.styles.listNumbers.get(`${match[1]}-${match[2]}`) : undefined;
    const start = Number(source.getAttribute('start'));
    if (match?.[1])
      this.counters.begin(match[1], level, Number.isInteger(start) && start >= 1 ? start : null, /\bstart\b/.test(source.getAttribute('class') ?? ''));
    for (const child of Array.from(source.children)) {
      if (child.localName !== 'li') continue;
      const item = this.out.createElement('li');
      const counts = match?.[1] ? this.counters.next(match[1], level) : [];
      if (parts) item.append(this.out.createTextNode(numberText(parts, counts)));
      item.append(...this.children(child));
      list.append(item);
    }
  }

  private node(node: Node): Node[] {
    if (node.nodeType === 3) return [this.out.createTextNode((node.textContent ?? '').replace(PRIVATE_USE, ''))];
    if (node.nodeType !== 1) return [];
    const element = node as Element;
    const tag = element.localName;
    if (DROPPED.has(tag) || this.isComment(element)) return [];
    if (tag === 'a') return this.link(element);
    if (tag === 'img') return this.image(element);
    if (tag === 'span') return this.span(element);
    if (tag === 'table') return [this.table(element)];
    if (tag === 'div') return this.block('div', element);
    if (tag === 'p' && /\btitle\b/.test(element.getAttribute('class') ?? '')) return this.block('h1', element);
    const mapped = RENAMED[tag] ?? (SAME.has(tag) ? tag : null);
    if (!mapped) return this.children(element);
    return this.block(mapped, element);
  }

  /** A comment's anchor or the comment itself (a block that starts with its anchor), by `id` or by older exports' `name`. */
  private isComment(element: Element): boolean {
    const anchorOf = (a: Element) => a.getAttribute('id') ?? a.getAttribute('name');
    if (element.localName === 'a') return isCommentAnchor(element.getAttribute('href')) || isCommentAnchor(anchorOf(element));
    if (element.localName !== 'div' && element.localName !== 'p') return false;
    // The comment's own anchor is `cmnt1`; a paragraph of the text that starts with a reference to it (`cmnt_ref1`) stays.
    const first = element.querySelector('a[id], a[name]');
    return first !== null && /^cmnt\d+$/.test(anchorOf(first) ?? '');
  }

  private block(tag: string, source: Element): Node[] {
    const element = this.out.createElement(tag);
    const id = safeId(source.getAttribute('id'));
    if (id) element.id = id;
    for (const name of ['colspan', 'rowspan']) {
      const value = source.getAttribute(name);
      if (value && /^\d{1,3}$/.test(value)) element.setAttribute(name, value);
    }
    const look = lookOfClasses(this.options.styles, source.getAttribute('class') ?? '');
    if (look.align && look.align !== 'left' && tag !== 'div') element.setAttribute('style', `text-align:${look.align}`);
    element.append(...this.children(source));
    return [element];
  }

  private table(source: Element): HTMLElement {
    const wrapper = this.out.createElement('div');
    wrapper.setAttribute('class', 'dfw-table');
    wrapper.append(...this.block('table', source));
    return wrapper;
  }

  private link(source: Element): Node[] {
    const content = this.children(source);
    const link = safeLink(source.getAttribute('href'));
    // Older exports name their anchors (headings, footnotes) with `name`, not `id`.
    const id = safeId(source.getAttribute('id') ?? source.getAttribute('name'));
    if (!link && !id) return content;
    const element = this.out.createElement('a');
    if (id) element.id = id;
    if (link) {
      element.setAttribute('href', link.href);
      if (link.external) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    element.append(...content);
    return [element];
  }

  private image(source: Element): Node[] {
    const stored = this.options.imageFor(source.getAttribute('src') ?? '');
    if (!stored) return [];
    const element = this.out.createElement('img');
    element.setAttribute('src', stored.src);
    element.setAttribute('alt', (source.getAttribute('alt') || source.getAttribute('title') || '').slice(0, 1000));
    const size = /width:\s*(\d+(?:\.\d+)?)px;\s*height:\s*(\d+(?:\.\d+)?)px/.exec(source.getAttribute('style') ?? '');
    const width = size ? Math.round(Number(size[1])) : stored.width;
    const height = size ? Math.round(Number(size[2])) : stored.height;
    if (width && height) {
      element.setAttribute('width', String(width));
      element.setAttribute('height', String(height));
    }
    element.setAttribute('loading', 'lazy');
    return [element];
  }

  /** A span of the export: its classes' look as semantic elements around its content. */
  private span(source: Element): Node[] {
    let content = this.children(source);
    if (content.every((n) => n.nodeType === 3 && n.textContent === '')) return [];
    const look = lookOfClasses(this.options.styles, source.getAttribute('class') ?? '');
    const style = ownLookStyle(look);
    if (style) content = [this.wrap('span', content, style)];
    const wrappers: [boolean | undefined, string][] = [
      [look.mono, 'code'],
      [look.sub, 'sub'],
      [look.sup, 'sup'],
      [look.strike, 's'],
      [look.underline, 'u'],
      [look.italic, 'em'],
      [look.bold, 'strong'],
    ];
    for (const [on, tag] of wrappers) if (on) content = [this.wrap(tag, content)];
    return content;
  }

  private wrap(tag: string, content: Node[], style?: string): HTMLElement {
    const element = this.out.createElement(tag);
    if (style) element.setAttribute('style', style);
    element.append(...content);
    return element;
  }
}

/**
 * The document's own colours and sizes, for the owner who keeps the document's look (the widget's
 * page styles override them otherwise); the export's defaults are left out.
 */
function ownLookStyle(look: Look): string {
  const parts: string[] = [];
  if (look.color && look.color !== DEFAULT_COLOR) parts.push(`color:${look.color}`);
  if (look.background && look.background !== '#ffffff') parts.push(`background-color:${look.background}`);
  if (look.fontSize && look.fontSize !== DEFAULT_SIZE) parts.push(`font-size:${look.fontSize}`);
  return parts.join(';');
}
