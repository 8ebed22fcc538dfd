/**
 * The widget's drawing (drawing.ts) as DOM: in the custom element's shadow root, and in the owner's
 * widget page (ownerPage.ts), which takes over the server's markup (adoptDrawn). Nodes are kept
 * and updated in place between draws, matched by tag among their siblings (no two share one) and
 * never moved, so a change of colour, corner or title bar does not reload the file's viewer: an
 * attribute is only written when its value changes (the iframe's `src` with the file).
 */
import type { Drawing } from './drawing';
import { setStyle } from './domStyle';

/**
 * Turns a rendering's markup into the nodes to show (the element sanitizes it again; the owner's
 * page holds the server's own rendering, from its HTML); `into`: the element that holds them.
 */
export type ContentNodes = (html: string, into: HTMLElement) => Node;

/** For a drawing that holds no rendering (the drive's viewer, a note): asked for one, it throws. */
export const NO_CONTENT: ContentNodes = () => {
  throw new Error('the viewer holds no rendering');
};

/** The markup each element holds the nodes of. */
const drawnHtml = new WeakMap<Element, string>();

function update(node: HTMLElement, drawing: Drawing, content: ContentNodes): HTMLElement {
  const attrs = drawing.attrs;
  for (const name of node.getAttributeNames()) if (name !== 'style' && attrs[name] === undefined) node.removeAttribute(name);
  for (const [name, value] of Object.entries(attrs))
    if (name !== 'style' && value !== undefined && node.getAttribute(name) !== value) node.setAttribute(name, value);
  setStyle(node, drawing.style ?? {});
  if (drawing.children) drawInto(node, drawing.children, content);
  else if (drawing.html !== undefined) {
    if (drawnHtml.get(node) !== drawing.html) node.replaceChildren(content(drawing.html, node));
    drawnHtml.set(node, drawing.html);
  } else if (node.textContent !== (drawing.text ?? '')) node.textContent = drawing.text ?? '';
  return node;
}

/**
 * Takes over what `container` holds already, drawn from `drawings` elsewhere (the server's page):
 * each element's markup is recorded as drawn, matched by tag as drawInto matches, so that a draw
 * of the same markup keeps the nodes it holds (the native content is not parsed again).
 */
export function adoptDrawn(container: Element, drawings: readonly Drawing[]): void {
  const held = new Map(Array.from(container.children, (child) => [child.localName, child]));
  for (const drawing of drawings) {
    const node = held.get(drawing.tag);
    if (node && drawing.children) adoptDrawn(node, drawing.children);
    else if (node && drawing.html !== undefined) drawnHtml.set(node, drawing.html);
  }
}

/** Draws `drawings` as the children of `container`, in place of what it held. */
export function drawInto(container: HTMLElement, drawings: readonly Drawing[], content: ContentNodes): void {
  const kept = new Map<string, HTMLElement>();
  for (const child of Array.from(container.children)) if (child instanceof HTMLElement) kept.set(child.localName, child);
  const nodes = drawings.map((d) => update(kept.get(d.tag) ?? container.ownerDocument.createElement(d.tag), d, content));
  for (const child of Array.from(container.childNodes)) if (!nodes.includes(child as HTMLElement)) child.remove();
  // The nodes kept are in order already: the new ones go in around them.
  nodes.forEach((node, i) => {
    const at = container.childNodes[i] ?? null;
    if (at !== node) container.insertBefore(node, at);
  });
}
