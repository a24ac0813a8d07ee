/**
 * The program of the compute pool's worker threads (see ./tool-jobs.ts): runs a tool's `run` off the main thread.
 *
 * A type-checked module like any other: from the TypeScript sources (tests) it is loaded through tsx, from the
 * compiled files (dist/src/compute/tool-worker.js) directly, and from the bundle as its own entry point
 * (dist/chunks/tool-worker.js, see scripts/bundle.mjs), which shares the tools' chunks with the CLI
 * (./worker-file.ts finds it).
 *
 * Each message is one job: `{ toolset, slug, input, ctx }` with input already validated on the main thread. The
 * reply is a WorkerReply: the tool's `data`, an HttpError (a ToolError included) passed on as is, or an unexpected
 * error. A job with `stream` runs the tool's `streamJson` instead and sends its text to the main thread as requests
 * (./chunk-flow.ts) before the reply.
 */
import { parentPort } from 'node:worker_threads';
import { toolFiles } from '../../tools/index.js';
import { HttpError } from '../core/errors.js';
import { ToolError, type Tool, type ToolContext } from '../core/tool.js';
import type { HostedFile, RenderApi } from '../core/render-api.js';
import type { HttpErrorReply, WorkerReply } from './worker-pool.js';
import type { ToolJob } from './tool-jobs.js';
import { ChunkSender } from './chunk-flow.js';
import { throttleProgress, type Progress } from '../core/progress.js';

const loaded = new Map<string, Promise<Tool>>();

function load(toolset: string, slug: string): Promise<Tool> {
  const key = `${toolset}/${slug}`;
  let tool = loaded.get(key);
  if (!tool) {
    const file = toolFiles.find((f) => f.toolset === toolset && f.file === slug);
    tool = file
      ? file.load()
      : Promise.all(toolFiles.filter((f) => f.toolset === toolset).map((f) => f.load())).then((tools) => {
          const found = tools.find((t) => t.slug === slug);
          if (!found) throw new Error(`no tool ${key}`);
          return found;
        });
    loaded.set(key, tool);
  }
  return tool;
}

/** The job is killed from outside on a deadline or cancel: inside, the signal never fires. */
const never = new AbortController().signal;

/** Requests to the main thread in flight, by id. */
const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
let nextRequest = 0;

function ask(body: unknown): Promise<unknown> {
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    parentPort!.postMessage({ request: { id, body } });
  });
}

/** Files a job makes are hosted by the main thread (it owns the hosted-files store); nothing else renders here. */
function hostingOnly(): RenderApi {
  const unavailable = () => Promise.reject(new HttpError('Rendering is not available in the compute pool', 503));
  return {
    htmlToPdf: unavailable,
    urlToPdf: unavailable,
    urlScreenshot: unavailable,
    readHosted: () => null,
    store: (body, contentType, filename) => ask({ host: { body, contentType, filename } }) as Promise<HostedFile>,
  };
}

async function runJob(job: ToolJob): Promise<WorkerReply> {
  try {
    const tool = await load(job.toolset, job.slug);
    const ctx: ToolContext = { ...job.ctx, signal: never, ...(job.hosting ? { render: hostingOnly } : {}) };
    // Reports are throttled here already, so a chatty tool costs no messages to the main thread.
    if (job.progress) ctx.progress = throttleProgress((progress: Progress) => void ask({ progress }).catch(() => undefined));
    if (job.stream) {
      // A streamed call: the text goes to the main thread as it is made, with flow control; the reply only ends it.
      // Waiting for the reader, it says so (`waitFor`): the main thread pauses the job's clock until it has read on.
      const sender = new ChunkSender(
        job.stream,
        (chunk) => ask({ chunk }),
        (seq) => void ask({ waitFor: seq }).catch(() => undefined),
      );
      for await (const text of tool.streamJson!(job.input as never, ctx)) await sender.send(text);
      await sender.end();
      return { ok: true, value: null };
    }
    return { ok: true, value: await tool.run(job.input as never, ctx) };
  } catch (err) {
    if (err instanceof HttpError) {
      const reply: HttpErrorReply = { ok: false, kind: 'tool', status: err.status, message: err.message, extra: err.extra };
      if (!(err instanceof ToolError)) reply.platform = true;
      return reply;
    }
    const message = err instanceof Error ? err.message : String(err);
    const tooLarge = err instanceof RangeError && /string length|array length|allocation/i.test(message);
    return { ok: false, kind: tooLarge ? 'too-large' : 'error', message: err instanceof RangeError ? `RangeError: ${message}` : message };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: ToolJob | { response: { id: number; ok: boolean; value?: unknown; message?: string; status?: number } }) => {
    if ('response' in msg) {
      const { id, ok, value, message, status } = msg.response;
      const waiter = pending.get(id);
      pending.delete(id);
      if (ok) waiter?.resolve(value);
      else waiter?.reject(new HttpError(message ?? 'the request failed', status ?? 500));
      return;
    }
    void runJob(msg).then((reply) => port.postMessage(reply));
  });
  port.postMessage({ ready: true });
}
