/** The PostgreSQL store's record tables: rows of the `records` table, by table and id. */
import type pg from 'pg';
import type { RecordTable, StoredRecord } from '../store.js';
import { one } from './pool.js';

export function postgresRecordTable<T>(pool: pg.Pool, table: string): RecordTable<T> {
  type Row = { id: string; account_id: string | null; value: T; expires_at: string | null };
  const toRecord = (r: Row): StoredRecord<T> => ({ id: r.id, accountId: r.account_id, value: r.value, expiresAt: r.expires_at });
  const COLS = 'id, account_id, value, expires_at';
  const LIVE = '(expires_at IS NULL OR expires_at > $3)';
  const values = (row: StoredRecord<T>) => [table, row.id, row.accountId, JSON.stringify(row.value), row.expiresAt];
  return {
    get: async (id, now) => {
      const r = await one<Row>(pool, `SELECT ${COLS} FROM records WHERE tbl = $1 AND id = $2 AND ${LIVE}`, [table, id, now]);
      return r && toRecord(r);
    },
    listByAccount: async (accountId, now) =>
      (
        await pool.query<Row>(`SELECT ${COLS} FROM records WHERE tbl = $1 AND account_id = $2 AND ${LIVE} ORDER BY id`, [
          table,
          accountId,
          now,
        ])
      ).rows.map(toRecord),
    put: async (row) => {
      await pool.query(
        `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5)
         ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
        values(row),
      );
    },
    insert: async (row, now) => {
      // An expired row with the same id is replaced; a live one wins.
      const { rowCount } = await pool.query(
        `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5)
         ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
         WHERE records.expires_at IS NOT NULL AND records.expires_at <= $6`,
        [...values(row), now],
      );
      return (rowCount ?? 0) > 0;
    },
    take: async (id, now) => {
      const r = await one<Row>(pool, `DELETE FROM records WHERE tbl = $1 AND id = $2 AND ${LIVE} RETURNING ${COLS}`, [table, id, now]);
      return r && toRecord(r);
    },
    delete: async (id) => ((await pool.query('DELETE FROM records WHERE tbl = $1 AND id = $2', [table, id])).rowCount ?? 0) > 0,
    deleteByAccount: async (accountId) =>
      (await pool.query('DELETE FROM records WHERE tbl = $1 AND account_id = $2', [table, accountId])).rowCount ?? 0,
    sweep: async (now) => (await pool.query('DELETE FROM records WHERE tbl = $1 AND expires_at <= $2', [table, now])).rowCount ?? 0,
  };
}
