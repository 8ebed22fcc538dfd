import { DEFAULT_SITE_COLORS } from './sitePalette';
import { colorFromCss, colorToCss } from './editorColor';

it('opens the picker on a theme colour as a CSS variable, on a custom colour as itself', () => {
  expect(colorToCss('color_18', DEFAULT_SITE_COLORS)).toBe('var(--color_18, #0088CB)');
  expect(colorToCss('#336699cc', DEFAULT_SITE_COLORS)).toBe('#336699cc');
});

it('opens the picker on a kept theme variable as itself', () => {
  expect(colorToCss('var(--wst-primary-color, #116dff)', DEFAULT_SITE_COLORS)).toBe('var(--wst-primary-color, #116dff)');
});

it.each([
  ['var(--color_18, #0088cb)', 'color_18'],
  ['var(--color_28)', 'color_28'],
  ['#ABCDEF', '#abcdef'],
  ['rgb(0, 136, 203)', '#0088cb'],
  ['rgba(255, 0, 0, 0.5)', '#ff000080'],
  // A variable the contract does not know is kept with its fallback, so it follows the site's theme.
  ['var(--color_8, #112233)', 'var(--color_8, #112233)'],
  ['var(--wst-primary-color, rgb(17, 109, 255))', 'var(--wst-primary-color, #116dff)'],
  ['var(--WST-Shade, #ABC)', 'var(--wst-shade, #abc)'],
])('reads the picked %s as %s', (css, model) => {
  expect(colorFromCss(css)).toEqual({ value: model });
});

it.each([
  ['var(--color_7, red)'],
  ['var(--wst-primary-color)'],
  ['hsl(10, 20%, 30%)'],
  ['url(javascript:alert(1))'],
  ['red; background: url(x)'],
  ['var(--x, #fff); color: red'],
])('says it cannot keep %p', (css) => {
  expect(colorFromCss(css)).toEqual({ unreadable: css });
});

it.each([[''], ['  '], [42], [null], [undefined]])('reads %p as nothing picked', (css) => {
  expect(colorFromCss(css)).toBeNull();
});
