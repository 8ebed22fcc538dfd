/**
 * The unit tests' getComputedStyle (test/setup/computedStyle.ts) answers as jsdom's own does:
 * every property of every element, on a page made to exercise the cascade and on the whole
 * settings panel, before and after the DOM and focus change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { PanelHarness } from '../helpers/panelHarness';
import { renderSettings } from '../helpers/renderSettings';
import { jsdomGetComputedStyle } from './computedStyle';

function styleOf(style: CSSStyleDeclaration): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const property of Array.from(style)) entries[property] = `${style.getPropertyValue(property)}!${style.getPropertyPriority(property)}`;
  return entries;
}

/** Every element whose two answers differ (none expected), and how many were compared. */
function compareAll(): { compared: number; differences: unknown[] } {
  const jsdom = jsdomGetComputedStyle!;
  const differences: unknown[] = [];
  const elements = Array.from(document.querySelectorAll('*'));
  for (const element of elements) {
    const ours = styleOf(window.getComputedStyle(element));
    const theirs = styleOf(jsdom(element));
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) differences.push({ element: element.outerHTML.slice(0, 120), ours, theirs });
  }
  return { compared: elements.length, differences };
}

let panel: PanelHarness | undefined;
afterEach(() => {
  panel?.stop();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test('the same answers as jsdom on a page made to exercise the cascade', () => {
  expect(jsdomGetComputedStyle).toBeDefined();
  expect(window.getComputedStyle).not.toBe(jsdomGetComputedStyle);
  document.head.innerHTML = `<style>
    .hidden { visibility: hidden; color: red }
    .shown { visibility: visible !important }
    section > p { display: none }
    @media screen { .screen { visibility: collapse } }
    @media print { .print { display: none } }
    :focus { outline: 1px solid blue }
    p::before { content: 'x' }
    :unknown-pseudo(1) { color: green }
    .Hidden, #Main { color: orange }
    #main > .item:not(.off), ul li.item[data-x="a,b"] { visibility: hidden }
    *.star, I, section div > i:first-child { color: purple }
  </style>`;
  document.body.innerHTML = `
    <div class="hidden"><span><em>inherits hidden</em></span><b class="shown">shown</b></div>
    <section><p>none</p><div style="visibility: hidden; display: flex"><i>inline</i></div></section>
    <ul class="screen"><li class="print"><button>button</button></li></ul>
    <ol id="main"><li class="item">item</li><li class="item off star">off</li><li class="item" data-x="a,b">x</li></ol>`;
  // The same kind of declaration as jsdom's (cssstyle's, as jsdom loads it).
  expect(window.getComputedStyle(document.body).constructor).toBe(jsdomGetComputedStyle!(document.body).constructor);
  const before = compareAll();
  expect(before.compared).toBeGreaterThan(10);
  expect(before.differences).toEqual([]);
  expect(window.getComputedStyle(document.querySelector('em')!).visibility).toBe('hidden');
  expect(window.getComputedStyle(document.querySelector('li')!).visibility).toBe('collapse');

  // A change of class, of inline style and of focus is seen at once.
  document.querySelector('div.hidden')!.className = '';
  (document.querySelector('section div') as HTMLElement).style.visibility = '';
  document.querySelector('button')!.focus();
  expect(window.getComputedStyle(document.querySelector('em')!).visibility).toBe('visible');
  expect(window.getComputedStyle(document.querySelector('button')!).getPropertyValue('outline')).toBe('1px solid blue');
  expect(compareAll().differences).toEqual([]);
});

test('the same answers as jsdom on the whole settings panel, once a file is chosen', async () => {
  const rendered = renderSettings();
  panel = rendered.panel;
  const table = await screen.findByRole('table', { name: 'Files in My Drive' });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
  await rendered.user.click(within(table).getByRole('button', { name: /^Budget 2026\b/ }));
  await screen.findByRole('group', { name: 'Who can open “Budget 2026”' });
  const shown = compareAll();
  expect(shown.compared).toBeGreaterThan(100);
  expect(shown.differences).toEqual([]);
});
