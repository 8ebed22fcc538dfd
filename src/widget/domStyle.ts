/**
 * The widget's styles are written once, as React style objects (src/widget/widgetStyle.ts,
 * widgetNoteStyle.ts); the element sets them on plain DOM nodes. A number is a length in px, as
 * React writes it (0 bare), except for the properties that take a bare number.
 */
import type { CSSProperties } from 'react';

const UNITLESS = new Set(['lineHeight', 'fontWeight', 'opacity', 'zIndex', 'flexGrow', 'flexShrink', 'order']);

/** Replaces the node's inline style with `style`. */
export function setStyle(node: HTMLElement, style: CSSProperties): void {
  node.removeAttribute('style');
  const target = node.style as unknown as Record<string, string>;
  for (const [name, value] of Object.entries(style) as Array<[string, unknown]>) {
    if (value === undefined || value === null) continue;
    target[name] = typeof value === 'number' && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value);
  }
}
