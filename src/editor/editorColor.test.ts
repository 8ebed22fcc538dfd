import { DEFAULT_SITE_COLORS } from './sitePalette';
import { colorFromCss, colorToCss } from './editorColor';

it('opens the picker on a theme colour as a CSS variable, on a custom colour as itself', () => {
  expect(colorToCss('color_18', DEFAULT_SITE_COLORS)).toBe('var(--color_18, #0088CB)');
  expect(colorToCss('#336699cc', DEFAULT_SITE_COLORS)).toBe('#336699cc');
});

it.each([
  ['var(--color_18, #0088cb)', 'color_18'],
  ['var(--color_28)', 'color_28'],
  ['#ABCDEF', '#abcdef'],
  ['rgb(0, 136, 203)', '#0088cb'],
  ['rgba(255, 0, 0, 0.5)', '#ff000080'],
])('reads the picked %s as %s', (css, model) => {
  expect(colorFromCss(css)).toBe(model);
});

it.each([['var(--color_7, red)'], ['url(javascript:alert(1))'], ['red; background: url(x)'], [''], [42], [null]])('refuses %p', (css) => {
  expect(colorFromCss(css)).toBeNull();
});
