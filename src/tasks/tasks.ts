/**
 * Tasks: a long call answered with a handle the caller polls, cancels and fetches later (the MCP tasks extension,
 * REST `Prefer: respond-async`). A task's state lives in the store's record table `tasks`, so every server process
 * on the same store answers for it; its work runs on the process that started it:
 *
 * - the row is written before the handle is answered (a `get` for the returned id resolves at once);
 * - the running process writes the latest progress as the status message and a heartbeat every `beatMs`, and reads
 *   the row's cancel flag in the same statement, so a cancel made on any process reaches the work within a beat;
 * - a task whose process is gone is reported `failed` with the reason: on the embedded store (one process) any task
 *   of an earlier start, on a shared store one whose heartbeat stopped (`staleMs`);
 * - the result is kept up to MAX_TASK_RESULT_BYTES in the row; a larger one is hosted as a file (`hosted`) when the
 *   process can host files, and the row links to it;
 * - a task is kept `ttlMs` from its creation, then it is gone (the record table's expiry, swept hourly).
 *
 * Charging is the pipeline's: the work is the same call as without a task, under the task's abort signal, so a
 * cancelled or failed call is refunded by the same rule (src/core/pipeline.ts `metered`).
 */
import { randomUUID } from 'node:crypto';
import type { Progress } from '../core/progress.js';
import type { HostedFile } from '../core/render-api.js';
import type { Tool } from '../core/tool.js';
import { log } from '../core/log.js';
import { MAX_STORED_ANSWER_BYTES } from '../core/idempotency.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Largest result kept in a task's row (UTF-8 bytes of its JSON): the same bound as an idempotent call's stored answer. */
export const MAX_TASK_RESULT_BYTES = MAX_STORED_ANSWER_BYTES;
/** The record table of the tasks. */
export const TASKS_TABLE = 'tasks';

/** A task as the store keeps it. */
export interface TaskRow {
  status: TaskStatus;
  statusMessage?: string;
  /** The latest progress in numbers, when the work reports them. */
  progress?: { done?: number; total?: number };
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** The tool the task runs (its slug) and the surface it was started on (`mcp` or `rest`). */
  tool: string;
  surface: 'mcp' | 'rest';
  /** Which server process runs the work (a random id per start), and when it last said it still does. */
  runner: string;
  heartbeatAt: string;
  cancelRequested?: boolean;
  /** `completed`: the answer the call would have given (its surface's shape), or where it is hosted. */
  result?: Record<string, unknown>;
  hosted?: HostedFile;
  /** `failed`: a JSON-RPC error (code and message) and, for REST, the HTTP status. */
  error?: { code: number; message: string; status: number };
}

export interface StoredTask {
  id: string;
  accountId: string | null;
  value: TaskRow;
  expiresAt: string | null;
}

/** The part of a store record table (src/store/store.ts `RecordTable`) the tasks use. */
export interface TaskTable {
  get(id: string, now: string): StoredTask | undefined | Promise<StoredTask | undefined>;
  insert(row: StoredTask, now: string): Promise<boolean>;
  update(id: string, now: string, fn: (row: StoredTask) => Pick<StoredTask, 'value' | 'expiresAt'>): Promise<StoredTask | undefined>;
  sweep(now: string): Promise<number>;
}

/** How a task's work ended: an answer to keep, or a failure (an HttpError's status and message). */
export type TaskOutcome = { result: Record<string, unknown> } | { failure: { status: number; message: string } };

/** What the work of a task gets: the signal a cancel aborts, and where its progress goes. */
export interface TaskWork {
  signal: AbortSignal;
  progress(update: Progress): void;
}

export interface TaskOptions {
  /** Whether another process may run tasks on this store (PostgreSQL): then a task is orphaned only when its heartbeat stops. */
  shared: boolean;
  /** Hosts a result too large for the row; absent: such a result fails the task with the reason. */
  host?: (body: Uint8Array, contentType: string, filename: string) => Promise<HostedFile>;
  now?: () => Date;
  ttlMs?: number;
  pollIntervalMs?: number;
  beatMs?: number;
  staleMs?: number;
}

/** The JSON-RPC code of a task that failed for a reason of the platform (its process stopped, a store fault). */
const INTERNAL_ERROR = -32603;

export class Tasks {
  /** This process's id as a runner: tasks of another id are not run here. */
  readonly runner = randomUUID();
  private readonly running = new Map<string, AbortController>();
  private readonly now: () => Date;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  private readonly beatMs: number;
  private readonly staleMs: number;

  constructor(
    private readonly table: TaskTable,
    private readonly opts: TaskOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    this.ttlMs = opts.ttlMs ?? 3600_000;
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.beatMs = opts.beatMs ?? 1000;
    this.staleMs = opts.staleMs ?? 15_000;
  }

  /**
   * Create a task owned by `owner` (an account id, or `local`), durably, and start `work` on this process; resolves
   * with the stored task once a `get` for it resolves on any process.
   */
  async start(owner: string, tool: string, surface: TaskRow['surface'], work: (w: TaskWork) => Promise<TaskOutcome>): Promise<StoredTask> {
    const now = this.now();
    const at = now.toISOString();
    const value: TaskRow = {
      status: 'working',
      statusMessage: 'started',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: this.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      tool,
      surface,
      runner: this.runner,
      heartbeatAt: at,
    };
    const row: StoredTask = { id: randomUUID(), accountId: owner, value, expiresAt: new Date(now.getTime() + this.ttlMs).toISOString() };
    await this.table.insert(row, at);
    this.run(row.id, work);
    return row;
  }

  /** The owner's task by id, as it stands (a task whose process is gone: failed); undefined when unknown, expired or another's. */
  async get(owner: string, id: string): Promise<StoredTask | undefined> {
    const at = this.now().toISOString();
    const row = await this.table.get(id, at);
    if (!row || row.accountId !== owner) return undefined;
    if (!this.orphaned(row.value, at)) return row;
    return (
      (await this.finish(id, (v) =>
        this.orphaned(v, this.now().toISOString())
          ? {
              status: 'failed',
              statusMessage: ORPHANED,
              error: { code: INTERNAL_ERROR, message: ORPHANED, status: 503 },
            }
          : null,
      )) ?? row
    );
  }

  /**
   * Ask the owner's task to stop: false when there is no such task. The work stops within a beat on whichever process
   * runs it (at once on this one) and the task ends `cancelled`, unless it finished first.
   */
  async cancel(owner: string, id: string): Promise<boolean> {
    const at = this.now().toISOString();
    const row = await this.table.get(id, at);
    if (!row || row.accountId !== owner) return false;
    if (isTerminal(row.value.status)) return true;
    await this.table.update(id, at, (r) => ({ value: { ...r.value, cancelRequested: true }, expiresAt: r.expiresAt }));
    this.running.get(id)?.abort();
    return true;
  }

  /** Delete the tasks expired by now. */
  sweep(): Promise<number> {
    return this.table.sweep(this.now().toISOString());
  }

  /** Stop the work of this process's tasks (the process stops): each ends `failed`, saying why. */
  async close(): Promise<void> {
    const ids = [...this.running.keys()];
    for (const c of this.running.values()) c.abort(STOPPING);
    await Promise.all(ids.map((id) => this.fail(id, STOPPED_HERE)));
  }

  private orphaned(v: TaskRow, at: string): boolean {
    if (isTerminal(v.status) || v.runner === this.runner) return false;
    return !this.opts.shared || Date.parse(at) - Date.parse(v.heartbeatAt) > this.staleMs;
  }

  private run(id: string, work: (w: TaskWork) => Promise<TaskOutcome>): void {
    const controller = new AbortController();
    this.running.set(id, controller);
    let latest: Progress | undefined;
    const beat = setInterval(() => void this.beat(id, latest, controller), this.beatMs);
    beat.unref();
    void work({ signal: controller.signal, progress: (p) => (latest = p) })
      .then(
        (outcome) => this.settle(id, outcome, controller.signal.aborted && controller.signal.reason !== STOPPING),
        (err: unknown) => this.fail(id, err instanceof Error ? err.message : String(err)),
      )
      .catch((err: unknown) => log(`task ${id}: its end could not be stored: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        clearInterval(beat);
        this.running.delete(id);
      });
  }

  /** One heartbeat: the latest progress in, the cancel flag out (one statement); a cancel aborts the work here. */
  private async beat(id: string, latest: Progress | undefined, controller: AbortController): Promise<void> {
    try {
      const at = this.now().toISOString();
      const row = await this.table.update(id, at, (r) => {
        if (isTerminal(r.value.status)) return { value: r.value, expiresAt: r.expiresAt };
        const value: TaskRow = { ...r.value, heartbeatAt: at };
        if (latest && latest.message !== r.value.statusMessage) {
          value.statusMessage = latest.message;
          value.progress = { done: latest.done, total: latest.total };
          value.lastUpdatedAt = at;
        }
        return { value, expiresAt: r.expiresAt };
      });
      if (!row || row.value.cancelRequested) controller.abort();
    } catch (err) {
      log(`task ${id}: heartbeat failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Store how the work ended: cancelled when a cancel stopped it, else its answer (hosted when large) or its failure. */
  private async settle(id: string, outcome: TaskOutcome, cancelled: boolean): Promise<void> {
    if ('failure' in outcome) {
      const { status, message } = outcome.failure;
      if (cancelled) await this.finish(id, () => ({ status: 'cancelled', statusMessage: CANCELLED }));
      else await this.finish(id, () => ({ status: 'failed', statusMessage: message, error: { code: INTERNAL_ERROR, message, status } }));
      return;
    }
    const json = JSON.stringify(outcome.result);
    const bytes = Buffer.byteLength(json);
    if (bytes <= MAX_TASK_RESULT_BYTES) {
      await this.finish(id, () => ({ status: 'completed', statusMessage: 'completed', result: outcome.result }));
      return;
    }
    if (!this.opts.host) {
      await this.fail(id, `the result of ${bytes} bytes is over the ${MAX_TASK_RESULT_BYTES} a task keeps, and this server hosts no files`);
      return;
    }
    const hosted = await this.opts.host(Buffer.from(json), 'application/json', `task-${id}.json`);
    await this.finish(id, () => ({
      status: 'completed',
      statusMessage: `completed; the result (${bytes} bytes) is hosted at ${hosted.url}`,
      hosted,
    }));
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.finish(id, () => ({ status: 'failed', statusMessage: message, error: { code: INTERNAL_ERROR, message, status: 500 } }));
  }

  /** Move a task that is not yet terminal to the state `change` gives (null: leave it); the row as it then stands. */
  private async finish(id: string, change: (v: TaskRow) => Partial<TaskRow> | null): Promise<StoredTask | undefined> {
    const at = this.now().toISOString();
    return this.table.update(id, at, (r) => {
      const next = isTerminal(r.value.status) ? null : change(r.value);
      return { value: next ? { ...r.value, ...next, lastUpdatedAt: at } : r.value, expiresAt: r.expiresAt };
    });
  }
}

/**
 * Whether a call of `tool` is answered with a task when its caller allows one: the work that can take seconds
 * (the long-job pool, renders, answers priced by their size).
 */
export function runsAsTask(tool: Pick<Tool, 'worker' | 'metering' | 'outputSize'>): boolean {
  return tool.worker?.pool === 'long' || tool.metering === 'render' || tool.outputSize !== undefined;
}

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

const ORPHANED =
  'The server process running this task stopped before it finished (a restart or a crash); its credits were not charged. Start the call again.';
const STOPPED_HERE = 'The server stopped while this task ran; its credits were not charged. Start the call again.';
const CANCELLED = 'cancelled; its credits were not charged';
/** The abort reason when the process stops (not a cancel). */
const STOPPING = 'stopping';
