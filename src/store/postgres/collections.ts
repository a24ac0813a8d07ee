/** The PostgreSQL store's per-account collections (agent memory...): rows of the `collections` table. */
import type pg from 'pg';
import { QuotaExceededError, type Collection } from '../store.js';
import { LOCK_NS, one, transaction } from './pool.js';

export function postgresCollection<T>(pool: pg.Pool, name: string): Collection<T> {
  return {
    get: async (accountId, key) =>
      (
        await one<{ value: T }>(pool, 'SELECT value FROM collections WHERE name = $1 AND account_id = $2 AND key = $3', [
          name,
          accountId,
          key,
        ])
      )?.value,
    list: async (accountId) =>
      (
        await pool.query<{ key: string; value: T }>('SELECT key, value FROM collections WHERE name = $1 AND account_id = $2 ORDER BY key', [
          name,
          accountId,
        ])
      ).rows.map((r) => [r.key, r.value] as [string, T]),
    bytes: async (accountId) =>
      (
        await one<{ n: number }>(
          pool,
          'SELECT coalesce(sum(octet_length(key) + octet_length(value::text)), 0)::int AS n FROM collections WHERE name = $1 AND account_id = $2',
          [name, accountId],
        )
      )?.n ?? 0,
    set: async (accountId, key, value, limits) => {
      const json = JSON.stringify(value);
      const upsert = `INSERT INTO collections (name, account_id, key, value) VALUES ($1, $2, $3, $4::json)
         ON CONFLICT (name, account_id, key) DO UPDATE SET value = EXCLUDED.value`;
      if (!limits) {
        await pool.query(upsert, [name, accountId, key, json]);
        return;
      }
      // Stored bytes as the embedded store counts them: the key plus the value's JSON text (json keeps it as written).
      const bytes = Buffer.byteLength(key) + Buffer.byteLength(json);
      await transaction(pool, async (client) => {
        // One writer per account and collection at a time, on every instance: the check and the write agree.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NS, `${name}/${accountId}`]);
        const { rows } = await client.query<{ used: number; old: number }>(
          `SELECT coalesce(sum(octet_length(key) + octet_length(value::text)), 0)::int AS used,
                  coalesce(sum(octet_length(key) + octet_length(value::text)) FILTER (WHERE key = $3), 0)::int AS old
             FROM collections WHERE name = $1 AND account_id = $2`,
          [name, accountId, key],
        );
        const { used, old } = rows[0] ?? { used: 0, old: 0 };
        if (bytes > old && used - old + bytes > limits.maxBytes) throw new QuotaExceededError(used, limits.maxBytes, bytes - old);
        await client.query(upsert, [name, accountId, key, json]);
      });
    },
    delete: async (accountId, key) => {
      const { rowCount } = await pool.query('DELETE FROM collections WHERE name = $1 AND account_id = $2 AND key = $3', [
        name,
        accountId,
        key,
      ]);
      return (rowCount ?? 0) > 0;
    },
    all: async () =>
      (
        await pool.query<{ account_id: string; key: string; value: T }>(
          'SELECT account_id, key, value FROM collections WHERE name = $1 ORDER BY account_id, key',
          [name],
        )
      ).rows.map((r) => [r.account_id, r.key, r.value] as [string, string, T]),
  };
}
