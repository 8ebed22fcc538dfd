import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp } from './numbers';
import { cx, tokens, useInjectedStyles } from './styles';

export interface SliderProps {
  /** Accessible name. */
  label: string;
  value: number;
  /** Called continuously while dragging; the save pipeline coalesces the changes. */
  onChange: (value: number) => void;
  /** Spec §5: clamps to min 0 and max 100 unless told otherwise. */
  min?: number;
  max?: number;
  step?: number;
  /** Read by screen readers instead of the bare number, e.g. "12 px". */
  valueText?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
}

const CSS = `
.ui-slider { position: relative; flex: 1; min-width: 80px; height: 24px; cursor: pointer; touch-action: none; outline: none; }
.ui-slider[aria-disabled="true"] { opacity: .5; cursor: default; }
.ui-slider__rail { position: absolute; left: 0; right: 0; top: 50%; height: 4px; margin-top: -2px; border-radius: 2px; background: #dfe6ec; }
.ui-slider__fill { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 2px; background: ${tokens.accent}; }
.ui-slider__thumb { position: absolute; top: 50%; width: 16px; height: 16px; margin: -8px 0 0 -8px; border-radius: 50%; background: ${tokens.surface}; border: 2px solid ${tokens.accent}; box-sizing: border-box; box-shadow: 0 1px 3px rgba(18, 38, 52, .25); }
.ui-slider:focus-visible .ui-slider__thumb { box-shadow: 0 0 0 4px ${tokens.focus}; }
`;

/**
 * A horizontal slider (the WAI-ARIA slider pattern): arrows step, PageUp/PageDown move a tenth of
 * the range, Home/End go to the ends; a press on the rail jumps there and a drag follows the
 * pointer. Every value it reports is clamped to [min, max] and snapped to the step.
 */
export function Slider({ label, value, onChange, min = 0, max = 100, step = 1, valueText, id, className, disabled = false }: SliderProps) {
  useInjectedStyles('slider', CSS);
  const rootRef = useRef<HTMLDivElement>(null);
  const shown = clamp(value, min, max);
  const current = useRef(shown);
  current.current = shown;

  const settle = (next: number) => {
    const snapped = clamp(Math.round((next - min) / step) * step + min, min, max);
    const rounded = Number(snapped.toFixed(10));
    if (rounded !== current.current) {
      current.current = rounded;
      onChange(rounded);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const page = Math.max(step, (max - min) / 10);
    const moves: Record<string, number> = {
      ArrowRight: current.current + step,
      ArrowUp: current.current + step,
      ArrowLeft: current.current - step,
      ArrowDown: current.current - step,
      PageUp: current.current + page,
      PageDown: current.current - page,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    settle(next);
  };

  const valueAt = (clientX: number) => {
    const rect = rootRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return current.current;
    return min + ((clientX - rect.left) / rect.width) * (max - min);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button > 0) return;
    event.preventDefault();
    rootRef.current?.focus();
    rootRef.current?.setPointerCapture?.(event.pointerId);
    settle(valueAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (rootRef.current?.hasPointerCapture?.(event.pointerId) ?? event.buttons === 1) settle(valueAt(event.clientX));
  };

  const percent = max > min ? ((shown - min) / (max - min)) * 100 : 0;
  return (
    <div
      ref={rootRef}
      id={id}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={shown}
      aria-valuetext={valueText}
      aria-orientation="horizontal"
      aria-disabled={disabled || undefined}
      className={cx('ui-slider', className)}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
    >
      <span className="ui-slider__rail" aria-hidden="true">
        <span className="ui-slider__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="ui-slider__thumb" aria-hidden="true" style={{ left: `${percent}%` }} />
    </div>
  );
}
