/**
 * What the published site shows: the chosen file, embedded, with the owner's corner radii and
 * border. In the editor the owner also sees why nothing shows, when nothing can.
 */
import type { CSSProperties } from 'react';
import type { UserModel } from '../api/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import { DEFAULT_SITE_COLORS } from '../editor/siteDefaults';
import { embedUrl } from '../drive/embed';
import { isValidFileId } from '../drive/fileId';
import { languageTag, toLanguage } from '../i18n/languages';
import { widgetText } from './widgetText';
import { frameStyle, titleBarStyle } from './widgetStyle';

export interface WidgetViewProps {
  model: UserModel | null;
  viewMode: ViewMode;
  error: string | null;
  /** The site palette that colour references are drawn with. */
  palette?: readonly SiteColor[];
  /** Language of the page's own sentences before the model (and its locale) is known. */
  locale?: string;
}

const note: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  padding: 16,
  font: '14px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  color: '#3b4a56',
  background: '#f4f6f8',
  border: '1px dashed #b8c4ce',
  borderRadius: 6,
  boxSizing: 'border-box',
};

/** Only the editor (and its preview) shows the owner's hints; outside any editor the page is a visitor's. */
export const isOwnerView = (viewMode: ViewMode): boolean => viewMode === 'editor' || viewMode === 'preview';

export function WidgetView({ model, viewMode, error, locale = 'en', palette = DEFAULT_SITE_COLORS }: WidgetViewProps) {
  const owner = isOwnerView(viewMode);
  const lang = model?.locale ?? locale;
  if (error)
    return owner ? (
      <div style={note} role="alert">
        {error}
      </div>
    ) : null;
  if (!model)
    return (
      <div style={note} aria-busy="true" role="status">
        {widgetText(lang, 'widget.loading')}
      </div>
    );
  if (!model.activeFileId || !model.activeFileMimeType || !isValidFileId(model.activeFileId)) {
    return owner ? <div style={note}>{widgetText(lang, 'widget.chooseFile')}</div> : null;
  }
  const isPrivate = model.activeFilePerm === 'none';
  if (isPrivate && !owner) return null;
  return (
    <main style={frameStyle(model, palette)}>
      {model.titleBar ? <h1 style={titleBarStyle(model, palette)}>{model.activeFileTitle}</h1> : null}
      <iframe
        title={model.activeFileTitle ?? widgetText(lang, 'widget.fileTitle')}
        src={embedUrl(model.activeFileId, model.activeFileMimeType, model.activeFilePerm, languageTag(toLanguage(model.locale)))}
        style={{ width: '100%', flex: '1 1 auto', minHeight: 0, border: 0, display: 'block' }}
        allow="autoplay; fullscreen"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {isPrivate ? (
        <p
          role="status"
          style={{
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
            font: '13px system-ui, sans-serif',
          }}
        >
          {widgetText(lang, 'widget.privateFile')}
        </p>
      ) : null}
    </main>
  );
}
