import type { ReactNode } from 'react';
import { cx, tokens, useInjectedStyles } from './styles';

export interface ToggleButtonProps {
  /** Accessible name, also the tooltip (e.g. "Bold"). */
  label: string;
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  /** What the button shows, e.g. a "B" in bold. Hidden from screen readers, which read `label`. */
  children: ReactNode;
  className?: string;
  disabled?: boolean;
}

const CSS = `
.ui-toggle { font: inherit; min-width: 30px; height: 30px; padding: 0 8px; display: inline-grid; place-items: center; color: ${tokens.text}; background: ${tokens.surface}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; cursor: pointer; }
.ui-toggle:hover:not(:disabled) { border-color: ${tokens.accent}; }
.ui-toggle[aria-pressed="true"] { background: ${tokens.accent}; border-color: ${tokens.accent}; color: #fff; }
.ui-toggle:focus-visible { outline: none; box-shadow: 0 0 0 2px ${tokens.focus}; }
`;

/** An on/off button (aria-pressed), e.g. the font's bold, italic and underline. */
export function ToggleButton({ label, pressed, onChange, children, className, disabled }: ToggleButtonProps) {
  useInjectedStyles('toggle', CSS);
  return (
    <button
      type="button"
      className={cx('ui-toggle', className)}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onChange(!pressed)}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
