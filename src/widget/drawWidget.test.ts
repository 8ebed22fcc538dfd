/**
 * What the widget shows, drawn in plain DOM as the owner's widget page draws it (drawingDom.ts):
 * the file, a hint or a failure for the owner, nothing for a visitor who may see nothing.
 */
import { screen } from '@testing-library/react';
import { drawnWidget, type DrawnInput } from '../../test/helpers/drawnWidget';
import { parseUserModel } from '../api/parseUserModel';
import type { UserModel, UserModelInput } from '../contract/userModel';
import { embedUrl } from '../drive/embed';

const DOC = 'application/vnd.google-apps.document';
const PDF = 'application/pdf';
const model = (input: UserModelInput = {}): UserModel => parseUserModel(input);
const sharedDoc = model({ activeFileId: 'doc-1', activeFileTitle: 'Quarterly plan', activeFileMimeType: DOC, activeFilePerm: 'writer', locale: 'De' });
const privatePdf = model({ activeFileId: 'pdf-1', activeFileTitle: 'Annual report.pdf', activeFileMimeType: PDF, activeFilePerm: 'none' });

const HINT = /choose a file from your drive/i;

afterEach(() => {
  document.body.innerHTML = '';
});

/** The widget drawn into a box of the document. */
const render = (input: DrawnInput) => ({ container: drawnWidget().draw(input) });

describe('no file chosen', () => {
  it('in the editor, hints the owner to choose a file', () => {
    render({ model: model(), viewMode: 'editor', error: null });
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(screen.queryByTitle(/./)).toBeNull();
  });

  it('on the site, shows nothing', () => {
    const { container } = render({ model: model(), viewMode: 'site', error: null });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a busy status while the model loads', () => {
    render({ model: null, viewMode: 'site', error: null });
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('a chosen file', () => {
  it.each(['editor', 'site', 'preview'] as const)('in %s mode, embeds it in an iframe titled with the file title', (viewMode) => {
    render({ model: sharedDoc, viewMode, error: null });
    const frame = screen.getByTitle('Quarterly plan');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', embedUrl('doc-1', DOC, 'writer', 'de'));
    expect(frame).toHaveAttribute('src', 'https://docs.google.com/document/d/doc-1/edit?hl=de');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('a title that looks like HTML stays text', () => {
    const tricky = model({ ...sharedDoc, activeFileTitle: '<img src=x onerror=alert(1)>' });
    const { container } = render({ model: tricky, viewMode: 'site', error: null });
    expect(screen.getByTitle('<img src=x onerror=alert(1)>').tagName).toBe('IFRAME');
    expect(container.querySelector('img')).toBeNull();
  });

  it('applies the four corner radii to the frame box', () => {
    const rounded = model({ ...sharedDoc, cornerRadiusTopLeft: 4, cornerRadiusTopRight: 8, cornerRadiusBottomLeft: 12, cornerRadiusBottomRight: 16 });
    render({ model: rounded, viewMode: 'site', error: null });
    const box = screen.getByTitle('Quarterly plan').parentElement!;
    expect(box).toHaveStyle({
      borderTopLeftRadius: '4px',
      borderTopRightRadius: '8px',
      borderBottomLeftRadius: '12px',
      borderBottomRightRadius: '16px',
      overflow: 'hidden',
    });
  });
});

describe('a private file', () => {
  it('on the site, renders nothing', () => {
    const { container } = render({ model: privatePdf, viewMode: 'site', error: null });
    expect(container).toBeEmptyDOMElement();
  });

  it('in the editor, embeds it and warns the owner with a status', () => {
    render({ model: privatePdf, viewMode: 'editor', error: null });
    expect(screen.getByTitle('Annual report.pdf')).toHaveAttribute('src', 'https://drive.google.com/file/d/pdf-1/preview?hl=en');
    expect(screen.getByRole('status')).toHaveTextContent(/private/i);
  });
});

describe('errors', () => {
  const error = 'loadFailed' as const;

  it('in the editor, shows the error as an alert', () => {
    render({ model: sharedDoc, viewMode: 'editor', error });
    expect(screen.getByRole('alert')).toHaveTextContent('The file could not be loaded. It will show again once the connection is back.');
    expect(screen.queryByTitle('Quarterly plan')).toBeNull();
  });

  it('on the site, shows nothing', () => {
    const { container } = render({ model: sharedDoc, viewMode: 'site', error });
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
