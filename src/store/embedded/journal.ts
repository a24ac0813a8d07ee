/**
 * The embedded store's journal, `journal/<seq>.ndjson`: every change of an
 * account, a key or a record table and every charge is a record in it. The
 * changes that arrive together share one append (group commit), written as
 * one line, so a batch is read whole or not at all. A change is applied in
 * memory only after its append succeeded; a failed append refuses every
 * change of the batch (503) and applies none of them. On open, the records
 * past the snapshot are applied again (`recover`); a snapshot that covers a
 * journal file deletes it (`rotate`, `dropCovered`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppendFile, DIR_MODE, parseLines, type WriteHook } from '../append-file.js';
import { StoreUnavailableError } from '../store.js';
import { Draft, recordOf, type Change, type JournalLine, type JournalRecord, type MemoryState } from './state.js';

/** A change waiting for its batch: `prepare` makes its record (or none) against the draft; `result` is read once applied. */
interface Queued {
  prepare(draft: Draft): Change | undefined;
  result?: () => unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class Journal {
  /** The last sequence number given out (records of a failed batch leave gaps). */
  private seq = 0;
  private queue: Queued[] = [];
  /** The batch being written, if any. */
  flushing: Promise<void> | null = null;
  private file: AppendFile;
  /** The batch append in flight (a rotated journal file is closed after it). */
  private appending: Promise<unknown> = Promise.resolve();
  /** Highest record in each journal file (a file is deleted once a snapshot covers it). */
  private readonly maxSeq = new Map<string, number>();

  constructor(
    private readonly dir: string,
    private readonly hook: WriteHook | undefined,
    private readonly state: MemoryState,
    /** Called after a batch is durable and applied (the store schedules a snapshot). */
    private readonly written: () => void,
  ) {
    this.file = new AppendFile(join(dir, '1.ndjson'), 'journal', hook);
  }

  /**
   * Apply the records past the snapshot (which included records up to `state.applied`) and open a new
   * journal file after the last; true when any record was applied.
   */
  recover(): boolean {
    this.seq = this.state.applied;
    mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    const records: JournalRecord[] = [];
    for (const f of readdirSync(this.dir).filter((f) => /^\d+\.ndjson$/.test(f))) {
      const path = join(this.dir, f);
      let max = 0;
      for (const line of parseLines<JournalLine>(readFileSync(path, 'utf8'))) {
        const batch = 'b' in line ? line.b : [{ op: 'charge' as const, ...line }];
        for (const r of batch) {
          max = Math.max(max, r.seq);
          records.push(r);
        }
      }
      this.maxSeq.set(path, max);
    }
    records.sort((a, b) => a.seq - b.seq);
    let applied = false;
    for (const r of records) {
      this.seq = Math.max(this.seq, r.seq);
      if (r.seq > this.state.applied) {
        this.state.apply(r);
        applied = true;
      }
    }
    this.file = new AppendFile(join(this.dir, `${this.seq + 1}.ndjson`), 'journal', this.hook);
    return applied;
  }

  /** Queue a change; it resolves with `result()` once durable and applied, or rejects (nothing applied). */
  change<T>(prepare: (draft: Draft) => Change | undefined, result?: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ prepare, result, resolve: resolve, reject });
      this.flushing ??= new Promise<void>((done) => setImmediate(() => void this.flush().finally(done)));
    });
  }

  /** Write the queued changes a batch at a time (one batch in flight: each is prepared against the state before it). */
  private async flush(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        const draft = new Draft(this.state);
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
          const path = this.file.path;
          try {
            await (this.appending = this.file.append(JSON.stringify({ b: records }) + '\n'));
          } catch (err) {
            console.error(
              `werkbank: a write to ${path} failed (${(err as Error).message}); ${records.length} change(s) refused, none applied`,
            );
            for (const { q } of ready) q.reject(new StoreUnavailableError('the data dir could not be written', err as Error));
            continue;
          }
          this.maxSeq.set(path, Math.max(this.maxSeq.get(path) ?? 0, records[records.length - 1].seq));
          for (const { record } of ready) if (record) this.state.apply(record);
          this.written();
        }
        for (const { q } of ready) q.resolve(q.result?.());
      }
    } finally {
      this.flushing = null;
    }
  }

  /** Start a new journal file for the records after those given out so far (the current one closes after its append). */
  rotate(): void {
    const current = this.file;
    this.file = new AppendFile(join(this.dir, `${this.seq + 1}.ndjson`), 'journal', this.hook);
    void this.appending.catch(() => undefined).then(() => current.close());
  }

  /** Delete the journal files whose records a written snapshot includes (up to `covered`). */
  dropCovered(covered: number): void {
    for (const [path, max] of this.maxSeq)
      if (max <= covered && path !== this.file.path) {
        rmSync(path, { force: true });
        this.maxSeq.delete(path);
      }
  }

  close(): void {
    this.file.close();
  }
}
