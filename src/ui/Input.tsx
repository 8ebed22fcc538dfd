import { useId, useState, type InputHTMLAttributes } from 'react';
import { cx, tokens, useInjectedStyles } from './styles';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'required'> {
  /** Visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Optional: an empty value is invalid, with `requiredMessage`. */
  required?: boolean;
  requiredMessage?: string;
  /** Optional custom rule: the message to show, or null when the value is fine. */
  validate?: (value: string) => string | null;
  /** Numeric text is rounded to a whole number when the field is left. */
  numeric?: boolean;
}

const CSS = `
.ui-input { display: grid; gap: 4px; }
.ui-input__label { font-weight: 600; }
.ui-input__field { font: inherit; color: ${tokens.text}; height: 30px; padding: 0 8px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: ${tokens.surface}; outline: none; }
.ui-input__field:focus { border-color: ${tokens.accent}; box-shadow: 0 0 0 2px ${tokens.focus}; }
.ui-input--valid .ui-input__field { border-color: #2e7d4f; }
.ui-input--invalid .ui-input__field { border-color: #b3261e; }
.ui-input--invalid .ui-input__field:focus { box-shadow: 0 0 0 2px rgba(179, 38, 30, .3); }
.ui-input__message { min-height: 16px; font-size: 12px; color: #b3261e; }
`;

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;

/** "12.6" → "13"; anything that is not a number is left as typed. */
export function roundNumericText(text: string): string {
  return NUMBER.test(text) ? String(Math.round(Number(text))) : text;
}

/**
 * A labelled text field with optional required and custom validation (spec §5). Once the owner
 * has left the field, it is styled valid or invalid, `aria-invalid` says which, and the message
 * is announced through a live region tied to the field with aria-describedby.
 */
export function Input({
  label,
  value,
  onChange,
  required = false,
  requiredMessage = 'This field is required.',
  validate,
  numeric = false,
  className,
  id,
  onBlur,
  ...rest
}: InputProps) {
  useInjectedStyles('input', CSS);
  const ownId = useId();
  const fieldId = id ?? `${ownId}-field`;
  const messageId = `${ownId}-message`;
  const [touched, setTouched] = useState(false);

  const error = required && value.trim() === '' ? requiredMessage : (validate?.(value) ?? null);
  const state = touched ? (error ? 'invalid' : 'valid') : null;

  return (
    <div className={cx('ui-input', state && `ui-input--${state}`, className)}>
      <label className="ui-input__label" htmlFor={fieldId}>
        {label}
      </label>
      <input
        {...rest}
        id={fieldId}
        className="ui-input__field"
        value={value}
        required={required}
        aria-invalid={state === 'invalid'}
        aria-describedby={messageId}
        inputMode={numeric ? 'decimal' : rest.inputMode}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          setTouched(true);
          if (numeric) {
            const rounded = roundNumericText(value);
            if (rounded !== value) onChange(rounded);
          }
          onBlur?.(event);
        }}
      />
      <span id={messageId} className="ui-input__message" aria-live="polite">
        {state === 'invalid' ? error : ''}
      </span>
    </div>
  );
}
