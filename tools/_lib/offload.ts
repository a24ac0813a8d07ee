/**
 * The compute pool: tools whose work can grow faster than linearly with their input, or whose library recurses
 * per nesting level, declare `worker: { timeMs }` (src/core/tool.ts) and the pipeline runs their `run` here, in a
 * worker thread (./tool-worker.ts), instead of on the event loop. A slow input then costs only its own caller:
 *
 * - a job over its deadline has its worker terminated (V8 interrupts whatever it runs) and gets a 400 naming the
 *   limit; a job that runs its worker out of memory (COMPUTE_LIMITS.heapMb) gets a 413;
 * - COMPUTE_LIMITS.workers workers run at once; at most LIMITS.workerQueue jobs wait, none longer than
 *   LIMITS.workerWaitMs: beyond that a 503 with Retry-After, never an unbounded wait.
 *
 * Inputs are validated on the main thread first (so a 400 for bad input costs no worker), and handed over by
 * structured clone (about 1 ms per MB). A tool with `streamJson` streams from the worker too (`streamToolInWorker`,
 * REST's streamed responses): its text comes back in batches under flow control. The deadline counts the worker's
 * own time, not the time it waits for a slow reader; a reader that takes nothing for LIMITS.streamIdleMs, or a
 * stream still not read to its end after LIMITS.streamWallMs, has the stream ended like a deadline (./job-clock.ts).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { LIMITS } from '../../src/core/limits.js';
import { ToolError, type Tool, type ToolContext } from '../../src/core/tool.js';
import { WorkerPool, WorkerPoolError, type JobRequestHandler } from './worker-pool.js';
import { ChunkQueue, STREAM_WINDOW, type FlowWindow } from './chunk-flow.js';
import type { JobLimits } from './job-clock.js';

/** One job of the compute pool: run tool `slug` of `toolset` on the validated `input`. */
export interface ToolJob {
  toolset: string;
  slug: string;
  input: unknown;
  ctx: Pick<ToolContext, 'surface' | 'accountId' | 'plan'>;
  /** The job may host files it makes (through the main thread's `ctx.render().store`). */
  hosting?: boolean;
  /** The job runs the tool's `streamJson` and sends its text to the main thread within this window (./chunk-flow.ts). */
  stream?: FlowWindow;
}

/**
 * Where each tool's work runs, decided from measurements on a 2-core machine (bench/hostile.ts inputs, one call on
 * the main thread at the field's limit; `npm run bench -- stall` re-measures the whole picture). The declaration
 * next to each tool repeats its line.
 *
 * Compute pool, every call, 5 s deadline (cost super-linear, or a parser that recurses per level):
 *   yaml-to-json (80k-key flow mapping: 70 s in the library's duplicate-key check, now 1.7 s with our own; 100k
 *   aliases 0.8 s), xml-formatter (90k attributes: 3.4 s), xml-to-json, json-to-xml, json-to-yaml,
 *   json-to-typescript, json-formatter (1 MB: 135 ms), json-to-csv, csv-to-json (1 MB: 170 ms+), csv-to-markdown,
 *   sql-formatter, subtitle-converter, sort-lines (length mode on 1 MB: 12.5 s before), text-diff (O(N·D)).
 * Compute pool from 50,000 characters up, main thread below (linear; 0.1-1 s at 1,000,000 characters, < 20 ms
 * below the threshold): word-counter, base64, url-encoder, html-entity-encoder, rot13, reverse-text,
 * upside-down-text, morse-code-translator, leetspeak, text-to-binary, remove-line-breaks, add-line-numbers,
 * add-prefix-suffix, slug-generator, text-case-converter, text-cleaner, remove-duplicate-lines.
 * Own pools (already off the main thread, queues now bounded): markdown-to-html (10 s deadline, 2 workers),
 * regex-tester and find-and-replace (both modes; tools/_lib/regex-sandbox.ts, 2 s deadline).
 * Main thread, input caps keep them small: numbers-to-words (≤ 100 characters), roman-numeral-converter (≤ 50),
 * lorem-ipsum-generator (count capped), hash-generator (native hashing, ~3 ms per MB), and the dev tools (inputs ≤ 10,000 characters, JWT ≤ 100,000).
 */
export const COMPUTE_LIMITS = {
  /** Workers at once: the cores less one for the event loop, at least 1, at most 4. */
  workers: Math.min(4, Math.max(1, availableParallelism() - 1)),
  /** Heap cap of one worker, MB (1 MB documents can need a few hundred MB in a parser). */
  heapMb: 512,
  /** Default deadline of one job, ms (a tool's declaration may give its own). */
  timeMs: 5_000,
} as const;

/** Where the worker program is: beside this module (sources, tsc output) or in the bundle's chunks folder. */
function workerFile(): { url: URL; bootstrap?: string } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // From the TypeScript sources (vitest, tsx): load the worker through tsx's loader.
    const url = new URL('./tool-worker.ts', here);
    const tsxPackage = createRequire(here).resolve('tsx/package.json');
    const tsx = pathToFileURL(tsxPackage.replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
    const bootstrap =
      `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })` +
      `.catch((e) => { console.error(e); process.exit(1); });`;
    return { url, bootstrap };
  }
  for (const candidate of ['./tool-worker.js', './chunks/tool-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { url };
  }
  throw new Error('the compute worker program (tool-worker.js) is missing next to the bundle');
}

let pool: WorkerPool | undefined;
let longPool: WorkerPool | undefined;

function computePool(): WorkerPool {
  pool ??= new WorkerPool({
    file: workerFile(),
    size: COMPUTE_LIMITS.workers,
    queue: LIMITS.workerQueue,
    maxWaitMs: LIMITS.workerWaitMs,
    timeMs: COMPUTE_LIMITS.timeMs,
    heapMb: COMPUTE_LIMITS.heapMb,
  });
  return pool;
}

/**
 * The pool of long jobs (`worker.pool: 'long'`): one worker of its own, so a generator run of many seconds holds
 * neither the event loop nor the compute pool; jobs queue per account like the compute pool's.
 */
function longJobPool(): WorkerPool {
  longPool ??= new WorkerPool({
    file: workerFile(),
    size: 1,
    queue: LIMITS.workerQueue,
    maxWaitMs: 30_000,
    timeMs: COMPUTE_LIMITS.timeMs,
    heapMb: 1024,
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

/** Whether this call of `tool` runs in the compute pool (its declaration's `worker`, and its input's size). */
export function offloads(tool: Tool, input: unknown): boolean {
  const spec = tool.worker;
  if (!spec) return false;
  if (spec.inlineBelowChars === undefined || input === null || typeof input !== 'object') return true;
  let chars = 0;
  for (const value of Object.values(input)) {
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) for (const item of value) chars += typeof item === 'string' ? item.length : 0;
  }
  return chars >= spec.inlineBelowChars;
}

/** Runs `tool.run(input)` in the compute pool under the tool's deadline; failures become the ToolError to show. */
export function runToolInWorker(tool: Tool, input: unknown, ctx: ToolContext): Promise<unknown> {
  return runJob(tool, input, ctx, ctx.signal, { timeMs: tool.worker!.timeMs });
}

/** The limits of a streamed job besides the tool's deadline (./job-clock.ts). */
export interface StreamLimits {
  /** The reader takes nothing for this long while the worker waits for it: the stream ends, ms. */
  idleMs: number;
  /** The stream takes longer than this from start to end, reading included: it ends, ms. */
  wallMs: number;
  /** Tests only: this deadline instead of the tool's declared one, ms. */
  timeMs?: number;
}

export const STREAM_LIMITS: StreamLimits = { idleMs: LIMITS.streamIdleMs, wallMs: LIMITS.streamWallMs };

/**
 * Runs `tool.streamJson(input)` in the tool's pool, like `runToolInWorker` (same deadline, same per-owner queue),
 * and yields its text as it comes: the worker sends batches under the flow control of ./chunk-flow.ts, so it waits
 * while the consumer is slow, its deadline paused, under `limits` instead. A consumer that stops early (its client
 * went away) or an aborted `ctx.signal` has the worker terminated and its slot freed; a failure of the job
 * (deadline, idle or overall limit, error) is thrown after the text that came before it, and given to `onFailure`
 * at once (a consumer held up by its own reader learns of it without asking for the next text).
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
  const { idleMs, wallMs, timeMs = tool.worker!.timeMs } = limits;
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
  stream?: { window: FlowWindow; queue: ChunkQueue },
): Promise<unknown> {
  const spec = tool.worker!;
  const job: ToolJob = {
    toolset: tool.toolset,
    slug: tool.slug,
    input,
    ctx: { surface: ctx.surface, ...(ctx.accountId ? { accountId: ctx.accountId } : {}), ...(ctx.plan ? { plan: ctx.plan } : {}) },
    ...(ctx.render ? { hosting: true } : {}),
    ...(stream ? { stream: stream.window } : {}),
  };
  // What the job asks the main thread: to take a batch of its stream, to wait until the consumer has taken batch
  // `waitFor` (the job's clock stands still meanwhile), or to host a file it made (the hosted-files store lives here).
  const onRequest: JobRequestHandler = async (body, clock) => {
    const { chunk, waitFor, host } = body as { chunk?: string; waitFor?: number; host?: { body: Uint8Array; contentType: string; filename: string } };
    if (stream && typeof chunk === 'string') return stream.queue.push(chunk);
    if (stream && typeof waitFor === 'number') {
      const taken = stream.queue.whenTaken(waitFor);
      if (!taken) return null; // taken before the worker said it waits
      clock.pause();
      await taken;
      clock.resume();
      return null;
    }
    if (!host || !ctx.render) throw new ToolError('unknown request from the compute pool', 500);
    return ctx.render().store(host.body, host.contentType, host.filename);
  };
  try {
    // Jobs queue per account (a local stdio user is one owner), so one account cannot starve the others.
    const target = spec.pool === 'long' ? longJobPool() : computePool();
    return await target.run(job, { signal, ...limits, owner: ctx.accountId ?? '', onRequest });
  } catch (err) {
    throw workerError(err, tool.slug, limits, spec.field);
  }
}

/** The ToolError a caller sees for a failed job of `slug` under `limits`. */
export function workerError(err: unknown, slug: string, limits: JobLimits, field?: string): unknown {
  if (!(err instanceof WorkerPoolError)) return err;
  const where = field ? `\`${field}\`` : 'The input';
  const extra = field ? { field } : {};
  switch (err.kind) {
    case 'timeout':
      return new ToolError(
        `${where} took longer than ${limits.timeMs / 1000} s to process (the time limit of ${slug}) and was stopped; ` +
          'send a smaller or less deeply nested input, or split it up',
        400,
        extra,
      );
    // The two limits of a stream's reader: the response is under way, so the status reaches logs, not the client.
    case 'idle':
      return new ToolError(
        `The response of ${slug} was not read for ${span(limits.idleMs!)} (the idle limit of streamed responses) and was stopped; read it as it comes`,
        408,
      );
    case 'overtime':
      return new ToolError(
        `The response of ${slug} took longer than ${span(limits.wallMs!)} to read (the time limit of streamed responses) and was stopped; ` +
          'ask for it compressed (Accept-Encoding: br or gzip) or for a smaller run',
        408,
      );
    case 'too-large':
    case 'out-of-memory':
      return new ToolError(
        `${where} needed more than ${COMPUTE_LIMITS.heapMb} MB of memory to process (the memory limit of ${slug}) and was stopped; send a smaller input`,
        413,
        extra,
      );
    case 'busy':
      return new ToolError(
        'The server is busy with other large inputs right now (all compute workers and their queue are taken); retry in a moment',
        503,
        { retryAfter: err.detail.retryAfter ?? 1 },
      );
    case 'cancelled':
      return new ToolError('The request was cancelled', 408);
    default: {
      const reply = err.detail.reply;
      if (reply) return new ToolError(reply.message, reply.status, reply.extra ?? {});
      if (/Maximum call stack size exceeded/.test(err.message))
        return new ToolError(`${where} is nested too deeply to process (the nesting limit of ${slug})`, 400, extra);
      return new Error(`${slug} failed in its worker: ${err.message}`);
    }
  }
}

/** A limit as people say it: seconds, or whole minutes. */
function span(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}
