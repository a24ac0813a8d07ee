/**
 * The embedded store's snapshot, `werkbank.json`: accounts, keys and record
 * tables, written through lowdb's atomic file adapter (temp file, then rename)
 * about once a second while changes flow, recording the last journal record
 * it includes. A snapshot that cannot be written loses nothing: the journal
 * keeps every record until a snapshot covers it.
 */
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFile } from 'lowdb/node';
import { FILE_MODE, type WriteHook } from '../append-file.js';
import type { Account, ApiKeyRecord, StoredRecord } from '../store.js';
import type { Journal } from './journal.js';
import type { MemoryState } from './state.js';
import type { UsageLog } from './usage.js';

export interface SnapshotData {
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

/** How long changes may sit only in the journal before the snapshot is rewritten. */
const SNAPSHOT_DELAY_MS = 1000;

export class Snapshots {
  private readonly path: string;
  private readonly file: DataFile<string>;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly hook: WriteHook | undefined,
    private readonly state: MemoryState,
    private readonly journal: Journal,
    private readonly usage: UsageLog,
  ) {
    this.path = join(dir, 'werkbank.json');
    this.file = new DataFile<string>(this.path, { parse: (s) => s, stringify: (s) => s });
  }

  /** The snapshot on disk (empty when there is none yet). */
  async read(): Promise<Partial<SnapshotData>> {
    const text = await this.file.read();
    return (text ? JSON.parse(text) : {}) as Partial<SnapshotData>;
  }

  /** Load the snapshot's accounts, keys and record tables into the state; returns it (for its pre-1.2 collections). */
  async load(): Promise<Partial<SnapshotData>> {
    const snap = await this.read();
    for (const a of Object.values(snap.accounts ?? {})) this.state.putAccount(a);
    for (const k of Object.values(snap.keys ?? {})) this.state.putKey(k);
    for (const [table, rows] of Object.entries(snap.records ?? {}))
      for (const row of Object.values(rows)) this.state.liveRecords(table).set(row.id, row);
    this.state.applied = snap.seq ?? 0;
    return snap;
  }

  private serialize(): string {
    const snap: SnapshotData = {
      version: 2,
      seq: this.state.applied,
      accounts: Object.fromEntries(this.state.accounts),
      keys: Object.fromEntries(this.state.keys),
      records: Object.fromEntries([...this.state.tables].map(([table, rows]) => [table, Object.fromEntries(rows)])),
    };
    return JSON.stringify(snap);
  }

  /** Write the snapshot soon (once for the changes of about a second). */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.write().catch(() => undefined), SNAPSHOT_DELAY_MS);
    this.timer.unref();
  }

  /** Write the snapshot now (one at a time), then delete the journal files it covers. */
  write(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = (this.writing ?? Promise.resolve()).then(() => this.writeNow());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async writeNow(): Promise<void> {
    // One moment: the state, the usage lines it includes, and a new journal file for what comes after.
    const covered = this.state.applied;
    const text = this.serialize();
    const usage = this.usage.take();
    this.journal.rotate();
    try {
      // Usage lines first: if the process dies before the snapshot is written, the journal queues them again
      // and reads drop the duplicates by seq.
      await this.usage.write(usage);
      await this.hook?.('snapshot', this.path);
      await this.file.write(text);
      await chmod(this.path, FILE_MODE).catch(() => undefined);
    } catch (err) {
      // Nothing is lost: the journal keeps the records and the lines go back to the queue.
      this.usage.restore(usage);
      console.error(
        `werkbank: the snapshot of ${this.dir} could not be written (${(err as Error).message}); the journal keeps every change`,
      );
      throw err;
    }
    this.journal.dropCovered(covered);
  }
}
