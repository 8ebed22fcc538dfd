import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { LayerDepthContext } from './layers';
import { cx, tokens, useInjectedStyles } from './styles';
import { useLayer } from './useLayer';

export interface PopupProps {
  open: boolean;
  /** Escape or a press outside (non-modal popups only). Close it by setting `open` to false. */
  onCancel: () => void;
  /** A modal popup ignores Escape and outside presses, traps focus and shows a backdrop. */
  modal?: boolean;
  /** Accessible name (aria-label). */
  label: string;
  /** Width in px (e.g. 287 for the font settings); never wider than the viewport minus a margin. */
  width?: number;
  /**
   * Element the popup is placed under (or above, if it does not fit below). Presses on it are
   * not "outside": a toggle button keeps its own click behaviour. Without it the popup is centred.
   */
  anchorRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  /** Element to focus on open; default: the first tabbable element, else the popup itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Move focus into the popup on open. Default true. */
  autoFocus?: boolean;
  className?: string;
}

/** Gap between anchor and popup, and minimum distance from the viewport edge, px. */
const GAP = 4;
const MARGIN = 8;

const CSS = `
.ui-popup {
  position: fixed; z-index: ${tokens.layerZ};
  box-sizing: border-box; max-width: calc(100vw - ${2 * MARGIN}px); max-height: calc(100vh - ${2 * MARGIN}px);
  overflow: auto; padding: 12px;
  border: 1px solid ${tokens.border}; border-radius: ${tokens.radius};
  background: ${tokens.surface}; color: ${tokens.text}; box-shadow: ${tokens.shadow};
  font-family: ${tokens.font}; font-size: ${tokens.fontSize}; line-height: 1.45;
}
.ui-popup:focus { outline: none; }
.ui-popup:focus-visible { box-shadow: ${tokens.shadow}, 0 0 0 3px ${tokens.focus}; }
.ui-popup--centered { top: 50%; left: 50%; transform: translate(-50%, -50%); }
.ui-backdrop--popup { position: fixed; inset: 0; z-index: ${tokens.layerZ}; background: rgba(18, 30, 40, 0.2); }
`;

interface Position {
  top: number;
  left: number;
}

function usePosition(
  open: boolean,
  anchorRef: RefObject<HTMLElement | null> | undefined,
  panelRef: RefObject<HTMLElement | null>,
  width: number | undefined,
): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useLayoutEffect(() => {
    if (!open || !anchorRef) return undefined;
    const update = () => {
      const anchor = anchorRef.current;
      const panel = panelRef.current;
      if (!anchor || !panel) return;
      const rect = anchor.getBoundingClientRect();
      const viewportWidth = window.innerWidth || document.documentElement.clientWidth;
      const viewportHeight = window.innerHeight || document.documentElement.clientHeight;
      const panelWidth = panel.offsetWidth || width || 0;
      const panelHeight = panel.offsetHeight;
      let top = rect.bottom + GAP;
      if (panelHeight && top + panelHeight > viewportHeight - MARGIN && rect.top - GAP - panelHeight >= MARGIN) {
        top = rect.top - GAP - panelHeight;
      }
      const left = Math.max(MARGIN, Math.min(rect.left, viewportWidth - panelWidth - MARGIN));
      setPosition((previous) => (previous && previous.top === top && previous.left === left ? previous : { top, left }));
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, anchorRef, panelRef, width]);
  return position;
}

/**
 * A popup panel in a portal (spec §4: "Escape or a click outside cancels it, unless it is modal").
 * `role="dialog"` labelled by `label`; modal popups also get aria-modal, a backdrop and a focus
 * trap, and close only through their own buttons.
 */
export function Popup({ open, onCancel, modal = false, label, width, anchorRef, children, initialFocusRef, autoFocus = true, className }: PopupProps) {
  useInjectedStyles('popup', CSS);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const depth = useLayer({
    open,
    rootRef,
    panelRef,
    trapFocus: modal,
    closeOnEscape: !modal,
    closeOnOutsidePointer: !modal,
    onDismiss: onCancel,
    ignoreRefs: [anchorRef],
    initialFocusRef,
    autoFocus,
  });
  const position = usePosition(open, anchorRef, panelRef, width);

  if (!open || typeof document === 'undefined') return null;

  const style: CSSProperties = {};
  if (width !== undefined) style.width = width;
  if (anchorRef) {
    style.top = position?.top ?? 0;
    style.left = position?.left ?? 0;
  }

  return createPortal(
    <LayerDepthContext value={depth}>
      <div ref={rootRef} className="ui-layer">
        {modal && <div className="ui-backdrop--popup" />}
        <div
          ref={panelRef}
          role="dialog"
          aria-label={label}
          aria-modal={modal ? 'true' : undefined}
          tabIndex={-1}
          className={cx('ui-popup', !anchorRef && 'ui-popup--centered', className)}
          style={style}
        >
          {children}
        </div>
      </div>
    </LayerDepthContext>,
    document.body,
  );
}
