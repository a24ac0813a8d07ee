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
 * The queue in front of the workers is bounded twice: at most `queue` jobs wait, and none waits longer than
 * `maxWaitMs`; beyond either a job is refused as `busy` (a 503 with Retry-After for the caller), never left to wait
 * behind an unbounded line.
 *
 * Fair share: each job has an owner (the calling account). Waiting jobs queue per owner and owners are served in
 * turn, so a newcomer waits behind at most one job of each other owner, not behind one owner's whole backlog; and
 * when the queue is full, a newcomer with fewer waiting jobs takes the place of the newest job of the owner with
 * the most (that job is refused as busy), so one account cannot hold the queue against the others.
 */
import { Worker } from 'node:worker_threads';
import { JobClock, type JobClockEnd, type JobLimits } from './job-clock.js';

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

/** `timeout`, `idle`, `overtime`: a limit of the job's clock (./job-clock.ts) ended it. */
export type WorkerPoolErrorKind = JobClockEnd | 'too-large' | 'out-of-memory' | 'failed' | 'busy' | 'cancelled';

export class WorkerPoolError extends Error {
  constructor(
    readonly kind: WorkerPoolErrorKind,
    message: string,
    /** Kind `busy`: seconds after which a retry may find a free worker. Kind `failed` from an HttpError thrown in the worker: its reply. */
    readonly detail: { retryAfter?: number; reply?: HttpErrorReply } = {},
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
  /** Workers running at once. */
  size: number;
  /** Jobs allowed to wait for a free worker; more are refused as `busy`. */
  queue: number;
  /** Default time budget of one job, ms. Start-up of a fresh worker and waiting in the queue do not count. */
  timeMs: number;
  /** Heap cap of each worker, MB: a runaway job kills only its worker. */
  heapMb: number;
  /** Longest a job may wait for a free worker before it is refused as `busy`, ms (default: no limit but `queue`). */
  maxWaitMs?: number;
}

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
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class WorkerPool {
  private idle: Worker[] = [];
  private running = 0;
  /** Waiting jobs per owner; the map's order is the order owners are served in. */
  private readonly queues = new Map<string, Task[]>();
  private waiting = 0;

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
    if (this.running >= this.options.size && this.waiting >= this.options.queue && !this.evictForFairness(owner))
      return Promise.reject(this.busy());
    return new Promise<T>((resolve, reject) => {
      const task: Task = { owner, onRequest: opts.onRequest, job, limits, signal, resolve: resolve, reject };
      this.enqueue(task);
      const leave = (err: WorkerPoolError) => {
        if (!this.remove(task)) return;
        reject(err);
      };
      signal?.addEventListener('abort', () => leave(new WorkerPoolError('cancelled', 'cancelled')), { once: true });
      if (this.options.maxWaitMs !== undefined) {
        task.waitTimer = setTimeout(() => leave(this.busy()), this.options.maxWaitMs);
        task.waitTimer.unref?.();
      }
      this.dispatch();
    });
  }

  /** Jobs running and waiting right now (for tests and the bench). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  private enqueue(task: Task): void {
    const line = this.queues.get(task.owner);
    if (line) line.push(task);
    else this.queues.set(task.owner, [task]);
    this.waiting++;
  }

  /** Take `task` out of its owner's line (it left: cancelled, waited too long, or evicted); false if not waiting. */
  private remove(task: Task): boolean {
    const line = this.queues.get(task.owner);
    const i = line?.indexOf(task) ?? -1;
    if (!line || i < 0) return false;
    line.splice(i, 1);
    if (!line.length) this.queues.delete(task.owner);
    this.waiting--;
    clearTimeout(task.waitTimer);
    return true;
  }

  /** The queue is full: refuse the newest job of the owner with the most waiting, if `owner` has fewer; true if room was made. */
  private evictForFairness(owner: string): boolean {
    let biggest: Task[] | undefined;
    for (const line of this.queues.values()) if (!biggest || line.length > biggest.length) biggest = line;
    const mine = this.queues.get(owner)?.length ?? 0;
    if (!biggest || biggest.length <= mine + 1) return false;
    const victim = biggest[biggest.length - 1];
    this.remove(victim);
    victim.reject(this.busy());
    return true;
  }

  /** The next job: the first of the owner whose turn it is (that owner then goes to the back of the line). */
  private next(): Task | undefined {
    const first = this.queues.entries().next();
    if (first.done) return undefined;
    const [owner, line] = first.value;
    const task = line.shift()!;
    this.queues.delete(owner);
    if (line.length) this.queues.set(owner, line);
    this.waiting--;
    clearTimeout(task.waitTimer);
    return task;
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
    while (this.waiting > 0 && this.running < this.options.size) {
      const task = this.next()!;
      if (task.signal?.aborted) continue;
      this.running++;
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
      this.running--;
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
