/**
 * Window counters in the shared database (table `counters`, a row per key): every process sees the same counts,
 * and a take is one statement, so no number of processes and concurrent requests passes a limit.
 */
import type pg from 'pg';
import type { WindowCounters } from '../store.js';
import { one } from './pool.js';

type Row = { count: number; expires_at: string };

export function postgresCounters(pool: pg.Pool): WindowCounters {
  const current = (key: string, now: string) =>
    one<Row>(pool, 'SELECT count, expires_at FROM counters WHERE key = $1 AND expires_at > $2', [key, now]);
  return {
    take: async (key, limit, now, expiresAt, amount = 1) => {
      if (amount <= limit) {
        // The key's first count inserts its row; a count after its window ended starts a new window; else `amount` is
        // added while the sum stays within the limit. The conflicting row stays locked until the update, so
        // concurrent takes queue on it and each sees the count the one before it left.
        const row = await one<Row>(
          pool,
          `INSERT INTO counters (key, count, expires_at) VALUES ($1, $5, $4)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN counters.expires_at <= $3 THEN $5 ELSE counters.count + $5 END,
             expires_at = CASE WHEN counters.expires_at <= $3 THEN EXCLUDED.expires_at ELSE counters.expires_at END
           WHERE counters.expires_at <= $3 OR counters.count + $5 <= $2
           RETURNING count, expires_at`,
          [key, limit, now, expiresAt, amount],
        );
        if (row) return { count: row.count, expiresAt: row.expires_at };
      }
      // Refused (the uncommon case): when the running window ends, for the caller's Retry-After.
      return { count: null, expiresAt: (await current(key, now))?.expires_at ?? expiresAt };
    },
    give: async (key, expiresAt, amount = 1) => {
      await pool.query('UPDATE counters SET count = GREATEST(count - $3, 0) WHERE key = $1 AND expires_at = $2 AND count > 0', [
        key,
        expiresAt,
        amount,
      ]);
    },
    current: async (key, now) => {
      const row = await current(key, now);
      return row && { count: row.count, expiresAt: row.expires_at };
    },
    sweep: async (now) => (await pool.query('DELETE FROM counters WHERE expires_at <= $1', [now])).rowCount ?? 0,
  };
}
