/**
 * @jest-environment node
 */
import { isColorValue } from '../contract/colors';
import { formatCustomColor, parseCustomColor, resolveColor } from './colorValue';

const PALETTE = [
  { name: 'color_11', value: '#FFFFFF' },
  { name: 'color_15', value: '#2F2E2E' },
];

describe('colour values', () => {
  it('a palette reference follows the palette it is resolved against', () => {
    expect(resolveColor('color_15', PALETTE)).toBe('#2F2E2E');
    const newPalette = [{ name: 'color_15', value: '#123456' }];
    expect(resolveColor('color_15', newPalette)).toBe('#123456');
  });

  it('a custom colour stays as it is; unknown values fall back', () => {
    expect(resolveColor('#11223380', PALETTE)).toBe('#11223380');
    expect(resolveColor('color_99', PALETTE, 'red')).toBe('red');
    expect(resolveColor('url(x)', PALETTE, 'red')).toBe('red');
  });

  it('stores a custom colour with its opacity as #rrggbbaa and reads it back', () => {
    expect(formatCustomColor({ hex: '#AABBCC', opacity: 0.5 })).toBe('#aabbcc80');
    expect(formatCustomColor({ hex: '#aabbcc', opacity: 1 })).toBe('#aabbccff');
    expect(parseCustomColor('#aabbcc80')).toEqual({ hex: '#aabbcc', opacity: 0.5 });
    expect(parseCustomColor('#abc')).toEqual({ hex: '#aabbcc', opacity: 1 });
    expect(parseCustomColor('color_11')).toBeNull();
  });

  it('knows what a stored colour may be', () => {
    expect(isColorValue('color_11')).toBe(true);
    expect(isColorValue('#aabbccff')).toBe(true);
    expect(isColorValue('red')).toBe(false);
    expect(isColorValue('color_')).toBe(false);
    expect(isColorValue(11)).toBe(false);
  });
});
