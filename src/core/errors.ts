/**
 * A failure the caller can act on, with the HTTP status that names its kind (the REST table: 400 bad input,
 * 401, 403, 404, 409, 413 too large, 415, 429 with `retryAfter`, 502 upstream, 503 unavailable...). Its message
 * is shown to the caller as is, on every surface: REST `{error, code, retry_after?}`, MCP `isError` with the same
 * text. The platform throws it; a tool throws its subclass `ToolError` (src/core/tool.ts).
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    readonly extra: { retryAfter?: number; field?: string } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
