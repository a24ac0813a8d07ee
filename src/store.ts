/**
 * Storage behind a small interface: accounts, API keys (hashes only), usage
 * history, and generic per-account collections (agent memory, hosted files).
 *
 * The embedded default keeps a JSON file in the data dir through lowdb, so
 * `npx werkbank` works with no database server. A shared database can
 * implement `Store` instead; nothing above this file knows which one runs.
 *
 * Durability: every mutation resolves only after the write that contains it
 * has reached the file (group commit: mutations that arrive together share
 * one write). lowdb/steno write a temp file and rename it, so after `kill -9`
 * at any moment the file is either the old or the new complete document.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

export interface UsageDay {
  date: string;
  calls: number;
  credits: number;
}

export interface Store {
  /**
   * Run `fn` atomically on the account (no other mutation interleaves). With
   * `durable` (the default) the promise resolves once the change is on disk;
   * without it, the change is applied at once and written with the next batch.
   */
  updateAccount<T>(id: string, fn: (account: Account) => T, durable?: boolean): Promise<T>;
  getAccount(id: string): Account | undefined;
  getAccountByName(name: string): Account | undefined;
  listAccounts(): Account[];
  createAccount(account: Account): Promise<void>;

  createKey(key: ApiKeyRecord): Promise<void>;
  getKeyByHash(hash: string): ApiKeyRecord | undefined;
  getKey(id: string): ApiKeyRecord | undefined;
  listKeys(accountId: string): ApiKeyRecord[];
  revokeKey(id: string, at: string): Promise<ApiKeyRecord | undefined>;

  /** Append a usage entry (durable when the promise resolves) and update the daily aggregate. */
  appendUsage(accountId: string, entry: UsageEntry): Promise<void>;
  /** Usage entries of the last `days` days (UTC dates), oldest first. */
  readUsage(accountId: string, sinceDate: string): Promise<UsageEntry[]>;
  usageDays(accountId: string, sinceDate: string): UsageDay[];
  /** Delete usage older than `beforeDate` (YYYY-MM-DD) for the account. */
  pruneUsage(accountId: string, beforeDate: string): Promise<void>;

  /** Generic per-account collections (memory items, hosted files...), keyed by string. */
  collection<T>(name: string): Collection<T>;

  close(): Promise<void>;
}

export interface Collection<T> {
  get(accountId: string, key: string): T | undefined;
  list(accountId: string): [string, T][];
  set(accountId: string, key: string, value: T): Promise<void>;
  delete(accountId: string, key: string): Promise<boolean>;
  /** Every account's entries (for sweepers). */
  all(): [string, string, T][];
}

interface Data {
  version: 1;
  accounts: Record<string, Account>;
  keys: Record<string, ApiKeyRecord>;
  usageDays: Record<string, Record<string, UsageDay>>;
  collections: Record<string, Record<string, Record<string, unknown>>>;
}

const EMPTY: Data = { version: 1, accounts: {}, keys: {}, usageDays: {}, collections: {} };

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

export class LowStore implements Store {
  private readonly db: Low<Data>;
  private readonly lock: DirLock;
  private readonly usageDir: string;
  private batch: Promise<void> | null = null;
  private readonly keyByHash = new Map<string, ApiKeyRecord>();
  /** Usage directories known to exist (no stat per call). */
  private readonly usageDirs = new Set<string>();
  private usageQueue = new Map<string, string[]>();

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
      // Compact JSON: the file is rewritten on every group commit, so pretty-printing would cost on every write.
      const file = new DataFile<Data>(join(dir, 'werkbank.json'), { parse: JSON.parse, stringify: (d) => JSON.stringify(d) });
      const db = new Low<Data>(file, structuredClone(EMPTY));
      await db.read();
      db.data = { ...structuredClone(EMPTY), ...db.data };
      return new LowStore(dir, db, lock);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  private get data(): Data {
    return this.db.data;
  }

  /** Group commit: all mutations made before the batch runs share one write. */
  private persist(): Promise<void> {
    if (!this.batch) {
      this.batch = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          this.batch = null;
          const usage = this.usageQueue;
          this.usageQueue = new Map();
          this.db
            .write()
            .then(() => Promise.all([...usage].map(([file, lines]) => appendFile(file, lines.join('')))))
            .then(() => resolve(), reject);
        });
      });
    }
    return this.batch;
  }

  async updateAccount<T>(id: string, fn: (account: Account) => T, durable = true): Promise<T> {
    const account = this.data.accounts[id];
    if (!account) throw new Error(`no account ${id}`);
    const result = fn(account);
    if (durable) await this.persist();
    else void this.persist().catch(() => undefined);
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
  getKeyByHash(hash: string) {
    return this.keyByHash.get(hash);
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

  async appendUsage(accountId: string, entry: UsageEntry) {
    if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
    const date = entry.at.slice(0, 10);
    const days = (this.data.usageDays[accountId] ??= {});
    const day = (days[date] ??= { date, calls: 0, credits: 0 });
    day.calls++;
    day.credits += entry.credits;
    const dir = join(this.usageDir, accountId);
    if (!this.usageDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.usageDirs.add(dir);
    }
    const file = join(dir, `${date}.ndjson`);
    const queue = this.usageQueue.get(file) ?? [];
    queue.push(JSON.stringify(entry) + '\n');
    this.usageQueue.set(file, queue);
    await this.persist();
  }

  async readUsage(accountId: string, sinceDate: string): Promise<UsageEntry[]> {
    if (!SAFE_ID.test(accountId)) return [];
    const dir = join(this.usageDir, accountId);
    if (!existsSync(dir)) return [];
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson') && f.slice(0, 10) >= sinceDate)
      .sort();
    const out: UsageEntry[] = [];
    for (const f of files) {
      const text = await readFile(join(dir, f), 'utf8');
      for (const line of text.split('\n')) if (line) out.push(JSON.parse(line) as UsageEntry);
    }
    return out;
  }

  usageDays(accountId: string, sinceDate: string): UsageDay[] {
    return Object.values(this.data.usageDays[accountId] ?? {})
      .filter((d) => d.date >= sinceDate)
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  async pruneUsage(accountId: string, beforeDate: string) {
    const days = this.data.usageDays[accountId];
    if (days) for (const date of Object.keys(days)) if (date < beforeDate) delete days[date];
    const dir = join(this.usageDir, accountId);
    if (SAFE_ID.test(accountId) && existsSync(dir))
      for (const f of readdirSync(dir)) if (f.slice(0, 10) < beforeDate) rmSync(join(dir, f), { force: true });
    await this.persist();
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
    if (this.batch) await this.batch;
    this.lock.release();
  }
}
