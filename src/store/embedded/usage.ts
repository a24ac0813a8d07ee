/**
 * The embedded store's usage history: `usage/<account>/<date>.ndjson`, one
 * line per entry. An applied charge's line waits in memory (the journal holds
 * it) until the next snapshot writes it; a line carries its journal record's
 * `seq`, so a line written twice after a crash is read once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppendFile, DIR_MODE, parseLines, PendingText, type WriteHook } from '../append-file.js';
import { SAFE_ID } from './collections.js';
import type { UsageEntry, UsagePage, UsageTotal } from '../store.js';
import type { UsageSink } from './state.js';

/** Usage files kept open between snapshots, at most (each is a descriptor; thousands of active accounts must not exhaust them). */
const MAX_OPEN_USAGE_FILES = 128;

/** Lines waiting for their usage files, by file. */
export type PendingUsage = Map<string, PendingText>;

export class UsageLog implements UsageSink {
  /**
   * Usage lines of applied charges not yet in their usage files (written with each snapshot; until then
   * the journal holds them). Lines carry the record's `seq`, so a line written twice after a crash is read once.
   */
  private pending: PendingUsage = new Map();
  /**
   * Usage files kept open between snapshots: those written by the last snapshot (accounts that keep
   * calling keep their handle; a day's file closes once the day's calls stop).
   */
  private readonly files = new Map<string, AppendFile>();
  private readonly dirs = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly hook: WriteHook | undefined,
  ) {}

  /** A usage line for its file (written with the next snapshot; the journal holds it until then). */
  queue(accountId: string, seq: number, entry: UsageEntry): void {
    const file = join(this.dir, accountId, `${entry.at.slice(0, 10)}.ndjson`);
    let lines = this.pending.get(file);
    if (!lines) this.pending.set(file, (lines = new PendingText()));
    lines.append(JSON.stringify({ seq, ...entry }));
    lines.append('\n');
  }

  /** The lines waiting so far, for the snapshot to write (`write`, or `restore` when it fails). */
  take(): PendingUsage {
    const usage = this.pending;
    this.pending = new Map();
    return usage;
  }

  /** Append `usage` to its files, then close the files not written this time. */
  async write(usage: PendingUsage): Promise<void> {
    await Promise.all([...usage].map(([file, lines]) => this.append(file, lines.bytes())));
    // Every file written (a failed one is written again next time: its lines went back to the queue). Files
    // not written this time close, and at most MAX_OPEN_USAGE_FILES stay open however many accounts call.
    let open = this.files.size;
    for (const [file, handle] of this.files)
      if (!usage.has(file) || open > MAX_OPEN_USAGE_FILES) {
        handle.close();
        this.files.delete(file);
        open--;
      }
  }

  /** Put lines the snapshot could not write back in the queue, before any queued since. */
  restore(usage: PendingUsage): void {
    for (const [file, lines] of usage) {
      const newer = this.pending.get(file);
      if (newer) lines.appendBytes(newer.bytes());
      this.pending.set(file, lines);
    }
  }

  private async append(file: string, text: Uint8Array): Promise<void> {
    let handle = this.files.get(file);
    if (!handle) {
      const dir = dirname(file);
      if (!this.dirs.has(dir)) {
        mkdirSync(dir, { recursive: true, mode: DIR_MODE });
        this.dirs.add(dir);
      }
      this.files.set(file, (handle = new AppendFile(file, 'usage', this.hook)));
    }
    await handle.append(text);
  }

  /**
   * The account's usage entries a UTC day at a time from `sinceDate` on (oldest day first, or newest),
   * each day in time order. A line a replay wrote twice is read once (by its journal seq).
   */
  private async *byDay(accountId: string, sinceDate: string, newestFirst: boolean): AsyncGenerator<UsageEntry[]> {
    if (!SAFE_ID.test(accountId)) return;
    const dir = join(this.dir, accountId);
    const pending = new Map<string, PendingText>();
    for (const [file, lines] of this.pending) if (dirname(file) === dir) pending.set(basename(file).slice(0, 10), lines);
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

  async read(accountId: string, sinceDate: string, page?: UsagePage): Promise<UsageEntry[]> {
    const out: UsageEntry[] = [];
    const enough = page ? page.offset + page.limit : Infinity;
    for await (const day of this.byDay(accountId, sinceDate, true)) {
      for (let i = day.length - 1; i >= 0; i--) out.push(day[i]);
      if (out.length >= enough) break; // older days are not read
    }
    return page ? out.slice(page.offset, enough) : out;
  }

  async totals(accountId: string, sinceDate: string): Promise<UsageTotal[]> {
    const out: UsageTotal[] = [];
    for await (const day of this.byDay(accountId, sinceDate, false)) {
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

  prune(accountId: string, beforeDate: string): void {
    const dir = join(this.dir, accountId);
    if (SAFE_ID.test(accountId) && existsSync(dir))
      for (const f of readdirSync(dir))
        if (f.slice(0, 10) < beforeDate) {
          this.files.get(join(dir, f))?.close();
          this.files.delete(join(dir, f));
          rmSync(join(dir, f), { force: true });
        }
    // Lines not yet written to their usage files go too (else the next snapshot would write them back).
    for (const file of this.pending.keys())
      if (dirname(file) === dir && basename(file).slice(0, 10) < beforeDate) this.pending.delete(file);
  }

  close(): void {
    for (const handle of this.files.values()) handle.close();
  }
}
