/** Number helpers shared by the numeric controls. */

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** `value` rounded to `precision` decimals (precision 0: a whole number). */
export function roundTo(value: number, precision: number): number {
  const factor = 10 ** Math.max(0, Math.floor(precision));
  return Math.round(value * factor) / factor;
}
