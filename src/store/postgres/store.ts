/**
 * The store on PostgreSQL, for several server processes (workers, machines)
 * over one database. Selected by `WERKBANK_DATABASE_URL` / `--database-url`
 * (src/store/select.ts).
 *
 * - `pg` with its pool (size `WERKBANK_DB_POOL_SIZE`, default 10 per process);
 *   plain SQL; the schema comes from the versioned migrations in
 *   `migrations.ts`, applied at open under an advisory lock.
 * - Nothing is cached: every read goes to the database, so a revoked key fails
 *   on the next request on every instance.
 * - The ledger (`ledger`) is atomic in SQL: a reservation is one statement that
 *   rolls the monthly period (once: only while the stored period is older),
 *   checks the balance and takes the credits under the row lock, and records a
 *   hold row; commit turns the hold into a usage row in one statement (durable
 *   when it resolves, before the response), refund deletes the hold and gives
 *   its credits back in one statement, so whoever deletes the hold first wins
 *   and the credits come back exactly once. CHECK constraints keep balances
 *   from going negative even if a bug tried. Holds of a process that died
 *   mid-call are given back by the sweeper after an hour.
 * - The statements of every request (key lookup, reservation, commit) are
 *   group-committed (`batch.ts`): the calls a process has in one turn of its
 *   event loop share one statement over arrays, one lock of each account row
 *   and one WAL flush. Each call's outcome is the one it would have had alone,
 *   in arrival order.
 * - `publish`/`subscribe` are LISTEN/NOTIFY (memory changes, key revocations);
 *   `exclusive` runs a sweeper on one instance at a time (advisory lock).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Batcher } from './batch.js';
import { MIGRATIONS } from './migrations.js';
import { QuotaExceededError, StoreUnavailableError } from './store.js';
import type { Account, AccountDelta, ApiKeyRecord, AtomicLedger, Collection, EventChange, Hold, KeyWithAccount, Plan, RecordRef, RecordTable, Store, StoredRecord, UsageEntry, UsagePage, UsageTotal } from './store.js';
import { HttpError } from '../core/errors.js';

/** Advisory lock namespace ('werk'); the second key says which lock. */
const LOCK_NS = 0x7765726b;
const LOCK_MIGRATE = 1;
const CHANNEL_PREFIX = 'werkbank_';

export interface PgStoreOptions {
  /** Connections per process (default WERKBANK_DB_POOL_SIZE, else 10). */
  poolSize?: number;
  /**
   * How long one statement may take, ms (default WERKBANK_DB_TIMEOUT_MS, else 4000): the server's
   * statement_timeout, its lock_timeout, and (plus a second) the client's own read timeout, which also
   * ends a call on a database that hangs without answering. Waiting for a connection is bounded by the
   * same figure, so a call against a hung database answers 503 within about twice it.
   */
  timeoutMs?: number;
  /** Apply pending migrations on open (default true); false: refuse to open an outdated schema. */
  migrate?: boolean;
}

interface AccountRow {
  id: string;
  name: string;
  plan: Account['plan'];
  created_at: string;
  period_start: string;
  allowance_used: number;
  pack_credits: number;
  render_allowance_used: number;
}

interface KeyRow {
  id: string;
  account_id: string;
  hash: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  name: string | null;
}

const ACCOUNT_COLS = 'id, name, plan, created_at, period_start, allowance_used, pack_credits, render_allowance_used';
const KEY_COLS = 'id, account_id, hash, prefix, created_at, revoked_at, last_used_at, name';

function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    plan: r.plan,
    createdAt: r.created_at,
    periodStart: r.period_start,
    allowanceUsed: r.allowance_used,
    packCredits: r.pack_credits,
    renderAllowanceUsed: r.render_allowance_used,
  };
}

function toKey(r: KeyRow): ApiKeyRecord {
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
async function writeAccount(client: pg.PoolClient, a: Account): Promise<void> {
  await client.query(
    'UPDATE accounts SET name = $2, plan = $3, period_start = $4, allowance_used = $5, pack_credits = $6, render_allowance_used = $7 WHERE id = $1',
    [a.id, a.name, a.plan, a.periodStart, a.allowanceUsed, a.packCredits, a.renderAllowanceUsed],
  );
}

/** `postgres://user:***@host:port/db` (for messages and `doctor`). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

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

/** SQLSTATE classes that mean the database is unreachable, shutting down, overloaded or timed out. */
const UNAVAILABLE_STATE = /^(08|53|57P0[1-4]$|57014$|55P03$|40001$|40P01$)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What a database error means to the caller: unavailable or too slow → 503 (StoreUnavailableError, the
 * cause logged); a NUL byte in text (which PostgreSQL cannot store) → 400; anything else unchanged.
 */
export function storeError(err: unknown): unknown {
  if (err instanceof HttpError || !(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  if (code === '22021' || code === '22P05')
    return new HttpError('A text field holds a NUL byte (U+0000) or an invalid character, which cannot be stored', 400);
  const unavailable =
    (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_NODE.has(code))) ||
    /timeout|terminated|Connection|not queryable|ECONNREFUSED/i.test(err.message);
  if (!unavailable) return err;
  console.error(`werkbank: PostgreSQL unavailable: ${err.message}`);
  return new StoreUnavailableError('the database did not answer in time or is unreachable', err);
}

/** A pool whose promise queries and checkouts answer with `storeError`. */
class GuardedPool extends pg.Pool {
  // The promise form only: pg's own callers use the callback forms, which pass through.
  override query(...args: unknown[]): never {
    const run = (super.query as (...a: unknown[]) => unknown)(...args);
    return (run instanceof Promise ? run.catch((e: unknown) => Promise.reject(storeError(e))) : run) as never;
  }
  override connect(...args: unknown[]): never {
    if (args.length) return (super.connect as (...a: unknown[]) => unknown)(...args) as never;
    return super.connect().catch((e: unknown) => Promise.reject(storeError(e))) as never;
  }
}

function poolConfig(url: string, max: number, timeoutMs: number): pg.PoolConfig {
  const u = new URL(url);
  const opts = `${u.searchParams.get('options') ?? ''} -c statement_timeout=${timeoutMs} -c lock_timeout=${timeoutMs} -c idle_in_transaction_session_timeout=${Math.max(timeoutMs * 5, 10_000)}`;
  u.searchParams.set('options', opts.trim());
  return {
    connectionString: u.toString(),
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs + 1000,
  };
}

export class PgStore implements Store {
  readonly kind = 'postgres' as const;
  readonly ledger: AtomicLedger;
  /** Tells this process's own notifications from other processes'. */
  private readonly origin = randomBytes(8).toString('hex');
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private readonly subscribers = new Map<string, ((payload: unknown) => void)[]>();
  private closed = false;
  private readonly keyLookups = new Batcher<string, KeyWithAccount | undefined>((hashes) => this.findKeys(hashes));
  /** Account reads of one turn (balances for the rate-limit headers...), one query. */
  private readonly accountReads = new Batcher<string, Account | undefined>(async (ids) => {
    const { rows } = await this.pool.query<AccountRow>({
      name: 'werkbank_get_accounts',
      text: `SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = ANY($1::text[])`,
      values: [ids],
    });
    const found = new Map(rows.map((r) => [r.id, r]));
    // An object per caller (a caller may change its copy), also when two asked for the same account.
    return ids.map((id) => {
      const r = found.get(id);
      return r && toAccount(r);
    });
  });

  private constructor(
    readonly pool: pg.Pool,
    /** Connections with `synchronous_commit = off`, for reservations and refunds (see `open`). */
    private readonly fast: pg.Pool,
    private readonly url: string,
  ) {
    this.ledger = this.makeLedger();
  }

  static async open(url: string, opts: PgStoreOptions = {}): Promise<PgStore> {
    const max = opts.poolSize ?? (Number(process.env.WERKBANK_DB_POOL_SIZE) || 10);
    const timeoutMs = opts.timeoutMs ?? (Number(process.env.WERKBANK_DB_TIMEOUT_MS) || 4000);
    const pool = new GuardedPool(poolConfig(url, max, timeoutMs));
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    try {
      if (opts.migrate === false) {
        const v = await schemaVersion(pool);
        if (v < SCHEMA_VERSION) throw new Error(`The database schema is at version ${v}; run \`werkbank migrate\` first (this werkbank needs ${SCHEMA_VERSION}).`);
      } else await migrate(pool);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw new Error(`PostgreSQL store at ${redactUrl(url)}: ${(err as Error).message}`);
    }
    // Reservations and refunds commit without waiting for the WAL flush, so the account row's lock is held
    // for microseconds rather than a disk flush. Safe: a charge's commit (usage row) is synchronous, and the
    // WAL is flushed in order, so a durable charge implies its reservation is durable; a reservation or
    // refund lost with a database crash only leaves credits with the customer or a hold the sweeper returns.
    const fastUrl = new URL(url);
    fastUrl.searchParams.set('options', `${fastUrl.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim());
    const fast = new GuardedPool(poolConfig(fastUrl.toString(), max, timeoutMs));
    fast.on('error', () => undefined);
    return new PgStore(pool, fast, url);
  }

  describe(): string {
    return `PostgreSQL ${redactUrl(this.url)} (pools of ${this.pool.options.max} + ${this.fast.options.max} connections per process)`;
  }

  private async one<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T | undefined> {
    return (await this.pool.query<T>(sql, params)).rows[0];
  }
  private async fastOne<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T | undefined> {
    return (await this.fast.query<T>(sql, params)).rows[0];
  }

  // ---- accounts -----------------------------------------------------------

  /** Run `fn` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => void (broken = e));
      throw storeError(err);
    } finally {
      client.release(broken); // a connection that cannot roll back is not reused
    }
  }

  updateAccount<T>(id: string, fn: (account: Account) => T): Promise<T> {
    return this.transaction(async (client) => {
      const row = (await client.query<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!row) throw new Error(`no account ${id}`);
      const account = toAccount(row);
      const result = fn(account);
      await writeAccount(client, account);
      return result;
    });
  }

  async applyEvent(
    event: StoredRecord<unknown> & { table: string },
    accountId: string,
    reads: readonly RecordRef[],
    fn: (account: Account, rows: (StoredRecord<unknown> | undefined)[]) => EventChange,
  ): Promise<'applied' | 'duplicate' | 'no-account'> {
    type Row = { tbl: string; id: string; account_id: string | null; value: unknown; expires_at: string | null };
    const noAccount = new Error('no account');
    try {
      return await this.transaction(async (client) => {
        // The event's row first: a second delivery (on any instance) waits here for the first to commit, then inserts nothing.
        const inserted = await client.query(
          `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5) ON CONFLICT (tbl, id) DO NOTHING`,
          [event.table, event.id, event.accountId, JSON.stringify(event.value), event.expiresAt],
        );
        if (!inserted.rowCount) return 'duplicate' as const;
        const row = (await client.query<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = $1 FOR UPDATE`, [accountId])).rows[0];
        if (!row) throw noAccount; // rolls the event's row back
        // Read under the account's lock: the rows as the last event of this account left them.
        const { rows: found } = reads.length
          ? await client.query<Row>(
              `SELECT tbl, id, account_id, value, expires_at FROM records WHERE (tbl, id) IN (SELECT * FROM unnest($1::text[], $2::text[])) FOR UPDATE`,
              [reads.map((r) => r.table), reads.map((r) => r.id)],
            )
          : { rows: [] as Row[] };
        const current = reads.map((r) => {
          const f = found.find((x) => x.tbl === r.table && x.id === r.id);
          return f && { id: f.id, accountId: f.account_id, value: f.value, expiresAt: f.expires_at };
        });
        const account = toAccount(row);
        const change = fn(account, current);
        await writeAccount(client, account);
        for (const r of change.rows)
          await client.query(
            `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5)
             ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
            [r.table, r.id, r.accountId, JSON.stringify(r.value), r.expiresAt],
          );
        const e = change.entry;
        if (e)
          await client.query(
            `INSERT INTO usage (account_id, at, date, tool, surface, credits, from_allowance, from_packs, added, reference)
             VALUES ($1, $2, substr($2, 1, 10), $3, $4, $5, $6, $7, $8, $9)`,
            [accountId, e.at, e.tool, e.surface, e.credits, e.fromAllowance, e.fromPacks, e.added ?? null, e.reference ?? null],
          );
        return 'applied' as const;
      });
    } catch (err) {
      if (err === noAccount) return 'no-account';
      throw err;
    }
  }

  getAccount(id: string): Promise<Account | undefined> {
    return this.accountReads.load(id);
  }
  async getAccountByName(name: string) {
    const r = await this.one<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE name = $1`, [name]);
    return r && toAccount(r);
  }
  async listAccounts() {
    return (await this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts ORDER BY created_at, id`)).rows.map(toAccount);
  }
  async createAccount(a: Account) {
    await this.pool.query(
      `INSERT INTO accounts (${ACCOUNT_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [a.id, a.name, a.plan, a.createdAt, a.periodStart, a.allowanceUsed, a.packCredits, a.renderAllowanceUsed],
    );
  }

  // ---- keys -----------------------------------------------------------------

  async createKey(k: ApiKeyRecord, limits?: { maxActive: number }) {
    const values = [k.id, k.accountId, k.hash, k.prefix, k.createdAt, k.revokedAt, k.lastUsedAt ?? null, k.name ?? null];
    const insert = `INSERT INTO api_keys (${KEY_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
    if (!limits) {
      await this.pool.query(insert, values);
      return;
    }
    await this.transaction(async (client) => {
      // The account row's lock orders the key creations of one account across instances.
      await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [k.accountId]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL', [k.accountId]);
      const active = rows[0]?.n ?? 0;
      if (active >= limits.maxActive) throw new QuotaExceededError(active, limits.maxActive, 1);
      await client.query(insert, values);
    });
  }
  findKey(hash: string): Promise<KeyWithAccount | undefined> {
    return this.keyLookups.load(hash);
  }

  /** The keys with these hashes and their accounts, in one query (the key lookups of one turn). */
  private async findKeys(hashes: string[]): Promise<(KeyWithAccount | undefined)[]> {
    const { rows } = await this.pool.query<KeyRow & { account: AccountRow }>({
      name: 'werkbank_find_keys',
      text: `SELECT ${KEY_COLS.split(', ').map((c) => `k.${c}`).join(', ')}, row_to_json(a) AS account
         FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = ANY($1::text[])`,
      values: [hashes],
    });
    const found = new Map(rows.map((r) => [r.hash, r]));
    return hashes.map((h) => {
      const r = found.get(h);
      return r && { key: toKey(r), account: toAccount(r.account) };
    });
  }
  async getKey(id: string) {
    const r = await this.one<KeyRow>(`SELECT ${KEY_COLS} FROM api_keys WHERE id = $1`, [id]);
    return r && toKey(r);
  }
  async listKeys(accountId: string) {
    return (await this.pool.query<KeyRow>(`SELECT ${KEY_COLS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`, [accountId])).rows.map(toKey);
  }
  async touchKey(id: string, at: string) {
    // Never moves backwards when instances race: ISO timestamps sort as text.
    await this.pool.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [id, at]);
  }

  async revokeKey(id: string, at: string) {
    const r = await this.one<KeyRow>(`UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLS}`, [id, at]);
    return r && toKey(r);
  }

  // ---- usage ----------------------------------------------------------------

  async charge(accountId: string, entry: UsageEntry, delta: AccountDelta): Promise<void> {
    await this.pool.query(
      `WITH upd AS (
         UPDATE accounts SET
           allowance_used = allowance_used + CASE WHEN period_start = $2 THEN $3::int ELSE 0 END,
           render_allowance_used = render_allowance_used + CASE WHEN period_start = $2 THEN $4::int ELSE 0 END,
           pack_credits = pack_credits + $5::int
         WHERE id = $1 RETURNING id
       )
       INSERT INTO usage (account_id, at, date, tool, surface, credits, from_allowance, from_packs, added, reference)
       VALUES ($1, $6, substr($6, 1, 10), $7, $8, $9, $10, $11, $12, $13)`,
      [
        accountId,
        delta.periodStart,
        delta.allowanceUsed ?? 0,
        delta.renderAllowanceUsed ?? 0,
        delta.packCredits ?? 0,
        entry.at,
        entry.tool,
        entry.surface,
        entry.credits,
        entry.fromAllowance,
        entry.fromPacks,
        entry.added ?? null,
        entry.reference ?? null,
      ],
    );
  }

  async readUsage(accountId: string, sinceDate: string, page?: UsagePage): Promise<UsageEntry[]> {
    const { rows } = await this.pool.query<UsageEntry & { added: number | null; reference: string | null }>(
      `SELECT at, tool, surface, credits, from_allowance AS "fromAllowance", from_packs AS "fromPacks", added, reference
         FROM usage WHERE account_id = $1 AND date >= $2 ORDER BY date DESC, at DESC, id DESC OFFSET $3 LIMIT $4`,
      [accountId, sinceDate, page?.offset ?? 0, page?.limit ?? null],
    );
    return rows.map(({ added, reference, ...e }) => ({ ...e, ...(added === null ? {} : { added }), ...(reference === null ? {} : { reference }) }));
  }

  async usageTotals(accountId: string, sinceDate: string): Promise<UsageTotal[]> {
    const { rows } = await this.pool.query<UsageTotal>(
      `SELECT date, tool, count(*)::int AS calls, coalesce(sum(credits), 0)::int AS credits
         FROM usage WHERE account_id = $1 AND date >= $2 AND added IS NULL GROUP BY date, tool ORDER BY date, tool COLLATE "C"`,
      [accountId, sinceDate],
    );
    return rows;
  }

  async pruneUsage(accountId: string, beforeDate: string): Promise<void> {
    await this.pool.query(
      'DELETE FROM usage WHERE account_id = $1 AND date < $2',
      [accountId, beforeDate],
    );
  }

  // ---- ledger -----------------------------------------------------------------

  private makeLedger(): AtomicLedger {
    type Reserved = AccountRow & { hold_id: string | null; from_allowance: number; from_packs: number; renders: number };
    const result = (r: Reserved | undefined) => {
      if (!r) return { hold: null };
      const hold: Hold | null = r.hold_id
        ? { id: r.hold_id, accountId: r.id, periodStart: r.period_start, fromAllowance: r.from_allowance, fromPacks: r.from_packs, renders: r.renders }
        : null;
      return { hold, account: toAccount(r) };
    };
    // `cur` locks the row and sees its newest version; the roll to a newer period happens only while the
    // stored period is older (so once); the balance check and the deduction are in the same statement.
    const CUR = `cur AS (
         SELECT id, name, plan, created_at,
           CASE WHEN period_start < $2 THEN $2 ELSE period_start END AS ps,
           CASE WHEN period_start < $2 THEN 0 ELSE allowance_used END AS used,
           CASE WHEN period_start < $2 THEN 0 ELSE render_allowance_used END AS rused,
           pack_credits
         FROM accounts WHERE id = $1 FOR UPDATE)`;

    // Reservations of one turn: one call of werkbank_reserve (migration 4), which takes them account by
    // account in arrival order. Committed without waiting for the WAL flush (the `fast` pool, see `open`).
    type ReserveItem = { accountId: string; cost: number; periodStart: string; limits: Readonly<Record<Plan, number>> };
    const reservations = new Batcher<ReserveItem, { hold: Hold | null; account?: Account }>(async (items) => {
      const { rows } = await this.fast.query<{
        o_idx: number; o_hold: string | null; o_from_allowance: number; o_id: string; o_name: string; o_plan: Plan; o_created_at: string;
        o_period_start: string; o_allowance_used: number; o_pack_credits: number; o_render_allowance_used: number;
      }>({
        name: 'werkbank_reserve',
        text: 'SELECT * FROM werkbank_reserve($1::text[], $2::integer[], $3::text[], $4::jsonb[])',
        values: [items.map((i) => i.accountId), items.map((i) => i.cost), items.map((i) => i.periodStart), items.map((i) => JSON.stringify(i.limits))],
      });
      const out: { hold: Hold | null; account?: Account }[] = items.map(() => ({ hold: null }));
      for (const r of rows) {
        const cost = items[r.o_idx - 1].cost;
        out[r.o_idx - 1] = {
          hold: r.o_hold
            ? { id: r.o_hold, accountId: r.o_id, periodStart: r.o_period_start, fromAllowance: r.o_from_allowance, fromPacks: cost - r.o_from_allowance, renders: 0 }
            : null,
          account: toAccount({
            id: r.o_id, name: r.o_name, plan: r.o_plan, created_at: r.o_created_at, period_start: r.o_period_start,
            allowance_used: r.o_allowance_used, pack_credits: r.o_pack_credits, render_allowance_used: r.o_render_allowance_used,
          }),
        };
      }
      return out;
    });

    // Commits of one turn: one statement turns their holds into usage rows, one (synchronous) WAL flush.
    type CommitItem = { hold: Hold; entry: UsageEntry };
    const commits = new Batcher<CommitItem, Account | undefined>(async (batch) => {
      // A hold is committed once: a repeat in the same batch is answered like a repeat later (undefined).
      const first = new Map<string, number>();
      batch.forEach((c, i) => first.has(c.hold.id) || first.set(c.hold.id, i));
      const items = [...first.values()].map((i) => batch[i]);
      const { rows } = await this.pool.query<AccountRow & { hold_id: string }>({
        name: 'werkbank_commit',
        text: `WITH v AS (
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::integer[])
             AS v (hold, at, tool, surface, credits, from_allowance, from_packs)),
         h AS (DELETE FROM ledger_holds WHERE id = ANY($1::bigint[]) RETURNING id, account_id),
         u AS (
           INSERT INTO usage (account_id, at, date, tool, surface, credits, from_allowance, from_packs)
           SELECT h.account_id, v.at, substr(v.at, 1, 10), v.tool, v.surface, v.credits, v.from_allowance, v.from_packs
             FROM v JOIN h ON h.id = v.hold ORDER BY v.at, v.hold)
         SELECT h.id::text AS hold_id, ${ACCOUNT_COLS.split(', ').map((c) => `a.${c}`).join(', ')}
           FROM h JOIN accounts a ON a.id = h.account_id`,
        values: [
          items.map((i) => i.hold.id),
          items.map((i) => i.entry.at),
          items.map((i) => i.entry.tool),
          items.map((i) => i.entry.surface),
          items.map((i) => i.entry.credits),
          items.map((i) => i.entry.fromAllowance),
          items.map((i) => i.entry.fromPacks),
        ],
      });
      const after = new Map(rows.map((r) => [r.hold_id, toAccount(r)]));
      return batch.map((c, i) => (first.get(c.hold.id) === i ? after.get(c.hold.id) : undefined));
    });

    return {
      reserve: (accountId, cost, limits, periodStart) => reservations.load({ accountId, cost, limits, periodStart }),
      reserveRender: async (accountId, limit, periodStart) =>
        result(
          await this.fastOne<Reserved>(
            `WITH ${CUR},
             upd AS (
               UPDATE accounts a SET period_start = c.ps, allowance_used = c.used, render_allowance_used = c.rused + 1
               FROM cur c WHERE a.id = c.id AND c.rused < $3::int
               RETURNING a.id),
             h AS (
               INSERT INTO ledger_holds (account_id, period_start, from_allowance, from_packs, renders)
               SELECT c.id, c.ps, 0, 0, 1 FROM cur c JOIN upd ON upd.id = c.id RETURNING id)
             SELECT c.id, c.name, c.plan, c.created_at, c.ps AS period_start, c.used AS allowance_used, c.pack_credits,
               CASE WHEN h.id IS NULL THEN c.rused ELSE c.rused + 1 END AS render_allowance_used,
               h.id::text AS hold_id, 0 AS from_allowance, 0 AS from_packs, 1 AS renders
             FROM cur c LEFT JOIN h ON true`,
            [accountId, periodStart, limit],
          ),
        ),
      commit: (hold, entry) => commits.load({ hold, entry }),
      refund: async (hold) => {
        const { rowCount } = await this.fast.query(
          `WITH h AS (DELETE FROM ledger_holds WHERE id = $1::bigint RETURNING *)
           UPDATE accounts a SET
             allowance_used = a.allowance_used - CASE WHEN a.period_start = h.period_start THEN h.from_allowance ELSE 0 END,
             render_allowance_used = a.render_allowance_used - CASE WHEN a.period_start = h.period_start THEN h.renders ELSE 0 END,
             pack_credits = a.pack_credits + h.from_packs
           FROM h WHERE a.id = h.account_id`,
          [hold.id],
        );
        return (rowCount ?? 0) > 0;
      },
      releaseStaleHolds: async (olderThanMs) => {
        const { rowCount } = await this.pool.query(
          `WITH h AS (DELETE FROM ledger_holds WHERE created_at < now() - $1::int * interval '1 millisecond' RETURNING *)
           UPDATE accounts a SET
             allowance_used = a.allowance_used - coalesce((SELECT sum(from_allowance) FROM h WHERE h.account_id = a.id AND h.period_start = a.period_start), 0),
             render_allowance_used = a.render_allowance_used - coalesce((SELECT sum(renders) FROM h WHERE h.account_id = a.id AND h.period_start = a.period_start), 0),
             pack_credits = a.pack_credits + coalesce((SELECT sum(from_packs) FROM h WHERE h.account_id = a.id), 0)
           WHERE a.id IN (SELECT account_id FROM h)`,
          [Math.floor(olderThanMs)],
        );
        return rowCount ?? 0;
      },
    };
  }

  // ---- collections ------------------------------------------------------------

  collection<T>(name: string): Collection<T> {
    return {
      get: async (accountId, key) =>
        (await this.one<{ value: T }>('SELECT value FROM collections WHERE name = $1 AND account_id = $2 AND key = $3', [name, accountId, key]))?.value,
      list: async (accountId) =>
        (
          await this.pool.query<{ key: string; value: T }>('SELECT key, value FROM collections WHERE name = $1 AND account_id = $2 ORDER BY key', [
            name,
            accountId,
          ])
        ).rows.map((r) => [r.key, r.value] as [string, T]),
      bytes: async (accountId) =>
        (
          await this.one<{ n: number }>(
            'SELECT coalesce(sum(octet_length(key) + octet_length(value::text)), 0)::int AS n FROM collections WHERE name = $1 AND account_id = $2',
            [name, accountId],
          )
        )?.n ?? 0,
      set: async (accountId, key, value, limits) => {
        const json = JSON.stringify(value);
        const upsert = `INSERT INTO collections (name, account_id, key, value) VALUES ($1, $2, $3, $4::json)
           ON CONFLICT (name, account_id, key) DO UPDATE SET value = EXCLUDED.value`;
        if (!limits) {
          await this.pool.query(upsert, [name, accountId, key, json]);
          return;
        }
        // Stored bytes as the lowdb store counts them: the key plus the value's JSON text (json keeps it as written).
        const bytes = Buffer.byteLength(key) + Buffer.byteLength(json);
        await this.transaction(async (client) => {
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
        const { rowCount } = await this.pool.query('DELETE FROM collections WHERE name = $1 AND account_id = $2 AND key = $3', [name, accountId, key]);
        return (rowCount ?? 0) > 0;
      },
      all: async () =>
        (
          await this.pool.query<{ account_id: string; key: string; value: T }>(
            'SELECT account_id, key, value FROM collections WHERE name = $1 ORDER BY account_id, key',
            [name],
          )
        ).rows.map((r) => [r.account_id, r.key, r.value] as [string, string, T]),
    };
  }

  // ---- records -------------------------------------------------------------------

  records<T>(table: string): RecordTable<T> {
    type Row = { id: string; account_id: string | null; value: T; expires_at: string | null };
    const toRecord = (r: Row): StoredRecord<T> => ({ id: r.id, accountId: r.account_id, value: r.value, expiresAt: r.expires_at });
    const COLS = 'id, account_id, value, expires_at';
    const LIVE = '(expires_at IS NULL OR expires_at > $3)';
    const values = (row: StoredRecord<T>) => [table, row.id, row.accountId, JSON.stringify(row.value), row.expiresAt];
    return {
      get: async (id, now) => {
        const r = await this.one<Row>(`SELECT ${COLS} FROM records WHERE tbl = $1 AND id = $2 AND ${LIVE}`, [table, id, now]);
        return r && toRecord(r);
      },
      listByAccount: async (accountId, now) =>
        (await this.pool.query<Row>(`SELECT ${COLS} FROM records WHERE tbl = $1 AND account_id = $2 AND ${LIVE} ORDER BY id`, [table, accountId, now])).rows.map(
          toRecord,
        ),
      put: async (row) => {
        await this.pool.query(
          `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5)
           ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
          values(row),
        );
      },
      insert: async (row, now) => {
        // An expired row with the same id is replaced; a live one wins.
        const { rowCount } = await this.pool.query(
          `INSERT INTO records (tbl, id, account_id, value, expires_at) VALUES ($1, $2, $3, $4::json, $5)
           ON CONFLICT (tbl, id) DO UPDATE SET account_id = EXCLUDED.account_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
           WHERE records.expires_at IS NOT NULL AND records.expires_at <= $6`,
          [...values(row), now],
        );
        return (rowCount ?? 0) > 0;
      },
      take: async (id, now) => {
        const r = await this.one<Row>(`DELETE FROM records WHERE tbl = $1 AND id = $2 AND ${LIVE} RETURNING ${COLS}`, [table, id, now]);
        return r && toRecord(r);
      },
      delete: async (id) => ((await this.pool.query('DELETE FROM records WHERE tbl = $1 AND id = $2', [table, id])).rowCount ?? 0) > 0,
      deleteByAccount: async (accountId) => (await this.pool.query('DELETE FROM records WHERE tbl = $1 AND account_id = $2', [table, accountId])).rowCount ?? 0,
      sweep: async (now) => (await this.pool.query('DELETE FROM records WHERE tbl = $1 AND expires_at <= $2', [table, now])).rowCount ?? 0,
    };
  }

  // ---- across instances ---------------------------------------------------------

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL_PREFIX + channel, JSON.stringify({ o: this.origin, p: payload })]);
  }

  /** Resolves once this process listens on `channel` (a dedicated connection; reconnects after errors). */
  async subscribe(channel: string, listener: (payload: unknown) => void): Promise<void> {
    const list = this.subscribers.get(channel);
    if (list) list.push(listener);
    else this.subscribers.set(channel, [listener]);
    await this.listen();
    if (!list) await this.listener?.query(`LISTEN ${pg.escapeIdentifier(CHANNEL_PREFIX + channel)}`);
  }

  private listen(): Promise<void> {
    this.listening ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        if (!msg.channel.startsWith(CHANNEL_PREFIX) || !msg.payload) return;
        let parsed: { o: string; p: unknown };
        try {
          parsed = JSON.parse(msg.payload) as { o: string; p: unknown };
        } catch {
          return;
        }
        if (parsed.o === this.origin) return;
        for (const fn of this.subscribers.get(msg.channel.slice(CHANNEL_PREFIX.length)) ?? []) fn(parsed.p);
      });
      client.on('error', () => {
        // Lost the connection: listen again on a new one (notifications in between are lost; writes are not).
        this.listener = null;
        this.listening = null;
        client.end().catch(() => undefined);
        if (!this.closed)
          setTimeout(() => {
            if (this.closed) return;
            void this.listen()
              .then(() => Promise.all([...this.subscribers.keys()].map((c) => this.listener?.query(`LISTEN ${pg.escapeIdentifier(CHANNEL_PREFIX + c)}`))))
              .catch(() => undefined);
          }, 1000).unref();
      });
      await client.connect();
      this.listener = client;
    })();
    return this.listening;
  }

  private anonymousPrunedDay = '';
  readonly anonymousRenders = {
    take: async (client: string, day: string, limit: number): Promise<number | null> => {
      if (this.anonymousPrunedDay !== day) {
        // Earlier days' counts are never read again: drop them once a day per process.
        this.anonymousPrunedDay = day;
        await this.pool.query('DELETE FROM anonymous_renders WHERE day < $1', [day]);
      }
      // One statement: insert the first render of the day, or add one while under the limit.
      const { rows } = await this.pool.query<{ count: number }>(
        `INSERT INTO anonymous_renders (client, day, count) VALUES ($1, $2, 1)
         ON CONFLICT (client, day) DO UPDATE SET count = anonymous_renders.count + 1 WHERE anonymous_renders.count < $3
         RETURNING count`,
        [client, day, limit],
      );
      return rows[0]?.count ?? null;
    },
    give: async (client: string, day: string): Promise<void> => {
      await this.pool.query('UPDATE anonymous_renders SET count = count - 1 WHERE client = $1 AND day = $2 AND count > 0', [client, day]);
    },
  };

  async exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_NS, name]);
      if (!rows[0]?.ok) return undefined;
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NS, name]);
      }
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await Promise.all([this.pool.end(), this.fast.end()]);
  }
}
