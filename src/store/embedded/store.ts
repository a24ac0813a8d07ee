/**
 * The embedded store: everything in the data dir, one process at a time, so
 * `npx werkbank` works with no database server.
 *
 * - `journal/<seq>.ndjson` (./journal.ts): every change of an account or a key
 *   (created, updated, revoked, last used), of a record table, and every charge
 *   is a record in the journal, appended (group commit) before it is applied in
 *   memory (./state.ts); a failed append refuses the change and applies nothing.
 * - `werkbank.json` (./snapshot.ts): the snapshot (accounts, keys, record
 *   tables), written through lowdb's atomic file adapter about once a second
 *   while changes flow, recording the last journal record it includes. On open
 *   the records past it are applied again.
 * - `usage/<account>/<date>.ndjson` (./usage.ts): usage entries, written with
 *   each snapshot (the journal holds them until then).
 * - `collections/<name>/<account>.ndjson` (./collections.ts): agent memory, one
 *   log per account, never part of the snapshot.
 * - record tables (./records.ts); the lock on the data dir (./dir-lock.ts);
 *   window counters and leases in memory (./counters.ts, ./leases.ts).
 *
 * So after `kill -9` at any moment, or a failed write, the state that opens is
 * exactly what was acknowledged. Writes pass a hook (`EmbeddedStoreOptions.faults`)
 * that tests use to inject disk-full and I/O errors at every write.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIR_MODE, type WriteHook } from '../append-file.js';
import { CollectionLogs, SAFE_ID } from './collections.js';
import { memoryCounters } from './counters.js';
import { memoryLeases } from './leases.js';
import { DirLock } from './dir-lock.js';
import { Journal } from './journal.js';
import { recordTable } from './records.js';
import { Snapshots } from './snapshot.js';
import { accountLive, applyDelta, MemoryState, type Draft } from './state.js';
import { UsageLog } from './usage.js';
import {
  AccountDeletedError,
  QuotaExceededError,
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
} from '../store.js';

export type { WriteHook, WriteTarget } from '../append-file.js';

export interface EmbeddedStoreOptions {
  /** Called before every write (journal, snapshot, usage, collection); a throw fails that write. Tests only. */
  faults?: WriteHook;
}

export class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  readonly counters = memoryCounters();
  readonly leases = memoryLeases();
  private readonly usage: UsageLog;
  private readonly state: MemoryState;
  private readonly journal: Journal;
  private readonly snapshots: Snapshots;
  private readonly collections: CollectionLogs;

  private constructor(
    readonly dir: string,
    private readonly lock: DirLock,
    hook: WriteHook | undefined,
  ) {
    this.usage = new UsageLog(join(dir, 'usage'), hook);
    this.state = new MemoryState(this.usage);
    this.journal = new Journal(join(dir, 'journal'), hook, this.state, () => this.snapshots.schedule());
    this.snapshots = new Snapshots(dir, hook, this.state, this.journal, this.usage);
    this.collections = new CollectionLogs(join(dir, 'collections'), hook);
  }

  static async open(dir: string, opts: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    chmodSync(dir, DIR_MODE); // a data dir made before 1.2 was 0755
    const lock = new DirLock(dir);
    try {
      const store = new EmbeddedStore(dir, lock, opts.faults);
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

  /** Read the snapshot, the collection logs and the journal records past the snapshot. */
  private async load(): Promise<void> {
    const snap = await this.snapshots.load();
    this.collections.load();
    let rewrite = false;
    // Pre-1.2: the collections were in the snapshot. Each moves to its log (rewritten whole, so a crash here repeats it).
    for (const [name, byAccount] of Object.entries(snap.collections ?? {}))
      for (const [accountId, items] of Object.entries(byAccount)) {
        await this.collections.importAll(name, accountId, items);
        rewrite = true;
      }
    if (this.journal.recover()) rewrite = true;
    if (rewrite) await this.snapshots.write();
  }

  /** The live rows of a record table (read only: for `werkbank migrate --from-data`). */
  liveRecords(table: string): Map<string, StoredRecord<unknown>> {
    return this.state.liveRecords(table);
  }

  // ---- accounts and keys -------------------------------------------------------

  async charge(accountId: string, entry: UsageEntry, delta: AccountDelta): Promise<void> {
    if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
    await this.journal.change((draft) => {
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
    return this.journal.change(
      (draft) => {
        if (draft.row(event.table, event.id)) return undefined;
        const live = draft.account(accountId);
        if (!live) {
          outcome = 'no-account';
          return undefined;
        }
        // `fn` changes a copy: when it throws, the draft (what later changes of the batch see) is untouched.
        const account = { ...live };
        const change = fn(
          account,
          reads.map((r) => structuredClone(draft.row(r.table, r.id))),
        );
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
    return this.journal.change(
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
    return this.state.accounts.get(id);
  }
  getAccountByName(name: string) {
    for (const a of this.state.accounts.values()) if (a.name === name) return a;
    return undefined;
  }
  listAccounts() {
    return [...this.state.accounts.values()];
  }
  async createAccount(account: Account) {
    await this.journal.change((draft) => {
      if (draft.account(account.id)) throw new Error(`account ${account.id} exists`);
      draft.accounts.set(account.id, { ...account });
      return { op: 'account', account };
    });
  }

  async createKey(key: ApiKeyRecord, limits?: { maxActive: number }) {
    await this.journal.change((draft) => {
      if (draft.key(key.id)) throw new Error(`key ${key.id} exists`);
      if (!accountLive(draft, key.accountId)) throw new AccountDeletedError();
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
    const ids = new Set(this.state.keysOfAccount.get(accountId));
    for (const k of draft.keys.values()) if (k.accountId === accountId) ids.add(k.id);
    let n = 0;
    for (const id of ids) if (!draft.key(id)?.revokedAt) n++;
    return n;
  }

  findKey(hash: string) {
    const key = this.state.keyByHash.get(hash);
    const account = key && this.state.accounts.get(key.accountId);
    return account && { key, account };
  }
  getKey(id: string) {
    return this.state.keys.get(id);
  }
  listKeys(accountId: string) {
    return [...(this.state.keysOfAccount.get(accountId) ?? [])].map((id) => this.state.keys.get(id)!);
  }
  revokeKey(id: string, at: string) {
    return this.journal.change(
      (draft) => {
        const k = draft.key(id);
        if (!k || k.revokedAt) return undefined;
        k.revokedAt = at;
        return { op: 'key', key: k };
      },
      () => this.state.keys.get(id),
    );
  }
  async touchKey(id: string, at: string) {
    await this.journal.change((draft) => {
      const k = draft.key(id);
      if (!k) return undefined;
      k.lastUsedAt = at;
      return { op: 'key', key: k };
    });
  }

  // ---- usage -------------------------------------------------------------------

  readUsage(accountId: string, sinceDate: string, page?: UsagePage): Promise<UsageEntry[]> {
    return this.usage.read(accountId, sinceDate, page);
  }

  usageTotals(accountId: string, sinceDate: string): Promise<UsageTotal[]> {
    return this.usage.totals(accountId, sinceDate);
  }

  async pruneUsage(accountId: string, beforeDate: string) {
    this.usage.prune(accountId, beforeDate);
  }

  // ---- records and collections -----------------------------------------------------

  records<T>(table: string): RecordTable<T> {
    if (!SAFE_ID.test(table)) throw new Error(`unsafe table name ${table}`);
    return recordTable<T>(table, this.state, this.journal);
  }

  collection<T>(name: string): Collection<T> {
    return this.collections.collection<T>(name);
  }

  /** Names of the record tables that hold rows, expired ones included (for `werkbank migrate --from-data`). */
  recordTableNames(): string[] {
    return [...this.state.tables]
      .filter(([, rows]) => rows.size > 0)
      .map(([name]) => name)
      .sort();
  }

  /** Names of the collections that hold data (for `werkbank migrate --from-data`). */
  collectionNames(): string[] {
    return this.collections.names();
  }

  async close() {
    while (this.journal.flushing) await this.journal.flushing;
    try {
      await this.snapshots.write();
    } finally {
      this.journal.close();
      this.usage.close();
      await this.collections.close();
      this.lock.release();
    }
  }
}
