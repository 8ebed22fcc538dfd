/** Which editor frames the panel: the current one names neither the site nor the widget on its URL. */
import { isFramedByCurrentEditor } from './panelBridge';

const framedAt = (search: string) => ({ location: { search }, parent: {} }) as unknown as Window;

it.each([
  ['?locale=de', true],
  ['', true],
  ['?instance=sig.payload&origCompId=comp-1', false],
  ['?compId=tpaSettings&origCompId=comp-1', false],
  ['?compId=comp-1', false],
])('framed at %p: the current editor is %p', (search, current) => {
  expect(isFramedByCurrentEditor(framedAt(search))).toBe(current);
});

it('a top-level page is never framed by an editor', () => {
  expect(isFramedByCurrentEditor(window)).toBe(false);
});
