import type { FontValue } from '../../api/schemas';
import type { SiteTextPresets } from '../../editor/EditorBridge';
import { Dropdown, type DropdownOption } from '../../ui/Dropdown';
import { fontCss } from '../../ui/fontCss';
import { Spinner } from '../../ui/Spinner';
import { ToggleButton } from '../../ui/ToggleButton';
import { CUSTOM_PRESET, useT, type FontEdit } from '../model';
import { familyLabel, fontFamilies } from './fontFamilies';
import { presetLabel } from './selectFont';

/** Spec §9: the default presets' sizes run from 10 to 80 px; the size spinner keeps to that range. */
const MIN_FONT_SIZE = 10;
const MAX_FONT_SIZE = 80;

export interface FontSettingsProps {
  font: FontValue;
  presets: SiteTextPresets;
  onPreset: (name: string) => void;
  onEdit: (edit: FontEdit) => void;
}

const STYLES = [
  ['bold', 'text.bold', 'B', { fontWeight: 700 }],
  ['italic', 'text.italic', 'I', { fontStyle: 'italic', fontFamily: 'Georgia, serif' }],
  ['underline', 'text.underline', 'U', { textDecoration: 'underline' }],
] as const;

/** The content of the font popup (287 px, spec §9): text style (site preset), family, size and style toggles. */
export function FontSettings({ font, presets, onPreset, onEdit }: FontSettingsProps) {
  const t = useT();
  const presetOptions: DropdownOption[] = Object.keys(presets).map((name) => ({ value: name, label: presetLabel(t, name) }));
  if (font.preset === CUSTOM_PRESET) presetOptions.push({ value: CUSTOM_PRESET, label: t('text.custom') });
  const families = fontFamilies(presets);
  const familyOptions: DropdownOption[] = families.map((f) => ({
    value: f.family,
    label: familyLabel(f.family),
    style: { fontFamily: f.cssFontFamily },
    group: f.site ? t('text.siteFonts') : t('text.otherFonts'),
  }));
  if (!families.some((f) => f.family === font.family)) familyOptions.unshift({ value: font.family, label: font.family, group: t('text.siteFonts') });

  return (
    <div className="dfw-font">
      <div className="dfw-font__row">
        <span className="dfw-font__label" aria-hidden="true">
          {t('text.preset')}
        </span>
        <Dropdown
          label={t('text.preset')}
          value={font.preset}
          options={presetOptions}
          onChange={(name) => (name === CUSTOM_PRESET ? undefined : onPreset(name))}
        />
      </div>
      <div className="dfw-font__row">
        <span className="dfw-font__label" aria-hidden="true">
          {t('text.family')}
        </span>
        <Dropdown
          label={t('text.family')}
          value={font.family}
          options={familyOptions}
          onChange={(family) => onEdit({ family, cssFontFamily: families.find((f) => f.family === family)?.cssFontFamily ?? family })}
        />
      </div>
      <div className="dfw-font__row">
        <span className="dfw-font__label" aria-hidden="true">
          {t('text.size')}
        </span>
        <Spinner
          label={t('text.size')}
          value={font.size}
          min={MIN_FONT_SIZE}
          max={MAX_FONT_SIZE}
          unit="px"
          incrementLabel={t('spinner.increase')}
          decrementLabel={t('spinner.decrease')}
          onChange={(size) => onEdit({ size })}
        />
      </div>
      <div className="dfw-font__row">
        <span className="dfw-font__label" aria-hidden="true">
          {t('text.style')}
        </span>
        <div className="dfw-font__toggles" role="group" aria-label={t('text.style')}>
          {STYLES.map(([key, label, glyph, style]) => (
            <ToggleButton key={key} label={t(label)} pressed={font.style[key]} onChange={(on) => onEdit({ style: { [key]: on } })}>
              <span style={style}>{glyph}</span>
            </ToggleButton>
          ))}
        </div>
      </div>
      <p className="dfw-font__sample" style={{ ...fontCss(font), fontSize: Math.min(font.size, 28) }} aria-hidden="true">
        Aa Bb Cc 123
      </p>
    </div>
  );
}
