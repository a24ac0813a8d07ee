/** Rows of the PostgreSQL store's accounts and api_keys tables, and the records they hold. */
import type pg from 'pg';
import type { Account, ApiKeyRecord } from '../store.js';

export interface AccountRow {
  id: string;
  name: string;
  plan: Account['plan'];
  created_at: string;
  period_start: string;
  allowance_used: number;
  pack_credits: number;
  render_allowance_used: number;
  /** Absent from rows that statements written before the column build (the ledger's). */
  deleted_at?: string | null;
}

export interface KeyRow {
  id: string;
  account_id: string;
  hash: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  name: string | null;
}

export const ACCOUNT_COLS = 'id, name, plan, created_at, period_start, allowance_used, pack_credits, render_allowance_used, deleted_at';
export const KEY_COLS = 'id, account_id, hash, prefix, created_at, revoked_at, last_used_at, name';

/** An account's values in the order of ACCOUNT_COLS (for an INSERT). */
export function accountValues(a: Account): unknown[] {
  return [a.id, a.name, a.plan, a.createdAt, a.periodStart, a.allowanceUsed, a.packCredits, a.renderAllowanceUsed, a.deletedAt ?? null];
}

export function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    plan: r.plan,
    createdAt: r.created_at,
    periodStart: r.period_start,
    allowanceUsed: r.allowance_used,
    packCredits: r.pack_credits,
    renderAllowanceUsed: r.render_allowance_used,
    ...(r.deleted_at ? { deletedAt: r.deleted_at } : {}),
  };
}

export function toKey(r: KeyRow): ApiKeyRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    hash: r.hash,
    prefix: r.prefix,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
    ...(r.last_used_at ? { lastUsedAt: r.last_used_at } : {}),
    ...(r.name ? { name: r.name } : {}),
  };
}

/** Write back every field of an account read `FOR UPDATE` in this transaction. */
export async function writeAccount(client: pg.PoolClient, a: Account): Promise<void> {
  await client.query(
    `UPDATE accounts SET name = $2, plan = $3, period_start = $4, allowance_used = $5, pack_credits = $6, render_allowance_used = $7,
       deleted_at = $8 WHERE id = $1`,
    [a.id, a.name, a.plan, a.periodStart, a.allowanceUsed, a.packCredits, a.renderAllowanceUsed, a.deletedAt ?? null],
  );
}
