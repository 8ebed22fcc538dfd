import { useId, useState, type ReactNode } from 'react';
import { ACCORDION_MS, useMotionMs } from './motion';
import { cx, tokens, useInjectedStyles } from './styles';

export interface AccordionProps {
  /** The header's text; names the section. */
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}

const CSS = `
.ui-accordion { border-bottom: 1px solid ${tokens.border}; }
.ui-accordion__header { margin: 0; font-size: inherit; }
.ui-accordion__button { font: inherit; font-weight: 600; color: ${tokens.text}; width: 100%; display: flex; align-items: center; justify-content: space-between; padding: 10px 2px; border: 0; background: none; cursor: pointer; text-align: left; }
.ui-accordion__button:focus-visible { outline: 2px solid ${tokens.focus}; outline-offset: 1px; }
.ui-accordion__chevron { font-size: 10px; color: ${tokens.muted}; transition-property: transform; }
.ui-accordion__button[aria-expanded="true"] .ui-accordion__chevron { transform: rotate(180deg); }
.ui-accordion__region { padding: 2px 2px 12px; animation-name: ui-accordion-open; animation-timing-function: ease-out; transform-origin: top; }
@keyframes ui-accordion-open { from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; } }
`;

/**
 * A disclosure section (WAI-ARIA accordion header + region). Opening animates for 150 ms
 * (spec §9), not at all under reduced motion; closing hides the region at once.
 */
export function Accordion({ title, children, defaultOpen = false, className }: AccordionProps) {
  useInjectedStyles('accordion', CSS);
  const [open, setOpen] = useState(defaultOpen);
  const ms = useMotionMs(ACCORDION_MS);
  const id = useId();
  return (
    <div className={cx('ui-accordion', className)}>
      <h3 className="ui-accordion__header">
        <button
          type="button"
          id={`${id}-button`}
          className="ui-accordion__button"
          aria-expanded={open}
          aria-controls={`${id}-region`}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <span className="ui-accordion__chevron" aria-hidden="true" style={{ transitionDuration: `${ms}ms` }}>
            ▼
          </span>
        </button>
      </h3>
      <div
        id={`${id}-region`}
        role="region"
        aria-labelledby={`${id}-button`}
        className="ui-accordion__region"
        hidden={!open}
        style={{ animationDuration: `${ms}ms` }}
      >
        {open ? children : null}
      </div>
    </div>
  );
}
