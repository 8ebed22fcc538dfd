/**
 * The server finishes what a page could not: on its own schedule it removes
 * - settings whose deletion was announced (the delete route started) but not confirmed done, once
 *   the grace period has passed, unless a page read them since (then the owner still uses them);
 * - settings no page has read, and no save has changed, for the abandoned period: the widget was
 *   removed without its delete arriving (the frame went first, the network was down).
 * Removing is what the delete route does: the settings become a tombstone (the revision goes up, so
 * an old save cannot bring them back) and the widget's drive grant is forgotten. The same sweep
 * removes the write limit's counters whose window has ended (by the database's clock, as they are
 * counted), so `write_limits` holds only the sites that wrote lately, and native content no page
 * can ask for any more (contentSweep.ts). Safe with any number of servers: one sweep at a time (a
 * transaction-level advisory lock; a server that finds it taken skips its turn), and each row is
 * claimed by one statement. Every failure is logged.
 */
import type { Database } from '../db/database';
import type { SettingsKey } from '../db/settingsStore';
import { sweepContent } from './contentSweep';
import type { SweepConfig } from './sweepConfig';

/** The advisory lock of the sweep (the migrations use another). */
const SWEEP_LOCK_ID = 7_300_322;

export interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SweepResult {
  /** Another server held the sweep's lock: nothing was done. */
  skipped: boolean;
  removed: SettingsKey[];
  /** Keys whose follow-up work failed (retried after the grace period). */
  failed: SettingsKey[];
}

export interface SettingsSweeper {
  sweepOnce(): Promise<SweepResult>;
  start(): void;
  /** No more sweeps; resolves once a sweep under way has ended. */
  stop(): Promise<void>;
}

export interface SweeperOptions {
  db: Database;
  config: SweepConfig;
  log: SweepLog;
  /** The rest of a removal (the drive grant); throws when it could not be done. */
  onRemoved?: (key: SettingsKey) => Promise<void>;
  now?: () => number;
}

interface Claimed {
  instance_id: string;
  comp_id: string;
}

const CLAIM = `
  UPDATE widget_settings s
     SET revision = CASE WHEN s.model IS NULL THEN s.revision ELSE s.revision + 1 END,
         model = NULL, updated_at = now(), deletion_announced_at = $1
   WHERE (s.instance_id, s.comp_id) IN (
     SELECT instance_id, comp_id FROM widget_settings
      WHERE (deletion_announced_at < $2 AND (model IS NULL OR last_read_at <= deletion_announced_at))
         OR (model IS NOT NULL AND last_read_at < $3 AND updated_at < $3)
      LIMIT $4 FOR UPDATE SKIP LOCKED)
  RETURNING s.instance_id, s.comp_id`;

const PRUNE_WRITE_COUNTS = `
  WITH ended AS (DELETE FROM write_limits WHERE window_start + $1 <= floor(extract(epoch FROM clock_timestamp()) * 1000) RETURNING 1)
  SELECT count(*)::int AS removed FROM ended`;

export function createSettingsSweeper({ db, config, log, onRemoved, now = Date.now }: SweeperOptions): SettingsSweeper {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  /** The rows claimed and the write counters removed, or null when another server is sweeping. */
  async function claim(at: Date): Promise<{ claimed: Claimed[]; writeCounts: number } | null> {
    return db.transaction(async (tx) => {
      const [lock] = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS taken', [SWEEP_LOCK_ID]);
      if (!lock?.taken) return null;
      const graceCutoff = new Date(at.getTime() - config.deletionGraceMs);
      const abandonedCutoff = new Date(at.getTime() - config.abandonedMs);
      const [pruned] = await tx.query<{ removed: number }>(PRUNE_WRITE_COUNTS, [config.writeWindowMs]);
      const claimed = await tx.query<Claimed>(CLAIM, [at, graceCutoff, abandonedCutoff, config.batchSize]);
      return { claimed, writeCounts: pruned?.removed ?? 0 };
    });
  }

  async function finish(key: SettingsKey, at: Date): Promise<boolean> {
    try {
      await onRemoved?.(key);
      await db.query('UPDATE widget_settings SET deletion_announced_at = NULL WHERE instance_id = $1 AND comp_id = $2 AND deletion_announced_at = $3', [
        key.instanceId,
        key.compId,
        at,
      ]);
      return true;
    } catch (err) {
      log.error({ err, compId: key.compId }, 'settings sweep: removal not finished; retried after the grace period');
      return false;
    }
  }

  async function sweepOnce(): Promise<SweepResult> {
    const at = new Date(now());
    const claims = await claim(at);
    if (claims === null) return { skipped: true, removed: [], failed: [] };
    const { claimed, writeCounts } = claims;
    const removed: SettingsKey[] = [];
    const failed: SettingsKey[] = [];
    for (const row of claimed) {
      const key = { instanceId: row.instance_id, compId: row.comp_id };
      const done = await finish(key, at);
      (done ? removed : failed).push(key);
    }
    if (claimed.length > 0 || writeCounts > 0) log.info({ removed: removed.length, failed: failed.length, writeCounts }, 'settings sweep');
    await sweepNativeContent(at);
    return { skipped: false, removed, failed };
  }

  /** After the settings: what a widget removed now showed goes at a later sweep, after the grace period. */
  async function sweepNativeContent(at: Date): Promise<void> {
    try {
      const content = await sweepContent(db, SWEEP_LOCK_ID, new Date(at.getTime() - config.contentGraceMs), config.batchSize);
      if (content.widgets + content.renderings + content.images > 0) log.info({ ...content }, 'native content sweep');
    } catch (err) {
      log.error({ err }, 'native content sweep failed; tried again at the next interval');
    }
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      running = sweepOnce()
        .catch((err: unknown) => log.error({ err }, 'settings sweep failed; tried again at the next interval'))
        .finally(() => {
          running = null;
          if (timer !== null) schedule(config.intervalMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    sweepOnce,
    start() {
      if (config.intervalMs === 0 || timer !== null) return;
      // The first sweep a little after the start, at a random moment, so a fleet started together does not line up.
      schedule(Math.round(Math.min(config.intervalMs, 60_000) * (0.5 + Math.random() / 2)));
    },
    async stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
