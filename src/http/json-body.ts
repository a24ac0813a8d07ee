/**
 * Request bodies as JSON, the same on every route and server object: Content-Type JSON in UTF-8 (415 otherwise),
 * at most LIMITS.bodyBytes (413), strict UTF-8 (400 naming the byte), nesting depth checked on the bytes before
 * parsing (400 naming the limit), then JSON.parse. An empty body means `{}`.
 */
import type { HeaderReader } from '../core/auth.js';
import { LIMITS } from '../core/limits.js';
import { HttpError } from '../core/errors.js';
import { bodyTooDeep, jsonTextDepth } from '../core/validate.js';

export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function tooLarge(): HttpError {
  return new HttpError(`Request body too large: the limit is ${LIMITS.bodyBytes} bytes`, 413);
}

/**
 * The body of a request with these headers as a JSON object. `read` gets the declared length (NaN when the body
 * is chunked) and reads the bytes: whole when declared (within the limit, checked here first), else counting
 * (`readLimited`).
 */
export async function readJsonObject(
  headers: HeaderReader,
  read: (declaredLength: number) => Promise<Uint8Array>,
): Promise<Record<string, unknown>> {
  const type = headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) throw new HttpError(`Unsupported Content-Type "${type || '(none)'}": send the body as application/json`, 415);
  assertUtf8Charset(type);
  const declared = declaredLength(headers);
  const buf = await read(declared).catch((err: unknown) => {
    throw clientGone(err) ? cutOff() : err;
  });
  if (buf.byteLength > LIMITS.bodyBytes) throw tooLarge();
  const body = parseJsonBody(buf);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError('The request body must be a JSON object', 400);
  return body as Record<string, unknown>;
}

/** Node's error when the client closes the connection while its request body is being read. */
function clientGone(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ECONNRESET' || e?.message === 'aborted';
}

/** A body the client stopped sending: its fault, not the server's (logged as a 400, not as an internal error). */
function cutOff(): HttpError {
  return new HttpError('The request body was cut off: the client closed the connection before sending all of it', 400);
}

/** The declared Content-Length (NaN when none); 413 when it is past the limit. */
export function declaredLength(headers: HeaderReader): number {
  const length = headers.get('content-length');
  const declared = length === null ? NaN : Number(length);
  if (declared > LIMITS.bodyBytes) throw tooLarge();
  return declared;
}

/** Request bodies are UTF-8 (RFC 8259 §8.1): a Content-Type naming any other charset is a 415 naming the supported one. */
export function assertUtf8Charset(contentType: string): void {
  const m = /;\s*charset\s*=\s*("?)([^";,\s]*)\1/i.exec(contentType);
  if (!m) return;
  const charset = m[2].toLowerCase();
  if (charset === 'utf-8' || charset === 'utf8') return;
  throw new HttpError(
    `Unsupported charset "${m[2].slice(0, 40)}": request bodies must be UTF-8; send Content-Type: application/json; charset=utf-8 (or no charset)`,
    415,
  );
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes → JSON value: strict UTF-8 (invalid bytes are a 400, never replaced silently), the nesting depth checked on
 * the bytes before parsing (deeper than LIMITS.depth is a 400 naming the limit), then JSON.parse. Empty means `{}`.
 */
export function parseJsonBody(buf: Uint8Array, depthLimit: number = LIMITS.depth): unknown {
  if (buf.length === 0) return {};
  let text: string;
  try {
    text = UTF8.decode(buf);
  } catch {
    throw new HttpError(`The request body is not valid UTF-8 (at byte ${firstInvalidUtf8(buf)}): send JSON encoded as UTF-8`, 400);
  }
  if (jsonTextDepth(buf, depthLimit) > depthLimit) throw bodyTooDeep();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HttpError(`The request body is not valid JSON: ${(e as Error).message.slice(0, 200)}`, 400);
  }
}

/** Offset of the first byte that does not belong to a valid UTF-8 sequence (for the 400 message). */
function firstInvalidUtf8(buf: Uint8Array): number {
  let lo = 0;
  let hi = buf.length;
  // The longest valid prefix, by bisection on the strict decoder (a sequence is at most 4 bytes, so back off 3).
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  // `lo` may end inside the bad sequence (an incomplete one is valid while streaming): back off to its start.
  for (let k = lo; k >= Math.max(0, lo - 3); k--) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, k));
      return k;
    } catch {
      /* keep backing off */
    }
  }
  return lo;
}

/** Read a body up to `limit` bytes; 413 beyond it (also when Content-Length lies or is absent). */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number = LIMITS.bodyBytes): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
