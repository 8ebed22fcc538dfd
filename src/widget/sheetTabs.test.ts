/**
 * A spreadsheet's sheets as tabs (the WAI-ARIA tabs pattern), on the markup the server stores for
 * a spreadsheet (src/drive/convertSheet.ts), driven as a keyboard and pointer user would.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enhanceSheets } from './sheetTabs';

const sheet = (title: string, cell: string) =>
  `<div class="dfw-sheet"><h2>${title}</h2><div class="dfw-table"><table><tbody><tr><td>${cell}</td></tr></tbody></table></div></div>`;

function draw(html: string): HTMLElement {
  const article = document.createElement('article');
  article.setAttribute('aria-label', 'Budget 2026');
  article.innerHTML = html;
  document.body.replaceChildren(article);
  enhanceSheets(article);
  return article;
}

it('makes one tab per sheet, the first selected, one sheet shown at a time', () => {
  draw(`<div class="dfw-sheets">${sheet('Prices', 'Espresso')}${sheet('Benchmarks', 'RUN 1')}${sheet('Hours', 'Monday')}</div>`);
  const list = screen.getByRole('tablist', { name: 'Budget 2026' });
  const tabs = within(list).getAllByRole('tab');
  expect(tabs.map((t) => t.textContent)).toEqual(['Prices', 'Benchmarks', 'Hours']);
  expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
  expect(screen.getByRole('tabpanel', { name: 'Prices' })).toHaveTextContent('Espresso');
  expect(screen.queryByText('RUN 1')).not.toBeVisible();
  expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
});

it('moves between tabs with the arrow keys, Home and End, and by click', async () => {
  const user = userEvent.setup();
  draw(`<div class="dfw-sheets">${sheet('Prices', 'Espresso')}${sheet('Benchmarks', 'RUN 1')}${sheet('Hours', 'Monday')}</div>`);
  await user.tab();
  expect(screen.getByRole('tab', { name: 'Prices' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Benchmarks' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: 'Benchmarks' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Benchmarks' })).toHaveTextContent('RUN 1');
  expect(screen.getByText('Espresso')).not.toBeVisible();
  await user.keyboard('{End}');
  expect(screen.getByRole('tab', { name: 'Hours' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('tab', { name: 'Hours' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Home}');
  expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tab list for the shown sheet.
  await user.tab();
  expect(screen.getByRole('tabpanel', { name: 'Prices' })).toHaveFocus();
  await user.click(screen.getByRole('tab', { name: 'Hours' }));
  expect(screen.getByRole('tabpanel', { name: 'Hours' })).toHaveTextContent('Monday');
});

it('leaves a single sheet, and a list already turned into tabs, as they are', () => {
  const article = draw(`<div class="dfw-sheets">${sheet('Prices', 'Espresso')}</div>`);
  expect(screen.queryByRole('tablist')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Prices' })).toBeVisible();
  article.innerHTML = `<div class="dfw-sheets">${sheet('A', '1')}${sheet('B', '2')}</div>`;
  enhanceSheets(article);
  enhanceSheets(article);
  expect(screen.getAllByRole('tablist')).toHaveLength(1);
});
