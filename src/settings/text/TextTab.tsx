/** The Text tab: the title bar's font (a popup 287 px wide, spec §9) and the widget's language. */
import { useRef, useState } from 'react';
import {
  editorFontPickRequested,
  fontEdited,
  fontPresetChosen,
  selectEditorFontPicker,
  selectPresets,
  useUserModelFields,
  useAppDispatch,
  useAppSelector,
  userActions,
  useSentences,
  useT,
} from '../model';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { languageTag, LANGUAGES } from '../../i18n/languages';
import { Dropdown } from '../../ui/Dropdown';
import { Popup } from '../../ui';
import { familyLabel } from './fontFamilies';
import { FontSettings } from './FontPopup';
import { effectiveFont, fontProblemText, presetLabel } from './selectFont';
import { selectFontError, textActions } from './textSlice';

/** Spec §9: the font settings popup is 287 px wide. */
const FONT_POPUP_WIDTH = 287;

const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code], lang: languageTag(code) }));

export function TextTab() {
  const dispatch = useAppDispatch();
  const t = useT();
  const sentences = useSentences();
  const { font: savedFont, locale } = useUserModelFields('font', 'locale');
  const presets = useAppSelector(selectPresets);
  const fontError = useAppSelector(selectFontError);
  // In the current editor the site's fonts are the editor's: its own picker opens instead of the popup.
  const editorPicks = useAppSelector(selectEditorFontPicker);
  const font = effectiveFont(savedFont, presets);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const presetName = presetLabel(t, font.preset);
  const summary = t('text.fontSummary', { preset: presetName, family: familyLabel(font.family), size: font.size });

  return (
    <div className="dfw-tab">
      <section className="dfw-card" aria-labelledby="dfw-font-heading">
        <h2 id="dfw-font-heading" className="dfw-section-title">
          {t('text.font')}
        </h2>
        <div className="dfw-font-row">
          <button
            ref={buttonRef}
            type="button"
            className="dfw-button"
            aria-haspopup="dialog"
            aria-expanded={editorPicks ? undefined : open}
            aria-describedby="dfw-font-summary"
            onClick={() => (editorPicks ? dispatch(editorFontPickRequested({ font })) : setOpen((was) => !was))}
          >
            {t('text.fontSettings')}
          </button>
          <span id="dfw-font-summary" className="dfw-font-summary">
            {summary}
          </span>
        </div>
        {fontError ? (
          <div role="alert" className="dfw-alert">
            {sentences(t('text.fontError', { detail: fontError.detail }), fontProblemText(t, fontError.problem))}
            <button type="button" className="dfw-button" onClick={() => dispatch(textActions.fontErrorDismissed())}>
              {t('common.dismiss')}
            </button>
          </div>
        ) : null}
        <Popup open={open} onCancel={() => setOpen(false)} label={t('text.fontSettings')} anchorRef={buttonRef} width={FONT_POPUP_WIDTH}>
          <FontSettings
            font={font}
            presets={presets}
            onPreset={(name) => {
              const preset = presets[name];
              if (preset) dispatch(fontPresetChosen({ name, preset }));
            }}
            onEdit={(edit) => dispatch(fontEdited({ font, edit }))}
          />
          <div className="dfw-popup-actions">
            <button type="button" className="dfw-button dfw-button--primary" onClick={() => setOpen(false)}>
              {t('text.done')}
            </button>
          </div>
        </Popup>
      </section>
      <section className="dfw-card" aria-labelledby="dfw-language-heading">
        <h2 id="dfw-language-heading" className="dfw-section-title">
          {t('text.language')}
        </h2>
        <div className="dfw-field">
          <Dropdown label={t('text.language')} value={locale} options={LANGUAGE_OPTIONS} onChange={(code) => dispatch(userActions.localeChanged(code))} />
        </div>
        <p className="dfw-hint">{t('text.languageHint')}</p>
      </section>
    </div>
  );
}
