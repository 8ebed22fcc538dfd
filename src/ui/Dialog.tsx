import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { LayerDepthContext } from './layers';
import { cx, tokens, useInjectedStyles } from './styles';
import { useLayer } from './useLayer';
import { VisuallyHidden } from './VisuallyHidden';

export interface DialogProps {
  open: boolean;
  /** Visible heading; the dialog is labelled by it. */
  title: ReactNode;
  children?: ReactNode;
  /** Called on Escape (and on a backdrop click when closeOnBackdropClick is set). */
  onClose: () => void;
  /** Element to focus on open; default: the first tabbable element, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  /** Rendered under the title and referenced by aria-describedby. */
  description?: ReactNode;
  /** Id of an element inside `children` that describes the dialog (used when no `description`). */
  'aria-describedby'?: string;
  /** Action row (buttons) under the body. */
  footer?: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  closeOnBackdropClick?: boolean;
  /** Preferred width in px; never wider than the viewport minus a margin. Default 420. */
  width?: number;
  className?: string;
}

const CSS = `
.ui-backdrop {
  position: fixed; inset: 0; z-index: ${tokens.layerZ};
  background: ${tokens.backdrop};
}
.ui-dialog {
  position: fixed; z-index: ${tokens.layerZ}; top: 50%; left: 50%;
  transform: translate(-50%, -50%);
  box-sizing: border-box; max-height: calc(100vh - 24px); overflow: auto;
  display: flex; flex-direction: column; gap: 12px;
  padding: 20px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius};
  background: ${tokens.surface}; color: ${tokens.text}; box-shadow: ${tokens.shadow};
  font-family: ${tokens.font}; font-size: ${tokens.fontSize}; line-height: 1.45;
}
.ui-dialog:focus { outline: none; }
.ui-dialog:focus-visible { box-shadow: ${tokens.shadow}, 0 0 0 3px ${tokens.focus}; }
.ui-dialog__title { margin: 0; font-size: 15px; font-weight: 600; color: ${tokens.accentStrong}; }
.ui-dialog__description { margin: 0; color: ${tokens.muted}; }
.ui-dialog__footer { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; margin-top: 4px; }
@media (max-width: 480px) {
  .ui-dialog { padding: 16px; }
  .ui-dialog__footer > * { flex: 1 1 auto; }
}
`;

/**
 * Modal dialog rendered in a portal on document.body: labelled by its title, focus moved
 * inside on open and trapped there, Escape calls onClose, focus returned to the opener on close.
 */
export function Dialog({
  open,
  title,
  children,
  onClose,
  initialFocusRef,
  role = 'dialog',
  description,
  'aria-describedby': describedBy,
  footer,
  hideTitle = false,
  closeOnBackdropClick = false,
  width = 420,
  className,
}: DialogProps) {
  useInjectedStyles('dialog', CSS);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const depth = useLayer({
    open,
    rootRef,
    panelRef,
    trapFocus: true,
    closeOnEscape: true,
    closeOnOutsidePointer: false,
    onDismiss: onClose,
    initialFocusRef,
    autoFocus: true,
  });

  if (!open || typeof document === 'undefined') return null;

  const heading = (
    <h2 id={titleId} className="ui-dialog__title">
      {title}
    </h2>
  );

  return createPortal(
    <LayerDepthContext value={depth}>
      <div ref={rootRef} className="ui-layer">
        {/* The backdrop is a pointer convenience: keyboard users close with Escape (useLayer). */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
        <div className="ui-backdrop" onClick={closeOnBackdropClick ? onClose : undefined} />
        <div
          ref={panelRef}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description != null ? descriptionId : describedBy}
          tabIndex={-1}
          className={cx('ui-dialog', className)}
          style={{ width: `min(${width}px, calc(100vw - 24px))` }}
        >
          {hideTitle ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
          {description != null && (
            <p id={descriptionId} className="ui-dialog__description">
              {description}
            </p>
          )}
          {children}
          {footer != null && <div className="ui-dialog__footer">{footer}</div>}
        </div>
      </div>
    </LayerDepthContext>,
    document.body,
  );
}
