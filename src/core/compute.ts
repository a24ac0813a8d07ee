/**
 * Where a tool's call runs: the interface the pipeline uses, injected like a `Meter` (src/compute/ implements it
 * with worker threads). A pipeline without one runs every call on the main thread, as a tool's own tests do.
 */
import type { Tool, ToolContext } from './tool.js';

export interface Compute {
  /** Whether this call of `tool` on the validated `input` runs off the main thread. */
  offloads(tool: Tool, input: unknown): boolean;
  /** Runs `tool.run(input)` off the main thread; platform failures (deadline, memory, busy) are `HttpError`s. */
  run(tool: Tool, input: unknown, ctx: ToolContext): Promise<unknown>;
  /**
   * Runs `tool.streamJson(input)` off the main thread and yields its text as it comes. A failure is thrown after the
   * text that came before it, and given to `onFailure` at once (a consumer held up by its own reader learns of it
   * without asking for the next text).
   */
  stream(tool: Tool, input: unknown, ctx: ToolContext, onFailure?: (err: unknown) => void): AsyncIterable<string>;
}
