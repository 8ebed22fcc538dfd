/** Test helper: finds a row of the files table, which keeps only the visible rows in the DOM. */
import { fireEvent, within } from '@testing-library/react';
import { ROW_HEIGHT, VISIBLE_ROWS } from '../../src/settings/files/layout';

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
