/**
 * List numbers an export draws itself: legal numbering ("14.1.") names the counters of several
 * levels in one marker, which no list-style-type can draw, so the converter writes such numbers
 * out, counted as the export's CSS counters count them (each level counts its items; a list that
 * starts again, or gives a `start`, sets its level's count; a deeper level starts again under a new
 * item of a higher one).
 */
import type { NumberPart } from './exportStyles';

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

function alpha(n: number): string {
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest -= 1;
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/** A count in a CSS list type (decimal for any other). */
export function formatCount(n: number, type: string): string {
  if (n < 1 || n > 3999) return String(n);
  if (type === 'lower-alpha') return alpha(n);
  if (type === 'upper-alpha') return alpha(n).toUpperCase();
  if (type === 'lower-roman') return roman(n);
  if (type === 'upper-roman') return roman(n).toUpperCase();
  if (type === 'decimal-leading-zero') return String(n).padStart(2, '0');
  return String(n);
}

/** The number the marker's parts make with the levels' counts (`counts[level]`). */
export function numberText(parts: readonly NumberPart[], counts: readonly number[]): string {
  return parts.map((part) => ('text' in part ? part.text : formatCount(counts[part.level] ?? 0, part.type))).join('');
}

/** The counts of each list (by its `lst-kix_<id>`), level by level, as its items are met in the document. */
export class ListCounters {
  private readonly counts = new Map<string, number[]>();

  /** A list of the export at `level` begins: `start` (its attribute) or, for a list that starts again, 1 is its next number. */
  begin(list: string, level: number, start: number | null, restarts: boolean): void {
    const counts = this.countsOf(list);
    if (start !== null) counts[level] = start - 1;
    else if (restarts) counts[level] = 0;
    counts.length = level + 1;
  }

  /** The next item at `level`: the counts after it (deeper levels start again). */
  next(list: string, level: number): readonly number[] {
    const counts = this.countsOf(list);
    counts[level] = (counts[level] ?? 0) + 1;
    counts.length = level + 1;
    return counts;
  }

  private countsOf(list: string): number[] {
    let counts = this.counts.get(list);
    if (!counts) this.counts.set(list, (counts = []));
    return counts;
  }
}
