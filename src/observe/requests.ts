/**
 * One log line and one set of metrics per HTTP request, on both ways in: the Hono app (`requestObserver`, the
 * first middleware) and Node's tool-call fast path (src/http/node-fast-path.ts, through `finishRequest`).
 *
 * The request id is the client's `X-Request-Id` when it is a sane token (1–128 of `A-Z a-z 0-9 . _ -`), else a
 * fresh one; every answer carries it back in `X-Request-Id`, and a 500 or 503 body names it (`request_id`), so a
 * failure a user reports can be found in the log. The line holds the route template, never the path or query
 * (which may carry secrets), and never a header, cookie or body.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Auth, HeaderReader } from '../core/auth.js';
import { logger } from '../core/log.js';
import { observeRequest, secondsSince } from './metrics.js';

const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The client's id when sane, else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && SANE_ID.test(header) ? header : randomUUID();
}

/** Who a request authenticated as, by its header object (one per request on both ways in). */
const accounts = new WeakMap<object, string>();

/** `auth` that remembers each request's account for its log line (by the request's header object). */
export function observedAuth(auth: Auth): Auth {
  return {
    authenticate: async (headers, surface) => {
      const caller = await auth.authenticate(headers, surface);
      accounts.set(headers, caller.accountId);
      return caller;
    },
    rateLimitHeaders: (balance) => auth.rateLimitHeaders(balance),
    balance: (accountId) => auth.balance(accountId),
  };
}

export function accountOf(headers: HeaderReader): string | undefined {
  return accounts.get(headers);
}

/** What the log line and the metrics say about one answered request. */
export interface RequestRecord {
  id: string;
  method: string;
  /** The route template (`/api/v1/tools/:slug`), or `unmatched`. */
  route: string;
  status: number;
  /** `performance.now()` when the request came in. */
  start: number;
  surface: 'rest' | 'mcp' | 'web';
  tool?: string;
  account?: string;
}

export function finishRequest(r: RequestRecord): void {
  const seconds = secondsSince(r.start);
  observeRequest(r.method, r.route, r.status, seconds);
  const line = {
    request_id: r.id,
    method: r.method,
    route: r.route,
    status: r.status,
    duration_ms: Math.round(seconds * 100_000) / 100,
    surface: r.surface,
    tool: r.tool,
    account: r.account,
  };
  if (r.status >= 500) logger.error(line, 'request');
  else logger.info(line, 'request');
}

export function surfaceOf(path: string): RequestRecord['surface'] {
  return path === '/mcp' || path.startsWith('/mcp/') ? 'mcp' : path.startsWith('/api/') ? 'rest' : 'web';
}

/** A JSON error body (`{error, code, …}`, as JSON.stringify wrote it) that also names the request id. */
export function bodyWithRequestId(body: string, id: string): string {
  const trimmed = body.trimEnd();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}') || trimmed.includes('"request_id"')) return body;
  return `${trimmed.slice(0, -1)}${trimmed.length > 2 ? ',' : ''}"request_id":"${id}"}`;
}

/** Whether an answer's body should name the request id: a 500 or 503 in JSON, not compressed. */
export function namesRequestId(status: number, contentType: string | null | undefined, encoding: string | null | undefined): boolean {
  return (status === 500 || status === 503) && !encoding && (contentType ?? '').startsWith('application/json');
}

/** The first middleware: the request id in and out, then the log line and the metrics once the answer is made. */
export function requestObserver(): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    const id = requestIdFrom(c.req.header('x-request-id'));
    await next();
    let res = c.res;
    if (namesRequestId(res.status, res.headers.get('content-type'), res.headers.get('content-encoding'))) {
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      res = new Response(bodyWithRequestId(await res.text(), id), { status: res.status, headers });
    }
    try {
      res.headers.set('X-Request-Id', id);
    } catch {
      res = new Response(res.body, res); // a response with immutable headers (a proxied one)
      res.headers.set('X-Request-Id', id);
    }
    if (res !== c.res) {
      // Hono copies the old answer's headers onto a new one (a stale Content-Length among them): unset it first.
      c.res = undefined;
      c.res = res;
    }
    const template = routePath(c);
    const route = template === '*' || template === '/*' ? 'unmatched' : template;
    finishRequest({
      id,
      method: c.req.method,
      route,
      status: res.status,
      start,
      surface: surfaceOf(c.req.path),
      tool: route.includes(':slug') ? c.req.param('slug') : undefined,
      account: accountOf(c.req.raw.headers),
    });
  };
}
