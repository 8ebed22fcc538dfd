/**
 * The embedded PostgreSQL (PGlite): a data folder on disk, or memory when no folder is given.
 *
 * A new data folder is made in a sibling staging folder, closed cleanly, then renamed into place,
 * so a process killed during its first start leaves only a staging folder, which the next start
 * removes; the data folder itself has always been closed at least once. A lock file beside the
 * folder keeps a second process out (PGlite is single-process) and is taken over when the process
 * that wrote it is gone (killed). Opening is bounded in time, with a clear error.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

export interface PgliteOptions {
  /** Data folder; undefined for an in-memory database. */
  dataDir?: string;
  openTimeoutMs?: number;
  /** An in-memory database may start from a dump of a cluster (PGlite's dumpDataDir) instead of a new one. */
  loadDataDir?: Blob;
}

const STAGING_MARK = '.init-';

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const { dataDir } = options;
  const timeoutMs = options.openTimeoutMs ?? 60_000;
  if (!dataDir) return wrap(await withTimeout(PGlite.create({ loadDataDir: options.loadDataDir }), timeoutMs, 'memory'), () => undefined);

  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const releaseLock = takeLock(`${dir}.lock`);
  try {
    removeStaleStaging(dir);
    if (!holdsDatabase(dir)) await createDataFolder(dir, timeoutMs);
    const db = await withTimeout(PGlite.create(dir), timeoutMs, dir);
    return wrap(db, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function wrap(db: PGlite, afterClose: () => void): Database {
  const toQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    query: async <Row>(sql: string, params: unknown[] = []) => (await q.query<Row>(sql, params)).rows,
  });
  return {
    engine: 'pglite',
    ...toQueryable(db),
    transaction: (work) => db.transaction((tx) => work(toQueryable(tx))),
    async close() {
      if (!db.closed) await db.close();
      afterClose();
    },
  };
}

function holdsDatabase(dir: string): boolean {
  if (!existsSync(dir)) return false;
  if (existsSync(path.join(dir, 'PG_VERSION'))) return true;
  if (readdirSync(dir).length === 0) {
    rmSync(dir, { recursive: true, force: true });
    return false;
  }
  throw new Error(`PGLITE_DIR ${dir} exists but holds no database (no PG_VERSION). Remove it or choose another folder.`);
}

async function createDataFolder(dir: string, timeoutMs: number): Promise<void> {
  const staging = `${dir}${STAGING_MARK}${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const db = await withTimeout(PGlite.create(staging), timeoutMs, staging);
  await db.close();
  renameSync(staging, dir);
}

function removeStaleStaging(dir: string): void {
  const parent = path.dirname(dir);
  const prefix = path.basename(dir) + STAGING_MARK;
  for (const name of readdirSync(parent)) {
    if (name.startsWith(prefix)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(lockFile: string): () => void {
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The PGlite data folder is in use by process ${pid} (${lockFile}). Stop it, or set another PGLITE_DIR.`);
    }
    rmSync(lockFile, { force: true });
  }
  writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  return () => rmSync(lockFile, { force: true });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Opening the embedded database (${what}) took more than ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
