/**
 * The widget pages a server keeps in memory are bounded by their bytes, not by their number: a
 * page's HTML counts once it is rendered, and the least recently used pages leave first.
 */
import { WidgetPages } from '../src/pages/renderCache';

const BUDGET = { pageBytes: 100_000, modelBytes: 100_000 };

test('rendered pages are kept within the byte budget, least recently used leaving first', () => {
  const kept = new WidgetPages(BUDGET);
  const read = kept.modelOf({ model: { activeFileId: 'doc-1' }, revision: 1 });
  const pageOf = (view: string) => kept.page(view, 1, read, 7, () => `"${view}"`);
  const html = 'x'.repeat(20_000);
  const first = pageOf('a');
  kept.keepHtml('a', first, html);
  expect(pageOf('a')).toBe(first);
  expect(first.html).toBe(html);
  // Each page of 20,000 characters costs about 40 kB: a third one does not fit beside two others.
  kept.keepHtml('b', pageOf('b'), html);
  expect(pageOf('a')).toBe(first);
  kept.keepHtml('c', pageOf('c'), html);
  expect(pageOf('a')).toBe(first);
  expect(pageOf('b').html).toBeUndefined();
  expect(kept.pagesBytes).toBeLessThanOrEqual(BUDGET.pageBytes);
});

test('a page larger than the whole budget is sent but not kept', () => {
  const kept = new WidgetPages(BUDGET);
  const read = kept.modelOf({ model: {}, revision: 1 });
  const page = kept.page('huge', 1, read, 3, () => '"huge"');
  kept.keepHtml('huge', page, 'x'.repeat(60_000));
  expect(page.html).toHaveLength(60_000);
  expect(kept.page('huge', 1, read, 3, () => '"huge"')).not.toBe(page);
  expect(kept.pagesBytes).toBeLessThan(1_000);
});
