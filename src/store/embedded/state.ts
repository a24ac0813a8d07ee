/**
 * The embedded store's state in memory (accounts, keys, record tables), the
 * records of the changes the journal holds, and the draft a batch of changes
 * is prepared against. Accounts and keys live in `Map`s: ids from requests
 * never index a plain object.
 */
import { isNewPeriod, samePeriodOnly } from '../../accounts/charging.js';
import type { Account, AccountDelta, ApiKeyRecord, StoredRecord, UsageEntry } from '../store.js';

/** A change as the journal records it. */
export type Change =
  | { op: 'charge'; accountId: string; entry: UsageEntry; delta: AccountDelta }
  | { op: 'account'; account: Account }
  | { op: 'key'; key: ApiKeyRecord }
  | { op: 'record'; table: string; row: StoredRecord<unknown> }
  | { op: 'unrecord'; table: string; ids: string[] }
  /** An outside event applied once (Store.applyEvent): its row, the account, other rows and a usage entry together. */
  | { op: 'event'; account: Account; rows: { table: string; row: StoredRecord<unknown> }[]; entry?: UsageEntry };
export type JournalRecord = Change & { seq: number };
/** A journal line: one batch. Lines of 1.1 journals were single charges (`{seq, accountId, entry, delta}`). */
export type JournalLine = { b: JournalRecord[] } | { seq: number; accountId: string; entry: UsageEntry; delta: AccountDelta };

/** Where applied charges' usage entries go (src/store/embedded/usage.ts). */
export interface UsageSink {
  queue(accountId: string, seq: number, entry: UsageEntry): void;
}

/**
 * A charge's change to the account: a charge of a newer period starts that period (the allowances from zero);
 * allowance counters count only in the period they were taken in (src/accounts/charging.ts).
 */
export function applyDelta(account: Account, delta: AccountDelta): void {
  if (isNewPeriod(account.periodStart, delta.periodStart)) {
    account.periodStart = delta.periodStart;
    account.allowanceUsed = 0;
    account.renderAllowanceUsed = 0;
  }
  account.allowanceUsed += samePeriodOnly(account.periodStart, delta.periodStart, delta.allowanceUsed ?? 0);
  account.renderAllowanceUsed += samePeriodOnly(account.periodStart, delta.periodStart, delta.renderAllowanceUsed ?? 0);
  if (delta.packCredits) account.packCredits += delta.packCredits;
}

/**
 * The record of a change as it is now, numbered `seq`: later changes of the batch change the draft, not what this
 * record says. Accounts, keys, charges and their entries are flat (a shallow copy is a copy); rows hold anything.
 * Built as literals: a spread followed by `seq` (`{...record, seq}`) makes a new hidden class per record on Node 20.
 */
export function recordOf(change: Change, seq: number): JournalRecord {
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

/** The durable state: changed only by `apply` (a journal record that is on disk) and while loading. */
export class MemoryState {
  readonly accounts = new Map<string, Account>();
  readonly keys = new Map<string, ApiKeyRecord>();
  readonly keyByHash = new Map<string, ApiKeyRecord>();
  readonly keysOfAccount = new Map<string, Set<string>>();
  readonly tables = new Map<string, Map<string, StoredRecord<unknown>>>();
  /** The last journal record applied in memory. */
  applied = 0;

  constructor(private readonly usage: UsageSink) {}

  putAccount(a: Account): void {
    const live = this.accounts.get(a.id);
    if (live) Object.assign(live, a);
    else this.accounts.set(a.id, { ...a });
  }

  putKey(k: ApiKeyRecord): void {
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
    if (!rows) this.tables.set(table, (rows = new Map<string, StoredRecord<unknown>>()));
    return rows;
  }

  /** Apply one durable record to the in-memory state. */
  apply(r: JournalRecord): void {
    if (r.op === 'account') this.putAccount(r.account);
    else if (r.op === 'key') this.putKey(r.key);
    else if (r.op === 'record') this.liveRecords(r.table).set(r.row.id, r.row);
    else if (r.op === 'unrecord') for (const id of r.ids) this.liveRecords(r.table).delete(id);
    else if (r.op === 'event') {
      this.putAccount(r.account);
      for (const { table, row } of r.rows) this.liveRecords(table).set(row.id, row);
      if (r.entry) this.usage.queue(r.account.id, r.seq, r.entry);
    } else {
      const account = this.accounts.get(r.accountId);
      if (account) applyDelta(account, r.delta);
      this.usage.queue(r.accountId, r.seq, r.entry);
    }
    this.applied = Math.max(this.applied, r.seq);
  }
}

/** Whether the account exists and its deletion has not begun, as the batch sees it so far. */
export function accountLive(draft: Draft, accountId: string | null): boolean {
  const account = accountId === null ? undefined : draft.account(accountId);
  return account !== undefined && !account.deletedAt;
}

/**
 * The accounts and keys as a batch sees them while it is prepared: the live
 * records with the batch's earlier changes applied to copies.
 */
export class Draft {
  readonly accounts = new Map<string, Account>();
  readonly keys = new Map<string, ApiKeyRecord>();
  /** `table\0id` → the row as the batch leaves it (null: deleted). */
  readonly rows = new Map<string, StoredRecord<unknown> | null>();
  constructor(private readonly state: MemoryState) {}
  row(table: string, id: string): StoredRecord<unknown> | undefined {
    const k = `${table}\0${id}`;
    return this.rows.has(k) ? (this.rows.get(k) ?? undefined) : this.state.liveRecords(table).get(id);
  }
  setRow(table: string, id: string, row: StoredRecord<unknown> | null): void {
    this.rows.set(`${table}\0${id}`, row);
  }
  account(id: string): Account | undefined {
    let a = this.accounts.get(id);
    if (!a) {
      const live = this.state.accounts.get(id);
      if (live) this.accounts.set(id, (a = { ...live }));
    }
    return a;
  }
  key(id: string): ApiKeyRecord | undefined {
    let k = this.keys.get(id);
    if (!k) {
      const live = this.state.keys.get(id);
      if (live) this.keys.set(id, (k = { ...live }));
    }
    return k;
  }
}
