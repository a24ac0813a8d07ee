/**
 * The embedded store: everything in the data dir, one process at a time, so
 * `npx werkbank` works with no database server.
 *
 * - `journal/<seq>.ndjson`: every change of an account or a key (created,
 *   updated, revoked, last used) and every charge is a record in the journal.
 *   The changes that arrive together share one append (group commit), written
 *   as one line, so a batch is read whole or not at all. A change is applied
 *   in memory only after its append succeeded; a failed append refuses every
 *   change of the batch and applies none of them.
 * - `werkbank.json`: the snapshot (accounts and keys), written through lowdb's
 *   atomic file adapter (temp file, then rename) about once a second while
 *   changes flow, recording the last journal record it includes. On open the
 *   records past it are applied again. A snapshot that cannot be written loses
 *   nothing: the journal keeps every record until a snapshot covers it.
 * - `usage/<account>/<date>.ndjson`: usage entries, written with each snapshot
 *   (the journal holds them until then); a line carries its record's `seq`, so
 *   a line written twice after a crash is read once.
 * - `collections/<name>/<account>.ndjson`: agent memory, one log per account
 *   (src/store/low-collections.ts), never part of the snapshot.
 *
 * So after `kill -9` at any moment, or a failed write, the state that opens is
 * exactly what was acknowledged. Writes pass a hook (`LowStoreOptions.faults`)
 * that tests use to inject disk-full and I/O errors at every write.
 *
 * In memory, accounts and keys live in `Map`s: ids from requests never index
 * a plain object.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DataFile } from 'lowdb/node';
import { AppendFile, DIR_MODE, FILE_MODE, parseLines, PendingText, type WriteHook } from './append-file.js';
import { CollectionLogs, SAFE_ID } from './low-collections.js';
import {
  QuotaExceededError,
  StoreUnavailableError,
  type Account,
  type AccountDelta,
  type ApiKeyRecord,
  type Collection,
  type EventChange,
  type RecordRef,
  type RecordTable,
  type Store,
  type StoredRecord,
  type UsageEntry,
  type UsagePage,
  type UsageTotal,
} from './store.js';

export type { WriteHook, WriteTarget } from './append-file.js';

export interface LowStoreOptions {
  /** Called before every write (journal, snapshot, usage, collection); a throw fails that write. Tests only. */
  faults?: WriteHook;
}

/** A change as the journal records it. */
type Change =
  | { op: 'charge'; accountId: string; entry: UsageEntry; delta: AccountDelta }
  | { op: 'account'; account: Account }
  | { op: 'key'; key: ApiKeyRecord }
  | { op: 'record'; table: string; row: StoredRecord<unknown> }
  | { op: 'unrecord'; table: string; ids: string[] }
  /** An outside event applied once (Store.applyEvent): its row, the account, other rows and a usage entry together. */
  | { op: 'event'; account: Account; rows: { table: string; row: StoredRecord<unknown> }[]; entry?: UsageEntry };
type JournalRecord = Change & { seq: number };
/** A journal line: one batch. Lines of 1.1 journals were single charges (`{seq, accountId, entry, delta}`). */
type JournalLine = { b: JournalRecord[] } | { seq: number; accountId: string; entry: UsageEntry; delta: AccountDelta };

interface Snapshot {
  version: 2;
  /** The last journal record this snapshot includes. */
  seq: number;
  accounts: Record<string, Account>;
  keys: Record<string, ApiKeyRecord>;
  /** Record tables: table → id → row. */
  records?: Record<string, Record<string, StoredRecord<unknown>>>;
  /** Pre-1.2 snapshots held the collections too; they move to their logs on open. */
  collections?: Record<string, Record<string, Record<string, unknown>>>;
}

/**
 * The accounts and keys as a batch sees them while it is prepared: the live
 * records with the batch's earlier changes applied to copies.
 */
class Draft {
  readonly accounts = new Map<string, Account>();
  readonly keys = new Map<string, ApiKeyRecord>();
  /** `table\0id` → the row as the batch leaves it (null: deleted). */
  readonly rows = new Map<string, StoredRecord<unknown> | null>();
  constructor(private readonly store: LowStore) {}
  row(table: string, id: string): StoredRecord<unknown> | undefined {
    const k = `${table}\0${id}`;
    return this.rows.has(k) ? (this.rows.get(k) ?? undefined) : this.store.liveRecords(table).get(id);
  }
  setRow(table: string, id: string, row: StoredRecord<unknown> | null): void {
    this.rows.set(`${table}\0${id}`, row);
  }
  account(id: string): Account | undefined {
    let a = this.accounts.get(id);
    if (!a) {
      const live = this.store.liveAccount(id);
      if (live) this.accounts.set(id, (a = { ...live }));
    }
    return a;
  }
  key(id: string): ApiKeyRecord | undefined {
    let k = this.keys.get(id);
    if (!k) {
      const live = this.store.liveKey(id);
      if (live) this.keys.set(id, (k = { ...live }));
    }
    return k;
  }
}

/** A change waiting for its batch: `prepare` makes its record (or none) against the draft; `result` is read once applied. */
interface Queued {
  prepare(draft: Draft): Change | undefined;
  result?: () => unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Refuses a second server process on the same data dir. */
class DirLock {
  private readonly path: string;
  constructor(dir: string) {
    this.path = join(dir, 'werkbank.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', FILE_MODE);
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

/** How long changes may sit only in the journal before the snapshot is rewritten. */
const SNAPSHOT_DELAY_MS = 1000;

/** A charge's change to the account: a charge of a newer period starts that period (the allowances from zero). */
function applyDelta(account: Account, delta: AccountDelta): void {
  if (delta.periodStart > account.periodStart) {
    account.periodStart = delta.periodStart;
    account.allowanceUsed = 0;
    account.renderAllowanceUsed = 0;
  }
  const samePeriod = account.periodStart === delta.periodStart;
  if (samePeriod && delta.allowanceUsed) account.allowanceUsed += delta.allowanceUsed;
  if (samePeriod && delta.renderAllowanceUsed) account.renderAllowanceUsed += delta.renderAllowanceUsed;
  if (delta.packCredits) account.packCredits += delta.packCredits;
}

/**
 * The record of a change as it is now, numbered `seq`: later changes of the batch change the draft, not what this
 * record says. Accounts, keys, charges and their entries are flat (a shallow copy is a copy); rows hold anything.
 * Built as literals: a spread followed by `seq` (`{...record, seq}`) makes a new hidden class per record on Node 20.
 */
function recordOf(change: Change, seq: number): JournalRecord {
  switch (change.op) {
    case 'account':
      return { op: 'account', account: { ...change.account }, seq };
    case 'key':
      return { op: 'key', key: { ...change.key }, seq };
    case 'charge':
      return { op: 'charge', accountId: change.accountId, entry: { ...change.entry }, delta: { ...change.delta }, seq };
    default:
      return Object.assign(structuredClone(change), { seq });
  }
}

/** Usage files kept open between snapshots, at most (each is a descriptor; thousands of active accounts must not exhaust them). */
const MAX_OPEN_USAGE_FILES = 128;

export class LowStore implements Store {
  readonly kind = 'lowdb' as const;
  private readonly accounts = new Map<string, Account>();
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly keyByHash = new Map<string, ApiKeyRecord>();
  private readonly keysOfAccount = new Map<string, Set<string>>();
  private readonly tables = new Map<string, Map<string, StoredRecord<unknown>>>();
  /** The last journal record applied in memory. */
  private applied = 0;
  /** The last sequence number given out (records of a failed batch leave gaps). */
  private seq = 0;

  private queue: Queued[] = [];
  private flushing: Promise<void> | null = null;
  private journal: AppendFile;
  /** The batch append in flight (a rotated journal file is closed after it). */
  private appending: Promise<unknown> = Promise.resolve();
  /** Highest record in each journal file (a file is deleted once a snapshot covers it). */
  private readonly journalMax = new Map<string, number>();

  private readonly snapshotFile: DataFile<string>;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private snapshotting: Promise<void> | null = null;
  /**
   * Usage lines of applied charges not yet in their usage files (written with each snapshot; until then
   * the journal holds them). Lines carry the record's `seq`, so a line written twice after a crash is read once.
   */
  private pendingUsage = new Map<string, PendingText>();
  /**
   * Usage files kept open between snapshots: those written by the last snapshot (accounts that keep
   * calling keep their handle; a day's file closes once the day's calls stop).
   */
  private readonly usageFiles = new Map<string, AppendFile>();
  private readonly usageDirs = new Set<string>();
  private readonly collections: CollectionLogs;

  private constructor(
    readonly dir: string,
    private readonly lock: DirLock,
    private readonly hook: WriteHook | undefined,
  ) {
    this.snapshotFile = new DataFile<string>(join(dir, 'werkbank.json'), { parse: (s) => s, stringify: (s) => s });
    this.collections = new CollectionLogs(join(dir, 'collections'), hook);
    this.journal = new AppendFile(join(this.journalDir, '1.ndjson'), 'journal', hook);
  }

  static async open(dir: string, opts: LowStoreOptions = {}): Promise<LowStore> {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    chmodSync(dir, DIR_MODE); // a data dir made before 1.2 was 0755
    const lock = new DirLock(dir);
    try {
      const store = new LowStore(dir, lock, opts.faults);
      await store.load();
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
  private get usageDir(): string {
    return join(this.dir, 'usage');
  }

  /** Read the snapshot, the collection logs and the journal records past the snapshot. */
  private async load(): Promise<void> {
    const text = await this.snapshotFile.read();
    const snap = (text ? JSON.parse(text) : {}) as Partial<Snapshot>;
    for (const a of Object.values(snap.accounts ?? {})) this.putAccount(a);
    for (const k of Object.values(snap.keys ?? {})) this.putKey(k);
    for (const [table, rows] of Object.entries(snap.records ?? {})) for (const row of Object.values(rows)) this.liveRecords(table).set(row.id, row);
    this.applied = this.seq = snap.seq ?? 0;
    this.collections.load();
    let rewrite = false;
    // Pre-1.2: the collections were in the snapshot. Each moves to its log (rewritten whole, so a crash here repeats it).
    for (const [name, byAccount] of Object.entries(snap.collections ?? {}))
      for (const [accountId, items] of Object.entries(byAccount)) {
        await this.collections.importAll(name, accountId, items);
        rewrite = true;
      }
    mkdirSync(this.journalDir, { recursive: true, mode: DIR_MODE });
    const records: JournalRecord[] = [];
    for (const f of readdirSync(this.journalDir).filter((f) => /^\d+\.ndjson$/.test(f))) {
      const path = join(this.journalDir, f);
      let max = 0;
      for (const line of parseLines<JournalLine>(readFileSync(path, 'utf8'))) {
        const batch = 'b' in line ? line.b : [{ op: 'charge' as const, ...line }];
        for (const r of batch) {
          max = Math.max(max, r.seq);
          records.push(r);
        }
      }
      this.journalMax.set(path, max);
    }
    records.sort((a, b) => a.seq - b.seq);
    for (const r of records) {
      this.seq = Math.max(this.seq, r.seq);
      if (r.seq > this.applied) {
        this.apply(r);
        rewrite = true;
      }
    }
    this.journal = new AppendFile(join(this.journalDir, `${this.seq + 1}.ndjson`), 'journal', this.hook);
    if (rewrite) await this.snapshot();
  }

  // ---- applying durable changes -------------------------------------------

  /** The live records (for the draft: copies of them are changed, these only once durable). */
  liveAccount(id: string): Account | undefined {
    return this.accounts.get(id);
  }
  liveKey(id: string): ApiKeyRecord | undefined {
    return this.keys.get(id);
  }

  private putAccount(a: Account): void {
    const live = this.accounts.get(a.id);
    if (live) Object.assign(live, a);
    else this.accounts.set(a.id, { ...a });
  }

  private putKey(k: ApiKeyRecord): void {
    const live = this.keys.get(k.id);
    if (live) Object.assign(live, k);
    else {
      const record = { ...k };
      this.keys.set(k.id, record);
      this.keyByHash.set(k.hash, record);
      let ids = this.keysOfAccount.get(k.accountId);
      if (!ids) this.keysOfAccount.set(k.accountId, (ids = new Set()));
      ids.add(k.id);
    }
  }

  liveRecords(table: string): Map<string, StoredRecord<unknown>> {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    return rows;
  }

  /** Apply one durable record to the in-memory state. */
  private apply(r: JournalRecord): void {
    if (r.op === 'account') this.putAccount(r.account);
    else if (r.op === 'key') this.putKey(r.key);
    else if (r.op === 'record') this.liveRecords(r.table).set(r.row.id, r.row);
    else if (r.op === 'unrecord') for (const id of r.ids) this.liveRecords(r.table).delete(id);
    else if (r.op === 'event') {
      this.putAccount(r.account);
      for (const { table, row } of r.rows) this.liveRecords(table).set(row.id, row);
      if (r.entry) this.queueUsage(r.account.id, r.seq, r.entry);
    } else {
      const account = this.accounts.get(r.accountId);
      if (account) applyDelta(account, r.delta);
      this.queueUsage(r.accountId, r.seq, r.entry);
    }
    this.applied = Math.max(this.applied, r.seq);
  }

  /** A usage line for its file (written with the next snapshot; the journal holds it until then). */
  private queueUsage(accountId: string, seq: number, entry: UsageEntry): void {
    const file = join(this.usageDir, accountId, `${entry.at.slice(0, 10)}.ndjson`);
    let lines = this.pendingUsage.get(file);
    if (!lines) this.pendingUsage.set(file, (lines = new PendingText()));
    lines.append(JSON.stringify({ seq, ...entry }));
    lines.append('\n');
  }

  // ---- the journal ----------------------------------------------------------

  /** Queue a change; it resolves with `result()` once durable and applied, or rejects (nothing applied). */
  private change<T>(prepare: (draft: Draft) => Change | undefined, result?: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ prepare, result, resolve: resolve as (v: unknown) => void, reject });
      this.flushing ??= new Promise<void>((done) => setImmediate(() => void this.flush().finally(done)));
    });
  }

  /** Write the queued changes a batch at a time (one batch in flight: each is prepared against the state before it). */
  private async flush(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        const draft = new Draft(this);
        const records: JournalRecord[] = [];
        const ready: { q: Queued; record?: JournalRecord }[] = [];
        for (const q of batch) {
          let change: Change | undefined;
          try {
            change = q.prepare(draft);
          } catch (err) {
            q.reject(err); // this change alone is refused
            continue;
          }
          const record = change && recordOf(change, ++this.seq);
          if (record) records.push(record);
          ready.push({ q, record });
        }
        if (records.length) {
          const path = this.journal.path;
          try {
            await (this.appending = this.journal.append(JSON.stringify({ b: records }) + '\n'));
          } catch (err) {
            console.error(`werkbank: a write to ${path} failed (${(err as Error).message}); ${records.length} change(s) refused, none applied`);
            for (const { q } of ready) q.reject(new StoreUnavailableError('the data dir could not be written', err as Error));
            continue;
          }
          this.journalMax.set(path, Math.max(this.journalMax.get(path) ?? 0, records[records.length - 1].seq));
          for (const { record } of ready) if (record) this.apply(record);
          this.scheduleSnapshot();
        }
        for (const { q } of ready) q.resolve(q.result?.());
      }
    } finally {
      this.flushing = null;
    }
  }

  // ---- the snapshot ----------------------------------------------------------

  private serialize(): string {
    const snap: Snapshot = {
      version: 2,
      seq: this.applied,
      accounts: Object.fromEntries(this.accounts),
      keys: Object.fromEntries(this.keys),
      records: Object.fromEntries([...this.tables].map(([table, rows]) => [table, Object.fromEntries(rows)])),
    };
    return JSON.stringify(snap);
  }

  /** Write the snapshot now (one at a time), then delete the journal files it covers. */
  private snapshot(): Promise<void> {
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    const run = (this.snapshotting ?? Promise.resolve()).then(() => this.writeSnapshot());
    this.snapshotting = run.catch(() => undefined);
    return run;
  }

  private async writeSnapshot(): Promise<void> {
    // One moment: the state, the usage lines it includes, and a new journal file for what comes after.
    const covered = this.applied;
    const text = this.serialize();
    const usage = this.pendingUsage;
    this.pendingUsage = new Map();
    const current = this.journal;
    this.journal = new AppendFile(join(this.journalDir, `${this.seq + 1}.ndjson`), 'journal', this.hook);
    void this.appending.catch(() => undefined).then(() => current.close());
    try {
      // Usage lines first: if the process dies before the snapshot is written, the journal queues them again
      // and reads drop the duplicates by seq.
      await Promise.all([...usage].map(([file, lines]) => this.appendUsage(file, lines.bytes())));
      // Every file written (a failed one is written again next time: its lines went back to the queue). Files
      // not written this time close, and at most MAX_OPEN_USAGE_FILES stay open however many accounts call.
      let open = this.usageFiles.size;
      for (const [file, handle] of this.usageFiles)
        if (!usage.has(file) || open > MAX_OPEN_USAGE_FILES) {
          handle.close();
          this.usageFiles.delete(file);
          open--;
        }
      await this.hook?.('snapshot', join(this.dir, 'werkbank.json'));
      await this.snapshotFile.write(text);
      await chmod(join(this.dir, 'werkbank.json'), FILE_MODE).catch(() => undefined);
    } catch (err) {
      // Nothing is lost: the journal keeps the records and the lines go back to the queue.
      for (const [file, lines] of usage) {
        const newer = this.pendingUsage.get(file);
        if (newer) lines.appendBytes(newer.bytes());
        this.pendingUsage.set(file, lines);
      }
      console.error(`werkbank: the snapshot of ${this.dir} could not be written (${(err as Error).message}); the journal keeps every change`);
      throw err;
    }
    for (const [path, max] of this.journalMax)
      if (max <= covered && path !== this.journal.path) {
        rmSync(path, { force: true });
        this.journalMax.delete(path);
      }
  }

  private async appendUsage(file: string, text: Uint8Array): Promise<void> {
    let handle = this.usageFiles.get(file);
    if (!handle) {
      const dir = dirname(file);
      if (!this.usageDirs.has(dir)) {
        mkdirSync(dir, { recursive: true, mode: DIR_MODE });
        this.usageDirs.add(dir);
      }
      this.usageFiles.set(file, (handle = new AppendFile(file, 'usage', this.hook)));
    }
    await handle.append(text);
  }

  private scheduleSnapshot(): void {
    if (this.snapshotTimer) return;
    this.snapshotTimer = setTimeout(() => void this.snapshot().catch(() => undefined), SNAPSHOT_DELAY_MS);
    this.snapshotTimer.unref();
  }

  // ---- accounts and keys -------------------------------------------------------

  async charge(accountId: string, entry: UsageEntry, delta: AccountDelta): Promise<void> {
    if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
    await this.change((draft) => {
      const a = draft.account(accountId);
      if (a) applyDelta(a, delta);
      return { op: 'charge', accountId, entry, delta };
    });
  }

  applyEvent(
    event: StoredRecord<unknown> & { table: string },
    accountId: string,
    reads: readonly RecordRef[],
    fn: (account: Account, rows: (StoredRecord<unknown> | undefined)[]) => EventChange,
  ): Promise<'applied' | 'duplicate' | 'no-account'> {
    if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
    let outcome: 'applied' | 'duplicate' | 'no-account' = 'duplicate';
    return this.change(
      (draft) => {
        if (draft.row(event.table, event.id)) return undefined;
        const live = draft.account(accountId);
        if (!live) {
          outcome = 'no-account';
          return undefined;
        }
        // `fn` changes a copy: when it throws, the draft (what later changes of the batch see) is untouched.
        const account = { ...live };
        const change = fn(account, reads.map((r) => structuredClone(draft.row(r.table, r.id))));
        const rows = [event, ...change.rows].map(({ table, ...row }) => ({ table, row }));
        Object.assign(live, account);
        for (const { table, row } of rows) draft.setRow(table, row.id, row);
        outcome = 'applied';
        return { op: 'event', account, rows, ...(change.entry ? { entry: change.entry } : {}) };
      },
      () => outcome,
    );
  }

  updateAccount<T>(id: string, fn: (account: Account) => T): Promise<T> {
    let result: T;
    return this.change(
      (draft) => {
        const a = draft.account(id);
        if (!a) throw new Error(`no account ${id}`);
        result = fn(a);
        return { op: 'account', account: a };
      },
      () => result,
    );
  }
  getAccount(id: string) {
    return this.accounts.get(id);
  }
  getAccountByName(name: string) {
    for (const a of this.accounts.values()) if (a.name === name) return a;
    return undefined;
  }
  listAccounts() {
    return [...this.accounts.values()];
  }
  async createAccount(account: Account) {
    await this.change((draft) => {
      if (draft.account(account.id)) throw new Error(`account ${account.id} exists`);
      draft.accounts.set(account.id, { ...account });
      return { op: 'account', account };
    });
  }

  async createKey(key: ApiKeyRecord, limits?: { maxActive: number }) {
    await this.change((draft) => {
      if (draft.key(key.id)) throw new Error(`key ${key.id} exists`);
      if (limits) {
        const active = this.activeKeys(draft, key.accountId);
        if (active >= limits.maxActive) throw new QuotaExceededError(active, limits.maxActive, 1);
      }
      draft.keys.set(key.id, { ...key });
      return { op: 'key', key };
    });
  }

  /** Keys of the account not revoked, as the draft sees them. */
  private activeKeys(draft: Draft, accountId: string): number {
    const ids = new Set(this.keysOfAccount.get(accountId));
    for (const k of draft.keys.values()) if (k.accountId === accountId) ids.add(k.id);
    let n = 0;
    for (const id of ids) if (!draft.key(id)?.revokedAt) n++;
    return n;
  }

  findKey(hash: string) {
    const key = this.keyByHash.get(hash);
    const account = key && this.accounts.get(key.accountId);
    return account && { key, account };
  }
  getKey(id: string) {
    return this.keys.get(id);
  }
  listKeys(accountId: string) {
    return [...(this.keysOfAccount.get(accountId) ?? [])].map((id) => this.keys.get(id)!);
  }
  revokeKey(id: string, at: string) {
    return this.change(
      (draft) => {
        const k = draft.key(id);
        if (!k || k.revokedAt) return undefined;
        k.revokedAt = at;
        return { op: 'key', key: k };
      },
      () => this.keys.get(id),
    );
  }
  async touchKey(id: string, at: string) {
    await this.change((draft) => {
      const k = draft.key(id);
      if (!k) return undefined;
      k.lastUsedAt = at;
      return { op: 'key', key: k };
    });
  }

  // ---- usage -------------------------------------------------------------------

  /**
   * The account's usage entries a UTC day at a time from `sinceDate` on (oldest day first, or newest),
   * each day in time order. A line a replay wrote twice is read once (by its journal seq).
   */
  private async *usageByDay(accountId: string, sinceDate: string, newestFirst: boolean): AsyncGenerator<UsageEntry[]> {
    if (!SAFE_ID.test(accountId)) return;
    const dir = join(this.usageDir, accountId);
    const pending = new Map<string, PendingText>();
    for (const [file, lines] of this.pendingUsage) if (dirname(file) === dir) pending.set(basename(file).slice(0, 10), lines);
    const files = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith('.ndjson')).map((f) => f.slice(0, 10));
    const dates = [...new Set([...files, ...pending.keys()])].filter((d) => d >= sinceDate).sort();
    if (newestFirst) dates.reverse();
    for (const date of dates) {
      const day: UsageEntry[] = [];
      const seen = new Set<number>();
      const take = (text: string) => {
        for (const { seq, ...entry } of parseLines<UsageEntry & { seq?: number }>(text)) {
          if (seq !== undefined) {
            if (seen.has(seq)) continue;
            seen.add(seq);
          }
          day.push(entry);
        }
      };
      const path = join(dir, `${date}.ndjson`);
      if (existsSync(path)) take(await readFile(path, 'utf8'));
      take(pending.get(date)?.text() ?? '');
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
        if (e.added !== undefined) continue; // credits bought or taken back: no call
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
      for (const f of readdirSync(dir))
        if (f.slice(0, 10) < beforeDate) {
          this.usageFiles.get(join(dir, f))?.close();
          this.usageFiles.delete(join(dir, f));
          rmSync(join(dir, f), { force: true });
        }
    // Lines not yet written to their usage files go too (else the next snapshot would write them back).
    for (const file of this.pendingUsage.keys())
      if (dirname(file) === dir && basename(file).slice(0, 10) < beforeDate) this.pendingUsage.delete(file);
  }

  // ---- records -------------------------------------------------------------------

  records<T>(table: string): RecordTable<T> {
    if (!SAFE_ID.test(table)) throw new Error(`unsafe table name ${table}`);
    const live = (row: StoredRecord<unknown> | undefined, now: string) => (row && (!row.expiresAt || row.expiresAt > now) ? row : undefined);
    const copy = (row: StoredRecord<unknown> | undefined) => row && (structuredClone(row) as StoredRecord<T>);
    const removeWhere = (test: (row: StoredRecord<unknown>) => boolean) => {
      let count = 0;
      return this.change<number>((draft) => {
        const ids = [...this.liveRecords(table).keys(), ...[...draft.rows.keys()].filter((k) => k.startsWith(table + '\0')).map((k) => k.slice(table.length + 1))];
        const gone = [...new Set(ids)].filter((id) => {
          const row = draft.row(table, id);
          return row && test(row);
        });
        for (const id of gone) draft.setRow(table, id, null);
        count = gone.length;
        return gone.length ? { op: 'unrecord', table, ids: gone } : undefined;
      }, () => count);
    };
    return {
      get: (id, now) => copy(live(this.liveRecords(table).get(id), now)),
      listByAccount: (accountId, now) =>
        [...this.liveRecords(table).values()].filter((r) => r.accountId === accountId && live(r, now)).map((r) => copy(r)!),
      put: async (row) => {
        await this.change((draft) => {
          draft.setRow(table, row.id, row);
          return { op: 'record', table, row };
        });
      },
      insert: (row, now) => {
        let inserted = false;
        return this.change(
          (draft) => {
            if (live(draft.row(table, row.id), now)) return undefined;
            draft.setRow(table, row.id, row);
            inserted = true;
            return { op: 'record', table, row };
          },
          () => inserted,
        );
      },
      take: (id, now) => {
        let taken: StoredRecord<T> | undefined;
        return this.change(
          (draft) => {
            const row = live(draft.row(table, id), now);
            if (!row) return undefined;
            taken = copy(row);
            draft.setRow(table, id, null);
            return { op: 'unrecord', table, ids: [id] };
          },
          () => taken,
        );
      },
      delete: async (id) => {
        let existed = false;
        return this.change(
          (draft) => {
            if (!draft.row(table, id)) return undefined;
            existed = true;
            draft.setRow(table, id, null);
            return { op: 'unrecord', table, ids: [id] };
          },
          () => existed,
        );
      },
      deleteByAccount: (accountId) => removeWhere((row) => row.accountId === accountId),
      sweep: (now) => removeWhere((row) => Boolean(row.expiresAt && row.expiresAt <= now)),
    };
  }

  // ---- collections -------------------------------------------------------------

  collection<T>(name: string): Collection<T> {
    return this.collections.collection<T>(name);
  }

  /** Names of the record tables that hold rows, expired ones included (for `werkbank migrate --from-data`). */
  recordTableNames(): string[] {
    return [...this.tables].filter(([, rows]) => rows.size > 0).map(([name]) => name).sort();
  }

  /** Names of the collections that hold data (for `werkbank migrate --from-data`). */
  collectionNames(): string[] {
    return this.collections.names();
  }

  async close() {
    while (this.flushing) await this.flushing;
    try {
      await this.snapshot();
    } finally {
      this.journal.close();
      for (const handle of this.usageFiles.values()) handle.close();
      await this.collections.close();
      this.lock.release();
    }
  }
}
