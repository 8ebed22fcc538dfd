import { useEffect, useState, type KeyboardEvent } from 'react';
import { dropdownKeyAction } from './dropdownKeys';
import { DROPDOWN_AUTO_CLOSE_MS } from './motion';
import { useTypeahead } from './useTypeahead';

interface UseDropdownOptions {
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange: (value: string) => void;
  /** Prefix of the options' element ids. */
  baseId: string;
}

/**
 * The state of a select-only combobox: open or not, the active option, typed letters, and the
 * auto-close 50,000 ms after the last use (spec §9).
 */
export function useDropdown({ options, value, onChange, baseId }: UseDropdownOptions) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [lastUse, setLastUse] = useState(0);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const find = useTypeahead();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setOpen(false), DROPDOWN_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, lastUse]);

  useEffect(() => {
    if (open) document.getElementById(`${baseId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, baseId]);

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(options.length - 1, index)));
    setOpen(true);
    setLastUse((n) => n + 1);
  };
  const choose = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (option && option.value !== value) onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (open) setLastUse((n) => n + 1);
    const printable = event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable) {
      const found = find(
        event.key,
        options.map((o) => o.label),
        open ? active : selectedIndex,
      );
      if (found >= 0 && open) setActive(found);
      else if (found >= 0) openAt(found);
      return;
    }
    const action = dropdownKeyAction(event.key, { open, active, selected: selectedIndex, count: options.length });
    if (!action) return;
    if (action.type !== 'close') event.preventDefault();
    if (action.type === 'open') openAt(action.index);
    else if (action.type === 'move') setActive(action.index);
    else if (action.type === 'choose') choose(active);
    else close();
  };

  return { open, active, setActive, selectedIndex, openAt, choose, close, onKeyDown };
}
