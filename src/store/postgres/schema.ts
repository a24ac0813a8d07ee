/**
 * The PostgreSQL store's schema: the versioned migrations of ../migrations.ts,
 * applied in order under an advisory lock.
 */
import type pg from 'pg';
import { MIGRATIONS } from '../migrations.js';
import { LOCK_NS } from './pool.js';

const LOCK_MIGRATE = 1;

/**
 * Apply the pending migrations (advisory-locked: concurrent callers wait, then
 * find nothing left to do). Returns the versions applied by this call.
 */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NS, LOCK_MIGRATE]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS werkbank_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const { rows } = await client.query<{ version: number }>('SELECT version FROM werkbank_migrations');
      const done = new Set(rows.map((r) => r.version));
      const newest = Math.max(0, ...done);
      const known = Math.max(...MIGRATIONS.map((m) => m.version));
      if (newest > known)
        throw new Error(
          `The database schema is at version ${newest}, newer than this werkbank knows (${known}): upgrade werkbank before starting it on this database.`,
        );
      for (const m of MIGRATIONS) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO werkbank_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`);
        }
        applied.push(m.version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NS, LOCK_MIGRATE]);
    }
  } finally {
    client.release();
  }
  return applied;
}

/** The schema version of the database (0: none yet). */
export async function schemaVersion(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ v: number | null }>(
    "SELECT CASE WHEN to_regclass('werkbank_migrations') IS NULL THEN 0 ELSE (SELECT coalesce(max(version), 0) FROM werkbank_migrations) END AS v",
  );
  return rows[0]?.v ?? 0;
}

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
