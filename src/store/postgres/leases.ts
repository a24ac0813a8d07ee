/**
 * Leases in the shared database (table `leases`, a row per key holding each lease's expiry by its id): every
 * process counts the same leases, and a take is one statement, so no number of processes and concurrent
 * requests holds more than the limit. A process that dies leaves its leases to expire.
 */
import type pg from 'pg';
import type { Leases } from '../store.js';
import { one } from './pool.js';

/** The leases of `leases.holders` unexpired at $now, as (id, expiry) rows. */
const LIVE = (now: string) => `jsonb_each_text(leases.holders) AS held(id, expires_at) WHERE held.expires_at > ${now}`;

export function postgresLeases(pool: pg.Pool): Leases {
  return {
    take: async (key, id, limit, now, expiresAt) => {
      if (limit < 1) return false;
      // The key's first lease inserts its row; else the expired leases are dropped and this one added while the
      // unexpired ones are fewer than the limit. The conflicting row stays locked until the update, so
      // concurrent takes queue on it and each sees the leases the one before it left.
      const row = await one(
        pool,
        `INSERT INTO leases (key, holders) VALUES ($1, jsonb_build_object($2::text, $5::text))
         ON CONFLICT (key) DO UPDATE SET
           holders = (SELECT coalesce(jsonb_object_agg(held.id, held.expires_at), '{}'::jsonb) FROM ${LIVE('$4')})
             || EXCLUDED.holders
         WHERE (SELECT count(*) FROM ${LIVE('$4')}) < $3
         RETURNING 1 AS taken`,
        [key, id, limit, now, expiresAt],
      );
      return row !== undefined;
    },
    renew: async (key, id, now, expiresAt) => {
      const { rowCount } = await pool.query(
        `UPDATE leases SET holders = jsonb_set(holders, ARRAY[$2::text], to_jsonb($4::text))
         WHERE key = $1 AND holders ->> $2::text > $3`,
        [key, id, now, expiresAt],
      );
      return rowCount === 1;
    },
    give: async (key, id) => {
      await pool.query('UPDATE leases SET holders = holders - $2::text WHERE key = $1 AND holders ? $2::text', [key, id]);
    },
    count: async (key, now) => {
      const row = await one<{ n: number }>(pool, `SELECT count(*)::int AS n FROM leases, ${LIVE('$2')} AND leases.key = $1`, [key, now]);
      return row?.n ?? 0;
    },
    sweep: async (now) => {
      const res = await pool.query(`DELETE FROM leases WHERE NOT EXISTS (SELECT 1 FROM ${LIVE('$1')})`, [now]);
      return res.rowCount ?? 0;
    },
  };
}
