/** What a key does to a select-only combobox (WAI-ARIA pattern), as a pure decision. */
export type DropdownKeyAction = { type: 'open' | 'move'; index: number } | { type: 'choose' | 'close' } | null;

export interface DropdownKeyState {
  open: boolean;
  /** The highlighted option while open. */
  active: number;
  /** The selected option, or -1. */
  selected: number;
  count: number;
}

export function dropdownKeyAction(key: string, { open, active, selected, count }: DropdownKeyState): DropdownKeyAction {
  const last = count - 1;
  if (!open) {
    const from = selected >= 0 ? selected : 0;
    const starts: Record<string, number> = { ArrowDown: from, ArrowUp: selected >= 0 ? selected : last, Enter: from, ' ': from, Home: 0, End: last };
    return key in starts ? { type: 'open', index: starts[key] ?? 0 } : null;
  }
  const moves: Record<string, number> = {
    ArrowDown: Math.min(last, active + 1),
    ArrowUp: Math.max(0, active - 1),
    Home: 0,
    End: last,
    PageDown: Math.min(last, active + 10),
    PageUp: Math.max(0, active - 10),
  };
  if (key in moves) return { type: 'move', index: moves[key] ?? active };
  if (key === 'Enter' || key === ' ') return { type: 'choose' };
  if (key === 'Tab') return { type: 'close' };
  return null;
}
