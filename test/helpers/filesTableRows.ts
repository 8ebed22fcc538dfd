/** Test helpers for the files table, which keeps only the visible rows in the DOM (jsdom lays nothing out). */
import { fireEvent, within } from '@testing-library/react';
import { HEADER_HEIGHT, ROW_HEIGHT, TABLE_VIEWPORT_HEIGHT, VISIBLE_ROWS } from '../../src/settings/files/layout';

/** The rows of the table's body. */
export const bodyRows = (table: HTMLElement) => within(within(table).getAllByRole('rowgroup')[1]!).queryAllByRole('row');

/**
 * Gives elements the scrollTo a browser has (the virtualiser scrolls with it); the scroll event
 * comes later, as in a browser. Returns the function that takes it away again.
 */
export function installScrollTo(): () => void {
  const proto = Element.prototype as { scrollTo?: unknown };
  const original = proto.scrollTo;
  proto.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number, y?: number) {
    const wanted = typeof options === 'number' ? y : options?.top;
    if (wanted === undefined) return;
    const top = Math.max(0, Math.min(wanted, this.scrollHeight - this.clientHeight));
    if (top === this.scrollTop) return;
    this.scrollTop = top;
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  };
  return () => {
    proto.scrollTo = original;
  };
}

/**
 * Gives the table's scroll viewport the geometry a browser gives it (its fixed height, and content
 * as tall as the rows), so scrolling to a row works as it does there.
 */
export function giveLayout(table: HTMLElement) {
  const viewport = table.parentElement!;
  if (Object.prototype.hasOwnProperty.call(viewport, 'scrollHeight')) return;
  const rowCount = () => Number(table.getAttribute('aria-rowcount') ?? '1') - 1;
  Object.defineProperty(viewport, 'clientHeight', { configurable: true, get: () => TABLE_VIEWPORT_HEIGHT });
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(viewport, 'scrollHeight', { configurable: true, get: () => HEADER_HEIGHT + rowCount() * ROW_HEIGHT });
}

/** Scrolls the table until the row button of `title` shows, and returns it. */
export async function rowButton(table: HTMLElement, title: string): Promise<HTMLElement> {
  const name = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*,`);
  const viewport = table.parentElement!;
  const rows = Number(table.getAttribute('aria-rowcount'));
  const page = VISIBLE_ROWS * ROW_HEIGHT;
  for (let top = 0; top <= rows * ROW_HEIGHT; top += page) {
    const found = within(table).queryByRole('button', { name });
    if (found) return found;
    viewport.scrollTop = top + page;
    fireEvent.scroll(viewport);
  }
  return within(table).getByRole('button', { name });
}
