/**
 * Applies the SQL files of server/migrations in name order, each once and in its own transaction,
 * recorded in schema_migrations. An advisory lock, taken before anything else (even the creation of
 * schema_migrations), keeps servers that start together on one database from racing: the first
 * applies, the others wait for it and then find everything applied.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { MIGRATIONS_DIR } from '../paths';

const LOCK_ID = 7_300_118;

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationNames(dir);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const name of files) {
    const sql = readFileSync(path.join(dir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/** The migration files of `dir`, in the order they apply. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** True when every migration of `dir` is recorded as applied. */
export async function migrationsApplied(db: Database, dir = MIGRATIONS_DIR): Promise<boolean> {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
  if (!table?.name) return false;
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  return migrationNames(dir).every((name) => applied.has(name));
}

/** Statements separated by ';' at a line end; the migrations hold no procedural bodies. */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
