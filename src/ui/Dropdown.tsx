import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { LayerDepthContext } from './layers';
import { DROPDOWN_SLIDE_MS, useMotionMs } from './motion';
import { cx, tokens, useInjectedStyles } from './styles';
import { useLayer } from './useLayer';
import { useDropdown } from './useDropdown';

export interface DropdownOption {
  value: string;
  label: string;
  /** Language of the label (a language's own name, e.g. "Deutsch" is `de`). */
  lang?: string;
  /** E.g. a font family, to preview a font in its own face. */
  style?: CSSProperties;
  /** Options with the same group are listed under that heading; keep each group's options together. */
  group?: string;
}

export interface DropdownProps {
  /** Accessible name. */
  label: string;
  value: string | null;
  options: readonly DropdownOption[];
  onChange: (value: string) => void;
  /** Shown when no option is selected. */
  placeholder?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
}

const CSS = `
.ui-dropdown { font: inherit; color: ${tokens.text}; display: inline-flex; align-items: center; justify-content: space-between; gap: 8px; min-width: 120px; height: 30px; padding: 0 8px 0 10px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: ${tokens.surface}; cursor: pointer; text-align: left; }
.ui-dropdown:hover:not(:disabled) { border-color: ${tokens.accent}; }
.ui-dropdown:focus-visible { outline: none; border-color: ${tokens.accent}; box-shadow: 0 0 0 2px ${tokens.focus}; }
.ui-dropdown__value { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ui-dropdown__arrow { font-size: 9px; color: ${tokens.muted}; }
.ui-dropdown__list { position: fixed; z-index: ${tokens.layerZ}; box-sizing: border-box; max-height: 240px; overflow-y: auto; margin: 0; padding: 4px 0; list-style: none; background: ${tokens.surface}; color: ${tokens.text}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; box-shadow: ${tokens.shadow}; font-family: ${tokens.font}; font-size: ${tokens.fontSize}; animation-name: ui-dropdown-slide; animation-timing-function: ease-out; transform-origin: top; }
.ui-dropdown__group { padding: 6px 10px 2px; font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: ${tokens.muted}; }
.ui-dropdown__option { padding: 6px 10px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ui-dropdown__option[aria-selected="true"] { font-weight: 600; color: ${tokens.accentStrong}; }
.ui-dropdown__option--active { background: ${tokens.accentSoft}; }
@keyframes ui-dropdown-slide { from { opacity: 0; transform: translateY(-6px) scaleY(.96); } to { opacity: 1; transform: none; } }
`;

/** Keeps the fixed list under (or above) the button and at least as wide as it. */
function useListPosition(open: boolean, buttonRef: RefObject<HTMLElement | null>, listRef: RefObject<HTMLElement | null>) {
  const [style, setStyle] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!open) return undefined;
    const update = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      if (!button) return;
      const height = listRef.current?.offsetHeight ?? 0;
      const below = button.bottom + 2;
      const fitsBelow = below + height <= window.innerHeight - 8 || button.top - 2 - height < 8;
      setStyle({ top: fitsBelow ? below : button.top - 2 - height, left: button.left, minWidth: button.width });
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, buttonRef, listRef]);
  return style;
}

/**
 * A select-only combobox (WAI-ARIA pattern): the button keeps focus; the list opens with
 * Enter, Space or the arrows, moves with the arrows, Home/End and typed letters, selects with
 * Enter or Space and closes with Escape, Tab or a press outside. It slides in for 150 ms (none
 * under reduced motion) and closes by itself after 50,000 ms without use (spec §9).
 */
export function Dropdown({ label, value, options, onChange, placeholder = '', id, className, disabled = false }: DropdownProps) {
  useInjectedStyles('dropdown', CSS);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { open, active, setActive, selectedIndex, openAt, choose, close, onKeyDown } = useDropdown({ options, value, onChange, baseId });
  const slideMs = useMotionMs(DROPDOWN_SLIDE_MS);
  const position = useListPosition(open, buttonRef, listRef);
  const depth = useLayer({
    open,
    rootRef,
    panelRef: listRef,
    trapFocus: false,
    closeOnEscape: true,
    closeOnOutsidePointer: true,
    onDismiss: close,
    ignoreRefs: [buttonRef],
    autoFocus: false,
  });

  const selected = options[selectedIndex];
  return (
    <>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${baseId}-option-${active}` : undefined}
        className={cx('ui-dropdown', className)}
        disabled={disabled}
        onClick={() => (open ? close() : openAt(selectedIndex))}
        onKeyDown={onKeyDown}
      >
        <span className="ui-dropdown__value" lang={selected?.lang} style={selected?.style}>
          {selected?.label ?? placeholder}
        </span>
        <span className="ui-dropdown__arrow" aria-hidden="true">
          ▼
        </span>
      </button>
      {open && typeof document !== 'undefined'
        ? createPortal(
            <LayerDepthContext value={depth}>
              <div ref={rootRef} className="ui-layer">
                <ul
                  ref={listRef}
                  id={listId}
                  role="listbox"
                  aria-label={label}
                  tabIndex={-1}
                  className="ui-dropdown__list"
                  style={{ ...position, animationDuration: `${slideMs}ms` }}
                >
                  {renderOptions(options, { baseId, active, value, choose, hover: setActive })}
                </ul>
              </div>
            </LayerDepthContext>,
            portalTarget(buttonRef.current),
          )
        : null}
    </>
  );
}

/** Inside the dialog or landmark the button is in (so the list belongs to it), else the body. */
function portalTarget(button: HTMLElement | null): HTMLElement {
  return button?.closest<HTMLElement>('[role="dialog"], dialog, main, [role="main"]') ?? document.body;
}

interface RenderContext {
  baseId: string;
  active: number;
  value: string | null;
  choose: (index: number) => void;
  hover: (index: number) => void;
}

function renderOptions(options: readonly DropdownOption[], context: RenderContext) {
  const groups = new Map<string | undefined, number[]>();
  options.forEach((option, index) => groups.set(option.group, [...(groups.get(option.group) ?? []), index]));
  const optionItem = (index: number) => {
    const option = options[index] as DropdownOption;
    return (
      // The keyboard works on the combobox, which points at the active option (aria-activedescendant).
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
      <li
        key={option.value}
        id={`${context.baseId}-option-${index}`}
        role="option"
        aria-selected={option.value === context.value}
        lang={option.lang}
        style={option.style}
        className={cx('ui-dropdown__option', index === context.active && 'ui-dropdown__option--active')}
        onPointerMove={() => context.hover(index)}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => context.choose(index)}
      >
        {option.label}
      </li>
    );
  };
  return [...groups].map(([group, indexes], n) =>
    group === undefined ? (
      indexes.map(optionItem)
    ) : (
      <li key={`group-${n}`} role="presentation">
        <div id={`${context.baseId}-group-${n}`} className="ui-dropdown__group" aria-hidden="true">
          {group}
        </div>
        <ul role="group" aria-labelledby={`${context.baseId}-group-${n}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {indexes.map(optionItem)}
        </ul>
      </li>
    ),
  );
}
