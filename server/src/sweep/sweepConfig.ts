/**
 * The settings sweeper's timings (docs/operating.md, "Settings the server removes by itself"), from the
 * environment. The abandoned period has a floor: a mistyped value must not sweep settings in use.
 */
export interface SweepConfig {
  /** How often a server sweeps, in ms; 0: never (another instance, or a job, does it). */
  intervalMs: number;
  /** Settings no page has read (nor saved) for this long are removed, in ms. */
  abandonedMs: number;
  /** A deletion announced but not confirmed is finished after this long, in ms. */
  deletionGraceMs: number;
  /** The most rows one sweep removes (the next sweep takes the rest). */
  batchSize: number;
  /** The write limit's window, in ms: a counter whose window has ended is removed by the sweep. */
  writeWindowMs: number;
  /** Native content no widget shows is removed once out of use this long, in ms (a page or a CDN may still hold it). */
  contentGraceMs: number;
}

export const MIN_ABANDONED_DAYS = 90;
const DAY_MS = 86_400_000;
/** Far longer than any cache keeps a page (15 s) or a render takes. */
export const CONTENT_GRACE_MS = 10 * 60_000;

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}".`);
  return value;
}

export function loadSweepConfig(env: Env): SweepConfig {
  return {
    intervalMs: whole(env, 'SETTINGS_SWEEP_INTERVAL_SECONDS', 3600, 0) * 1000,
    abandonedMs: whole(env, 'SETTINGS_ABANDONED_DAYS', 400, MIN_ABANDONED_DAYS) * DAY_MS,
    deletionGraceMs: whole(env, 'SETTINGS_DELETE_GRACE_SECONDS', 600, 60) * 1000,
    batchSize: 500,
    // The write limit's own default (config.ts sets the configured window).
    writeWindowMs: 60_000,
    contentGraceMs: CONTENT_GRACE_MS,
  };
}
