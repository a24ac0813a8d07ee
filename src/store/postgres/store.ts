/**
 * The PostgreSQL store, for several server processes (on one machine or
 * several) over one database. Selected by `WERKBANK_DATABASE_URL` /
 * `--database-url` (src/store/select.ts).
 *
 * - `pg` with its pools (./pool.ts: size `WERKBANK_DB_POOL_SIZE`, default 10
 *   per process; every statement bounded in time, faults mapped to 503);
 *   plain SQL; the schema comes from the versioned migrations in
 *   `../migrations.ts`, applied at open under an advisory lock (./schema.ts).
 * - Nothing is cached: every read goes to the database, so a revoked key fails
 *   on the next request on every instance.
 * - The ledger (./ledger.ts) is atomic in SQL, with the charging rule of
 *   src/accounts/charging.ts.
 * - The statements of every request (key lookup, reservation, commit) are
 *   group-committed (`../batch.ts`): the calls a process has in one turn of its
 *   event loop share one statement over arrays, one lock of each account row
 *   and one WAL flush. Each call's outcome is the one it would have had alone,
 *   in arrival order.
 * - Record tables (./records.ts), collections (./collections.ts);
 *   `publish`/`subscribe` are LISTEN/NOTIFY (./notify.ts); `exclusive` runs a
 *   sweeper on one instance at a time (advisory lock); window counters
 *   (./counters.ts) and leases (./leases.ts) count limits for every instance
 *   at once; hosted files (./files.ts) are served by every instance.
 */
import type pg from 'pg';
import { Batcher } from '../batch.js';
import { AccountDeletedError, QuotaExceededError } from '../store.js';
import type {
  Account,
  AccountDelta,
  ApiKeyRecord,
  AtomicLedger,
  Collection,
  EventChange,
  FileBlobs,
  KeyWithAccount,
  RecordRef,
  RecordTable,
  Store,
  StoredRecord,
  UsageEntry,
  UsagePage,
  UsageTotal,
  WindowCounters,
  Leases,
} from '../store.js';
import { postgresCollection } from './collections.js';
import { postgresCounters } from './counters.js';
import { postgresFiles } from './files.js';
import { postgresLeases } from './leases.js';
import { postgresLedger } from './ledger.js';
import { Notifications } from './notify.js';
import { LOCK_NS, one, openPool, redactUrl, transaction } from './pool.js';
import { postgresRecordTable } from './records.js';
import { ACCOUNT_COLS, KEY_COLS, accountValues, toAccount, toKey, writeAccount, type AccountRow, type KeyRow } from './rows.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from './schema.js';

export interface PostgresStoreOptions {
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

export class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  readonly ledger: AtomicLedger;
  readonly counters: WindowCounters;
  readonly leases: Leases;
  readonly files: FileBlobs;
  private readonly notifications: Notifications;
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
    this.ledger = postgresLedger(pool, fast);
    this.counters = postgresCounters(pool);
    this.leases = postgresLeases(pool);
    this.files = postgresFiles(pool);
    this.notifications = new Notifications(pool, url);
  }

  static async open(url: string, opts: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const max = opts.poolSize ?? (Number(process.env.WERKBANK_DB_POOL_SIZE) || 10);
    const timeoutMs = opts.timeoutMs ?? (Number(process.env.WERKBANK_DB_TIMEOUT_MS) || 4000);
    const pool = openPool(url, max, timeoutMs, 'db-main');
    try {
      if (opts.migrate === false) {
        const v = await schemaVersion(pool);
        if (v < SCHEMA_VERSION)
          throw new Error(
            `The database schema is at version ${v}; run \`werkbank migrate\` first (this werkbank needs ${SCHEMA_VERSION}).`,
          );
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
    const fast = openPool(fastUrl.toString(), max, timeoutMs, 'db-fast');
    return new PostgresStore(pool, fast, url);
  }

  describe(): string {
    return `PostgreSQL ${redactUrl(this.url)} (pools of ${this.pool.options.max} + ${this.fast.options.max} connections per process)`;
  }

  private one<T extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<T | undefined> {
    return one<T>(this.pool, text, params);
  }

  // ---- accounts -----------------------------------------------------------

  /** Run `fn` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
  private transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return transaction(this.pool, fn);
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
    await this.pool.query(`INSERT INTO accounts (${ACCOUNT_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, accountValues(a));
  }

  // ---- keys -----------------------------------------------------------------

  async createKey(k: ApiKeyRecord, limits?: { maxActive: number }) {
    const values = [k.id, k.accountId, k.hash, k.prefix, k.createdAt, k.revokedAt, k.lastUsedAt ?? null, k.name ?? null];
    const insert = `INSERT INTO api_keys (${KEY_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
    if (!limits) {
      // Under the account row's key-share lock, which a deletion's FOR UPDATE waits for (and rechecked after it).
      const { rowCount } = await this.pool.query(
        `INSERT INTO api_keys (${KEY_COLS}) SELECT $1, $2, $3, $4, $5, $6, $7, $8
           FROM accounts WHERE id = $2 AND deleted_at IS NULL FOR KEY SHARE`,
        values,
      );
      if (!rowCount) throw new AccountDeletedError();
      return;
    }
    await this.transaction(async (client) => {
      // The account row's lock orders the key creations of one account across instances, and against its deletion.
      const { rows: owner } = await client.query<{ deleted_at: string | null }>(
        'SELECT deleted_at FROM accounts WHERE id = $1 FOR UPDATE',
        [k.accountId],
      );
      if (!owner[0] || owner[0].deleted_at) throw new AccountDeletedError();
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL',
        [k.accountId],
      );
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
      text: `SELECT ${KEY_COLS.split(', ')
        .map((c) => `k.${c}`)
        .join(', ')}, row_to_json(a) AS account
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
    return (
      await this.pool.query<KeyRow>(`SELECT ${KEY_COLS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`, [accountId])
    ).rows.map(toKey);
  }
  async touchKey(id: string, at: string) {
    // Never moves backwards when instances race: ISO timestamps sort as text.
    await this.pool.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [id, at]);
  }

  async revokeKey(id: string, at: string) {
    const r = await this.one<KeyRow>(`UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLS}`, [
      id,
      at,
    ]);
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
    return rows.map(({ added, reference, ...e }) => ({
      ...e,
      ...(added === null ? {} : { added }),
      ...(reference === null ? {} : { reference }),
    }));
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
    await this.pool.query('DELETE FROM usage WHERE account_id = $1 AND date < $2', [accountId, beforeDate]);
  }

  // ---- records and collections ---------------------------------------------------

  records<T>(table: string): RecordTable<T> {
    return postgresRecordTable<T>(this.pool, table);
  }

  collection<T>(name: string): Collection<T> {
    return postgresCollection<T>(this.pool, name);
  }

  // ---- across instances ---------------------------------------------------------

  publish(channel: string, payload: unknown): Promise<void> {
    return this.notifications.publish(channel, payload);
  }

  /** Resolves once this process listens on `channel` (a dedicated connection; reconnects after errors). */
  subscribe(channel: string, listener: (payload: unknown) => void): Promise<void> {
    return this.notifications.subscribe(channel, listener);
  }

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
    await this.notifications.close();
    await Promise.all([this.pool.end(), this.fast.end()]);
  }
}
