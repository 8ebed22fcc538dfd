/**
 * The revision rule. Each widget's settings carry a revision: 0 before the first save, one more
 * after every save or delete. A save names the revision it started from; it is stored only when
 * that is still the current one, and otherwise refused as stale (409) with the current revision,
 * overwriting nothing.
 */
/** The largest revision (PostgreSQL's integer). */
export const MAX_REVISION = 2_147_483_647;

export const isRevision = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_REVISION;

/** A revision as a form field carries it: whole decimal digits, at most MAX_REVISION. */
export function parseRevisionText(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_REVISION ? value : null;
}

/** The revision an answer carries beside the model (0 when it has none). */
export function readRevision(raw: unknown): number {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).revision : undefined;
  return isRevision(value) ? value : 0;
}

export type SaveVerdict = { stored: true; revision: number } | { stored: false; current: number };

/** What a save started from `base` does when the settings are at `current`. */
export function saveVerdict(base: number, current: number): SaveVerdict {
  return base === current ? { stored: true, revision: current + 1 } : { stored: false, current };
}

/** The revision after a delete: one more when there were settings to remove, else unchanged (a delete of nothing changes nothing). */
export const revisionAfterDelete = (current: number, hadSettings: boolean): number => (hadSettings ? current + 1 : current);
