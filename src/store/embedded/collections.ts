/**
 * The embedded store's per-account collections (agent memory): one
 * append-only log per collection and account, `collections/<name>/<account>.ndjson`,
 * apart from the snapshot that accounts, keys and charges rewrite. So one
 * account's memory never makes another account's calls, or its own charges,
 * slower, and a large memory never makes the snapshot unwritable.
 *
 * A line is `{"k":key,"v":value}` (set) or `{"k":key,"d":1}` (delete); the
 * last line of a key wins. A change is applied in memory only once its line is
 * appended (refused otherwise). The changes of one log run one after another,
 * so the quota check (stored bytes: the key plus the value as JSON, escapes
 * included) is exact under any concurrency. A log is compacted (rewritten to
 * its live lines, temp file then rename) when most of it is dead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppendFile, DIR_MODE, FILE_MODE, parseLines, type WriteHook } from '../append-file.js';
import { QuotaExceededError, StoreUnavailableError, type Collection, type CollectionWriteLimits } from '../store.js';

export const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A log is compacted once it is this much larger than its live content (and past COMPACT_MIN bytes). */
const COMPACT_RATIO = 2;
const COMPACT_MIN = 256 * 1024;

interface Line {
  k: string;
  v?: unknown;
  d?: 1;
}

interface Log {
  items: Map<string, { value: unknown; bytes: number }>;
  /** Stored bytes of the live items. */
  bytes: number;
  /** Bytes in the file (live and dead lines). */
  fileBytes: number;
  file: AppendFile;
  /** The log's changes, one after another. */
  queue: Promise<unknown>;
}

export function storedBytes(key: string, value: unknown): number {
  return Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value));
}

export class CollectionLogs {
  private readonly logs = new Map<string, Map<string, Log>>();

  constructor(
    private readonly dir: string,
    private readonly hook?: WriteHook,
  ) {}

  /** Read every log in the data dir. */
  load(): void {
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir)) {
      if (!SAFE_ID.test(name)) continue;
      for (const file of readdirSync(join(this.dir, name))) {
        const accountId = file.replace(/\.ndjson$/, '');
        if (!file.endsWith('.ndjson') || !SAFE_ID.test(accountId)) continue;
        const text = readFileSync(join(this.dir, name, file), 'utf8');
        const log = this.log(name, accountId);
        log.fileBytes = Buffer.byteLength(text);
        for (const line of parseLines<Line>(text)) {
          if (typeof line?.k !== 'string') continue;
          const old = log.items.get(line.k);
          if (old) log.bytes -= old.bytes;
          if (line.d) log.items.delete(line.k);
          else {
            const bytes = storedBytes(line.k, line.v);
            log.items.set(line.k, { value: line.v, bytes });
            log.bytes += bytes;
          }
        }
      }
    }
  }

  /** Collection names that hold at least one log. */
  names(): string[] {
    return [...this.logs.keys()];
  }

  private log(name: string, accountId: string): Log {
    let byAccount = this.logs.get(name);
    if (!byAccount) this.logs.set(name, (byAccount = new Map<string, Log>()));
    let log = byAccount.get(accountId);
    if (!log) {
      const path = join(this.dir, name, `${accountId}.ndjson`);
      log = { items: new Map(), bytes: 0, fileBytes: 0, file: new AppendFile(path, 'collection', this.hook), queue: Promise.resolve() };
      byAccount.set(accountId, log);
    }
    return log;
  }

  /** Run `fn` after the log's earlier changes (whatever their outcome). */
  private serial<R>(log: Log, fn: () => Promise<R>): Promise<R> {
    const run = log.queue.then(fn, fn);
    log.queue = run.catch(() => undefined);
    return run;
  }

  /** Append a change's line; a failure refuses the change (503), which the caller then does not apply. */
  private async appendLine(name: string, log: Log, line: Line): Promise<void> {
    const text = JSON.stringify(line) + '\n';
    try {
      mkdirSync(join(this.dir, name), { recursive: true, mode: DIR_MODE });
      await log.file.append(text);
    } catch (err) {
      console.error(`werkbank: a write to ${log.file.path} failed (${(err as Error).message}); the change was refused`);
      throw new StoreUnavailableError('the data dir could not be written', err as Error);
    }
    log.fileBytes += Buffer.byteLength(text);
  }

  /** Rewrite the log to its live lines when most of it is dead (after a change; a failure only keeps it long). */
  private async compact(log: Log): Promise<void> {
    if (log.fileBytes < COMPACT_MIN || log.fileBytes < COMPACT_RATIO * log.bytes) return;
    const lines = [...log.items].map(([k, { value }]) => JSON.stringify({ k, v: value }) + '\n').join('');
    const path = log.file.path;
    const temp = `${path}.tmp`;
    try {
      await this.hook?.('collection', temp);
      await writeFile(temp, lines, { mode: FILE_MODE });
      log.file.close();
      await rename(temp, path);
      log.fileBytes = Buffer.byteLength(lines);
    } catch {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }

  collection<T>(name: string): Collection<T> {
    if (!SAFE_ID.test(name)) throw new Error(`unsafe collection name ${name}`);
    const existing = (accountId: string) => (SAFE_ID.test(accountId) ? this.logs.get(name)?.get(accountId) : undefined);
    const writable = (accountId: string) => {
      if (!SAFE_ID.test(accountId)) throw new Error('unsafe account id');
      return this.log(name, accountId);
    };
    return {
      get: (accountId, key) => existing(accountId)?.items.get(key)?.value as T | undefined,
      list: (accountId) => [...(existing(accountId)?.items ?? [])].map(([k, { value }]) => [k, value as T]),
      bytes: (accountId) => existing(accountId)?.bytes ?? 0,
      set: (accountId, key, value, limits?: CollectionWriteLimits) => {
        const log = writable(accountId);
        return this.serial(log, async () => {
          const bytes = storedBytes(key, value);
          const old = log.items.get(key)?.bytes ?? 0;
          if (limits && bytes > old && log.bytes - old + bytes > limits.maxBytes)
            throw new QuotaExceededError(log.bytes, limits.maxBytes, bytes - old);
          await this.appendLine(name, log, { k: key, v: value });
          log.items.set(key, { value, bytes });
          log.bytes += bytes - old;
          await this.compact(log);
        });
      },
      delete: (accountId, key) => {
        const log = existing(accountId);
        if (!log) return Promise.resolve(false);
        return this.serial(log, async () => {
          const old = log.items.get(key);
          if (!old) return false;
          await this.appendLine(name, log, { k: key, d: 1 });
          log.items.delete(key);
          log.bytes -= old.bytes;
          await this.compact(log);
          return true;
        });
      },
      all: () =>
        [...(this.logs.get(name) ?? [])].flatMap(([acc, log]) =>
          [...log.items].map(([k, { value }]) => [acc, k, value as T] as [string, string, T]),
        ),
    };
  }

  /** Replace a log whole (the move of a collection out of a pre-1.2 snapshot). */
  async importAll(name: string, accountId: string, items: Record<string, unknown>): Promise<void> {
    if (!SAFE_ID.test(name) || !SAFE_ID.test(accountId)) return;
    const log = this.log(name, accountId);
    const entries = Object.entries(items);
    const text = entries.map(([k, v]) => JSON.stringify({ k, v }) + '\n').join('');
    mkdirSync(join(this.dir, name), { recursive: true, mode: DIR_MODE });
    const temp = `${log.file.path}.tmp`;
    await this.hook?.('collection', temp);
    await writeFile(temp, text, { mode: FILE_MODE });
    log.file.close();
    await rename(temp, log.file.path);
    log.items = new Map(entries.map(([k, v]) => [k, { value: v, bytes: storedBytes(k, v) }]));
    log.bytes = [...log.items.values()].reduce((n, i) => n + i.bytes, 0);
    log.fileBytes = Buffer.byteLength(text);
  }

  async close(): Promise<void> {
    for (const byAccount of this.logs.values())
      for (const log of byAccount.values()) {
        await log.queue;
        log.file.close();
      }
  }
}
