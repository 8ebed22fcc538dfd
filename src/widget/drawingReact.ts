/**
 * The widget's drawing (drawing.ts) as React elements: the server renders them into the first
 * HTML of the widget page (NativeWidgetView.tsx); the pages' scripts take that markup over without React. Siblings are keyed by tag (no two share one),
 * so the viewer's iframe stays in place, and its file loaded, when the title bar or a hint comes or goes.
 */
import { createElement, type ReactElement } from 'react';
import type { Drawing } from './drawing';

/** The attributes React names otherwise. */
const REACT_NAMES: Record<string, string> = { class: 'className', referrerpolicy: 'referrerPolicy' };

export function drawingElement(drawing: Drawing): ReactElement {
  const props: Record<string, unknown> = 'style' in drawing.attrs ? { key: drawing.tag } : { key: drawing.tag, style: drawing.style };
  for (const [name, value] of Object.entries(drawing.attrs))
    if (name === 'style') props.style = drawing.style;
    else if (value !== undefined) props[REACT_NAMES[name] ?? name] = value;
  if (drawing.html !== undefined) props.dangerouslySetInnerHTML = { __html: drawing.html };
  const children = drawing.children ? drawing.children.map(drawingElement) : (drawing.text ?? undefined);
  return createElement(drawing.tag, props, children);
}
