/**
 * @jest-environment node
 */
import { cssFamilyName, fontCss } from './fontCss';

const style = { bold: false, italic: false, underline: false };

describe('fontCss', () => {
  it('draws size, weight, slant and underline', () => {
    expect(fontCss({ size: 22, style: { bold: true, italic: true, underline: true }, family: 'Georgia', cssFontFamily: 'Georgia, serif' })).toEqual({
      fontFamily: 'Georgia, serif',
      fontSize: 22,
      fontWeight: 700,
      fontStyle: 'italic',
      textDecoration: 'underline',
    });
    expect(fontCss({ size: 12, style, family: 'Arial' })).toMatchObject({ fontWeight: 400, fontStyle: 'normal', textDecoration: 'none' });
  });

  it('falls back to the family name, quoted when needed, then sans-serif', () => {
    expect(fontCss({ size: 12, style, family: 'Times New Roman' }).fontFamily).toBe('"Times New Roman", sans-serif');
    expect(fontCss({ size: 12, style, family: 'din-next-w01-light', cssFontFamily: '' }).fontFamily).toBe('din-next-w01-light, sans-serif');
    expect(cssFamilyName('A "b"')).toBe('"A b"');
  });
});
