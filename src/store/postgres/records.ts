/** The PostgreSQL store's record tables: rows of the `records` table, by table and id. */
import type pg from 'pg';
import { AccountDeletedError, type RecordTable, type RecordWriteOptions, type StoredRecord } from '../store.js';
import { one, transaction } from './pool.js';

const COLS = 'id, account_id, value, expires_at';
const UPSERT =
  'ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at';
/** `insert`: an expired row with the same id is replaced; a live one wins. */
const UNLESS_LIVE = 'WHERE records.expires_at IS NOT NULL AND records.expires_at <= $6';

/**
 * A write of the row ($1-$5) only while its account ($3) exists and its deletion has not begun: the account row
 * is locked FOR KEY SHARE, which a deletion's FOR UPDATE waits for, and when a deletion committed first the
 * lock rechecks `deleted_at` on the newest row version (READ COMMITTED), so the write sees it and adds nothing.
 * Ledger updates (FOR NO KEY UPDATE) do not conflict with it.
 */
const liveWrite = (conflict: string) => `
  WITH owner AS (SELECT id FROM accounts WHERE id = $3 AND deleted_at IS NULL FOR KEY SHARE),
  written AS (
    INSERT INTO records (tbl, id, account_id, value, expires_at) SELECT $1, $2, owner.id, $4::json, $5 FROM owner
    ${conflict} RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM owner) AS live, EXISTS (SELECT 1 FROM written) AS written`;

export function postgresRecordTable<T>(pool: pg.Pool, table: string): RecordTable<T> {
  type Row = { id: string; account_id: string | null; value: T; expires_at: string | null };
  const toRecord = (r: Row): StoredRecord<T> => ({ id: r.id, accountId: r.account_id, value: r.value, expiresAt: r.expires_at });
  const LIVE = '(expires_at IS NULL OR expires_at > $3)';
  const values = (row: StoredRecord<T>) => [table, row.id, row.accountId, JSON.stringify(row.value), row.expiresAt];
  /** Write with `liveAccount`: whether anything was written; refused when the account is gone. */
  const whileLive = async (conflict: string, params: unknown[]) => {
    const r = await one<{ live: boolean; written: boolean }>(pool, liveWrite(conflict), params);
    if (!r?.live) throw new AccountDeletedError();
    return r.written;
  };
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
    put: async (row, opts?: RecordWriteOptions) => {
      if (opts?.liveAccount) {
        await whileLive(UPSERT, values(row));
        return;
      }
      await pool.query(
        `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5) ${UPSERT}`,
        values(row),
      );
    },
    insert: async (row, now, opts?: RecordWriteOptions) => {
      if (opts?.liveAccount) return whileLive(`${UPSERT} ${UNLESS_LIVE}`, [...values(row), now]);
      const { rowCount } = await pool.query(
        `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5) ${UPSERT} ${UNLESS_LIVE}`,
        [...values(row), now],
      );
      return (rowCount ?? 0) > 0;
    },
    update: (id, now, fn) =>
      // The row's lock: a delete waits for this update, or this update finds the row gone and writes nothing.
      transaction(pool, async (client) => {
        const { rows } = await client.query<Row>(`SELECT ${COLS} FROM records WHERE tbl = $1 AND id = $2 AND ${LIVE} FOR UPDATE`, [
          table,
          id,
          now,
        ]);
        if (!rows[0]) return undefined;
        const current = toRecord(rows[0]);
        const { value, expiresAt } = fn(current);
        await client.query('UPDATE records SET value = $3::json, expires_at = $4 WHERE tbl = $1 AND id = $2', [
          table,
          id,
          JSON.stringify(value),
          expiresAt,
        ]);
        return { id, accountId: current.accountId, value, expiresAt };
      }),
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
