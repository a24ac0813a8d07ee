/**
 * The hot path on Node's own request and response: `POST /api/v1/tools/<slug>` is answered by the same
 * ToolCalls as the Hono route (src/http/tool-calls.ts), without the web Request/Response objects, Hono's context
 * and the middleware chain, which together cost about as much as a whole bare call.
 *
 * Only requests for which every middleware would do nothing take it: no Origin (CORS, the Origin check), a Host
 * the guard accepts, a declared Content-Length within the limit (no chunked body to count), no repeated header
 * (Node keeps one of a repeated Authorization where the web Headers joins them). Everything else, and every
 * other route, goes to the Hono app unchanged. What the middlewares add to a tool answer (Cache-Control,
 * compression of long answers), ToolCalls and `send` below add here; the request id, log line and metrics of the
 * first middleware (src/observe/requests.ts), `sendObserved`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { LIMITS } from '../core/limits.js';
import type { HeaderReader } from '../core/auth.js';
import { clientIpOf } from './client-ip.js';
import { COMPRESSIBLE, compressor, MIN_BYTES, pickEncoding } from './compression.js';
import { hostChecker } from './guard.js';
import { tooLarge } from './json-body.js';
import type { HttpAnswer, ToolCalls } from './tool-calls.js';
import { accountOf, bodyWithRequestId, finishRequest, namesRequestId, requestIdFrom } from '../observe/requests.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const TOOL_PATH = /^\/api\/v1\/tools\/([a-z0-9-]{1,100})$/;

export interface FastPathOptions {
  /** Host names accepted in Host (null: any), as the Hono app's guard. */
  allowedHosts: readonly string[] | null;
  trustProxy: boolean;
}

/** A Node request listener: tool calls on the hot path, everything else through `fallback` (the Hono app's listener). */
export function withToolFastPath(calls: ToolCalls, opts: FastPathOptions, fallback: Listener): Listener {
  const hostAllowed = hostChecker(opts.allowedHosts);
  return (req, res) => {
    const slug = req.method === 'POST' ? TOOL_PATH.exec(req.url ?? '')?.[1] : undefined;
    const h = req.headers;
    if (
      slug === undefined ||
      h.origin !== undefined ||
      h['transfer-encoding'] !== undefined ||
      h['content-length'] === undefined ||
      Number(h['content-length']) > LIMITS.bodyBytes ||
      !hostAllowed(h.host) ||
      req.rawHeaders.length !== 2 * Object.keys(h).length
    )
      return fallback(req, res);
    const start = performance.now();
    const headers = nodeHeaders(req);
    void calls
      .answer(slug, false, {
        headers,
        clientIp: () => clientIpOf(opts.trustProxy ? (h['x-forwarded-for'] as string | undefined) : undefined, req.socket.remoteAddress),
        readBody: () => readBody(req),
        signal: () => abortedWith(req, res),
      })
      .catch((err: unknown) => calls.errorAnswer(err))
      .then((answer) =>
        sendObserved(req, res, answer, { id: requestIdFrom(h['x-request-id'] as string | undefined), slug, start, headers }),
      )
      .catch(() => res.destroy());
  };
}

/** Send with the request id (header, and the body of a 500 or 503), then the request's log line and metrics. */
async function sendObserved(
  req: IncomingMessage,
  res: ServerResponse,
  answer: HttpAnswer,
  r: { id: string; slug: string; start: number; headers: HeaderReader },
): Promise<void> {
  answer.headers['X-Request-Id'] = r.id;
  if (typeof answer.body === 'string' && namesRequestId(answer.status, answer.headers['Content-Type'], undefined))
    answer.body = bodyWithRequestId(answer.body, r.id);
  try {
    await send(req, res, answer);
  } finally {
    finishRequest({
      id: r.id,
      method: 'POST',
      route: '/api/v1/tools/:slug',
      status: answer.status,
      start: r.start,
      surface: 'rest',
      tool: r.slug,
      account: accountOf(r.headers),
    });
  }
}

/** Node's header object read like web Headers (names lower case; every header here occurs once). */
function nodeHeaders(req: IncomingMessage): HeaderReader {
  const h = req.headers;
  return { get: (name) => (h[name] as string | undefined) ?? null };
}

/** The body, whose declared length (within the limit) Node's parser enforces. */
function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMITS.bodyBytes) return reject(tooLarge());
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A signal aborted when the client goes away before its answer is out (made only when a tool asks for it). */
function abortedWith(req: IncomingMessage, res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const gone = () => {
    if (!res.writableFinished) controller.abort(new Error('the client went away'));
  };
  if (req.socket.destroyed) gone();
  else res.once('close', gone);
  return controller.signal;
}

/** Write the answer: compressed when the client asks and it is long enough (as the Hono app's compression). */
async function send(req: IncomingMessage, res: ServerResponse, answer: HttpAnswer): Promise<void> {
  const { status, headers, body } = answer;
  const text = typeof body === 'string' ? Buffer.from(body, 'utf8') : null;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const compress = encoding !== null && (text === null || text.length >= MIN_BYTES) && COMPRESSIBLE.test(headers['Content-Type'] ?? '');
  if (!compress) {
    if (text) {
      headers['Content-Length'] = String(text.length); // the answer's own headers (tool-calls.ts: jsonHeaders)
      res.writeHead(status, headers);
      res.end(text);
    } else {
      res.writeHead(status, headers);
      await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), res);
    }
    return;
  }
  headers['Content-Encoding'] = encoding;
  headers.Vary = 'Accept-Encoding';
  res.writeHead(status, headers);
  await pipeline(text ? Readable.from([text]) : Readable.fromWeb(body as NodeReadableStream<Uint8Array>), compressor(encoding), res);
}
