/**
 * Response compression: brotli or gzip when the request's Accept-Encoding asks
 * for it (brotli preferred). Streams through node:zlib, so streamed responses
 * stay streamed. Small bodies, event streams and already-encoded bodies are left alone.
 */
import type { MiddlewareHandler } from 'hono';
import { Readable, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Bodies shorter than this go out as they are. */
export const MIN_BYTES = 1024;
export const COMPRESSIBLE = /^(?:application\/(?:json|xml|yaml|x-ndjson|problem\+json)|text\/(?!event-stream))/i;

/** The encoding an Accept-Encoding asks for (brotli preferred), or null. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const score = (n: string) => offered.get(n) ?? offered.get('*') ?? 0;
  if (score('br') > 0 && score('br') >= score('gzip')) return 'br';
  if (score('gzip') > 0) return 'gzip';
  return null;
}

/** Answers known to be shorter than MIN_BYTES: the middleware leaves them without reading their headers or body. */
const shortAnswers = new WeakSet<Response>();

/**
 * Mark an answer whose text is shorter than MIN_BYTES (the hot routes know it): reading a node-server Response's
 * headers or body converts it to web objects, per call, which the adapter would then convert back.
 */
export function markShort(res: Response): void {
  shortAnswers.add(res);
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    // Decide before touching the response: reading `c.res` forces the adapter off its fast path.
    const encoding = c.req.method === 'HEAD' ? null : pickEncoding(c.req.header('accept-encoding'));
    await next();
    if (!encoding) return;
    const res = c.res;
    if (shortAnswers.has(res)) return;
    // Headers before the body: reading `body` makes the adapter build a web stream for the answer.
    if (res.headers.has('content-encoding') || !COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    const length = res.headers.get('content-length');
    if ((length !== null && Number(length) < MIN_BYTES) || !res.body) return;
    const zstream = compressor(encoding);
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream).pipe(zstream);
    const headers = new Headers(res.headers);
    headers.set('content-encoding', encoding);
    headers.append('vary', 'Accept-Encoding');
    c.res = new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, headers });
    c.res.headers.delete('content-length'); // after the set: Hono's setter copies the old answer's headers onto the new one
  };
}

/** A compressing stream for `encoding` (brotli at quality 4: fast enough for answers made on request). */
export function compressor(encoding: 'br' | 'gzip'): Transform {
  return encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 });
}
