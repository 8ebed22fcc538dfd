import type { HTMLAttributes } from 'react';
import { PAGE_FADE_IN_MS, useMotionMs } from './motion';
import { useInjectedStyles } from './styles';

const CSS = `
.ui-fade-in { animation-name: ui-fade-in; animation-timing-function: ease-out; animation-fill-mode: both; }
@keyframes ui-fade-in { from { opacity: 0; } to { opacity: 1; } }
`;

/** Fades its content in over 140 ms when it first shows (spec §9's page fade-in); none under reduced motion. */
export function FadeIn({ style, className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  useInjectedStyles('fade-in', CSS);
  const ms = useMotionMs(PAGE_FADE_IN_MS);
  return <div {...rest} className={className ? `ui-fade-in ${className}` : 'ui-fade-in'} style={{ ...style, animationDuration: `${ms}ms` }} />;
}
