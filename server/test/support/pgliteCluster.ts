/**
 * A new in-memory PGlite for a test file, started from a dump of a new cluster rather than made
 * anew: making a cluster (initdb) costs about 3 s of CPU, loading its dump about 0.25 s. The dump is
 * of a cluster just made, before any migration, so each database starts as a new one does, with
 * two differences that no query of the server can see and that halve the cost of each load:
 * 16 MB of shared buffers (PGlite clears its 128 MB at each start) and no template databases
 * (template0 and template1, 15 of the dump's 40 MB; the server never creates a database).
 * It is kept in node_modules/.cache under PGlite's version; the first test file that finds none
 * makes it (written aside and renamed, so a file reading at the same time sees all of it or none).
 * Jest's global set-up makes both before any test file starts (prepareClusterCaches): made by
 * several files at once beside the browser builds, the first could take longer than a hook's limit.
 *
 * The same for a server process's data folder (PGLITE_DIR), where a test is not about a first
 * start: a copy of a new data folder, made once by openPglite as a server's first start makes it,
 * as lean.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/db/database';
import { openPglite } from '../../src/db/pglite';

const cacheDir = path.resolve(__dirname, '../../../node_modules/.cache/pglite-cluster');
const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
const dumpFile = path.join(cacheDir, `new-cluster-${pgliteVersion}-lean.tar`);
const folderCache = path.join(cacheDir, `new-data-folder-${pgliteVersion}-lean`);

async function newClusterDump(): Promise<Blob> {
  try {
    return new Blob([readFileSync(dumpFile)]);
  } catch {
    const fresh = await PGlite.create();
    await leanen(fresh);
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    try {
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${dumpFile}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, dumpFile);
    } catch {
      // No cache here (read-only tree): each file makes its cluster.
    }
    return dump;
  }
}

/** Makes the cached cluster dump and data folder if missing (once, before the test files start). */
export async function prepareClusterCaches(): Promise<void> {
  await newClusterDump();
  if (!existsSync(path.join(folderCache, 'PG_VERSION'))) await makeDataFolder(folderCache).catch(() => undefined);
}

/** Smaller shared buffers (read at the next start) and no template databases: see the top of this file. */
async function leanen(db: { query(sql: string): Promise<unknown> }): Promise<void> {
  // One statement each: DROP DATABASE may not run inside the transaction of a multi-statement query.
  await db.query("ALTER SYSTEM SET shared_buffers = '16MB'");
  await db.query("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.query('DROP DATABASE template0');
  await db.query('DROP DATABASE template1');
  await db.query('CHECKPOINT');
}

/** An in-memory PGlite as the server opens one (openPglite), on a new cluster. */
export async function openNewPglite(): Promise<Database> {
  return openPglite({ loadDataDir: await newClusterDump() });
}

/**
 * `dir` as a server's first start leaves a new data folder (closed, before any migration), copied
 * from the one kept in the cache: the start on it skips initdb (about 4 s of CPU). Tests of the
 * first start itself leave the folder to the server.
 */
export async function newDataFolder(dir: string): Promise<void> {
  if (!existsSync(path.join(folderCache, 'PG_VERSION'))) {
    try {
      await makeDataFolder(folderCache);
    } catch {
      // No cache here (read-only tree): the folder is made where it is wanted.
      return makeDataFolder(dir);
    }
  }
  cpSync(folderCache, dir, { recursive: true });
}

/** Made aside by openPglite (as a server's first start makes it), then renamed; another process's folder made first stays. */
async function makeDataFolder(target: string): Promise<void> {
  const made = `${target}.${process.pid}`;
  const db = await openPglite({ dataDir: made });
  await leanen(db);
  await db.close();
  try {
    renameSync(made, target);
  } catch (error) {
    rmSync(made, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'PG_VERSION'))) throw error;
  }
}
