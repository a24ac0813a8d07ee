/**
 * The HTTP app (Hono): REST tool routes, the catalog, OpenAPI, health and the
 * MCP Streamable HTTP endpoint, all derived from the registry.
 *
 * A REST request flows: guards (host/origin, CORS) → route → the tool call
 * (src/http/tool-calls.ts: authenticate → read and validate the body →
 * pipeline (ledger → tool) → JSON answer with rate-limit headers) → compression.
 * Under `werkbank serve` most tool calls skip this app: src/http/node-fast-path.ts
 * answers them on Node's own request with the same tool-call code.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { createMcpHandler, type McpHttpHandler, type McpRequestContext } from '@modelcontextprotocol/server';
import type { Registry } from '../core/registry.js';
import type { Caller, Pipeline } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';
import { LIMITS } from '../core/limits.js';
import { log } from '../core/log.js';
import type { ToolsetSelection } from '../core/toolsets.js';
import type { McpSurface } from '../mcp/surface.js';
import type { Auth } from '../core/auth.js';
import { buildOpenApi, type ApiOperation } from '../docs/openapi.js';
import { compression, markShort, MIN_BYTES } from './compression.js';
import { hostGuard } from './guard.js';
import { VERSION } from '../core/version.js';
import { clientIp } from './client-ip.js';
import { CATALOG_OPERATION, catalogAnswer } from './tool-catalog.js';
import { loadStemmers } from '../search/text.js';
import { authThrottle, ListenStreams, type AddressLimit } from './protect.js';
import { assertUtf8Charset, declaredLength, JSON_TYPE, parseJsonBody, readJsonObject, readLimited, tooLarge } from './json-body.js';
import { hasCredentials, jsonHeaders, ToolCalls, type HttpAnswer } from './tool-calls.js';

export interface AppOptions {
  registry: Registry;
  pipeline: Pipeline;
  mcp: McpSurface;
  auth: Auth;
  /** Default toolsets for `/mcp` connections without `?toolsets=`. */
  toolsets: ToolsetSelection;
  /** Host names accepted in `Host`/`Origin` (DNS-rebinding protection); null = any. */
  allowedHosts: readonly string[] | null;
  /** Subscribe to per-account MCP change events (memory), delivered on 2026-07-28 listen streams. */
  mcpEvents?: (listener: (accountId: string, event: { kind: 'resource_updated'; uri: string } | { kind: 'resources_changed' }) => void) => void;
  /** Called when a key is revoked, so open MCP streams of that key are closed at once. */
  onCredentialRevoked?: (listener: (credentialId: string) => void) => void;
  /** Trust X-Forwarded-For for the client IP of anonymous callers (only behind your own proxy). */
  trustProxy?: boolean;
  /** Extra routes (admin, account, memory, render, files) mounted by other modules. */
  routes?: ((app: Hono, helpers: RouteHelpers) => void)[];
  /** Those routes described for the OpenAPI document (what is not a tool). */
  operations?: (registry: Registry) => ApiOperation[];
  /** Readiness (`/health/ready`): resolves when the store answers, rejects when it does not. */
  ready?: () => Promise<void>;
  /** Failed authentication per client address (default: 30 a minute). */
  throttle?: AddressLimit;
  /** MCP listen streams open at once per key (default 10). */
  listenStreamsPerKey?: number;
  /** The WWW-Authenticate challenge of a 401 on /mcp (OAuth discovery: resource_metadata); default a plain Bearer realm. */
  mcpChallenge?: (c: Context) => string;
}

/** Shared helpers for modules that add routes. */
export interface RouteHelpers {
  registry: Registry;
  pipeline: Pipeline;
  errorResponse(c: Context, err: unknown, headers?: Record<string, string>): Response;
  readJsonObject(c: Context): Promise<Record<string, unknown>>;
  authenticate(c: Context): Promise<Caller & { kind: 'account' }>;
}

/** 2025-era protocol versions whose stateless requests may take the MCP hot path. */
const FAST_PATH_VERSIONS = new Set(['2025-11-25', '2025-06-18', '2025-03-26']);

/** The app, and the tool calls behind its REST tool routes (which Node's own hot path also answers). */
export interface BuiltApp {
  app: Hono;
  calls: ToolCalls;
}

export function buildApp(opts: AppOptions): BuiltApp {
  const { registry, pipeline, auth } = opts;
  const app = new Hono();
  const throttle = opts.throttle ?? authThrottle();
  const calls = new ToolCalls({ registry, pipeline, auth, throttle });

  app.use('*', hostGuard(opts.allowedHosts));
  const corsHeaders = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'PUT', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'mcp-session-id', 'mcp-protocol-version', 'Last-Event-ID'],
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
    ],
    maxAge: 600,
  });
  // CORS headers matter only to browsers, which always send Origin on cross-origin requests.
  app.use('*', (c, next) => (c.req.header('origin') ? corsHeaders(c, next) : next()));
  app.use('*', compression());
  /**
   * Answers made whole by the hot routes (tool calls, MCP): they carry their Cache-Control and X-RateLimit-*
   * headers from the start, so the middlewares below leave them alone and their headers stay a plain object
   * to the socket (reading `res.headers` would build a web `Headers` and convert it back for every call).
   */
  const whole = new WeakSet<Response>();
  const wholeJson = (c: Context, text: string, headers: Record<string, string>): Response => {
    const h = Object.assign(jsonHeaders(), headers); // by assignment, not spreading: see jsonHeaders
    if (hasCredentials(c.req.raw.headers)) h['Cache-Control'] = 'no-store';
    return wholeAnswer({ status: 200, headers: h, body: text });
  };
  /** An answer made whole by ToolCalls (its headers complete, and its own). A text answer names its length: compression skips short ones. */
  const wholeAnswer = (a: HttpAnswer): Response => {
    const length = typeof a.body === 'string' ? Buffer.byteLength(a.body) : NaN;
    if (length >= 0) a.headers['Content-Length'] = String(length);
    const res = new Response(a.body, { status: a.status, headers: a.headers });
    if (length < MIN_BYTES) markShort(res);
    whole.add(res);
    return res;
  };
  // Answers to a caller with credentials (account, usage, memory, keys, admin, tool results) are never
  // stored by a browser or a shared cache.
  app.use('*', async (c, next) => {
    await next();
    if (!whole.has(c.res) && hasCredentials(c.req.raw.headers) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const errorResponse = (_c: Context, err: unknown, headers: Record<string, string> = {}): Response => {
    const a = calls.errorAnswer(err, headers);
    return new Response(a.body, { status: a.status, headers: a.headers });
  };

  // Every body on every route (forms, OAuth, webhooks, JSON) within LIMITS.bodyBytes. A declared length is checked
  // from the header alone (the hot path never touches the stream here); a body without one (chunked) is counted
  // as it arrives and refused once past the limit, never buffered whole first.
  const chunkedLimit = bodyLimit({ maxSize: LIMITS.bodyBytes, onError: (c) => errorResponse(c, tooLarge()) });
  app.use('*', (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(length) > LIMITS.bodyBytes ? Promise.resolve(errorResponse(c, tooLarge())) : next();
    return c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : chunkedLimit(c, next);
  });

  /** The body as the adapter has it: a declared length (within the limit) whole, else counted as it comes. */
  const readBody = async (c: Context, declared: number): Promise<Uint8Array> =>
    Number.isFinite(declared) ? new Uint8Array(await c.req.arrayBuffer()) : readLimited(c.req.raw.body);
  const readJson = (c: Context) => readJsonObject(c.req.raw.headers, (declared) => readBody(c, declared));

  /** Who each authenticated request is, for the rate-limit headers below. */
  const callers = new WeakMap<Request, Caller & { kind: 'account' }>();
  const authenticate = async (c: Context): Promise<Caller & { kind: 'account' }> => {
    const caller = await calls.authenticate(c.req.raw.headers, c.req.path === '/mcp' ? 'mcp' : 'rest', () => clientIp(c, opts.trustProxy ?? false));
    callers.set(c.req.raw, caller);
    return caller;
  };
  // Every authenticated API response carries the caller's X-RateLimit-* headers (tool calls set them
  // from the charge itself; account, usage, memory and other routes get the current balance here).
  app.use('/api/*', async (c, next) => {
    await next();
    const caller = callers.get(c.req.raw);
    if (!caller || whole.has(c.res) || c.res.headers.has('X-RateLimit-Remaining')) return;
    const balance = await auth.balance(caller.accountId).catch(() => undefined);
    if (balance) for (const [name, value] of Object.entries(auth.rateLimitHeaders(balance))) c.res.headers.set(name, value);
  });
  const helpers: RouteHelpers = { registry, pipeline, errorResponse, readJsonObject: readJson, authenticate };

  // Liveness: the process answers. Readiness: it can also reach its store (a load balancer's check).
  app.get('/health', (c) => c.json({ ok: true, version: VERSION, tools: registry.tools.length }));
  app.get('/health/ready', async (c) => {
    try {
      await opts.ready?.();
      return c.json({ ok: true, store: 'reachable' });
    } catch (err) {
      return c.json({ ok: false, store: 'unreachable', error: err instanceof HttpError ? err.message : 'the store did not answer' }, 503, { 'Retry-After': '5' });
    }
  });

  let openapi: Promise<Record<string, unknown>> | undefined;
  app.get('/openapi.json', async (c) => c.json(await (openapi ??= buildOpenApi(registry, [CATALOG_OPERATION, ...(opts.operations?.(registry) ?? [])]))));

  // The catalogue, and with ?q= the tool search (src/http/tool-catalog.ts).
  app.get('/api/v1/tools', async (c) => {
    try {
      if (c.req.query('q')) await loadStemmers();
      return c.json({ ok: true, data: catalogAnswer(registry, { q: c.req.query('q'), limit: c.req.query('limit'), toolset: c.req.query('toolset') }) });
    } catch (err) {
      return errorResponse(c, err);
    }
  });

  /** Tool and render routes (src/http/tool-calls.ts). Render routes also take anonymous callers. */
  const toolRoute = (isRender: boolean) => async (c: Context) =>
    wholeAnswer(
      await calls.answer(c.req.param('slug') ?? '', isRender, {
        headers: c.req.raw.headers,
        clientIp: () => clientIp(c, opts.trustProxy ?? false),
        readBody: (declared) => readBody(c, declared),
        signal: () => c.req.raw.signal,
      }),
    );

  for (const [prefix, isRender] of [
    ['/api/v1/tools/:slug', false],
    ['/api/v1/render/:slug', true],
  ] as const) {
    app.post(prefix, toolRoute(isRender));
    app.on(['GET', 'PUT', 'DELETE', 'PATCH'], prefix, (c) =>
      c.json({ error: `Method ${c.req.method} not allowed: tool endpoints take POST with a JSON body`, code: 405 }, 405, {
        Allow: 'POST',
      }),
    );
  }

  // MCP over Streamable HTTP: both protocol eras on one endpoint (stateless). One SDK handler per
  // account, so that 2026-07-28 `subscriptions/listen` streams only ever see their own account's events.
  // The route below authenticates and parses `?toolsets=` once, and hands both over in authInfo.extra.
  const factory = opts.mcp.factory((ctx: McpRequestContext) => {
    const extra = ctx.authInfo?.extra as { caller: Caller; toolsets: ToolsetSelection };
    return {
      conn: { surface: 'mcp-http', caller: extra.caller, stateful: false, listen: ctx.era === 'modern' },
      selection: extra.toolsets,
    };
  });
  const listenStreams = new ListenStreams(opts.listenStreamsPerKey ?? 10);
  // Keyed by API key id: a revoked key's open listen streams are closed with its handler.
  const mcpHandlers = new Map<string, { accountId: string; handler: McpHttpHandler }>();
  const handlerFor = (caller: Caller & { kind: 'account' }): McpHttpHandler => {
    let entry = mcpHandlers.get(caller.credentialId);
    if (!entry) {
      const handler = createMcpHandler(factory, { maxRequestBodySize: LIMITS.bodyBytes, onerror: (e) => log(`mcp: ${e.message}`) });
      entry = { accountId: caller.accountId, handler };
      mcpHandlers.set(caller.credentialId, entry);
    }
    return entry.handler;
  };
  opts.mcpEvents?.((accountId, event) => {
    for (const { accountId: owner, handler } of mcpHandlers.values()) {
      if (owner !== accountId) continue; // never another account's events
      if (event.kind === 'resource_updated') handler.notify.resourceUpdated(event.uri);
      else handler.notify.resourcesChanged();
    }
  });
  opts.onCredentialRevoked?.((credentialId) => {
    const entry = mcpHandlers.get(credentialId);
    mcpHandlers.delete(credentialId);
    void entry?.handler.close().catch(() => undefined);
  });
  app.all('/mcp', async (c) => {
    let caller: Caller & { kind: 'account' };
    let toolsets: ToolsetSelection;
    try {
      caller = await authenticate(c);
      const chosen = c.req.query('toolsets');
      toolsets = chosen !== undefined ? registry.selection(chosen) : opts.toolsets; // a bad name is a 400 naming it
    } catch (err) {
      // A 401 points MCP clients to the OAuth discovery documents (RFC 9728); API keys keep working as before.
      const status = err instanceof HttpError ? err.status : 0;
      return errorResponse(c, err, status === 401 && opts.mcpChallenge ? { 'WWW-Authenticate': opts.mcpChallenge(c) } : {});
    }
    let res: Response | undefined;
    let parsedBody: unknown;
    const type = c.req.header('content-type') ?? '';
    if (c.req.method === 'POST' && JSON_TYPE.test(type)) {
      // Every JSON body is read once, within the size limit, and parsed here with the depth limit (a byte scan
      // before JSON.parse), so no message reaches the SDK's parser and schemas nested deeper than it may be.
      const parseError = (message: string, status: 400 | 413) =>
        c.json({ jsonrpc: '2.0', error: { code: -32700, message: `Parse error: ${message}` }, id: null }, status);
      try {
        assertUtf8Charset(type);
        const buf = await readBody(c, declaredLength(c.req.raw.headers));
        if (buf.byteLength > LIMITS.bodyBytes) throw tooLarge();
        // The JSON-RPC envelope adds two levels above the tool's arguments (which then get exactly LIMITS.depth).
        parsedBody = parseJsonBody(buf, LIMITS.depth + 2);
      } catch (err) {
        if (err instanceof HttpError && err.status === 415) return errorResponse(c, err);
        if (err instanceof HttpError) return parseError(err.message, err.status === 413 ? 413 : 400);
        throw err;
      }
      // Hot path: well-formed tools/list, tools/call and ping skip the SDK's per-request server.
      const version = c.req.header('mcp-protocol-version') ?? '';
      const answer =
        FAST_PATH_VERSIONS.has(version) && /application\/json|\*\/\*/.test(c.req.header('accept') ?? '')
          ? await opts.mcp.fastPath(parsedBody, { surface: 'mcp-http', caller, stateful: false }, toolsets, () => c.req.raw.signal)
          : null;
      if (answer) {
        const balance = await auth.balance(caller.accountId).catch(() => undefined);
        return wholeJson(c, answer, { 'mcp-protocol-version': version, ...(balance ? auth.rateLimitHeaders(balance) : {}) });
      }
    }
    // A listen stream (2026-07-28 `subscriptions/listen`, or a GET stream) stays open: a key holds a few at most.
    const listens = c.req.method === 'GET' || (parsedBody as { method?: unknown } | undefined)?.method === 'subscriptions/listen';
    if (!res && listens && !listenStreams.take(caller.credentialId))
      return c.json(
        { error: `Too many open MCP listen streams for this key (at most ${listenStreams.perKey}): close one first`, code: 429, retry_after: 5 },
        429,
        { 'Retry-After': '5' },
      );
    if (!res) {
      const answer = await handlerFor(caller)
        .fetch(c.req.raw, {
          authInfo: { token: 'redacted', clientId: caller.accountId, scopes: [], extra: { caller, toolsets } },
          ...(parsedBody !== undefined ? { parsedBody } : {}),
        })
        .catch((err: unknown) => {
          if (listens) listenStreams.give(caller.credentialId);
          throw err;
        });
      res = listens ? listenStreams.track(caller.credentialId, answer) : answer;
    }
    const balance = await auth.balance(caller.accountId).catch(() => undefined);
    if (balance) for (const [k, v] of Object.entries(auth.rateLimitHeaders(balance))) res.headers.set(k, v);
    return res;
  });

  for (const add of opts.routes ?? []) add(app, helpers);

  app.notFound((c) => c.json({ error: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`, code: 404 }, 404));
  app.onError((err, c) => errorResponse(c, err));
  return { app, calls };
}
