/**
 * Storage behind a small interface: accounts, API keys (hashes only), usage
 * history, and generic per-account collections (agent memory).
 *
 * Two implementations: the embedded store (src/store/embedded/: a journal
 * every change is appended to, a snapshot written with lowdb, and append-only
 * logs in the data dir, so `npx werkbank` works with no database server) and
 * the PostgreSQL store (src/store/postgres/) for several server processes,
 * chosen by src/store/select.ts; nothing above the store knows which one runs. Reads are `Awaitable`: values at once from the embedded
 * store, promises from a database.
 *
 * The contract of every mutation: it resolves once the change is durable, and
 * a change that cannot be made durable is refused (the promise rejects) and is
 * not applied, in memory either (test/store-faults.test.ts).
 */

import { HttpError } from '../core/errors.js';

export type Plan = 'free' | 'paid';

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  createdAt: string;
  /** Start of the current monthly period (ISO). */
  periodStart: string;
  /** Credits of the monthly allowance used in the current period. */
  allowanceUsed: number;
  /** Credits from packs: never expire, spent after the allowance. */
  packCredits: number;
  /** Renders taken from the monthly render allowance in the current period. */
  renderAllowanceUsed: number;
  /**
   * When the owner's deletion of the account began. From then on the account gains no credential (key,
   * OAuth grant, code or token exchange, session), authenticates nothing and is a tombstone.
   */
  deletedAt?: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  hash: string;
  /** First characters of the key, to recognise it in lists. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  /** When the key last authenticated a request (kept to the minute: see Accounts.noteKeyUse). */
  lastUsedAt?: string;
  /** The owner's name for the key ("laptop", "CI"), to tell keys apart in lists. */
  name?: string;
}

export interface KeyWithAccount {
  key: ApiKeyRecord;
  account: Account;
}

export interface UsageEntry {
  at: string;
  tool: string;
  surface: string;
  credits: number;
  /** Where the credits came from: monthly allowance, packs, or both. */
  fromAllowance: number;
  fromPacks: number;
  /** Credits added to the packs (a purchase) or, negative, taken back (a refund); such an entry is no call. */
  added?: number;
  /** Where added credits came from: a payment provider's reference (e.g. a Stripe Checkout Session id), or `operator:<cli|admin-api>:<pack id>`. */
  reference?: string;
}

/**
 * What a charge changes on an account. Allowance counters only count in the
 * period they were taken in: they are applied only while the account's
 * `periodStart` still equals `periodStart` (a rollover in between resets them).
 */
export interface AccountDelta {
  periodStart: string;
  allowanceUsed?: number;
  renderAllowanceUsed?: number;
  packCredits?: number;
}

/** Calls and credits of one tool on one UTC day. */
export interface UsageTotal {
  date: string;
  tool: string;
  calls: number;
  credits: number;
}

/** A page of usage entries: `limit` entries after skipping `offset`. */
export interface UsagePage {
  offset: number;
  limit: number;
}

/** A value now (embedded store) or later (a database). Callers always `await` it. */
export type Awaitable<T> = T | Promise<T>;

/** Credits and renders taken by one call in flight (a SQL store keeps it as a row until the call settles). */
export interface Hold {
  id: string;
  accountId: string;
  periodStart: string;
  fromAllowance: number;
  fromPacks: number;
  renders: number;
}

/**
 * Atomic credit operations of a shared database: each is one statement, so
 * several server processes can meter the same account. A store without it
 * (the embedded one, one process) is metered by holds in memory instead.
 */
export interface AtomicLedger {
  /**
   * Take `cost` credits (the monthly allowance first, `limits` by plan, then packs) after rolling the
   * account to `periodStart` if that is newer; `hold` is null when the balance is short.
   * `account` is the record after the statement (undefined: no such account).
   */
  reserve(
    accountId: string,
    cost: number,
    limits: Readonly<Record<Plan, number>>,
    periodStart: string,
  ): Promise<{ hold: Hold | null; account?: Account }>;
  /** Take one render of the monthly render allowance (`limit`), or null when it is used up. */
  reserveRender(accountId: string, limit: number, periodStart: string): Promise<{ hold: Hold | null; account?: Account }>;
  /** Turn the hold into a usage entry (durable when it resolves); returns the account, or undefined if the hold is gone. */
  commit(hold: Hold, entry: UsageEntry): Promise<Account | undefined>;
  /** Give the hold back; a hold is given back (or committed) at most once, whoever asks. */
  refund(hold: Hold): Promise<boolean>;
  /** Give back the holds of calls that never settled (their process died) older than `olderThanMs`. */
  releaseStaleHolds(olderThanMs: number): Promise<number>;
}

/**
 * Counters per key (`signin-failed:<address>`, `render:<client>:<day>`), each counting in its window: a window
 * begins with its first count and ends at the `expiresAt` that count gave; the next count after it begins a
 * new one. Times are ISO strings. Expired windows are deleted by `sweep`.
 */
export interface WindowCounters {
  /**
   * Count `amount` (default 1, a whole number ≥ 1) in the key's window at `now` unless the window would then
   * hold more than `limit` (a window ended by `now` is none: the count begins a new one, ending at `expiresAt`).
   * Returns the window's count after the take, or null when it would pass the limit (nothing changed), and when
   * the window ends. Atomic: of any number of concurrent takes, from any number of processes sharing the store,
   * those that succeed in a window add up to at most `limit`.
   */
  take(key: string, limit: number, now: string, expiresAt: string, amount?: number): Promise<{ count: number | null; expiresAt: string }>;
  /** Give `amount` (default 1) back to the window ending at `expiresAt` (none when a later window has begun); never below 0. */
  give(key: string, expiresAt: string, amount?: number): Promise<void>;
  /** The key's window running at `now`, or undefined. */
  current(key: string, now: string): Awaitable<{ count: number; expiresAt: string } | undefined>;
  /** Delete the windows ended by `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

/**
 * Leases per key (the MCP listen streams a credential holds open): each lease is one holder's, named by an id
 * the holder chose, and lasts until it is given back or its expiry passes unrenewed, so a process that died
 * without giving its leases back stops counting once they expire. Times are ISO strings.
 */
export interface Leases {
  /**
   * Take lease `id` of `key`, to expire at `expiresAt`, unless the key holds `limit` leases unexpired at `now`
   * (expired ones are dropped on the way). True when taken. Atomic: of any number of concurrent takes, from
   * any number of processes sharing the store, at most `limit` leases of a key are unexpired at once.
   */
  take(key: string, id: string, limit: number, now: string, expiresAt: string): Promise<boolean>;
  /** Move an unexpired lease's expiry to `expiresAt`; false when the lease is gone (given back, or expired by `now`). */
  renew(key: string, id: string, now: string, expiresAt: string): Promise<boolean>;
  /** Give the lease back (nothing when it is gone). */
  give(key: string, id: string): Promise<void>;
  /** The key's leases unexpired at `now`. */
  count(key: string, now: string): Awaitable<number>;
  /** Forget the keys whose every lease expired by `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

/**
 * A store. How to add one: implement every required member with the contract of its comment (a mutation
 * resolves once durable, or rejects and changes nothing; an unreachable backend answers
 * `StoreUnavailableError`, 503), and run test/store-contract.test.ts against it.
 *
 * A store that one server process owns alone (like the embedded store, which locks its data dir) may leave
 * every optional member out: the process meters in memory. A store that several server processes share
 * (`werkbank serve --workers N`, or several machines) must implement all of these, or each process meters
 * on its own, silently: the same credit spent once per process, holds of other processes unseen, a
 * revoked key still streaming elsewhere.
 * - `ledger`: reservations, commits and refunds as atomic operations on the shared data, with the rule of
 *   src/accounts/charging.ts (period roll, allowance then packs, refuse when short).
 * - `publish` and `subscribe`: key revocations and memory changes reach the other processes.
 * - `exclusive`: sweepers (stale holds, expired rows, usage retention) run on one process at a time.
 * - `ping`: readiness (`/health/ready`) reflects the shared backend.
 * Several processes are allowed only with a database URL (src/server-processes.ts); src/store/select.ts opens
 * the shared store for it.
 */
export interface Store {
  /** Which backend: 'embedded' (one process) or 'postgres' (shared by several). */
  readonly kind: 'embedded' | 'postgres';
  /** One line for `werkbank doctor` and the start-up banner (no secrets). */
  describe(): string;

  /**
   * Run `fn` atomically on the account (no other mutation interleaves); resolves once the change is on disk.
   *
   * Deleting an account: setting `deletedAt` through this method is the deletion's first step. It holds the
   * account exclusively (on PostgreSQL the row's FOR UPDATE lock), and every write that gives the account a
   * credential checks the account atomically with itself (`createKey`, record writes with `liveAccount`: on
   * PostgreSQL under the row's FOR KEY SHARE lock, rechecked on the newest row version). So each such write
   * either became durable before `deletedAt` did (and the deletion's later steps, which list what exists,
   * remove it), or is refused with `AccountDeletedError`; none lands in between.
   */
  updateAccount<T>(id: string, fn: (account: Account) => T): Promise<T>;
  getAccount(id: string): Awaitable<Account | undefined>;
  getAccountByName(name: string): Awaitable<Account | undefined>;
  listAccounts(): Awaitable<Account[]>;
  createAccount(account: Account): Promise<void>;

  /**
   * Store a new key. With `limits`, refused with `QuotaExceededError` when the account already has
   * `maxActive` keys that are not revoked (checked atomically with the insert). Refused with
   * `AccountDeletedError` (nothing stored) when the account is unknown or its deletion has begun, checked
   * atomically with the insert (see "Deleting an account" below).
   */
  createKey(key: ApiKeyRecord, limits?: { maxActive: number }): Promise<void>;
  /** The key with this hash and its account (one lookup: every authenticated request makes it). */
  findKey(hash: string): Awaitable<KeyWithAccount | undefined>;
  getKey(id: string): Awaitable<ApiKeyRecord | undefined>;
  listKeys(accountId: string): Awaitable<ApiKeyRecord[]>;
  revokeKey(id: string, at: string): Promise<ApiKeyRecord | undefined>;
  /** Record that the key authenticated a request at `at` (not awaited by requests). */
  touchKey(id: string, at: string): Promise<void>;

  /**
   * Record a charge: the usage entry and the change it makes to the account
   * (`delta`), durable when the promise resolves; the delta and the daily
   * aggregate are applied to the account once durable.
   */
  charge(accountId: string, entry: UsageEntry, delta: AccountDelta): Promise<void>;
  /** Usage entries from the UTC date `sinceDate` on, newest first: one page of them, or all without `page`. */
  readUsage(accountId: string, sinceDate: string, page?: UsagePage): Promise<UsageEntry[]>;
  /** Calls and credits per UTC day and tool from `sinceDate` on, by date then tool. */
  usageTotals(accountId: string, sinceDate: string): Promise<UsageTotal[]>;
  /** Delete usage older than `beforeDate` (YYYY-MM-DD) for the account. */
  pruneUsage(accountId: string, beforeDate: string): Promise<void>;

  /**
   * Apply an outside event (a payment provider's webhook) to one account exactly once. Unless the record
   * table `event.table` already holds `event.id`, `fn` runs on the account (change it in place) and the
   * current record rows `reads` (undefined: none), and the event's row, the account, the rows `fn`
   * returns and its usage entry become durable together, or none of them does. Calls for one account run
   * one at a time on every process (the account row's lock on PostgreSQL), so `fn` sees what the one
   * before it wrote. 'duplicate': the event was applied before; 'no-account': no such account
   * (nothing recorded).
   */
  applyEvent(
    event: StoredRecord<unknown> & { table: string },
    accountId: string,
    reads: readonly RecordRef[],
    fn: (account: Account, rows: (StoredRecord<unknown> | undefined)[]) => EventChange,
  ): Promise<'applied' | 'duplicate' | 'no-account'>;

  /** Generic per-account collections (memory items, hosted files...), keyed by string. */
  collection<T>(name: string): Collection<T>;

  /**
   * Small keyed tables of the platform itself (sessions, passkeys, OAuth clients and tokens, processed
   * payment events): rows by id, optionally owned by an account and expiring. Every change is durable
   * when it resolves and is seen at once by every process on the same store (no cache).
   */
  records<T>(table: string): RecordTable<T>;

  /**
   * Fixed-window counters (limits per client address, anonymous renders), atomic and seen by every process
   * that shares the store (src/http/protect.ts); the embedded store's one process keeps them in memory.
   */
  readonly counters: WindowCounters;
  /** Leases per key (MCP listen streams per credential), atomic and seen by every process that shares the store. */
  readonly leases: Leases;

  /** Atomic SQL credit operations (shared database only). */
  readonly ledger?: AtomicLedger;
  /** Tell every other process on the same store (LISTEN/NOTIFY); absent on the embedded store. */
  publish?(channel: string, payload: unknown): Promise<void>;
  /** Hear what other processes `publish` on `channel` (not this process's own messages); resolves once listening. */
  subscribe?(channel: string, listener: (payload: unknown) => void): Promise<void>;
  /** Run `fn` on one process at a time (advisory lock); resolves undefined at once if another runs it. */
  exclusive?<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;

  /**
   * Hosted files (renders, generated archives) kept in the shared store, so every process serves every file
   * (shared database only; absent: the render feature keeps them in a directory).
   */
  readonly files?: FileBlobs;

  /** Resolves when the store answers (readiness, `/health/ready`); absent: always ready (in-process). */
  ping?(): Promise<void>;

  close(): Promise<void>;
}

/** A row of a record table, by table and id. */
export interface RecordRef {
  table: string;
  id: string;
}

/** What an outside event writes besides its own row and the account (see `Store.applyEvent`). */
export interface EventChange {
  /** Rows to insert or replace. */
  rows: (StoredRecord<unknown> & { table: string })[];
  /** A usage entry to add (credits bought, or taken back). */
  entry?: UsageEntry;
}

/** A row of a record table. */
export interface StoredRecord<T> {
  id: string;
  accountId: string | null;
  value: T;
  /** ISO time after which the row is gone (reads skip it; `sweep` deletes it). */
  expiresAt: string | null;
}

/** Conditions of a record write. */
export interface RecordWriteOptions {
  /**
   * Write only while the row's account (`row.accountId`) exists and its deletion has not begun
   * (`Account.deletedAt` unset), checked atomically with the write; else refused with `AccountDeletedError`
   * and nothing written. For every row that is or makes a credential (sessions, OAuth grants, codes, tokens).
   */
  liveAccount?: boolean;
}

export interface RecordTable<T> {
  /** The row, unless absent or expired at `now` (ISO). */
  get(id: string, now: string): Awaitable<StoredRecord<T> | undefined>;
  /** The account's rows not expired at `now`, by id. */
  listByAccount(accountId: string, now: string): Awaitable<StoredRecord<T>[]>;
  /** Insert or replace. */
  put(row: StoredRecord<T>, opts?: RecordWriteOptions): Promise<void>;
  /** Insert when no row has this id (an expired one counts as none); false when one does (nothing changed). */
  insert(row: StoredRecord<T>, now: string, opts?: RecordWriteOptions): Promise<boolean>;
  /**
   * Change a row that still exists and is not expired at `now`: `fn` gets it and returns its new value and
   * expiry (id and account stay), atomically (no other write of the row interleaves). Never re-inserts a row
   * deleted or expired meanwhile: then nothing changes and the result is undefined; else the row as written.
   */
  update(
    id: string,
    now: string,
    fn: (row: StoredRecord<T>) => Pick<StoredRecord<T>, 'value' | 'expiresAt'>,
  ): Promise<StoredRecord<T> | undefined>;
  /** Delete the row and return it, atomically: of several callers one gets it (single-use codes). */
  take(id: string, now: string): Promise<StoredRecord<T> | undefined>;
  delete(id: string): Promise<boolean>;
  /** Delete every row of the account; returns how many. */
  deleteByAccount(accountId: string): Promise<number>;
  /** Delete the rows expired at `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

/** A write's limit: the account's stored bytes in the collection after it (key + value as JSON, escapes included). */
export interface CollectionWriteLimits {
  maxBytes: number;
}

/**
 * The store could not make a change durable, or cannot be reached in time: the change is refused
 * (503 with Retry-After to the caller, the cause logged) and nothing of it is applied.
 */
export class StoreUnavailableError extends HttpError {
  constructor(reason: string, cause?: Error) {
    super(`Storage is unavailable: ${reason}. Nothing was changed or charged; try again shortly.`, 503, {
      retryAfter: STORE_RETRY_AFTER_S,
    });
    this.name = 'StoreUnavailableError';
    this.cause = cause;
  }
}

/**
 * A write that would give a credential (key, session, OAuth grant, code or token) to an account whose
 * deletion has begun, or to no account: refused (410), nothing written.
 */
export class AccountDeletedError extends HttpError {
  constructor() {
    super('This account was deleted: it can gain no key, session or connection', 410);
    this.name = 'AccountDeletedError';
  }
}

/** The Retry-After of a 503 from the store (seconds). */
export const STORE_RETRY_AFTER_S = 5;

/** A write over a quota (stored bytes, or active keys): refused, nothing changed. */
export class QuotaExceededError extends Error {
  constructor(
    /** What the account holds now (bytes, or keys). */
    readonly used: number,
    readonly limit: number,
    /** What the write would add. */
    readonly adding: number,
  ) {
    super(`quota exceeded: ${used} + ${adding} > ${limit}`);
    this.name = 'QuotaExceededError';
  }
}

export interface Collection<T> {
  get(accountId: string, key: string): Awaitable<T | undefined>;
  list(accountId: string): Awaitable<[string, T][]>;
  /** The account's stored bytes in this collection (each item's key plus its value as JSON). */
  bytes(accountId: string): Awaitable<number>;
  /** Refused with `QuotaExceededError` (nothing written) when `limits` would be passed; a write that shrinks an item always passes. */
  set(accountId: string, key: string, value: T, limits?: CollectionWriteLimits): Promise<void>;
  delete(accountId: string, key: string): Promise<boolean>;
  /** Every account's entries (for sweepers). */
  all(): Awaitable<[string, string, T][]>;
}

/** A hosted file's description; `bytes` is its length once written. Times are ISO strings. */
export interface HostedFileMeta {
  contentType: string;
  filename: string;
  createdAt: string;
  expiresAt: string;
  bytes: number;
}

/**
 * Hosted files, written and read a chunk at a time (memory bounded by the chunk, never the file). Implemented
 * by the PostgreSQL store and by the files directory (src/store/embedded/files.ts); one contract
 * (test/store-contract.test.ts).
 */
export interface FileBlobs {
  /**
   * Store the file `id` from `body`'s chunks. It becomes visible (`meta`, `read`) only once all of it is
   * durable, when the promise resolves. Refused, nothing kept: `QuotaExceededError` when the bytes of all
   * stored files would pass `limits.maxBytes`, `StoreUnavailableError` when it cannot be made durable.
   */
  write(
    id: string,
    meta: Omit<HostedFileMeta, 'bytes'>,
    body: AsyncIterable<Uint8Array>,
    limits: { maxBytes: number },
  ): Promise<HostedFileMeta>;
  /** The complete file's description (also once expired: the caller answers 410), or undefined. */
  meta(id: string): Promise<HostedFileMeta | undefined>;
  /** Bytes `start` to `end` (inclusive; none when `end < start`) of a complete file, read as they are consumed. */
  read(id: string, start: number, end: number): AsyncIterable<Uint8Array>;
  /** Delete the files expired at `now` and the unfinished writes begun before `staleBefore`; returns how many. */
  sweep(now: string, staleBefore: string): Promise<number>;
  /** The bytes all stored files take (what the quota counts). */
  bytes(): Promise<number>;
}
