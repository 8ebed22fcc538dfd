import { isPaletteName, themeVariableParts } from '../../contract/colors';
import { useId, useRef, useState } from 'react';
import type { SiteColor } from '../../editor/EditorBridge';
import { ColorPicker } from '../../ui/ColorPicker';
import { parseCustomColor, resolveColor, type PaletteColor } from '../../ui/colorValue';
import { Popup } from '../../ui';
import { useT } from '../model';

export interface ColorFieldProps {
  label: string;
  value: string;
  palette: readonly SiteColor[];
  onChange: (value: string) => void;
  /** Given where the editor has a colour picker of its own: the button opens that one instead. */
  onEditorPick?: () => void;
  /** The editor's picker answered what the model cannot keep: said under the field. */
  unreadableAnswer?: string | null;
}

/** The shades the editor's own colour pickers offer: color_11 … color_35 (all colours if the palette has none). */
function swatchesOf(palette: readonly SiteColor[]): SiteColor[] {
  const shades = palette.filter((color) => Number(color.name.replace(/^color_/, '')) >= 11);
  return shades.length > 0 ? shades : [...palette];
}

/** A labelled colour row: a button showing the colour opens a popup with the site palette and a custom colour. */
export function ColorField({ label, value, palette, onChange, onEditorPick, unreadableAnswer }: ColorFieldProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const problemId = useId();
  const swatchLabel = (color: PaletteColor) => t('color.swatch', { number: color.name.replace(/^color_/, ''), hex: color.value });
  const variable = themeVariableParts(value);
  const custom = parseCustomColor(variable?.fallback ?? value);
  const current = isPaletteName(value)
    ? swatchLabel({ name: value, value: resolveColor(value, palette, '?') })
    : variable
      ? t('color.themeVariable', { name: variable.name, hex: custom?.hex ?? variable.fallback })
      : t('color.customValue', { hex: custom?.hex ?? value, percent: Math.round((custom?.opacity ?? 1) * 100) });

  return (
    <div className="dfw-field">
      <span className="dfw-field__label" aria-hidden="true">
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="dfw-color-button"
        aria-haspopup="dialog"
        aria-expanded={onEditorPick ? undefined : open}
        aria-label={t('color.current', { name: label, value: current })}
        aria-describedby={unreadableAnswer ? problemId : undefined}
        title={current}
        onClick={() => (onEditorPick ? onEditorPick() : setOpen((was) => !was))}
      >
        <span className="dfw-color-button__chip" style={{ background: resolveColor(value, palette) }} aria-hidden="true" />
      </button>
      {unreadableAnswer ? (
        <p id={problemId} className="dfw-alert" role="alert">
          {t('color.unreadable', { answer: unreadableAnswer })}
        </p>
      ) : null}
      <Popup open={open} onCancel={() => setOpen(false)} label={label} anchorRef={buttonRef} width={200}>
        <ColorPicker
          label={label}
          value={value}
          palette={swatchesOf(palette)}
          onChange={onChange}
          swatchLabel={swatchLabel}
          paletteLabel={t('color.siteColors')}
          customLabel={t('color.custom')}
          opacityLabel={t('color.opacity')}
          hexLabel={t('color.hex')}
          hexInvalidMessage={t('color.hexInvalid')}
        />
      </Popup>
    </div>
  );
}
