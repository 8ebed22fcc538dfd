import { useContext, useEffect, useRef, type RefObject } from 'react';
import { focusInside, trapTabKey } from './focus';
import { LayerDepthContext, isInsideLayerAbove, isTopLayer, registerLayer, topModalLayer } from './layers';

type ElementRef = RefObject<HTMLElement | null>;

export interface UseLayerOptions {
  open: boolean;
  /** Everything the layer renders (backdrop included): clicks in here are not "outside". */
  rootRef: ElementRef;
  /** The labelled panel: focus goes in here and, when trapped, stays here. */
  panelRef: ElementRef;
  /** Modal: traps Tab inside the panel. */
  trapFocus: boolean;
  closeOnEscape: boolean;
  closeOnOutsidePointer: boolean;
  onDismiss: () => void;
  /** Clicks inside these elements are neither inside nor outside (e.g. the popup's anchor). */
  ignoreRefs?: ReadonlyArray<ElementRef | undefined>;
  initialFocusRef?: ElementRef;
  /** Move focus into the panel when it opens. */
  autoFocus: boolean;
}

/**
 * Shared behaviour of overlay layers: registration in the layer stack, Escape, outside
 * pointer presses, Tab trapping, initial focus and focus return. Returns the nesting depth
 * to provide to the layer's children through LayerDepthContext.
 */
export function useLayer(options: UseLayerOptions): number {
  const { open, rootRef, panelRef, trapFocus, closeOnEscape, closeOnOutsidePointer } = options;
  const depth = useContext(LayerDepthContext) + 1;

  const latest = useRef(options);
  latest.current = options;

  // The element to return focus to is read during the render that opens the layer: by the time
  // effects run, an autoFocus child may already hold focus.
  const wasOpen = useRef(false);
  const returnFocusTo = useRef<Element | null>(null);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    if (!active || !rootRef.current?.contains(active)) returnFocusTo.current = active;
  }

  useEffect(() => {
    if (!open) return undefined;
    const { layer, unregister } = registerLayer(() => rootRef.current, trapFocus, depth);
    let sawPointerDown = false;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Esc') {
        if (event.defaultPrevented || !isTopLayer(layer)) return;
        if (closeOnEscape) {
          event.preventDefault();
          latest.current.onDismiss();
        }
        return;
      }
      if (event.key === 'Tab' && trapFocus && topModalLayer() === layer) {
        if (isInsideLayerAbove(layer, event.target as Node | null)) return;
        const panel = panelRef.current;
        if (panel) trapTabKey(event, panel);
      }
    };

    const onPress = (event: Event) => {
      // A mouse press fires pointerdown then mousedown: handle the gesture once.
      if (event.type === 'pointerdown') sawPointerDown = true;
      else if (sawPointerDown) {
        sawPointerDown = false;
        return;
      }
      if (!closeOnOutsidePointer) return;
      const target = event.target as Node | null;
      const root = rootRef.current;
      if (!target || !root || root.contains(target)) return;
      if (isInsideLayerAbove(layer, target)) return;
      if (latest.current.ignoreRefs?.some((ref) => ref?.current?.contains(target))) return;
      latest.current.onDismiss();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('mousedown', onPress, true);
    return () => {
      unregister();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('mousedown', onPress, true);
    };
  }, [open, trapFocus, closeOnEscape, closeOnOutsidePointer, depth, rootRef, panelRef]);

  useEffect(() => {
    if (!open) return undefined;
    wasOpen.current = true;
    const root = rootRef.current;
    const panel = panelRef.current;
    if (latest.current.autoFocus && panel && !panel.contains(document.activeElement)) {
      focusInside(panel, latest.current.initialFocusRef?.current);
    }
    const returnTo = returnFocusTo.current;
    return () => {
      wasOpen.current = false;
      returnFocusTo.current = null;
      // Give focus back only if it is still ours (inside the layer, or dropped to <body> because
      // the layer's DOM went away); a click elsewhere that focused something keeps its focus.
      const active = document.activeElement;
      const focusIsOurs = !active || active === document.body || (root?.contains(active) ?? false);
      const canFocus = returnTo && returnTo.isConnected && typeof (returnTo as HTMLElement).focus === 'function';
      if (focusIsOurs && canFocus) (returnTo as HTMLElement).focus();
    };
  }, [open, rootRef, panelRef]);

  return depth;
}
