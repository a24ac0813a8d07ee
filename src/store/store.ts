/**
 * Storage behind a small interface: accounts, API keys (hashes only), usage
 * history, and generic per-account collections (agent memory, hosted files).
 *
 * The embedded default keeps a JSON file in the data dir through lowdb, so
 * `npx werkbank` works with no database server. The PostgreSQL store
 * (src/store/postgres.ts, chosen by src/store/select.ts) implements `Store`
 * for several processes; nothing above the store knows which one runs. Reads
 * are `Awaitable`: values at once here, promises from a database.
 *
 * Durability. Charges (the hot path) go to an append-only journal
 * (`journal/<seq>.ndjson`, group-committed: the charges of one tick share one
 * append) and the account's usage file; the JSON snapshot is rewritten lazily
 * (about once a second while charges flow) and records the last journal
 * sequence number it includes. On open, journal entries past the snapshot are
 * applied again, so after `kill -9` at any moment no acknowledged charge is
 * lost, and a charge costs an append rather than a rewrite of the whole store.
 * Other mutations (accounts, keys, packs, memory) rewrite the snapshot before
 * they resolve. lowdb/steno write a temp file and rename it, so the snapshot
 * is always either the old or the new complete document.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';

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
  reserve(accountId: string, cost: number, limits: Readonly<Record<Plan, number>>, periodStart: string): Promise<{ hold: Hold | null; account?: Account }>;
  /** Take one render of the monthly render allowance (`limit`), or null when it is used up. */
  reserveRender(accountId: string, limit: number, periodStart: string): Promise<{ hold: Hold | null; account?: Account }>;
  /** Turn the hold into a usage entry (durable when it resolves); returns the account, or undefined if the hold is gone. */
  commit(hold: Hold, entry: UsageEntry): Promise<Account | undefined>;
  /** Give the hold back; a hold is given back (or committed) at most once, whoever asks. */
  refund(hold: Hold): Promise<boolean>;
  /** Give back the holds of calls that never settled (their process died) older than `olderThanMs`. */
  releaseStaleHolds(olderThanMs: number): Promise<number>;
}

export interface Store {
  /** Which backend: 'lowdb' (embedded, one process) or 'postgres' (shared by several). */
  readonly kind: 'lowdb' | 'postgres';
  /** One line for `werkbank doctor` and the start-up banner (no secrets). */
  describe(): string;

  /** Run `fn` atomically on the account (no other mutation interleaves); resolves once the change is on disk. */
  updateAccount<T>(id: string, fn: (account: Account) => T): Promise<T>;
  getAccount(id: string): Awaitable<Account | undefined>;
  getAccountByName(name: string): Awaitable<Account | undefined>;
  listAccounts(): Awaitable<Account[]>;
  createAccount(account: Account): Promise<void>;

  createKey(key: ApiKeyRecord): Promise<void>;
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

  /** Generic per-account collections (memory items, hosted files...), keyed by string. */
  collection<T>(name: string): Collection<T>;

  /** Atomic SQL credit operations (shared database only). */
  readonly ledger?: AtomicLedger;
  /** Tell every other process on the same store (LISTEN/NOTIFY); absent on the embedded store. */
  publish?(channel: string, payload: unknown): Promise<void>;
  /** Hear what other processes `publish` on `channel` (not this process's own messages). */
  subscribe?(channel: string, listener: (payload: unknown) => void): void;
  /** Run `fn` on one process at a time (advisory lock); resolves undefined at once if another runs it. */
  exclusive?<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
  /**
   * Renders by callers without a key, counted per client and UTC day where all
   * instances see them (shared database only; the embedded store's one process
   * counts in memory): `take` adds one unless `limit` is reached and returns the
   * new count, or null at the limit; `give` takes one back (a refunded render).
   */
  readonly anonymousRenders?: {
    take(client: string, day: string, limit: number): Promise<number | null>;
    give(client: string, day: string): Promise<void>;
  };

  close(): Promise<void>;
}

export interface Collection<T> {
  get(accountId: string, key: string): Awaitable<T | undefined>;
  list(accountId: string): Awaitable<[string, T][]>;
  set(accountId: string, key: string, value: T): Promise<void>;
  delete(accountId: string, key: string): Promise<boolean>;
  /** Every account's entries (for sweepers). */
  all(): Awaitable<[string, string, T][]>;
}

interface Data {
  version: 1;
  /** The last journal sequence number whose charge this snapshot includes. */
  seq: number;
  accounts: Record<string, Account>;
  keys: Record<string, ApiKeyRecord>;
  collections: Record<string, Record<string, Record<string, unknown>>>;
}

const EMPTY: Data = { version: 1, seq: 0, accounts: {}, keys: {}, collections: {} };

/** Refuses a second server process on the same data dir. */
class DirLock {
  private readonly path: string;
  constructor(dir: string) {
    this.path = join(dir, 'werkbank.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const pid = Number(readFileSync(this.path, 'utf8').trim());
        if (pid && pid !== process.pid && isAlive(pid))
          throw new Error(
            `The data dir ${dir} is in use by another werkbank process (pid ${pid}). ` +
              'Stop it, or start this one with another --data dir (the embedded store serves one process).',
          );
        unlinkSync(this.path); // stale lock from a process that died
      }
    }
    throw new Error(`Could not lock the data dir ${dir}`);
  }
  release(): void {
    try {
      if (readFileSync(this.path, 'utf8').trim() === String(process.pid)) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;
/** How long charges may sit only in the journal before the snapshot is rewritten. */
const SNAPSHOT_DELAY_MS = 1000;

interface JournalLine {
  seq: number;
  accountId: string;
  entry: UsageEntry;
  delta: AccountDelta;
}

export class LowStore implements Store {
  readonly kind = 'lowdb' as const;
  private readonly db: Low<Data>;
  private readonly lock: DirLock;
  private readonly usageDir: string;
  private batch: Promise<void> | null = null;
  private readonly keyByHash = new Map<string, ApiKeyRecord>();
  /** Usage directories known to exist (no stat per call). */
  private readonly usageDirs = new Set<string>();
  /** Charges waiting for the next journal append. */
  private walQueue: { seq: number; line: string; apply: () => void }[] = [];
  /**
   * Usage lines of applied charges not yet in their usage files (written with each snapshot; until then
   * the journal holds them). Lines carry the journal `seq`, so a line written twice after a crash is read once.
   */
  private pendingUsage = new Map<string, string[]>();
  private walFlush: Promise<void> | null = null;
  /** Last sequence number given out, and the journal file new charges go to. */
  private seq = 0;
  private journal = '';
  /** Highest sequence number in each journal file (a file is deleted once a snapshot covers it). */
  private readonly journalMax = new Map<string, number>();
  private snapshotTimer: NodeJS.Timeout | null = null;

  private constructor(
    readonly dir: string,
    db: Low<Data>,
    lock: DirLock,
  ) {
    this.db = db;
    this.lock = lock;
    this.usageDir = join(dir, 'usage');
    for (const key of Object.values(db.data.keys)) this.keyByHash.set(key.hash, key);
  }

  static async open(dir: string): Promise<LowStore> {
    mkdirSync(dir, { recursive: true });
    const lock = new DirLock(dir);
    try {
      // Compact JSON: pretty-printing would cost on every snapshot.
      const file = new DataFile<Data>(join(dir, 'werkbank.json'), { parse: JSON.parse, stringify: (d) => JSON.stringify(d) });
      const db = new Low<Data>(file, structuredClone(EMPTY));
      await db.read();
      db.data = { ...structuredClone(EMPTY), ...db.data };
      // Snapshots before 1.2 kept per-day totals too; they are counted from the usage files now.
      delete (db.data as Data & { usageDays?: unknown }).usageDays;
      const store = new LowStore(dir, db, lock);
      await store.replayJournal();
      return store;
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  describe(): string {
    return `embedded (lowdb) in ${this.dir}`;
  }

  private get journalDir(): string {
    return join(this.dir, 'journal');
  }

  /** Apply the journal entries the snapshot does not include yet (after a crash), then snapshot. */
  private async replayJournal(): Promise<void> {
    mkdirSync(this.journalDir, { recursive: true });
    const files = readdirSync(this.journalDir)
      .filter((f) => /^\d+\.ndjson$/.test(f))
      .sort((a, b) => Number(a.split('.')[0]) - Number(b.split('.')[0]));
    const entries: JournalLine[] = [];
    for (const f of files) {
      const path = join(this.journalDir, f);
      let max = 0;
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line) continue;
        let entry: JournalLine;
        try {
          entry = JSON.parse(line) as JournalLine;
        } catch {
          continue; // a line torn by a crash mid-append was never acknowledged
        }
        max = Math.max(max, entry.seq);
        entries.push(entry);
      }
      this.journalMax.set(path, max);
    }
    entries.sort((a, b) => a.seq - b.seq);
    for (const e of entries) {
      this.seq = Math.max(this.seq, e.seq);
      if (e.seq > this.data.seq) this.applyCharge(e);
    }
    this.seq = Math.max(this.seq, this.data.seq);
    this.journal = join(this.journalDir, `${this.seq + 1}.ndjson`);
    if (entries.some((e) => e.seq > this.data.seq)) await this.snapshot();
  }

  /** Apply one durable charge to the in-memory state (and advance the snapshot's sequence number). */
  private applyCharge({ seq, accountId, entry, delta }: JournalLine): void {
    const account = this.data.accounts[accountId];
    if (account) {
      const samePeriod = account.periodStart === delta.periodStart;
      if (samePeriod && delta.allowanceUsed) account.allowanceUsed += delta.allowanceUsed;
      if (samePeriod && delta.renderAllowanceUsed) account.renderAllowanceUsed += delta.renderAllowanceUsed;
      if (delta.packCredits) account.packCredits += delta.packCredits;
    }
    const date = entry.at.slice(0, 10);
    const file = join(this.usageDir, accountId, `${date}.ndjson`);
    const lines = this.pendingUsage.get(file) ?? [];
    lines.push(JSON.stringify({ seq, ...entry }) + '\n');
    this.pendingUsage.set(file, lines);
    this.data.seq = Math.max(this.data.seq, seq);
  }

  /** Write the snapshot now, then drop the journal files it covers. */
  private async snapshot(): Promise<void> {
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    // New charges go to a new journal file, so covered files can be deleted whole.
    this.journal = join(this.journalDir, `${this.seq + 1}.ndjson`);
    const covered = this.data.seq;
    // Usage lines first: if the process dies before the JSON is written, replay queues them again
    // and reads drop the duplicates by seq.
    const usage = this.pendingUsage;
    this.pendingUsage = new Map();
    for (const file of usage.keys()) {
      const dir = dirname(file);
      if (!this.usageDirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.usageDirs.add(dir);
      }
    }
    await Promise.all([...usage].map(([file, lines]) => appendFile(file, lines.join(''))));
    await this.persist();
    for (const [path, max] of this.journalMax)
      if (max <= covered && path !== this.journal) {
        rmSync(path, { force: true });
        this.journalMax.delete(path);
      }
  }

  private scheduleSnapshot(): void {
    if (this.snapshotTimer) return;
    this.snapshotTimer = setTimeout(() => void this.snapshot().catch(() => undefined), SNAPSHOT_DELAY_MS);
    this.snapshotTimer.unref();
  }

  async charge(accountId: string, entry: UsageEntry, delta: AccountDelta): Promise<void> {
    if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
    const line: JournalLine = { seq: ++this.seq, accountId, entry, delta };
    this.walQueue.push({ seq: line.seq, line: JSON.stringify(line) + '\n', apply: () => this.applyCharge(line) });
    // Group commit: the charges of this tick share one append.
    this.walFlush ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        const batch = this.walQueue;
        this.walQueue = [];
        this.walFlush = null;
        const journal = this.journal;
        appendFile(journal, batch.map((c) => c.line).join(''))
          .then(() => {
            this.journalMax.set(journal, Math.max(this.journalMax.get(journal) ?? 0, batch[batch.length - 1].seq));
            for (const c of batch) c.apply();
            this.scheduleSnapshot();
            resolve();
          }, reject);
      }),
    );
    await this.walFlush;
  }

  private get data(): Data {
    return this.db.data;
  }

  /** Group commit of the snapshot: all mutations made before the batch runs share one write. */
  private persist(): Promise<void> {
    this.batch ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.batch = null;
        this.db.write().then(resolve, reject);
      });
    });
    return this.batch;
  }

  async updateAccount<T>(id: string, fn: (account: Account) => T): Promise<T> {
    const account = this.data.accounts[id];
    if (!account) throw new Error(`no account ${id}`);
    const result = fn(account);
    await this.persist();
    return result;
  }
  getAccount(id: string) {
    return this.data.accounts[id];
  }
  getAccountByName(name: string) {
    return Object.values(this.data.accounts).find((a) => a.name === name);
  }
  listAccounts() {
    return Object.values(this.data.accounts);
  }
  async createAccount(account: Account) {
    this.data.accounts[account.id] = account;
    await this.persist();
  }

  async createKey(key: ApiKeyRecord) {
    this.data.keys[key.id] = key;
    this.keyByHash.set(key.hash, key);
    await this.persist();
  }
  findKey(hash: string) {
    const key = this.keyByHash.get(hash);
    const account = key && this.data.accounts[key.accountId];
    return account && { key, account };
  }
  getKey(id: string) {
    return this.data.keys[id];
  }
  listKeys(accountId: string) {
    return Object.values(this.data.keys).filter((k) => k.accountId === accountId);
  }
  async revokeKey(id: string, at: string) {
    const key = this.data.keys[id];
    if (!key) return undefined;
    key.revokedAt ??= at;
    await this.persist();
    return key;
  }
  async touchKey(id: string, at: string) {
    const key = this.data.keys[id];
    if (!key) return;
    key.lastUsedAt = at;
    await this.persist();
  }

  /**
   * The account's usage entries a UTC day at a time from `sinceDate` on (oldest day first, or newest),
   * each day in time order. A line a replay wrote twice is read once (by its journal seq).
   */
  private async *usageByDay(accountId: string, sinceDate: string, newestFirst: boolean): AsyncGenerator<UsageEntry[]> {
    if (!SAFE_ID.test(accountId)) return;
    const dir = join(this.usageDir, accountId);
    const pending = new Map<string, string[]>();
    for (const [file, lines] of this.pendingUsage) if (dirname(file) === dir) pending.set(basename(file).slice(0, 10), lines);
    const files = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith('.ndjson')).map((f) => f.slice(0, 10));
    const dates = [...new Set([...files, ...pending.keys()])].filter((d) => d >= sinceDate).sort();
    if (newestFirst) dates.reverse();
    for (const date of dates) {
      const day: UsageEntry[] = [];
      const seen = new Set<number>();
      const take = (line: string) => {
        const { seq, ...entry } = JSON.parse(line) as UsageEntry & { seq?: number };
        if (seq !== undefined) {
          if (seen.has(seq)) return;
          seen.add(seq);
        }
        day.push(entry);
      };
      const path = join(dir, `${date}.ndjson`);
      if (existsSync(path)) for (const line of (await readFile(path, 'utf8')).split('\n')) if (line) take(line);
      for (const line of pending.get(date) ?? []) take(line);
      yield day.sort((a, b) => a.at.localeCompare(b.at));
    }
  }

  async readUsage(accountId: string, sinceDate: string, page?: UsagePage): Promise<UsageEntry[]> {
    const out: UsageEntry[] = [];
    const enough = page ? page.offset + page.limit : Infinity;
    for await (const day of this.usageByDay(accountId, sinceDate, true)) {
      for (let i = day.length - 1; i >= 0; i--) out.push(day[i]);
      if (out.length >= enough) break; // older days are not read
    }
    return page ? out.slice(page.offset, enough) : out;
  }

  async usageTotals(accountId: string, sinceDate: string): Promise<UsageTotal[]> {
    const out: UsageTotal[] = [];
    for await (const day of this.usageByDay(accountId, sinceDate, false)) {
      const byTool = new Map<string, UsageTotal>();
      for (const e of day) {
        let t = byTool.get(e.tool);
        if (!t) byTool.set(e.tool, (t = { date: e.at.slice(0, 10), tool: e.tool, calls: 0, credits: 0 }));
        t.calls++;
        t.credits += e.credits;
      }
      out.push(...[...byTool.values()].sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0)));
    }
    return out;
  }

  async pruneUsage(accountId: string, beforeDate: string) {
    const dir = join(this.usageDir, accountId);
    if (SAFE_ID.test(accountId) && existsSync(dir))
      for (const f of readdirSync(dir)) if (f.slice(0, 10) < beforeDate) rmSync(join(dir, f), { force: true });
    // Lines not yet written to their usage files go too (else the next snapshot would write them back).
    for (const file of this.pendingUsage.keys())
      if (dirname(file) === dir && basename(file).slice(0, 10) < beforeDate) this.pendingUsage.delete(file);
  }

  collection<T>(name: string): Collection<T> {
    const root = () => (this.data.collections[name] ??= {}) as Record<string, Record<string, T>>;
    return {
      get: (accountId, key) => root()[accountId]?.[key],
      list: (accountId) => Object.entries(root()[accountId] ?? {}),
      set: async (accountId, key, value) => {
        (root()[accountId] ??= {})[key] = value;
        await this.persist();
      },
      delete: async (accountId, key) => {
        const items = root()[accountId];
        if (!items || !(key in items)) return false;
        delete items[key];
        await this.persist();
        return true;
      },
      all: () => Object.entries(root()).flatMap(([acc, items]) => Object.entries(items).map(([k, v]) => [acc, k, v] as [string, string, T])),
    };
  }

  async close() {
    if (this.walFlush) await this.walFlush;
    await this.snapshot();
    this.lock.release();
  }
}
