/**
 * How a file shows in the widget (issue 20): which kinds can be part of the page (a document as
 * clean HTML, a spreadsheet as tables, an image as a responsive picture, plain text and Markdown as text,
 * a PDF and a presentation as their pages' images with their text), and how tall the
 * drive's viewer is when it must be used. The widget, the server and the panel ask these.
 */
import type { DisplayMode } from '../contract/userModelFields';
import { fileKind } from './rules';

export type NativeKind = 'document' | 'sheet' | 'image' | 'text' | 'pdf' | 'slides';

const NATIVE_DOCUMENT = 'application/vnd.google-apps.document';
const NATIVE_SPREADSHEET = 'application/vnd.google-apps.spreadsheet';
const NATIVE_PRESENTATION = 'application/vnd.google-apps.presentation';
const PDF = 'application/pdf';
const TEXT_TYPES = ['text/plain', 'text/markdown', 'text/x-markdown'];

/** The kind of native content a file can be shown as, or null when only the drive's viewer shows it. */
export function nativeKindOf(mimeType: string | null): NativeKind | null {
  if (!mimeType) return null;
  if (mimeType === NATIVE_DOCUMENT) return 'document';
  if (mimeType === NATIVE_SPREADSHEET) return 'sheet';
  if (mimeType === NATIVE_PRESENTATION) return 'slides';
  if (mimeType === PDF) return 'pdf';
  if (TEXT_TYPES.includes(mimeType)) return 'text';
  if (fileKind(mimeType) === 'image') return 'image';
  return null;
}

/** Whether the owner's choice and the file's kind show the file as part of the page. */
export function showsNatively(display: DisplayMode, mimeType: string | null): boolean {
  return display === 'page' && nativeKindOf(mimeType) !== null;
}

/** A PDF page's height to its width (US Letter; A4 is 1.414), the viewer's toolbar aside. */
const PDF_PAGE_RATIO = 11 / 8.5;
/** The viewer's own toolbar above a PDF or a slide deck, px. */
const VIEWER_CHROME_PX = 56;

/**
 * The viewer's automatic height for a frame `width` px wide: 16:9 for slides and video, the page's
 * ratio for a PDF; null for other kinds (they fill the widget's frame as the editor sized it).
 */
export function automaticViewerHeight(mimeType: string | null, width: number): number | null {
  if (!mimeType || !(width > 0)) return null;
  const kind = fileKind(mimeType);
  if (kind === 'presentation' || kind === 'video') return Math.round((width * 9) / 16 + (kind === 'presentation' ? VIEWER_CHROME_PX : 0));
  if (kind === 'pdf') return Math.round(width * PDF_PAGE_RATIO + VIEWER_CHROME_PX);
  return null;
}
