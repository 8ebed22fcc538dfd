import type { CSSProperties, HTMLAttributes } from 'react';

/** Hides content visually while keeping it in the accessibility tree. */
const visuallyHiddenStyle: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; `div` when wrapping block content. Default `span`. */
  as?: 'span' | 'div';
}

export function VisuallyHidden({ as: Tag = 'span', style, ...rest }: VisuallyHiddenProps) {
  return <Tag {...rest} style={{ ...visuallyHiddenStyle, ...style }} />;
}
