/**
 * Size limits shared by the surfaces and the tools. Every string a caller sends
 * is bounded; tools use these constants in their schemas so the limit shows in
 * the JSON Schema, the OpenAPI document and the 400 message alike.
 */
export const LIMITS = {
  /** Largest REST/MCP request body, bytes (413 above it). */
  bodyBytes: 2 * 1024 * 1024,
  /** Largest free-text input field, characters. */
  text: 1_000_000,
  /** Largest short string field (names, modes, separators...). */
  short: 200,
  /** Largest regular-expression pattern, characters. */
  pattern: 1_000,
  /**
   * Deepest nesting of arrays/objects in a request body (the body object itself is level 1). Deeper bodies are
   * refused with a 400 before validation, on every surface: recursive code (validation, messages, JSON
   * printing) must never meet a value deep enough to overflow the stack.
   */
  depth: 100,
  /**
   * Jobs allowed to wait for a worker of the compute pool (src/compute/tool-jobs.ts) beyond those running; more are
   * refused at once with 503 and Retry-After, so no call ever waits behind an unbounded queue.
   */
  workerQueue: 8,
  /** Longest a job may wait for a free worker before it is refused with 503 and Retry-After, ms. */
  workerWaitMs: 3_000,
  /**
   * A streamed response made in a worker (REST, tools with `worker` and `streamJson`) waits for its reader without
   * that time counting against the tool's deadline; but when the reader takes nothing for this long, ms, the stream
   * is ended and the worker freed (the reader has stopped reading).
   */
  streamIdleMs: 30_000,
  /**
   * Longest such a stream may take from start to end, its reader's time included, ms (30 min): a reader that
   * trickles cannot hold a worker for ever. The largest UPA run (about 550 MB of JSON) needs about 300 KB/s
   * uncompressed to finish in time (gzip about 25 KB/s, brotli about 5 KB/s).
   */
  streamWallMs: 30 * 60_000,
} as const;
