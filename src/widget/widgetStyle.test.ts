/** The Design and Text settings, drawn as the owner's widget page draws the widget (drawingDom.ts). */
import { screen } from '@testing-library/react';
import { drawnWidget } from '../../test/helpers/drawnWidget';
import { readUserModel, type UserModelInput } from '../api/schemas';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';

const DOC = 'application/vnd.google-apps.document';
const model = (input: UserModelInput) =>
  readUserModel({ activeFileId: 'doc-1', activeFileTitle: 'Quarterly plan', activeFileMimeType: DOC, activeFilePerm: 'reader', ...input }).model;
const frameBox = () => screen.getByTitle('Quarterly plan').parentElement!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the widget draws the Design and Text settings', () => {
  it('corner radii, border width and colour, background and text colour', () => {
    drawnWidget().draw({
      viewMode: 'site',
      error: null,
      palette: DEFAULT_SITE_COLORS,
      model: model({
        cornerRadiusTopLeft: 4,
        cornerRadiusTopRight: 8,
        cornerRadiusBottomLeft: 12,
        cornerRadiusBottomRight: 16,
        borderWidth: 3,
        borderColor: 'color_18',
        backgroundColor: '#ffeeddcc',
        textColor: 'color_35',
      }),
    });
    expect(frameBox()).toHaveStyle({
      borderTopLeftRadius: '4px',
      borderTopRightRadius: '8px',
      borderBottomLeftRadius: '12px',
      borderBottomRightRadius: '16px',
      border: '3px solid #0088CB',
      background: '#ffeeddcc',
      color: '#143F23',
    });
  });

  it('a palette reference follows a new palette', () => {
    const props = { viewMode: 'site' as const, error: null, model: model({ backgroundColor: 'color_13' }) };
    const { draw } = drawnWidget();
    draw({ ...props, palette: DEFAULT_SITE_COLORS });
    expect(frameBox()).toHaveStyle({ background: '#C7C7C7' });
    const frame = screen.getByTitle('Quarterly plan');
    draw({ ...props, palette: DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c)) });
    expect(frameBox()).toHaveStyle({ background: '#00FF00' });
    // Drawn again in place: the viewer is not reloaded.
    expect(screen.getByTitle('Quarterly plan')).toBe(frame);
  });

  it('the title bar shows the file title in the chosen font, only when switched on', () => {
    const font = { size: 22, style: { bold: true, italic: true, underline: false }, family: 'Georgia', cssFontFamily: 'Georgia, serif', preset: 'Custom' };
    const { draw } = drawnWidget();
    draw({ viewMode: 'site', error: null, model: model({ titleBar: false, font }) });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    draw({ viewMode: 'site', error: null, model: model({ titleBar: true, font, textColor: '#336699' }) });
    expect(screen.getByRole('heading', { name: 'Quarterly plan' })).toHaveStyle({
      fontFamily: 'Georgia, serif',
      fontSize: '22px',
      fontWeight: '700',
      fontStyle: 'italic',
      color: '#336699',
    });
  });

  it('the embedded viewer gets the chosen language as its hl (Polish is pl)', () => {
    drawnWidget().draw({ viewMode: 'site', error: null, model: model({ locale: 'PO' }) });
    expect(screen.getByTitle('Quarterly plan')).toHaveAttribute('src', 'https://docs.google.com/document/d/doc-1/preview?hl=pl');
  });
});

describe('before the site’s palette has answered (and on the server)', () => {
  it('palette references draw with the colours saved with the model; others with the default palette', () => {
    drawnWidget().draw({
      viewMode: 'site',
      error: null,
      model: model({
        borderWidth: 2,
        borderColor: 'color_18',
        backgroundColor: 'color_13',
        textColor: 'color_35',
        paletteColors: { color_18: '#123456', color_13: '#abcdef' },
      }),
    });
    expect(frameBox()).toHaveStyle({ border: '2px solid #123456', background: '#abcdef', color: '#143F23' });
  });

  it('the site’s palette, once given, wins over the saved colours', () => {
    const palette = DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c));
    drawnWidget().draw({ viewMode: 'site', error: null, palette, model: model({ backgroundColor: 'color_13', paletteColors: { color_13: '#abcdef' } }) });
    expect(frameBox()).toHaveStyle({ background: '#00FF00' });
  });

  it('saved colours are read only as palette references with hex colours, in order of name', () => {
    expect(readUserModel({ paletteColors: { color_18: '#123456', color_13: '#ABCDEF80' } }).model.paletteColors).toEqual({
      color_13: '#ABCDEF80',
      color_18: '#123456',
    });
    expect(Object.keys(readUserModel({ paletteColors: { color_18: '#123456', color_13: '#abcdef' } }).model.paletteColors)).toEqual(['color_13', 'color_18']);
    for (const bad of [{ color_99: '#123456' }, { color_13: 'red' }, { color_13: 'url(x)' }, { background: '#123456' }, ['#123456'], 'color_13', null]) {
      const { model: read, invalid } = readUserModel({ paletteColors: bad });
      expect(read.paletteColors).toEqual({});
      expect(invalid).toEqual(['paletteColors']);
    }
  });
});
