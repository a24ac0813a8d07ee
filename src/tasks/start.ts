/**
 * A tool call as a task, for any surface: the input is validated first (a bad input is answered at once, as without
 * a task), then the task is stored and the call runs under it through the pipeline, with the task's abort signal
 * and progress. The surface says how an answer and a tool's error look on it (an MCP `CallToolResult`, a REST body).
 */
import type { CallOptions, CallResult, PreparedCall } from '../core/pipeline.js';
import { publicError } from '../core/pipeline.js';
import { log } from '../core/log.js';
import type { StoredTask, TaskRow, Tasks, TaskWork } from './tasks.js';

export interface TaskCall {
  /** Runs the prepared call under its meter (the pipeline's `run`). */
  run(call: PreparedCall): Promise<CallResult>;
  /** The surface's answer to a successful call. */
  answer(call: PreparedCall, data: unknown): Record<string, unknown>;
  /** The surface's answer to a call that failed (a tool's error, a refused charge): it completes the task. */
  failed(message: string, status: number, retryAfter?: number): Record<string, unknown>;
}

/**
 * Validate the call (`prepare`, given the task's signal and progress), store the task and start the call under it;
 * resolves with the stored task. A call stopped by a cancel ends the task `cancelled`, refunded like any failed call.
 */
export async function startTask(
  tasks: Tasks,
  owner: string,
  surface: TaskRow['surface'],
  prepare: (opts: Pick<CallOptions, 'signal' | 'onProgress'>) => Promise<PreparedCall>,
  hooks: TaskCall,
): Promise<StoredTask> {
  let work: TaskWork | undefined;
  const call = await prepare({
    signal: () => work?.signal ?? new AbortController().signal,
    onProgress: (p) => work?.progress(p),
  });
  return tasks.start(owner, call.tool.slug, surface, async (w) => {
    work = w;
    try {
      const { data } = await hooks.run(call);
      return { result: hooks.answer(call, data) };
    } catch (err) {
      const { status, message, retryAfter } = publicError(err, log);
      if (w.signal.aborted) return { failure: { status, message } };
      return { result: hooks.failed(message, status, retryAfter) };
    }
  });
}
