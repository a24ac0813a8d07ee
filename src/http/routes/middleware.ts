/**
 * The middlewares every request passes, in order: the request id, log line and metrics (src/observe/requests.ts), host guard, the origin check of state-changing requests
 * (cross-site request forgery), CORS, compression, no-store for answers
 * to callers with credentials, the body limit, and the X-RateLimit-* headers of authenticated API answers.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '../../core/limits.js';
import { compression } from '../compression.js';
import { hostGuard, originCheck } from '../guard.js';
import { tooLarge } from '../json-body.js';
import type { BaseOptions } from '../public-base.js';
import { hasCredentials } from '../tool-calls.js';
import { requestObserver } from '../../observe/requests.js';
import type { AppShared } from './shared.js';

const corsHeaders = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'DELETE', 'PUT', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'mcp-session-id', 'mcp-protocol-version', 'Last-Event-ID', 'X-Request-Id'],
  exposeHeaders: [
    'mcp-session-id',
    'mcp-protocol-version',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'RateLimit-Policy',
    'RateLimit',
    'Retry-After',
    'WWW-Authenticate',
    'X-Request-Id',
  ],
  maxAge: 600,
});

export function middlewares(app: Hono, s: AppShared, allowedHosts: readonly string[] | null, base: BaseOptions): void {
  app.use('*', requestObserver());
  app.use('*', hostGuard(allowedHosts));
  app.use('*', originCheck(base));
  // CORS headers matter only to browsers, which always send Origin on cross-origin requests.
  const crossOrigin: MiddlewareHandler = (c, next) => (c.req.header('origin') ? corsHeaders(c, next) : next());
  app.use('*', crossOrigin);
  app.use('*', compression());
  // Answers to a caller with credentials (account, usage, memory, keys, admin, tool results) are never
  // stored by a browser or a shared cache.
  app.use('*', async (c, next) => {
    await next();
    if (!s.isWhole(c.res) && hasCredentials(c.req.raw.headers) && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', 'no-store');
  });

  // Every body on every route (forms, OAuth, webhooks, JSON) within LIMITS.bodyBytes. A declared length is checked
  // from the header alone (the hot path never touches the stream here); a body without one (chunked) is counted
  // as it arrives and refused once past the limit, never buffered whole first.
  const chunkedLimit = bodyLimit({ maxSize: LIMITS.bodyBytes, onError: (c) => s.errorResponse(c, tooLarge()) });
  const withinLimit: MiddlewareHandler = (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(length) > LIMITS.bodyBytes ? Promise.resolve(s.errorResponse(c, tooLarge())) : next();
    return c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : chunkedLimit(c, next);
  };
  app.use('*', withinLimit);

  // Every authenticated API response carries the caller's X-RateLimit-* headers (tool calls set them
  // from the charge itself; account, usage, memory and other routes get the current balance here).
  app.use('/api/*', async (c, next) => {
    await next();
    const caller = s.callerOf(c.req.raw);
    if (!caller || s.isWhole(c.res) || c.res.headers.has('X-RateLimit-Remaining')) return;
    const balance = await s.auth.balance(caller.accountId).catch(() => undefined);
    if (balance) for (const [name, value] of Object.entries(s.auth.rateLimitHeaders(balance))) c.res.headers.set(name, value);
  });
}
