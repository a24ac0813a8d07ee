/**
 * A small pool of worker threads for work that might not finish in time on hostile input (backtracking regular
 * expressions, pathological Markdown). Each job gets a time budget; a job over budget has its worker terminated
 * (V8 interrupts whatever it is running) and the slot is refilled lazily with a fresh worker, so the main thread
 * never blocks and one bad request cannot starve the others for long. The budget counts the job's own time: a job
 * waiting on its caller has its clock paused, under an idle limit and an overall limit (./job-clock.ts).
 *
 * The worker program is either an ES module file (`file`: a type-checked module such as ./tool-worker.ts, see
 * ./worker-file.ts for how it is found from the sources and from the bundle) that posts `{ ready: true }` once loaded,
 * or JavaScript source run with `eval`. It answers each message with a `WorkerReply`.
 * Callers turn a `WorkerPoolError` into the HttpError their users should see.
 *
 * Fair share: each job has an owner (the calling account, or the address of a caller without one; '' is the
 * process's own user, stdio, which has no share to keep). The queue in front of the workers is kept per owner
 * (./owner-queue.ts): a worker that frees up goes first to the owner with the fewest jobs running, so one owner's
 * backlog never stands between another owner and the next free worker. Bounds, all per process (each server
 * process has its own pool):
 *
 * - while another owner has jobs in the pool, or the pool is full, an owner has at most `perOwner` jobs running and
 *   waiting; one more is refused at once as `over-share` (a 429 with Retry-After for that owner alone), so a flood
 *   fills its own share, not the queue of everyone. Alone in a pool with room, an owner may use all of it;
 * - at most `queue` jobs wait; beyond that a job is refused as `busy` (a 503 with Retry-After), unless its owner
 *   has fewer waiting than the owner with the most, whose newest job then gives up its place (and is refused, as
 *   `over-share` if its owner holds more than its share);
 * - a job waits `maxWaitMs`, or longer while a running job may still run longer (by its own deadline): it is never
 *   refused while the job ahead of it is still allowed to finish, but waits at most `maxWaitMs` plus the pool's
 *   `timeMs` once for the job ahead and once for each job of its own owner queued before it; then it is refused as
 *   `busy` (`over-share` if its owner holds more than its share), never left behind an unbounded line.
 */
import { Worker } from 'node:worker_threads';
import { JobClock, type JobClockEnd, type JobLimits } from './job-clock.js';
import { OwnerQueue } from './owner-queue.js';
import { observePoolWait, secondsSince } from '../observe/metrics.js';

/** An HttpError thrown in the worker, passed on as is: a ToolError, or the platform's own when `platform` is set. */
export type HttpErrorReply = {
  ok: false;
  kind: 'tool';
  message: string;
  status: number;
  extra?: { retryAfter?: number; field?: string };
  platform?: boolean;
};

export type WorkerReply = { ok: true; value: unknown } | { ok: false; kind: 'too-large' | 'error'; message: string } | HttpErrorReply;

/**
 * `timeout`, `idle`, `overtime`: a limit of the job's clock (./job-clock.ts) ended it. `over-share`: the job's owner
 * already has its share of the pool (`perOwner`); `busy`: the pool is full for all.
 */
export type WorkerPoolErrorKind = JobClockEnd | 'too-large' | 'out-of-memory' | 'failed' | 'busy' | 'over-share' | 'cancelled';

export class WorkerPoolError extends Error {
  constructor(
    readonly kind: WorkerPoolErrorKind,
    message: string,
    /**
     * Kinds `busy` and `over-share`: seconds after which a retry may find room (`share`: the owner's share). Kind
     * `failed` from an HttpError thrown in the worker: its reply.
     */
    readonly detail: { retryAfter?: number; share?: number; reply?: HttpErrorReply } = {},
  ) {
    super(message);
    this.name = 'WorkerPoolError';
  }
}

export interface WorkerPoolOptions {
  /** The worker program (CommonJS JavaScript, run with eval); or give `file`. */
  source?: string;
  /**
   * The worker program as a file (an ES module). It must post `{ ready: true }` once loaded: the job's clock starts
   * then, so loading never counts against a job. `execArgv`/`bootstrap` allow loading TypeScript sources in tests.
   */
  file?: { url: URL; bootstrap?: string };
  /** Passed to each worker as `workerData`. */
  workerData?: unknown;
  /** The pool's name in the metrics (`werkbank_pool_wait_seconds{pool}`); unnamed pools are not observed. */
  name?: string;
  /** Workers running at once. */
  size: number;
  /** Jobs allowed to wait for a free worker; more are refused as `busy`. */
  queue: number;
  /** Default time budget of one job, ms. Start-up of a fresh worker and waiting in the queue do not count. */
  timeMs: number;
  /** Heap cap of each worker, MB: a runaway job kills only its worker. */
  heapMb: number;
  /**
   * Longest a job waits for a free worker before it is refused as `busy`, ms, unless a running job may still run
   * longer (then until it may not, at most `maxWaitMs` plus `timeMs` for the job ahead and for each job of its owner
   * queued before it). Default: no limit but `queue`.
   */
  maxWaitMs?: number;
  /**
   * Most jobs of one owner running and waiting while another owner has jobs in the pool or it is full; more are
   * refused as `over-share` (default: no limit but `queue`).
   */
  perOwner?: number;
}

/** Past a running job's deadline, its worker is stopped and the next job taken within this, ms. */
const HANDOVER_MS = 250;

/**
 * What a job asks its caller while it runs (posted by the worker as `{ request: { id, body } }`). `clock` is the
 * job's clock: the caller pauses it while the job waits on the caller (see ./job-clock.ts).
 */
export type JobRequestHandler = (body: unknown, clock: Pick<JobClock, 'pause' | 'resume'>) => Promise<unknown>;

interface Task {
  owner: string;
  onRequest?: JobRequestHandler;
  job: unknown;
  limits: JobLimits;
  signal?: AbortSignal;
  waitTimer?: NodeJS.Timeout;
  queuedAt: number;
  /** Longest this job may wait, ms (see the class's comment). */
  maxWaitMs: number;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class WorkerPool {
  private idle: Worker[] = [];
  /** The jobs running, with their owners and clocks. */
  private readonly active = new Set<{ owner: string; clock: JobClock }>();
  private readonly queue = new OwnerQueue<Task>();

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Runs `job` on a worker; resolves with the worker's `value` or rejects with a WorkerPoolError. `timeMs` (default:
   * the pool's), `idleMs` and `wallMs` are the limits of the job's clock (./job-clock.ts).
   */
  run<T>(
    job: unknown,
    opts: { signal?: AbortSignal; owner?: string; onRequest?: JobRequestHandler } & Partial<JobLimits> = {},
  ): Promise<T> {
    const { signal, idleMs, wallMs } = opts;
    const owner = opts.owner ?? '';
    if (signal?.aborted) return Promise.reject(new WorkerPoolError('cancelled', 'cancelled'));
    const limits: JobLimits = {
      timeMs: opts.timeMs ?? this.options.timeMs,
      ...(idleMs !== undefined ? { idleMs } : {}),
      ...(wallMs !== undefined ? { wallMs } : {}),
    };
    const refused = this.refusal(owner);
    if (refused) return Promise.reject(refused);
    return new Promise<T>((resolve, reject) => {
      const { maxWaitMs, timeMs } = this.options;
      const ahead = this.queue.waitingOf(owner);
      const most = maxWaitMs === undefined ? Infinity : maxWaitMs + timeMs * (1 + ahead);
      const task: Task = {
        owner,
        onRequest: opts.onRequest,
        job,
        limits,
        signal,
        queuedAt: performance.now(),
        maxWaitMs: most,
        resolve,
        reject,
      };
      this.queue.add(task);
      signal?.addEventListener('abort', () => this.leave(task, new WorkerPoolError('cancelled', 'cancelled')), { once: true });
      if (maxWaitMs !== undefined) this.waitUntil(task, maxWaitMs);
      this.dispatch();
    });
  }

  /** Jobs running and waiting right now (for tests and the bench). */
  get load(): { running: number; waiting: number } {
    return { running: this.active.size, waiting: this.queue.size };
  }

  /** Why a new job of `owner` is refused at once (its share is taken, or the pool is full), or nothing. */
  private refusal(owner: string): WorkerPoolError | undefined {
    const full = this.active.size >= this.options.size && this.queue.size >= this.options.queue;
    // Alone in a pool with room, an owner may use all of it; its share holds once another owner is in, or it is full.
    if (this.jobsOf(owner) >= this.share(owner) && (full || this.othersThan(owner))) return this.overShare(owner);
    if (!full) return undefined;
    const victim = this.queue.evictFor(owner);
    if (!victim) return this.busy();
    this.leave(victim, this.refusalOf(victim.owner));
    return undefined;
  }

  /** How many jobs `owner` may have running and waiting while others are in the pool ('' has no share to keep). */
  private share(owner: string): number {
    return owner ? (this.options.perOwner ?? Infinity) : Infinity;
  }

  private jobsOf(owner: string): number {
    return this.runningOf(owner) + this.queue.waitingOf(owner);
  }

  private othersThan(owner: string): boolean {
    for (const job of this.active) if (job.owner !== owner) return true;
    return this.queue.size > this.queue.waitingOf(owner);
  }

  /** The refusal of a waiting job of `owner` that must leave: over its share if its owner holds more than that. */
  private refusalOf(owner: string): WorkerPoolError {
    return this.jobsOf(owner) > this.share(owner) ? this.overShare(owner) : this.busy();
  }

  private overShare(owner: string): WorkerPoolError {
    const share = this.share(owner);
    const mine = [...this.active].filter((job) => job.owner === owner).map((job) => job.clock.remainingMs());
    // One of the owner's own jobs ends by its deadline at the latest: a place is free then.
    const retryAfter = Math.max(1, Math.ceil((mine.length ? Math.min(...mine) : this.options.timeMs) / 1000));
    return new WorkerPoolError('over-share', `${share} jobs of this owner are running or waiting`, { retryAfter, share });
  }

  private runningOf(owner: string): number {
    let n = 0;
    for (const job of this.active) if (job.owner === owner) n++;
    return n;
  }

  /** `task` leaves the queue with `err` (cancelled, waited too long, or evicted); nothing if it is no longer waiting. */
  private leave(task: Task, err: WorkerPoolError): void {
    if (!this.queue.remove(task)) return;
    clearTimeout(task.waitTimer);
    if (!this.runningOf(task.owner)) this.queue.idle(task.owner);
    task.reject(err);
  }

  /**
   * Refuses `task` as busy after `ms`, unless a running job may then still run longer by its own deadline: the
   * wait is extended to that deadline (and a moment for the handover), within the task's `maxWaitMs` in all.
   */
  private waitUntil(task: Task, ms: number): void {
    task.waitTimer = setTimeout(() => {
      const cap = task.maxWaitMs - (performance.now() - task.queuedAt);
      let longest = 0;
      for (const job of this.active) longest = Math.max(longest, job.clock.remainingMs());
      const more = Math.min(cap, longest + HANDOVER_MS);
      if (longest > 0 && more > 0) this.waitUntil(task, more);
      else this.leave(task, this.refusalOf(task.owner));
    }, ms);
    task.waitTimer.unref?.();
  }

  private busy(): WorkerPoolError {
    // A worker frees up within one job budget at the latest.
    const retryAfter = Math.max(1, Math.ceil(this.options.timeMs / 1000));
    return new WorkerPoolError('busy', 'all workers are busy', { retryAfter });
  }

  private spawn(): Worker {
    const limits = { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb }, workerData: this.options.workerData };
    const file = this.options.file;
    const worker = file
      ? file.bootstrap
        ? new Worker(file.bootstrap, { ...limits, eval: true })
        : new Worker(file.url, limits)
      : new Worker(this.options.source!, { ...limits, eval: true });
    // An idle worker must not keep the process alive (CLI runs, test runners).
    worker.unref();
    return worker;
  }

  private dispatch(): void {
    while (this.queue.size > 0 && this.active.size < this.options.size) {
      const task = this.queue.next((owner) => this.runningOf(owner))!;
      clearTimeout(task.waitTimer);
      if (task.signal?.aborted) continue;
      if (this.options.name) observePoolWait(this.options.name, secondsSince(task.queuedAt));
      const idle = this.idle.pop();
      this.start(idle ?? this.spawn(), task, idle !== undefined);
    }
  }

  /** Runs `task` on `worker`. The clock starts once the worker is up, so start-up time never counts. */
  private start(worker: Worker, task: Task, online: boolean): void {
    let settled = false;
    const { limits } = task;
    const clock = new JobClock(limits, (why) => {
      const limit =
        why === 'timeout'
          ? `the ${limits.timeMs} ms budget`
          : why === 'idle'
            ? `the ${limits.idleMs} ms idle limit`
            : `the ${limits.wallMs} ms overall limit`;
      finish({ error: new WorkerPoolError(why, `over ${limit}`) }, true);
    });
    const running = { owner: task.owner, clock };
    this.active.add(running);
    const finish = (outcome: { value: unknown } | { error: WorkerPoolError }, workerIsSpent: boolean) => {
      if (settled) return;
      settled = true;
      clock.stop();
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.off('online', startClock);
      worker.off('message', onReady);
      task.signal?.removeEventListener('abort', onAbort);
      if (workerIsSpent) void worker.terminate();
      else this.idle.push(worker);
      this.active.delete(running);
      if (!this.runningOf(task.owner)) this.queue.idle(task.owner);
      if ('error' in outcome) task.reject(outcome.error);
      else task.resolve(outcome.value);
      this.dispatch();
    };
    const onMessage = (reply: WorkerReply | { ready: true } | { request: { id: number; body: unknown } }) => {
      if ('ready' in reply) return;
      if ('request' in reply) {
        // The job asks its caller (e.g. to host a file it made); the answer goes back to the same worker.
        const { id, body } = reply.request;
        const handler = task.onRequest ?? (() => Promise.reject(new Error('this job cannot ask its caller')));
        void handler(body, clock).then(
          (value) => !settled && worker.postMessage({ response: { id, ok: true, value } }),
          (err: unknown) =>
            !settled &&
            worker.postMessage({
              response: {
                id,
                ok: false,
                message: err instanceof Error ? err.message : String(err),
                status: (err as { status?: number }).status,
              },
            }),
        );
        return;
      }
      if (reply.ok) finish({ value: reply.value }, false);
      else if (reply.kind === 'tool') finish({ error: new WorkerPoolError('failed', reply.message, { reply }) }, false);
      else finish({ error: new WorkerPoolError(reply.kind === 'too-large' ? 'too-large' : 'failed', reply.message) }, false);
    };
    const onReady = (msg: unknown) => {
      if ((msg as { ready?: boolean })?.ready === true) {
        worker.off('message', onReady);
        startClock();
      }
    };
    const onError = (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ error: new WorkerPoolError(oom ? 'out-of-memory' : 'failed', err.message) }, true);
    };
    const onExit = () => finish({ error: new WorkerPoolError('failed', 'the worker stopped') }, true);
    const onAbort = () => finish({ error: new WorkerPoolError('cancelled', 'cancelled') }, true);
    const startClock = () => clock.start();
    if (online) startClock();
    else if (this.options.file) worker.on('message', onReady);
    else worker.once('online', startClock);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    task.signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(task.job);
  }
}
