/**
 * A small pool of worker threads for work that might not finish in time on hostile input (backtracking regular
 * expressions, pathological Markdown). Each job gets a time budget; a job over budget has its worker terminated
 * (V8 interrupts whatever it is running) and the slot is refilled lazily with a fresh worker, so the main thread
 * never blocks and one bad request cannot starve the others for long.
 *
 * The worker program is given as JavaScript source (run with `eval`), so it behaves the same from the TypeScript
 * sources under test and from the compiled package. It answers each message with a `WorkerReply`.
 * Callers turn a `WorkerPoolError` into the ToolError their users should see.
 */
import { Worker } from 'node:worker_threads';

export type WorkerReply = { ok: true; value: unknown } | { ok: false; kind: 'too-large' | 'error'; message: string };

export type WorkerPoolErrorKind = 'timeout' | 'too-large' | 'out-of-memory' | 'failed' | 'busy' | 'cancelled';

export class WorkerPoolError extends Error {
  constructor(
    readonly kind: WorkerPoolErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerPoolError';
  }
}

export interface WorkerPoolOptions {
  /** The worker program (CommonJS JavaScript). */
  source: string;
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
}

interface Task {
  job: unknown;
  timeMs: number;
  signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class WorkerPool {
  private idle: Worker[] = [];
  private running = 0;
  private queue: Task[] = [];

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `job` on a worker; resolves with the worker's `value` or rejects with a WorkerPoolError. */
  run<T>(job: unknown, opts: { signal?: AbortSignal; timeMs?: number } = {}): Promise<T> {
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(new WorkerPoolError('cancelled', 'cancelled'));
    if (this.queue.length >= this.options.queue) return Promise.reject(new WorkerPoolError('busy', 'all workers are busy'));
    return new Promise<T>((resolve, reject) => {
      const task: Task = { job, timeMs: opts.timeMs ?? this.options.timeMs, signal, resolve: resolve as (v: unknown) => void, reject };
      this.queue.push(task);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.queue.indexOf(task);
          if (i >= 0) {
            this.queue.splice(i, 1);
            reject(new WorkerPoolError('cancelled', 'cancelled'));
          }
        },
        { once: true },
      );
      this.dispatch();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.source, {
      eval: true,
      workerData: this.options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle worker must not keep the process alive (CLI runs, test runners).
    worker.unref();
    return worker;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.running < this.options.size) {
      const task = this.queue.shift()!;
      if (task.signal?.aborted) continue;
      this.running++;
      const idle = this.idle.pop();
      this.start(idle ?? this.spawn(), task, idle !== undefined);
    }
  }

  /** Runs `task` on `worker`. The clock starts once the worker is up, so start-up time never counts. */
  private start(worker: Worker, task: Task, online: boolean): void {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: { value: unknown } | { error: WorkerPoolError }, workerIsSpent: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.off('online', startClock);
      task.signal?.removeEventListener('abort', onAbort);
      if (workerIsSpent) void worker.terminate();
      else this.idle.push(worker);
      this.running--;
      if ('error' in outcome) task.reject(outcome.error);
      else task.resolve(outcome.value);
      this.dispatch();
    };
    const onMessage = (reply: WorkerReply) => {
      if (reply.ok) finish({ value: reply.value }, false);
      else finish({ error: new WorkerPoolError(reply.kind === 'too-large' ? 'too-large' : 'failed', reply.message) }, false);
    };
    const onError = (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ error: new WorkerPoolError(oom ? 'out-of-memory' : 'failed', err.message) }, true);
    };
    const onExit = () => finish({ error: new WorkerPoolError('failed', 'the worker stopped') }, true);
    const onAbort = () => finish({ error: new WorkerPoolError('cancelled', 'cancelled') }, true);
    const onTimeout = () => finish({ error: new WorkerPoolError('timeout', `over the ${task.timeMs} ms budget`) }, true);
    const startClock = () => {
      timer = setTimeout(onTimeout, task.timeMs);
    };
    if (online) startClock();
    else worker.once('online', startClock);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    task.signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(task.job);
  }
}
