import { cx, tokens, useInjectedStyles } from './styles';

export interface LoaderBarProps {
  /** Shown only while true; renders nothing otherwise. */
  active: boolean;
  /** Accessible name. Default "Loading". */
  label?: string;
  className?: string;
}

const CSS = `
.ui-loader {
  position: relative; height: 3px; width: 100%; overflow: hidden;
  background: ${tokens.accentSoft}; border-radius: 2px;
}
.ui-loader__bar {
  position: absolute; top: 0; bottom: 0; left: 0; width: 40%;
  background: ${tokens.accent}; border-radius: 2px;
  animation: ui-loader-slide 1.1s ease-in-out infinite;
}
@keyframes ui-loader-slide {
  0% { transform: translateX(-100%); }
  100% { transform: translateX(250%); }
}
@media (prefers-reduced-motion: reduce) {
  .ui-loader__bar { animation: ui-loader-pulse 1.6s ease-in-out infinite; width: 100%; }
  @keyframes ui-loader-pulse { 50% { opacity: 0.35; } }
}
`;

/** Thin indeterminate progress bar (no aria-valuenow: the amount is unknown). */
export function LoaderBar({ active, label = 'Loading', className }: LoaderBarProps) {
  useInjectedStyles('loader-bar', CSS);
  if (!active) return null;
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className={cx('ui-loader', className)}>
      <div className="ui-loader__bar" />
    </div>
  );
}
