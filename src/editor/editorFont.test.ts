import { CUSTOM_PRESET, DEFAULT_FONT, type FontValue } from '../contract/font';
import { fontFromCss, fontToCss } from './editorFont';
import { defaultPresets } from './siteStyles';

const presets = defaultPresets();
const georgia: FontValue = {
  size: 20,
  style: { bold: true, italic: true, underline: true },
  family: 'Georgia',
  cssFontFamily: 'Georgia, "Times New Roman", serif',
  preset: CUSTOM_PRESET,
};

describe('the font the picker opens on', () => {
  it("is a site preset's theme font (var(--font_N, …)) when the model's font is that preset", () => {
    expect(fontToCss(DEFAULT_FONT, presets)).toEqual({ font: 'var(--font_8, 16px avenir-lt-w01_35-light1475496,sans-serif)' });
  });

  it('is a plain shorthand with its style and underline for a custom font', () => {
    expect(fontToCss(georgia, presets)).toEqual({ font: 'italic bold 20px Georgia,"Times New Roman",serif', textDecoration: 'underline' });
  });
});

describe("the picker's answer", () => {
  it("a theme font becomes the site preset it names, with the preset's family", () => {
    const font = fontFromCss({ font: 'var(--font_5, 28px "din-next-w01-light","sans-serif")' }, presets);
    expect(font).toEqual({
      size: 28,
      style: { bold: false, italic: false, underline: false },
      family: 'din-next-w01-light',
      cssFontFamily: 'din-next-w01-light,sans-serif',
      preset: 'Heading-M',
      fontStyleParam: false,
    });
  });

  it('a font of its own is custom, with bold, italic and underline read', () => {
    const font = fontFromCss({ font: 'italic bold 20px "Georgia","Times New Roman","serif"', textDecoration: 'underline' }, presets);
    expect(font).toMatchObject({
      size: 20,
      style: { bold: true, italic: true, underline: true },
      family: 'Georgia',
      cssFontFamily: 'Georgia,"Times New Roman",serif',
      preset: CUSTOM_PRESET,
    });
  });

  it('reads back what it opened on (the picker closed without a pick): the same font', () => {
    expect(fontFromCss(fontToCss(DEFAULT_FONT, presets), presets)).toEqual({ ...DEFAULT_FONT, style: { ...DEFAULT_FONT.style }, fontStyleParam: false });
  });

  it('a theme font the site has no preset for is custom', () => {
    expect(fontFromCss({ font: 'var(--font_42, 12px Arial)' }, presets)?.preset).toBe(CUSTOM_PRESET);
  });

  it.each([
    ['not an object', 'bold 12px Arial'],
    ['no font', { textDecoration: 'underline' }],
    ['no size in px', { font: 'bold 1.2em Arial' }],
    ['no family', { font: '12px ' }],
    ['a family that could break out of CSS', { font: '12px Arial;}body{display:none' }],
    ['a url in the family', { font: '12px url(https://evil.example/x)' }],
    ['a size the font rule refuses', { font: '5000px Arial' }],
    ['a zero size', { font: '0px Arial' }],
    ['an endless value', { font: `12px ${'a'.repeat(600)}` }],
  ])('is refused (null) when it is %s', (_case, answer) => {
    expect(fontFromCss(answer, presets)).toBeNull();
  });
});
