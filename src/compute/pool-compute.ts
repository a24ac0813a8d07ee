/**
 * The compute of a server or stdio process (src/core/compute.ts): a tool's call runs in the compute pool
 * (./tool-jobs.ts) when the tool declares `worker` and its input is big enough to need it.
 */
import type { Compute } from '../core/compute.js';
import type { Tool } from '../core/tool.js';
import { runToolInWorker, streamToolInWorker } from './tool-jobs.js';
import { jobTimeScale, STREAM_LIMITS, type StreamLimits } from './limits.js';

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

/**
 * The compute pool as a pipeline's `compute`; `streamLimits` bound the time a stream's reader takes (tests shorten
 * them). Throws on an invalid job time scale, so a process refuses to start with one.
 */
export function poolCompute(streamLimits: StreamLimits = STREAM_LIMITS): Compute {
  jobTimeScale();
  return {
    offloads,
    run: runToolInWorker,
    stream: (tool, input, ctx, onFailure) => streamToolInWorker(tool, input, ctx, streamLimits, onFailure),
  };
}
