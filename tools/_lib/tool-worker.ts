/**
 * The program of the compute pool's worker threads (see ./offload.ts): runs a tool's `run` off the main thread.
 *
 * A type-checked module like any other: from the TypeScript sources (tests) it is loaded through tsx, from the
 * compiled files (dist/tools/_lib/tool-worker.js) directly, and from the bundle as its own entry point
 * (dist/chunks/tool-worker.js, see scripts/bundle.mjs), which shares the tools' chunks with the CLI.
 *
 * Each message is one job: `{ toolset, slug, input, ctx }` with input already validated on the main thread. The
 * reply is a WorkerReply: the tool's `data`, a ToolError passed on as is, or an unexpected error.
 */
import { parentPort } from 'node:worker_threads';
import { toolFiles } from '../index.js';
import { ToolError, type Tool, type ToolContext } from '../../src/core/tool.js';
import type { WorkerReply } from './worker-pool.js';
import type { ToolJob } from './offload.js';

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

async function runJob(job: ToolJob): Promise<WorkerReply> {
  try {
    const tool = await load(job.toolset, job.slug);
    const ctx: ToolContext = { ...job.ctx, signal: never };
    return { ok: true, value: await tool.run(job.input as never, ctx) };
  } catch (err) {
    if (err instanceof ToolError) return { ok: false, kind: 'tool', status: err.status, message: err.message, extra: err.extra };
    const message = err instanceof Error ? err.message : String(err);
    const tooLarge = err instanceof RangeError && /string length|array length|allocation/i.test(message);
    return { ok: false, kind: tooLarge ? 'too-large' : 'error', message: err instanceof RangeError ? `RangeError: ${message}` : message };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (job: ToolJob) => {
    void runJob(job).then((reply) => port.postMessage(reply));
  });
  port.postMessage({ ready: true });
}
