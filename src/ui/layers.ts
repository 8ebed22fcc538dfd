import { createContext } from 'react';

/**
 * A registry of open overlay layers (dialogs, popups), so that only the topmost one reacts to
 * Escape, and a popup nested in a dialog does not treat clicks inside the dialog's own nested
 * layers as "outside". Order: React nesting depth first, then opening order.
 */
export interface Layer {
  readonly root: () => HTMLElement | null;
  readonly modal: boolean;
  readonly depth: number;
  readonly seq: number;
}

/** Nesting depth of the layer a component is rendered in (0 = page). */
export const LayerDepthContext = createContext(0);

let nextSeq = 0;
const open: Layer[] = [];

function ordered(): Layer[] {
  return [...open].sort((a, b) => a.depth - b.depth || a.seq - b.seq);
}

export function registerLayer(root: () => HTMLElement | null, modal: boolean, depth: number): { layer: Layer; unregister: () => void } {
  const layer: Layer = { root, modal, depth, seq: nextSeq++ };
  open.push(layer);
  return {
    layer,
    unregister: () => {
      const index = open.indexOf(layer);
      if (index >= 0) open.splice(index, 1);
    },
  };
}

export function isTopLayer(layer: Layer): boolean {
  const all = ordered();
  return all[all.length - 1] === layer;
}

export function topModalLayer(): Layer | undefined {
  return ordered()
    .filter((layer) => layer.modal)
    .pop();
}

/** True when `node` lies inside any layer stacked above `layer`. */
export function isInsideLayerAbove(layer: Layer, node: Node | null): boolean {
  if (!node) return false;
  const all = ordered();
  return all.slice(all.indexOf(layer) + 1).some((above) => above.root()?.contains(node) ?? false);
}
