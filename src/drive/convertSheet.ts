/**
 * A spreadsheet's zipped HTML export (one page per sheet) rebuilt as tables of our own making: each
 * visible sheet a heading (its title) and a `<table>`. The export's drawing aids are dropped (the
 * column letters of its `thead`, the row numbers of its `th.row-headers-background`, the freeze
 * bar's row and cells); its frozen rows become the table's `thead`; merged cells keep their
 * `rowspan`/`colspan`; a cell keeps its text as displayed (number formats are already applied by the
 * drive), line breaks and links (unwrapped from the drive's redirect); its class's bold and italic
 * become `strong`/`em`, its colours and alignment an inline style built only from checked values.
 * Empty trailing rows and columns are dropped; past `maxRows` rows (after the frozen ones) or
 * `maxColumns` columns, a link to the sheet in the drive says what is left out. Images, scripts,
 * styles and anything else are left out. Runs on the server's jsdom (render worker) and in Mirage.
 */
import { MORE_ATTRIBUTES } from '../contract/nativeContentRules';
import { safeLink } from './exportLinks';
import { cssRules, declarationsOf, lookOf, type Look } from './exportStyles';

/** One sheet's page of the export, with what the Sheets API says of it. */
export interface SheetPage {
  title: string;
  /** The sheet's id (`gid`), for the link to it in the drive. */
  gid: number;
  /** Frozen rows (the Sheets API's `frozenRowCount`); null: read from the page's freeze bar. */
  frozenRows: number | null;
  page: Document;
}

export interface SheetLimits {
  /** Rows shown after the frozen ones. */
  maxRows: number;
  maxColumns: number;
}

/** Shown rows of a sheet, after its frozen ones: enough for any price list or timetable; measured in docs/sheets.md. */
export const MAX_SHEET_ROWS = 1000;
/** Columns shown of a sheet. */
export const MAX_SHEET_COLUMNS = 52;

/** The classes a sheet's rendering uses (the contract's sanitizers allow these alone). */
export const SHEET_CLASSES = { sheets: 'dfw-sheets', sheet: 'dfw-sheet', table: 'dfw-table', frozen: 'dfw-frozen', more: 'dfw-more' } as const;

const MAX_DEPTH = 16;
const INLINE_TAGS: Record<string, string> = { b: 'strong', strong: 'strong', i: 'em', em: 'em', u: 'u', s: 's', strike: 's' };
const DROPPED = new Set('script style iframe object embed svg math img video audio canvas template noscript link meta input button select textarea'.split(' '));

interface Cell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  source: Element;
  empty: boolean;
}

/** `.ritz .waffle .sN` class → its look. */
export function readSheetStyles(css: string): Map<string, Look> {
  const classes = new Map<string, Look>();
  for (const { selector, declarations } of cssRules(css)) {
    const name = /^\.ritz\s+\.waffle\s+\.(s\d{1,6})$/.exec(selector)?.[1];
    if (name) classes.set(name, { ...classes.get(name), ...lookOf(declarations) });
  }
  return classes;
}

const spanOf = (element: Element, name: string): number => {
  const value = Number(element.getAttribute(name) ?? '1');
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 1000) : 1;
};

const isEmpty = (cell: Element): boolean => (cell.textContent ?? '').trim() === '';

/** The grid of a sheet's table: its own cells, placed as the browser places them (spans taken into account), and the freeze bar's row. */
function gridOf(table: Element): { cells: Cell[]; freezeRow: number | null } {
  const cells: Cell[] = [];
  const taken = new Set<string>();
  let row = 0;
  let freezeRow: number | null = null;
  const bodies = Array.from(table.children).filter((child) => child.localName === 'tbody');
  for (const tr of bodies.flatMap((tbody) => Array.from(tbody.children))) {
    if (tr.localName !== 'tr') continue;
    if (Array.from(tr.children).some((cell) => cell.classList.contains('freezebar-horizontal-handle'))) {
      freezeRow ??= row;
      continue;
    }
    let col = 0;
    for (const td of Array.from(tr.children)) {
      if (td.localName !== 'td' || td.classList.contains('freezebar-cell')) continue;
      while (taken.has(`${row},${col}`)) col += 1;
      const cell = { row, col, rowspan: spanOf(td, 'rowspan'), colspan: spanOf(td, 'colspan'), source: td, empty: isEmpty(td) };
      for (let r = 0; r < cell.rowspan; r += 1) for (let c = 0; c < cell.colspan; c += 1) taken.add(`${row + r},${col + c}`);
      cells.push(cell);
      col += cell.colspan;
    }
    row += 1;
  }
  return { cells, freezeRow };
}

/** The inline style of a cell's look: alignment first, then colours (the contract's style rule); the export's defaults left out. */
function cellStyle(look: Look): string {
  const parts: string[] = [];
  if (look.align === 'right' || look.align === 'center') parts.push(`text-align:${look.align}`);
  if (look.color && look.color !== '#000000' && look.color !== '#000') parts.push(`color:${look.color}`);
  if (look.background && look.background !== '#ffffff' && look.background !== '#fff') parts.push(`background-color:${look.background}`);
  return parts.join(';');
}

export class SheetConverter {
  constructor(
    private readonly out: Document,
    private readonly fileId: string,
    private readonly limits: SheetLimits = { maxRows: MAX_SHEET_ROWS, maxColumns: MAX_SHEET_COLUMNS },
  ) {}

  /** The visible sheets, in order, each a heading and its table, in one container. */
  convert(pages: readonly SheetPage[]): HTMLElement {
    const container = this.element('div', SHEET_CLASSES.sheets);
    for (const page of pages) container.append(this.sheet(page));
    return container;
  }

  private element(tag: string, className?: string): HTMLElement {
    const element = this.out.createElement(tag);
    if (className) element.setAttribute('class', className);
    return element;
  }

  private sheet(page: SheetPage): HTMLElement {
    const section = this.element('div', SHEET_CLASSES.sheet);
    const heading = this.element('h2');
    heading.textContent = page.title;
    section.append(heading);
    const table = page.page.querySelector('table.waffle');
    if (!table) return section;
    const css = Array.from(page.page.querySelectorAll('style'), (s) => s.textContent ?? '').join('\n');
    const { cells, freezeRow } = gridOf(table);
    const filled = cells.filter((c) => !c.empty);
    if (filled.length === 0) return section;
    const lastRow = Math.max(...filled.map((c) => c.row + c.rowspan - 1));
    const lastCol = Math.min(Math.max(...filled.map((c) => c.col + c.colspan - 1)), this.limits.maxColumns - 1);
    const frozen = Math.min(page.frozenRows ?? freezeRow ?? 0, lastRow + 1);
    const shownLast = Math.min(lastRow, frozen + this.limits.maxRows - 1);
    const styles = readSheetStyles(css);
    const wrapper = this.element('div', frozen > 0 ? `${SHEET_CLASSES.table} ${SHEET_CLASSES.frozen}` : SHEET_CLASSES.table);
    const out = this.out.createElement('table');
    const head = this.out.createElement('thead');
    const body = this.out.createElement('tbody');
    const rows = Array.from({ length: shownLast + 1 }, () => this.out.createElement('tr'));
    for (const cell of cells) {
      if (cell.row > shownLast || cell.col > lastCol) continue;
      const inHead = cell.row < frozen;
      // A span ends with its part (head or body), the last shown row and the last shown column.
      const rowEnd = Math.min(cell.row + cell.rowspan - 1, inHead ? frozen - 1 : shownLast);
      rows[cell.row]?.append(this.cell(cell, inHead ? 'th' : 'td', rowEnd - cell.row + 1, Math.min(cell.colspan, lastCol - cell.col + 1), styles));
    }
    head.append(...rows.slice(0, frozen));
    body.append(...rows.slice(frozen));
    if (frozen > 0) out.append(head);
    out.append(body);
    wrapper.append(out);
    section.append(wrapper);
    if (lastRow > shownLast || Math.max(...filled.map((c) => c.col + c.colspan - 1)) > lastCol) section.append(this.more(page, shownLast + 2, lastRow + 1));
    return section;
  }

  private cell(cell: Cell, tag: string, rowspan: number, colspan: number, styles: Map<string, Look>): HTMLElement {
    const element = this.out.createElement(tag);
    if (rowspan > 1) element.setAttribute('rowspan', String(rowspan));
    if (colspan > 1) element.setAttribute('colspan', String(colspan));
    let look: Look = {};
    for (const name of (cell.source.getAttribute('class') ?? '').split(/\s+/)) look = { ...look, ...styles.get(name) };
    const style = cellStyle(look);
    if (style) element.setAttribute('style', style);
    let content = this.children(cell.source, 0);
    if (look.italic) content = [this.wrap('em', content)];
    if (look.bold && tag !== 'th') content = [this.wrap('strong', content)];
    element.append(...content);
    return element;
  }

  private wrap(tag: string, content: Node[]): HTMLElement {
    const element = this.out.createElement(tag);
    element.append(...content);
    return element;
  }

  /** A cell's content: text, line breaks, links, and rich text's bold and italic; anything else as its text, or left out. */
  private children(parent: Node, depth: number): Node[] {
    if (depth >= MAX_DEPTH) return [this.out.createTextNode(parent.textContent ?? '')];
    const result: Node[] = [];
    for (const child of Array.from(parent.childNodes)) {
      if (child.nodeType === 3) result.push(this.out.createTextNode(child.textContent ?? ''));
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.localName;
      if (DROPPED.has(tag)) continue;
      if (tag === 'br') result.push(this.out.createElement('br'));
      else if (tag === 'a') result.push(...this.link(element, depth));
      else if (INLINE_TAGS[tag]) result.push(this.wrap(INLINE_TAGS[tag], this.children(element, depth + 1)));
      else if (tag === 'span') result.push(...this.span(element, depth));
      else result.push(...this.children(element, depth + 1));
    }
    return result;
  }

  /** A run of rich text: its inline style's bold and italic. */
  private span(source: Element, depth: number): Node[] {
    let content = this.children(source, depth + 1);
    const look = lookOf(declarationsOf(source.getAttribute('style') ?? ''));
    if (look.italic) content = [this.wrap('em', content)];
    if (look.bold) content = [this.wrap('strong', content)];
    return content;
  }

  private link(source: Element, depth: number): Node[] {
    const content = this.children(source, depth + 1);
    const link = safeLink(source.getAttribute('href'));
    if (!link?.external) return content;
    const element = this.out.createElement('a');
    element.setAttribute('href', link.href);
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer nofollow');
    element.append(...content);
    return [element];
  }

  /**
   * The link to the sheet in the drive, for the rows `from` to `to` (numbered as the drive numbers
   * them) or the columns not shown: their numbers, no words (the widget's drawing says them in its
   * language, src/widget/moreLinks.ts).
   */
  private more(page: SheetPage, from: number, to: number): HTMLElement {
    const paragraph = this.element('p', SHEET_CLASSES.more);
    const link = this.out.createElement('a');
    link.setAttribute('href', `https://docs.google.com/spreadsheets/d/${encodeURIComponent(this.fileId)}/edit#gid=${page.gid}`);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
    link.setAttribute(MORE_ATTRIBUTES.kind, from <= to ? 'rows' : 'columns');
    if (from <= to) {
      link.setAttribute(MORE_ATTRIBUTES.from, String(from));
      link.setAttribute(MORE_ATTRIBUTES.to, String(to));
    }
    paragraph.append(link);
    return paragraph;
  }
}
