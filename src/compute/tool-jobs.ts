/**
 * The compute pool: the calls of tools that declare `worker: { timeMs }` (src/core/tool.ts) run here, in worker
 * threads (./tool-worker.ts), instead of on the event loop, so a slow input costs only its own caller:
 *
 * - a job over its deadline has its worker terminated (V8 interrupts whatever it runs) and gets a 400 naming the
 *   limit; a job that runs its worker out of memory (COMPUTE_LIMITS.heapMb) gets a 413 (./job-errors.ts);
 * - COMPUTE_LIMITS.workers workers run at once; while others use a pool, one caller (account, or address without
 *   one) has at most its share, its workers plus COMPUTE_LIMITS.ownerWaiting, running and waiting: beyond that a 429
 *   with Retry-After for that caller alone. A free worker goes first to the caller with the fewest jobs running. At most
 *   LIMITS.workerQueue jobs wait, each LIMITS.workerWaitMs or until the running jobs' deadlines, at most that plus
 *   the pool's timeMs once for the job ahead and once per job of its own caller queued before it: beyond that a 503
 *   with Retry-After, never an unbounded wait. The pools, and so the shares, are per server process.
 *
 * Inputs are validated on the main thread first (so a 400 for bad input costs no worker), and handed over by
 * structured clone. A tool with `streamJson` streams from the worker too (`streamToolInWorker`): its text comes back
 * in batches under flow control (./chunk-flow.ts). The deadline counts the worker's own time, not the time it waits
 * for a slow reader; a reader that takes nothing for LIMITS.streamIdleMs, or a stream still not read to its end
 * after LIMITS.streamWallMs, has the stream ended like a deadline (./job-clock.ts).
 */
import { LIMITS } from '../core/limits.js';
import { HttpError } from '../core/errors.js';
import type { Tool, ToolContext } from '../core/tool.js';
import type { Progress } from '../core/progress.js';
import { WorkerPool, type JobRequestHandler } from './worker-pool.js';
import { ChunkQueue, STREAM_WINDOW, type FlowWindow } from './chunk-flow.js';
import type { JobLimits } from './job-clock.js';
import { workerFile } from './worker-file.js';
import { jobError } from './job-errors.js';
import { COMPUTE_LIMITS, jobTimeMs, STREAM_LIMITS, type StreamLimits } from './limits.js';

/** One job of the compute pool: run tool `slug` of `toolset` on the validated `input`. */
export interface ToolJob {
  toolset: string;
  slug: string;
  input: unknown;
  ctx: Pick<ToolContext, 'surface' | 'accountId' | 'plan'>;
  /** The job may host files it makes (through the main thread's `ctx.render().store`). */
  hosting?: boolean;
  /** Someone listens to the job's progress: the worker passes its reports on to the main thread's `ctx.progress`. */
  progress?: boolean;
  /** The job runs the tool's `streamJson` and sends its text to the main thread within this window (./chunk-flow.ts). */
  stream?: FlowWindow;
}

let pool: WorkerPool | undefined;
let longPool: WorkerPool | undefined;

function computePool(): WorkerPool {
  pool ??= new WorkerPool({
    name: 'compute',
    file: workerFile(),
    size: COMPUTE_LIMITS.workers,
    perOwner: COMPUTE_LIMITS.workers + COMPUTE_LIMITS.ownerWaiting,
    queue: LIMITS.workerQueue,
    maxWaitMs: LIMITS.workerWaitMs,
    timeMs: jobTimeMs(COMPUTE_LIMITS.timeMs),
    heapMb: COMPUTE_LIMITS.heapMb,
  });
  return pool;
}

/**
 * The pool of long jobs (`worker.pool: 'long'`): one worker of its own, so a generator run of many seconds holds
 * neither the event loop nor the compute pool; jobs queue per caller, with a share each, like the compute pool's.
 */
function longJobPool(): WorkerPool {
  longPool ??= new WorkerPool({
    name: 'long-jobs',
    file: workerFile(),
    size: 1,
    perOwner: 1 + COMPUTE_LIMITS.ownerWaiting,
    queue: LIMITS.workerQueue,
    maxWaitMs: COMPUTE_LIMITS.longWaitMs,
    timeMs: jobTimeMs(COMPUTE_LIMITS.timeMs),
    heapMb: COMPUTE_LIMITS.longHeapMb,
  });
  return longPool;
}

/** Running and waiting jobs of the compute pool (tests, bench). */
export function computeLoad(): { running: number; waiting: number } {
  return pool?.load ?? { running: 0, waiting: 0 };
}

/** Running and waiting jobs of the long-job pool (tests, bench). */
export function longJobLoad(): { running: number; waiting: number } {
  return longPool?.load ?? { running: 0, waiting: 0 };
}

/** Runs `tool.run(input)` in the tool's pool under its deadline; failures become the HttpError to show. */
export function runToolInWorker(tool: Tool, input: unknown, ctx: ToolContext): Promise<unknown> {
  return runJob(tool, input, ctx, ctx.signal, { timeMs: jobTimeMs(tool.worker!.timeMs) });
}

/**
 * Runs `tool.streamJson(input)` in the tool's pool, like `runToolInWorker` (same deadline, same per-owner queue),
 * and yields its text as it comes: the worker sends batches under the flow control of ./chunk-flow.ts, so it waits
 * while the consumer is slow, its deadline paused, under `limits` instead. A consumer that stops early (its client
 * went away) or an aborted `ctx.signal` has the worker terminated and its slot freed; a failure of the job
 * (deadline, idle or overall limit, error) is thrown after the text that came before it, and given to `onFailure`
 * at once.
 */
export async function* streamToolInWorker(
  tool: Tool,
  input: unknown,
  ctx: ToolContext,
  limits: StreamLimits = STREAM_LIMITS,
  onFailure?: (err: unknown) => void,
): AsyncGenerator<string> {
  const queue = new ChunkQueue();
  const stop = new AbortController();
  const abort = () => stop.abort();
  if (ctx.signal.aborted) abort();
  else ctx.signal.addEventListener('abort', abort, { once: true });
  const { idleMs, wallMs, timeMs = jobTimeMs(tool.worker!.timeMs) } = limits;
  void runJob(tool, input, ctx, stop.signal, { timeMs, idleMs, wallMs }, { window: STREAM_WINDOW, queue }).then(
    () => queue.end(),
    (err: unknown) => {
      queue.fail(err);
      onFailure?.(err);
    },
  );
  try {
    for (let text = await queue.take(); text !== undefined; text = await queue.take()) yield text;
  } finally {
    ctx.signal.removeEventListener('abort', abort);
    abort(); // nothing once the job has ended
  }
}

type JobStream = { window: FlowWindow; queue: ChunkQueue };

/**
 * Runs a job of `tool` in its pool under `limits`; with `stream`, the job runs `streamJson` and sends its text into
 * `stream.queue`, its clock paused while it waits for the consumer to take a batch.
 */
async function runJob(
  tool: Tool,
  input: unknown,
  ctx: ToolContext,
  signal: AbortSignal,
  limits: JobLimits,
  stream?: JobStream,
): Promise<unknown> {
  const spec = tool.worker!;
  const job: ToolJob = {
    toolset: tool.toolset,
    slug: tool.slug,
    input,
    ctx: { surface: ctx.surface, ...(ctx.accountId ? { accountId: ctx.accountId } : {}), ...(ctx.plan ? { plan: ctx.plan } : {}) },
    ...(ctx.render ? { hosting: true } : {}),
    ...(ctx.progress ? { progress: true } : {}),
    ...(stream ? { stream: stream.window } : {}),
  };
  try {
    // Jobs queue per caller, so one caller cannot starve the others; the local stdio user is the only caller ('').
    const target = spec.pool === 'long' ? longJobPool() : computePool();
    const owner = ctx.accountId ?? (ctx.client ? `address:${ctx.client}` : '');
    return await target.run(job, { signal, ...limits, owner, onRequest: answerJob(ctx, stream) });
  } catch (err) {
    throw jobError(err, tool.slug, limits, spec.field);
  }
}

/**
 * What a job asks the main thread: to take a batch of its stream, to wait until the consumer has taken batch
 * `waitFor` (the job's clock stands still meanwhile), to pass on a progress report, or to host a file it made (the
 * hosted-files store lives here).
 */
function answerJob(ctx: ToolContext, stream: JobStream | undefined): JobRequestHandler {
  return async (body, clock) => {
    const { chunk, waitFor, host, progress } = body as {
      chunk?: string;
      waitFor?: number;
      host?: { body: Uint8Array; contentType: string; filename: string };
      progress?: Progress;
    };
    if (progress) {
      ctx.progress?.(progress);
      return null;
    }
    if (stream && typeof chunk === 'string') return stream.queue.push(chunk);
    if (stream && typeof waitFor === 'number') {
      const taken = stream.queue.whenTaken(waitFor);
      if (!taken) return null; // taken before the worker said it waits
      clock.pause();
      await taken;
      clock.resume();
      return null;
    }
    if (!host || !ctx.render) throw new HttpError('unknown request from the compute pool', 500);
    return ctx.render().store(host.body, host.contentType, host.filename);
  };
}
