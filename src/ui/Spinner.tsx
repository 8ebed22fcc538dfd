import { useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp, roundTo } from './numbers';
import { cx, tokens, useInjectedStyles } from './styles';
import { useAutoRepeat } from './useAutoRepeat';

export interface SpinnerProps {
  /** Accessible name. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Spec §5 defaults: min 0, max 1000, step 1, precision 0. */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** Shown after the number and read with it, e.g. "px". */
  unit?: string;
  /** The step buttons' words, in the page's language (each is read before `label`): no default, so none is left in English. */
  incrementLabel: string;
  decrementLabel: string;
  id?: string;
  className?: string;
  disabled?: boolean;
}

const CSS = `
.ui-spinner { display: inline-flex; align-items: stretch; height: 30px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: ${tokens.surface}; overflow: hidden; }
.ui-spinner:focus-within { border-color: ${tokens.accent}; box-shadow: 0 0 0 2px ${tokens.focus}; }
.ui-spinner__input { font: inherit; color: ${tokens.text}; width: 44px; border: 0; padding: 0 4px 0 8px; background: transparent; text-align: right; outline: none; }
.ui-spinner__unit { align-self: center; padding-right: 4px; color: ${tokens.muted}; font-size: 12px; }
.ui-spinner__buttons { display: flex; flex-direction: column; border-left: 1px solid ${tokens.border}; }
.ui-spinner__button { flex: 1; width: 20px; padding: 0; border: 0; background: #f3f6f8; color: ${tokens.muted}; font-size: 8px; line-height: 1; cursor: pointer; touch-action: none; }
.ui-spinner__button + .ui-spinner__button { border-top: 1px solid ${tokens.border}; }
.ui-spinner__button:hover { background: ${tokens.accentSoft}; color: ${tokens.accentStrong}; }
`;

/** Keys that edit or move without typing a character (spec §5 allows Backspace and Tab; a keyboard user needs the rest). */
const EDITING_KEYS = new Set(['Backspace', 'Tab', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', 'Escape']);

/** The typed text with everything but digits (and one decimal point when precision > 0) removed. */
function cleanTyped(text: string, precision: number): string {
  if (precision <= 0) return text.replace(/\D/g, '');
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

type KeyEffect = 'allow' | 'block' | { direction: 1 | -1; factor: number };
const STEP_KEYS: Record<string, { direction: 1 | -1; factor: number }> = {
  ArrowUp: { direction: 1, factor: 1 },
  ArrowDown: { direction: -1, factor: 1 },
  PageUp: { direction: 1, factor: 10 },
  PageDown: { direction: -1, factor: 10 },
};

/** What a key pressed in the field does: type (allow), nothing (block), or step. */
function typedKeyEffect(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, precision: number): KeyEffect {
  const { key } = event;
  if (event.ctrlKey || event.metaKey || event.altKey) return 'allow'; // paste, select-all, undo…
  const step = STEP_KEYS[key];
  if (step) return step;
  if (EDITING_KEYS.has(key) || /^\d$/.test(key) || (key === '.' && precision > 0)) return 'allow';
  return 'block';
}

/**
 * A number field with step buttons (spec §5, §9). Typing accepts only digits and editing keys; a
 * pasted value is cleaned to digits. A typed value above the maximum becomes the maximum: the
 * spec says "above 10 is replaced by the max attribute", but its 10–80 px font presets show that
 * the bound is the max attribute, so the max is the bound. 0 stays 0; empty on blur becomes 0
 * (or the minimum, when that is higher). Arrow keys step; a held step button repeats after
 * 500 ms, then every 100 ms.
 */
export function Spinner({
  label,
  value,
  onChange,
  min = 0,
  max = 1000,
  step = 1,
  precision = 0,
  unit,
  incrementLabel,
  decrementLabel,
  id,
  className,
  disabled = false,
}: SpinnerProps) {
  useInjectedStyles('spinner', CSS);
  const { draft, stepBy, onInput, onBlur } = useSpinnerValue({ value, onChange, min, max, step, precision });
  const up = useAutoRepeat(() => stepBy(1));
  const down = useAutoRepeat(() => stepBy(-1));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const effect = typedKeyEffect(event, precision);
    if (effect === 'allow') return;
    event.preventDefault();
    if (effect !== 'block') stepBy(effect.direction, effect.factor);
  };

  return (
    <span className={cx('ui-spinner', className)}>
      <input
        id={id}
        className="ui-spinner__input"
        type="text"
        role="spinbutton"
        inputMode={precision > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuetext={unit ? `${value} ${unit}` : undefined}
        value={draft ?? String(value)}
        disabled={disabled}
        onKeyDown={onKeyDown}
        onChange={onInput}
        onBlur={onBlur}
      />
      {unit ? (
        <span className="ui-spinner__unit" aria-hidden="true">
          {unit}
        </span>
      ) : null}
      <span className="ui-spinner__buttons">
        <StepButton repeat={up} label={`${incrementLabel} ${label}`} glyph="▲" disabled={disabled} onActivate={() => stepBy(1)} />
        <StepButton repeat={down} label={`${decrementLabel} ${label}`} glyph="▼" disabled={disabled} onActivate={() => stepBy(-1)} />
      </span>
    </span>
  );
}

interface SpinnerValueOptions {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  precision: number;
}

/** The typed text (while it is not a settled number) and the rules that turn it into one. */
function useSpinnerValue({ value, onChange, min, max, step, precision }: SpinnerValueOptions) {
  const [draft, setDraft] = useState<string | null>(null);
  const current = useRef(value);
  current.current = value;

  const commit = (next: number) => {
    const settled = clamp(roundTo(next, precision), min, max);
    const changed = settled !== current.current;
    current.current = settled;
    if (changed) onChange(settled);
  };
  const stepBy = (direction: 1 | -1, factor = 1) => {
    setDraft(null);
    commit(current.current + direction * step * factor);
  };
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = cleanTyped(event.target.value, precision);
    if (typed === '' || typed.endsWith('.')) {
      setDraft(typed);
      return;
    }
    const number = Number(typed);
    if (number > max) {
      setDraft(String(max));
      commit(max);
      return;
    }
    setDraft(typed);
    if (number >= min) commit(number);
  };
  const onBlur = () => {
    if (draft === null) return;
    setDraft(null);
    commit(draft === '' || draft === '.' ? 0 : Number(draft));
  };
  return { draft, stepBy, onInput, onBlur };
}

interface StepButtonProps {
  repeat: { start: () => void; stop: () => void };
  label: string;
  glyph: string;
  disabled: boolean;
  /** Activation without a pointer (assistive technology): one step. */
  onActivate: () => void;
}

/** A step button: held down, it repeats (out of the tab order: the field's arrows do the same). */
function StepButton({ repeat, label, glyph, disabled, onActivate }: StepButtonProps) {
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button > 0) return; // primary button or touch only
    event.preventDefault(); // keep focus where it is
    repeat.start();
  };
  return (
    <button
      type="button"
      tabIndex={-1}
      className="ui-spinner__button"
      aria-label={label}
      disabled={disabled}
      onPointerDown={onPointerDown}
      onPointerUp={repeat.stop}
      onPointerLeave={repeat.stop}
      onPointerCancel={repeat.stop}
      onClick={(event) => {
        if (event.detail === 0) onActivate();
      }}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}
