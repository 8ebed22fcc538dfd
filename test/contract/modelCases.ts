/**
 * One table of saved-model changes, good and bad, with the one verdict the contract gives each.
 * The panel (its reducers, as the owner's controls and the drive's answers drive them), the mock
 * backend's save and the server's save are each run through it (panelVerdict.test.ts,
 * mirageVerdict.test.ts, server/test/contractVerdict.test.ts) and must all give that verdict.
 */
import type { UserModel } from '../../src/contract/userModel';

export interface ModelCase {
  name: string;
  /** The fields changed from the defaults, as the client would send them. */
  change: Partial<Record<keyof UserModel, unknown>>;
  verdict: 'accepted' | 'refused';
}

const FONT = { size: 18, style: { bold: true, italic: false, underline: false }, family: 'Georgia', cssFontFamily: 'Georgia, serif', preset: 'Custom' };
const file = (over: Record<string, unknown>) => ({
  activeFileId: 'file-1',
  activeFileTitle: 'Plan',
  activeFileMimeType: 'application/pdf',
  activeFilePerm: 'reader',
  ...over,
});

export const MODEL_CASES: readonly ModelCase[] = [
  { name: 'a custom font', change: { font: FONT }, verdict: 'accepted' },
  { name: 'a site text preset of 0 px', change: { font: { ...FONT, size: 0, preset: 'Body-M' } }, verdict: 'refused' },
  { name: 'a site text preset without a name', change: { font: { ...FONT, preset: '' } }, verdict: 'refused' },
  { name: 'a font of 1001 px', change: { font: { ...FONT, size: 1001 } }, verdict: 'refused' },
  { name: 'a font with a size given as text', change: { font: { ...FONT, size: '18' } }, verdict: 'refused' },
  { name: 'a font without a family', change: { font: { ...FONT, family: ' ' } }, verdict: 'refused' },
  { name: 'a font whose bold flag is text', change: { font: { ...FONT, style: { bold: 'yes', italic: false, underline: false } } }, verdict: 'refused' },
  { name: 'a font family holding NUL', change: { font: { ...FONT, family: 'Geor\u0000gia' } }, verdict: 'refused' },
  { name: 'palette colour color_11', change: { textColor: 'color_11' }, verdict: 'accepted' },
  { name: 'palette colour color_5', change: { borderColor: 'color_5' }, verdict: 'accepted' },
  { name: 'palette colour color_7 (not a palette name)', change: { textColor: 'color_7' }, verdict: 'refused' },
  { name: 'palette colour color_36', change: { backgroundColor: 'color_36' }, verdict: 'refused' },
  { name: 'a custom colour with opacity', change: { backgroundColor: '#11223380' }, verdict: 'accepted' },
  { name: 'a CSS injection as a colour', change: { borderColor: 'red; background: url(x)' }, verdict: 'refused' },
  { name: 'a theme variable with its fallback', change: { textColor: 'var(--wst-primary-color, #116dff)' }, verdict: 'accepted' },
  { name: 'a theme variable without a fallback', change: { textColor: 'var(--wst-primary-color)' }, verdict: 'refused' },
  { name: 'a theme variable whose fallback is no hex colour', change: { textColor: 'var(--x, red)' }, verdict: 'refused' },
  { name: 'a CSS injection in a theme variable', change: { borderColor: 'var(--x, #fff); background: url(x)' }, verdict: 'refused' },
  { name: 'a theme variable spelled in capitals', change: { borderColor: 'var(--X, #FFF)' }, verdict: 'refused' },
  { name: 'border width 20', change: { borderWidth: 20 }, verdict: 'accepted' },
  { name: 'border width 21', change: { borderWidth: 21 }, verdict: 'refused' },
  { name: 'border width -1', change: { borderWidth: -1 }, verdict: 'refused' },
  { name: 'corner radius 100', change: { cornerRadiusTopLeft: 100 }, verdict: 'accepted' },
  { name: 'corner radius 101', change: { cornerRadiusBottomRight: 101 }, verdict: 'refused' },
  { name: 'a negative corner radius', change: { cornerRadiusTopRight: -4 }, verdict: 'refused' },
  { name: 'locale de', change: { locale: 'de' }, verdict: 'accepted' },
  { name: 'an empty locale', change: { locale: '' }, verdict: 'refused' },
  { name: 'a locale that is not a language code', change: { locale: 'en; drop' }, verdict: 'refused' },
  { name: "shown in the drive's viewer", change: { display: 'viewer' }, verdict: 'accepted' },
  { name: 'an unknown display', change: { display: 'inline' }, verdict: 'refused' },
  { name: 'a viewer 600 px tall', change: { viewerHeight: 600 }, verdict: 'accepted' },
  { name: 'a viewer 99 px tall', change: { viewerHeight: 99 }, verdict: 'refused' },
  { name: 'a viewer 4001 px tall', change: { viewerHeight: 4001 }, verdict: 'refused' },
  { name: 'a viewer height given as text', change: { viewerHeight: '600' }, verdict: 'refused' },
  { name: 'the document keeps its own look', change: { keepDocumentLook: true }, verdict: 'accepted' },
  { name: 'a presentation one slide at a time', change: { slideView: 'one' }, verdict: 'accepted' },
  { name: 'an unknown slide view', change: { slideView: 'grid' }, verdict: 'refused' },
  { name: 'a slide view given as a number', change: { slideView: 1 }, verdict: 'refused' },
  { name: 'an active file', change: file({}), verdict: 'accepted' },
  { name: 'an active file id ".."', change: file({ activeFileId: '..' }), verdict: 'refused' },
  { name: 'an active file id holding "/"', change: file({ activeFileId: 'a/b' }), verdict: 'refused' },
  { name: 'a file title holding NUL', change: file({ activeFileTitle: 'a\u0000b' }), verdict: 'refused' },
  { name: 'a file title holding a lone surrogate', change: file({ activeFileTitle: 'x\ud800y' }), verdict: 'refused' },
  { name: 'a file title of 1001 characters', change: file({ activeFileTitle: 'x'.repeat(1001) }), verdict: 'refused' },
  { name: 'an unknown public role', change: file({ activeFilePerm: 'owner' }), verdict: 'refused' },
  {
    name: 'a folder trail two deep',
    change: {
      breadcrumb: [
        { id: 'root', title: 'My Drive' },
        { id: 'folder-1', title: 'Plans' },
      ],
    },
    verdict: 'accepted',
  },
  {
    name: 'a folder trail with a bad folder id',
    change: {
      breadcrumb: [
        { id: 'root', title: 'My Drive' },
        { id: '.', title: 'Here' },
      ],
    },
    verdict: 'refused',
  },
];

/** The model a client sends for a case: the defaults with the case's change. */
export function modelWith(base: UserModel, change: ModelCase['change']): Record<string, unknown> {
  return { ...base, ...change };
}
