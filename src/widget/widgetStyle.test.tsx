import { render, screen } from '@testing-library/react';
import { readUserModel, type UserModelInput } from '../api/schemas';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';
import { WidgetView } from './WidgetView';

const DOC = 'application/vnd.google-apps.document';
const model = (input: UserModelInput) =>
  readUserModel({ activeFileId: 'doc-1', activeFileTitle: 'Quarterly plan', activeFileMimeType: DOC, activeFilePerm: 'reader', ...input }).model;
const frameBox = () => screen.getByTitle('Quarterly plan').parentElement!;

describe('the widget draws the Design and Text settings', () => {
  it('corner radii, border width and colour, background and text colour', () => {
    render(
      <WidgetView
        viewMode="site"
        error={null}
        palette={DEFAULT_SITE_COLORS}
        model={model({
          cornerRadiusTopLeft: 4,
          cornerRadiusTopRight: 8,
          cornerRadiusBottomLeft: 12,
          cornerRadiusBottomRight: 16,
          borderWidth: 3,
          borderColor: 'color_18',
          backgroundColor: '#ffeeddcc',
          textColor: 'color_35',
        })}
      />,
    );
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
    const { rerender } = render(<WidgetView {...props} palette={DEFAULT_SITE_COLORS} />);
    expect(frameBox()).toHaveStyle({ background: '#C7C7C7' });
    rerender(<WidgetView {...props} palette={DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#00FF00' } : c))} />);
    expect(frameBox()).toHaveStyle({ background: '#00FF00' });
  });

  it('the title bar shows the file title in the chosen font, only when switched on', () => {
    const font = { size: 22, style: { bold: true, italic: true, underline: false }, family: 'Georgia', cssFontFamily: 'Georgia, serif', preset: 'Custom' };
    const { rerender } = render(<WidgetView viewMode="site" error={null} model={model({ titleBar: false, font })} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    rerender(<WidgetView viewMode="site" error={null} model={model({ titleBar: true, font, textColor: '#336699' })} />);
    expect(screen.getByRole('heading', { name: 'Quarterly plan' })).toHaveStyle({
      fontFamily: 'Georgia, serif',
      fontSize: '22px',
      fontWeight: '700',
      fontStyle: 'italic',
      color: '#336699',
    });
  });

  it('the embedded viewer gets the chosen language as its hl (Polish is pl)', () => {
    render(<WidgetView viewMode="site" error={null} model={model({ locale: 'PO' })} />);
    expect(screen.getByTitle('Quarterly plan')).toHaveAttribute('src', 'https://docs.google.com/document/d/doc-1/preview?hl=pl');
  });
});
