/**
 * `GET /files/<id>`: a hosted file, streamed from wherever it is kept (./files.ts) a chunk at a time as the
 * client reads it, with one byte range when asked (`Range: bytes=a-b`, `a-`, `-n`; a download resumed or
 * a PDF viewer reading pages). Several ranges in one request are answered with the whole file, which HTTP
 * allows. The id is the capability: no account, no cookie.
 */
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { FileStore } from './files.js';

/** The one range a `Range` header asks of `size` bytes: inclusive bounds, 'unsatisfiable', or null (none, or not one we answer). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}

function headersOf(file: Extract<Awaited<ReturnType<FileStore['open']>>, { status: 200 }>, id: string): Record<string, string> {
  const { meta } = file;
  const svg = meta.contentType === 'image/svg+xml';
  const download = svg || meta.contentType === 'application/zip';
  return {
    'Content-Type': meta.contentType,
    'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${meta.filename}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${file.maxAgeSeconds}`,
    // SVG is a document that could carry script: never run it on this origin.
    ...(svg ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" } : {}),
    'Referrer-Policy': 'no-referrer',
    Expires: new Date(Date.parse(meta.expiresAt)).toUTCString(),
    'Accept-Ranges': 'bytes',
    // A file never changes: its id is its version.
    ETag: `"${id}"`,
  };
}

async function serveFile(c: Context, files: FileStore): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const file = await files.open(id);
  if (file.status !== 200) return c.json({ error: file.message, code: file.status }, file.status);
  const headers = headersOf(file, id);
  const size = file.meta.bytes;
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === headers.ETag ? byteRange(c.req.header('range'), size) : null;
  if (range === 'unsatisfiable')
    return c.json({ error: `The range asked for is outside the file (${size} bytes)`, code: 416 }, 416, {
      'Content-Range': `bytes */${size}`,
    });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = end - start + 1;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
  // Pulled as the client reads (backpressure): a chunk in memory at a time, however large the file.
  const body = Readable.toWeb(Readable.from(file.read(start, end), { objectMode: false })) as ReadableStream;
  return c.body(body, status, headers);
}

export function fileRoutes(app: Hono, files: FileStore): void {
  app.get('/files/:id', (c) => serveFile(c, files));
}
