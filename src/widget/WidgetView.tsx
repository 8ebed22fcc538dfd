/**
 * What the published site shows: the chosen file, embedded, with the owner's corner radii and
 * border. In the editor the owner also sees why nothing shows, when nothing can, in the language
 * the owner chose for the widget.
 */
import type { CSSProperties } from 'react';
import type { UserModel } from '../contract/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import { embedUrl } from '../drive/embed';
import { isValidFileId } from '../contract/fileId';
import { languageTag, toLanguage } from '../i18n/languages';
import { createTextTranslator } from '../i18n/textTranslator';
import type { Translator } from '../i18n/translator';
import { en, type WidgetSource } from '../i18n/widget/en';
import type { WidgetError } from './widgetController';
import { frameStyle, savedPalette, titleBarStyle } from './widgetStyle';

export interface WidgetViewProps {
  model: UserModel | null;
  viewMode: ViewMode;
  error: WidgetError | null;
  /** Words in the owner's chosen language; English when not given. */
  i18n?: Translator<WidgetSource>;
  /** The site palette that colour references are drawn with; until it is known, the model's saved colours. */
  palette?: readonly SiteColor[] | null;
}

const text = (i18n: Translator<WidgetSource>): CSSProperties => ({
  // The system's UI font; with the note's `lang`, the browser takes the language's own system font
  // for Han, kana and Hangul (Japanese shapes for Japanese). The panel names its fonts (src/i18n/fonts.ts).
  fontFamily: 'system-ui, sans-serif',
  overflowWrap: 'anywhere',
  lineBreak: 'strict',
  // Korean breaks between words, as its spaces mean; Japanese may break between characters.
  wordBreak: i18n.language === 'ko' ? 'keep-all' : undefined,
});

const note = (i18n: Translator<WidgetSource>): CSSProperties => ({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  padding: 16,
  fontSize: 14,
  color: '#3b4a56',
  background: '#f4f6f8',
  border: '1px dashed #b8c4ce',
  borderRadius: 6,
  boxSizing: 'border-box',
  ...text(i18n),
});

const privateNote = (i18n: Translator<WidgetSource>): CSSProperties => ({
  position: 'absolute',
  left: 8,
  right: 8,
  bottom: 8,
  margin: 0,
  padding: '6px 10px',
  background: '#fff4e5',
  color: '#6b3d00',
  border: '1px solid #f0c98a',
  borderRadius: 4,
  fontSize: 13,
  ...text(i18n),
});

/** English, the source: the widget's words until its language's chunk is in (and on its own, in tests). */
const ENGLISH = createTextTranslator<WidgetSource>('en', en);

/** Only the editor (and its preview) shows the owner's hints; outside any editor the page is a visitor's. */
export const isOwnerView = (viewMode: ViewMode): boolean => viewMode === 'editor' || viewMode === 'preview';

export function WidgetView({ model, viewMode, error, i18n = ENGLISH, palette }: WidgetViewProps) {
  const { t } = i18n;
  const owner = isOwnerView(viewMode);
  if (error)
    return owner ? (
      <div style={note(i18n)} lang={i18n.tag} role="alert">
        {t('widget.loadFailed')}
      </div>
    ) : null;
  if (!model)
    return (
      <div style={note(i18n)} lang={i18n.tag} aria-busy="true" role="status">
        {t('widget.loading')}
      </div>
    );
  if (!model.activeFileId || !model.activeFileMimeType || !isValidFileId(model.activeFileId)) {
    return owner ? (
      <div style={note(i18n)} lang={i18n.tag}>
        {t('widget.chooseFile')}
      </div>
    ) : null;
  }
  const isPrivate = model.activeFilePerm === 'none';
  if (isPrivate && !owner) return null;
  // The drive's viewer follows the owner's chosen language, as the stored code's BCP 47 tag.
  const hl = languageTag(toLanguage(model.locale));
  const colors = palette ?? savedPalette(model);
  return (
    <main style={frameStyle(model, colors)}>
      {model.titleBar ? <h1 style={titleBarStyle(model, colors)}>{model.activeFileTitle}</h1> : null}
      <iframe
        title={model.activeFileTitle ?? t('widget.fileTitle')}
        src={embedUrl(model.activeFileId, model.activeFileMimeType, model.activeFilePerm, hl)}
        style={{ width: '100%', flex: '1 1 auto', minHeight: 0, border: 0, display: 'block' }}
        allow="autoplay; fullscreen"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {isPrivate ? (
        <p role="status" lang={i18n.tag} style={privateNote(i18n)}>
          {t('widget.privateFile')}
        </p>
      ) : null}
    </main>
  );
}
