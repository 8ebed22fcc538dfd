/**
 * @jest-environment node
 */
import { DEFAULT_SITE_COLORS, DEFAULT_SITE_TEXT_PRESETS, SITE_TEXT_PRESET_NAMES } from './siteDefaults';
import { parseSiteColors, parseSiteTextPresets } from './siteStyles';

describe('site defaults', () => {
  it('has the eleven text presets in editor-key order with realistic values', () => {
    expect(Object.keys(DEFAULT_SITE_TEXT_PRESETS)).toEqual([
      'Title',
      'Menu',
      'Page-title',
      'Heading-XL',
      'Heading-L',
      'Heading-M',
      'Heading-S',
      'Body-L',
      'Body-M',
      'Body-S',
      'Body-XS',
    ]);
    SITE_TEXT_PRESET_NAMES.forEach((name, i) => {
      const p = DEFAULT_SITE_TEXT_PRESETS[name]!;
      expect(p.editorKey).toBe(`font_${i}`);
      expect(p.size).toMatch(/^\d+px$/);
      const px = parseInt(p.size, 10);
      expect(px).toBeGreaterThanOrEqual(10);
      expect(px).toBeLessThanOrEqual(80);
      expect(p.value).toBe(`font:${p.style} normal ${p.weight} ${p.size}/${p.lineHeight} ${p.fontFamily},${p.value.split(`${p.fontFamily},`)[1]}`);
      expect(p.value).toMatch(/^font:(normal|italic) normal (normal|bold) \d+px\/[\d.]+em [^;]+;$/);
    });
  });

  it('has colours color_1 … color_5 and color_11 … color_35 as hex', () => {
    const expected = [1, 2, 3, 4, 5, ...Array.from({ length: 25 }, (_, i) => i + 11)].map((n) => `color_${n}`);
    expect(DEFAULT_SITE_COLORS.map((c) => c.name)).toEqual(expected);
    for (const c of DEFAULT_SITE_COLORS) expect(c.value).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('parsing styles from outside', () => {
  it('orders presets by editor key and rejects malformed ones', () => {
    const shuffled = Object.fromEntries(Object.entries(DEFAULT_SITE_TEXT_PRESETS).reverse());
    expect(Object.keys(parseSiteTextPresets(shuffled)!)).toEqual([...SITE_TEXT_PRESET_NAMES]);
    expect(parseSiteTextPresets({ Title: { editorKey: 'font_0', size: 60 } })).toBeNull();
    expect(parseSiteTextPresets({})).toBeNull();
    expect(parseSiteTextPresets('x')).toBeNull();
  });

  it('accepts only arrays of {name, value} colours', () => {
    expect(parseSiteColors([{ name: 'color_1', value: '#fff', reference: 'white', extra: 1 }])).toEqual([
      { name: 'color_1', value: '#fff', reference: 'white' },
    ]);
    expect(parseSiteColors([{ name: 'color_1' }])).toBeNull();
    expect(parseSiteColors({ 0: { name: 'color_1', value: '#fff' } })).toBeNull();
  });
});
