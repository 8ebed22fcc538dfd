import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx, tokens, useInjectedStyles } from './styles';

interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

/** `Id`: the tabs' ids, so a caller's own union of tab names flows through `onSelect`. */
interface TabsProps<Id extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  className?: string;
}

const CSS = `
.ui-tabs__list { display: flex; gap: 2px; border-bottom: 1px solid ${tokens.border}; margin-bottom: 12px; }
.ui-tabs__tab { font: inherit; font-weight: 600; color: ${tokens.muted}; background: none; border: 0; border-bottom: 2px solid transparent; margin-bottom: -1px; padding: 8px 14px; cursor: pointer; border-radius: ${tokens.radius} ${tokens.radius} 0 0; }
.ui-tabs__tab:hover { color: ${tokens.text}; background: ${tokens.accentSoft}; }
.ui-tabs__tab[aria-selected="true"] { color: ${tokens.accentStrong}; border-bottom-color: ${tokens.accent}; }
.ui-tabs__tab:focus-visible { outline: 2px solid ${tokens.focus}; outline-offset: -2px; }
.ui-tabs__panel:focus-visible { outline: 2px solid ${tokens.focus}; outline-offset: 2px; }
`;

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the list; Left/Right
 * move between tabs (wrapping), Home/End go to the first/last; the focused tab's panel shows.
 * Only the selected panel is rendered.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, className }: TabsProps<Id>) {
  useInjectedStyles('tabs', CSS);
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = targets[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div className={cx('ui-tabs', className)}>
      <div role="tablist" aria-label={label} className="ui-tabs__list">
        {tabs.map((tab) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`} tabIndex={0} className="ui-tabs__panel">
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
