/**
 * What the published site shows: the chosen file, embedded, with the owner's corner radii and
 * border. In the editor the owner also sees why nothing shows, when nothing can, in the language
 * the owner chose for the widget.
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import { createTextTranslator } from '../i18n/textTranslator';
import type { Translator } from '../i18n/translator';
import { en, type WidgetSource } from '../i18n/widget/en';
import { noteRole, widgetContent } from './widgetContent';
import { frameStyle, savedPalette, titleBarStyle } from './widgetStyle';
import { note, privateNote } from './widgetNoteStyle';

/**
 * What went wrong, as a code: the view turns it into words in the owner's language. Here, not in
 * the controller, so the server's rendering of the view reaches no client code.
 */
export type WidgetError = 'loadFailed';

export interface WidgetViewProps {
  model: UserModel | null;
  viewMode: ViewMode;
  error: WidgetError | null;
  /** Words in the owner's chosen language; English when not given. */
  i18n?: Translator<WidgetSource>;
  /** The site palette that colour references are drawn with; until it is known, the model's saved colours. */
  palette?: readonly SiteColor[] | null;
}

/** English, the source: the widget's words until its language's chunk is in (and on its own, in tests). */
const ENGLISH = createTextTranslator<WidgetSource>('en', en);

export function WidgetView({ model, viewMode, error, i18n = ENGLISH, palette }: WidgetViewProps) {
  const { t } = i18n;
  const content = widgetContent(model, viewMode, error);
  if (!content) return null;
  if (typeof content === 'string')
    return (
      <div style={note(i18n)} lang={i18n.tag} role={noteRole(content)} aria-busy={content === 'widget.loading' || undefined}>
        {t(content)}
      </div>
    );
  // A file's content comes only with a model.
  if (!model) return null;
  const colors = palette ?? savedPalette(model);
  return (
    <main style={frameStyle(model, colors)}>
      {model.titleBar ? <h1 style={titleBarStyle(model, colors)}>{model.activeFileTitle}</h1> : null}
      <iframe
        title={model.activeFileTitle ?? t('widget.fileTitle')}
        src={content.url}
        style={{ width: '100%', flex: '1 1 auto', minHeight: 0, border: 0, display: 'block' }}
        allow="autoplay; fullscreen"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {content.privateNote ? (
        <p role="status" lang={i18n.tag} style={privateNote(i18n)}>
          {t('widget.privateFile')}
        </p>
      ) : null}
    </main>
  );
}
