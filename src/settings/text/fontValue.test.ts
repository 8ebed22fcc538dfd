/**
 * @jest-environment node
 */
import { DEFAULT_SITE_TEXT_PRESETS } from '../../editor/siteDefaults';
import { familyLabel, fontFamilies } from './fontFamilies';
import { assertFontValue, CUSTOM_PRESET, editFont, fontFromPreset, UnknownPresetError } from '../model';

const valid = {
  size: 16,
  style: { bold: false, italic: true, underline: false },
  family: 'Georgia',
  cssFontFamily: 'Georgia, serif',
  preset: 'Custom',
  fontStyleParam: false,
};

describe('font value validation (Unknown Preset)', () => {
  it('accepts an object with a numeric size, a style object, and non-empty family and preset', () => {
    expect(assertFontValue(valid)).toEqual(valid);
    expect(assertFontValue({ size: 12, style: {}, family: 'Arial', preset: 'Body-M' })).toEqual({
      size: 12,
      style: { bold: false, italic: false, underline: false },
      family: 'Arial',
      preset: 'Body-M',
    });
  });

  it.each([
    ['not an object', 'Georgia 16px'],
    ['null', null],
    ['an array', [16]],
    ['a size that is text', { ...valid, size: '16' }],
    ['a size that is not a number', { ...valid, size: NaN }],
    ['no style object', { ...valid, style: 'italic' }],
    ['a null style', { ...valid, style: null }],
    ['an empty family', { ...valid, family: '' }],
    ['a family that is not text', { ...valid, family: 3 }],
    ['an empty preset', { ...valid, preset: ' ' }],
    ['no preset', { ...valid, preset: undefined }],
  ])('raises "Unknown Preset" followed by the value for %s', (_, value) => {
    expect(() => assertFontValue(value)).toThrow(UnknownPresetError);
    expect(() => assertFontValue(value)).toThrow(`Unknown Preset ${JSON.stringify(value) ?? String(value)}`);
  });
});

describe('fonts from presets and manual changes', () => {
  it('a preset sets size, style and family', () => {
    expect(fontFromPreset('Heading-S', DEFAULT_SITE_TEXT_PRESETS['Heading-S']!)).toEqual({
      size: 22,
      style: { bold: true, italic: false, underline: false },
      family: 'din-next-w01-light',
      cssFontFamily: 'din-next-w01-light,din-next-w02-light,din-next-w10-light,sans-serif',
      preset: 'Heading-S',
      fontStyleParam: false,
    });
    expect(fontFromPreset('Body-XS', DEFAULT_SITE_TEXT_PRESETS['Body-XS']!).style.italic).toBe(true);
  });

  it('a preset without a family is an Unknown Preset', () => {
    expect(() => fontFromPreset('Menu', { ...DEFAULT_SITE_TEXT_PRESETS.Menu!, fontFamily: '' })).toThrow(/^Unknown Preset \{/);
  });

  it('a manual change makes the font custom', () => {
    const preset = fontFromPreset('Body-M', DEFAULT_SITE_TEXT_PRESETS['Body-M']!);
    const bigger = editFont(preset, { size: 30 });
    expect(bigger).toMatchObject({ size: 30, preset: CUSTOM_PRESET, family: preset.family });
    expect(editFont(preset, { style: { bold: true } }).style).toEqual({ bold: true, italic: false, underline: false });
    expect(editFont(preset, { family: 'Georgia', cssFontFamily: 'Georgia, serif' })).toMatchObject({ family: 'Georgia', preset: CUSTOM_PRESET });
  });
});

describe('font families', () => {
  it('lists the site’s fonts first, each once, then the others', () => {
    const list = fontFamilies(DEFAULT_SITE_TEXT_PRESETS);
    expect(list.slice(0, 2).map((f) => [f.family, f.site])).toEqual([
      ['din-next-w01-light', true],
      ['avenir-lt-w01_35-light1475496', true],
    ]);
    expect(list[2]).toMatchObject({ family: 'Arial', site: false });
    expect(new Set(list.map((f) => f.family)).size).toBe(list.length);
  });
});

describe('family labels', () => {
  it('make the platform’s internal names readable and leave others alone', () => {
    expect(familyLabel('din-next-w01-light')).toBe('Din Next Light');
    expect(familyLabel('avenir-lt-w01_35-light1475496')).toBe('Avenir Lt Light');
    expect(familyLabel('Times New Roman')).toBe('Times New Roman');
  });
});
