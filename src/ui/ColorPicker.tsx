import { isPaletteName } from '../contract/colors';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatCustomColor, parseCustomColor, resolveColor, type PaletteColor } from './colorValue';
import { Input } from './Input';
import { Slider } from './Slider';
import { cx, tokens, useInjectedStyles } from './styles';

export interface ColorPickerProps {
  /** Accessible name of the whole picker, e.g. "Border colour". */
  label: string;
  /** A palette reference (`color_11`) or a custom `#rrggbbaa`. */
  value: string;
  onChange: (value: string) => void;
  /** The site palette, shown as swatches in rows of `columns`. */
  palette: readonly PaletteColor[];
  columns?: number;
  /** Accessible name of a swatch. Default: "Site colour 11, #FFFFFF". */
  swatchLabel?: (color: PaletteColor) => string;
  paletteLabel?: string;
  customLabel?: string;
  opacityLabel?: string;
  hexLabel?: string;
  hexInvalidMessage?: string;
  className?: string;
}

const CSS = `
.ui-color { display: grid; gap: 8px; }
.ui-color__swatches { display: grid; gap: 4px; justify-content: start; }
.ui-color__swatch { width: 22px; height: 22px; padding: 0; border: 1px solid rgba(0, 0, 0, .18); border-radius: 4px; cursor: pointer; }
.ui-color__swatch[aria-checked="true"] { box-shadow: 0 0 0 2px ${tokens.surface}, 0 0 0 4px ${tokens.accent}; }
.ui-color__swatch:focus-visible { outline: 2px solid ${tokens.accentStrong}; outline-offset: 3px; }
.ui-color__custom { display: flex; align-items: center; gap: 8px; }
.ui-color__input { width: 34px; height: 26px; padding: 1px; border: 1px solid ${tokens.border}; border-radius: 4px; background: ${tokens.surface}; cursor: pointer; }
.ui-color__input:focus-visible { outline: 2px solid ${tokens.focus}; }
.ui-color__custom-label { color: ${tokens.muted}; font-size: 12px; }
.ui-color__percent { width: 36px; text-align: right; color: ${tokens.muted}; font-size: 12px; font-variant-numeric: tabular-nums; }
`;

const defaultSwatchLabel = (color: PaletteColor) => `Site colour ${color.name.replace(/^color_/, '')}, ${color.value}`;

/**
 * The site palette as swatches (a radio group: one tab stop, arrows move in the grid and choose,
 * as the radio pattern does), plus a custom colour and its opacity. A chosen swatch is stored as
 * its reference, so it follows a palette change.
 */
export function ColorPicker({
  label,
  value,
  onChange,
  palette,
  columns = 5,
  swatchLabel = defaultSwatchLabel,
  paletteLabel = 'Site colours',
  customLabel = 'Custom colour',
  opacityLabel = 'Opacity',
  hexLabel = 'Hex code',
  hexInvalidMessage = 'Enter a colour such as #1a2b3c.',
  className,
}: ColorPickerProps) {
  useInjectedStyles('color-picker', CSS);
  const swatchRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const checked = palette.findIndex((color) => color.name === value);
  const custom = parseCustomColor(isPaletteName(value) ? resolveColor(value, palette, '#000000') : value) ?? { hex: '#000000', opacity: 1 };
  const focusable = checked >= 0 ? checked : 0;

  const onSwatchKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = swatchTarget(event.key, index, palette.length, columns);
    const color = next === undefined ? undefined : palette[next];
    if (next === undefined || !color) return;
    event.preventDefault();
    swatchRefs.current[next]?.focus();
    onChange(color.name);
  };

  return (
    <div role="group" aria-label={label} className={cx('ui-color', className)}>
      <div role="radiogroup" aria-label={paletteLabel} className="ui-color__swatches" style={{ gridTemplateColumns: `repeat(${columns}, 22px)` }}>
        {palette.map((color, index) => (
          <button
            key={color.name}
            ref={(node) => {
              swatchRefs.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={index === checked}
            aria-label={swatchLabel(color)}
            title={swatchLabel(color)}
            tabIndex={index === focusable ? 0 : -1}
            className="ui-color__swatch"
            style={{ background: color.value }}
            onClick={() => onChange(color.name)}
            onKeyDown={(event) => onSwatchKey(event, index)}
          />
        ))}
      </div>
      <div className="ui-color__custom">
        <input
          type="color"
          className="ui-color__input"
          aria-label={customLabel}
          title={customLabel}
          value={custom.hex}
          onChange={(event) => onChange(formatCustomColor({ hex: event.target.value, opacity: custom.opacity }))}
        />
        <Slider
          label={opacityLabel}
          value={Math.round(custom.opacity * 100)}
          valueText={`${Math.round(custom.opacity * 100)}%`}
          onChange={(percent) => onChange(formatCustomColor({ hex: custom.hex, opacity: percent / 100 }))}
        />
        <span className="ui-color__percent" aria-hidden="true">
          {Math.round(custom.opacity * 100)}%
        </span>
      </div>
      <HexField
        label={hexLabel}
        invalidMessage={hexInvalidMessage}
        hex={custom.hex}
        onHex={(hex) => onChange(formatCustomColor({ hex, opacity: custom.opacity }))}
      />
    </div>
  );
}

/** The swatch a key moves to in a grid of `columns` (wrapping), or undefined for other keys. */
function swatchTarget(key: string, index: number, count: number, columns: number): number | undefined {
  const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
  if (key in moves) return (index + (moves[key] ?? 0) + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** `1a2b3c`, `#1A2B3C` or `#abc` as `#rrggbb`; null for anything else. */
function typedHex(text: string): string | null {
  const trimmed = text.trim();
  return parseCustomColor(trimmed.startsWith('#') ? trimmed : `#${trimmed}`)?.hex ?? null;
}

/** The custom colour as a typed hex code: applied as soon as it is valid, said to be invalid otherwise. */
function HexField({ label, invalidMessage, hex, onHex }: { label: string; invalidMessage: string; hex: string; onHex: (hex: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      label={label}
      className="ui-color__hex"
      value={draft ?? hex}
      spellCheck={false}
      validate={(text) => (typedHex(text) ? null : invalidMessage)}
      onChange={(text) => {
        setDraft(text);
        const valid = typedHex(text);
        if (valid && valid !== hex) onHex(valid);
      }}
      onBlur={() => setDraft((text) => (text !== null && typedHex(text) ? null : text))}
    />
  );
}
