/**
 * MCP over Streamable HTTP on `/mcp`: both protocol eras on one endpoint (stateless). One SDK handler per
 * credential, so that 2026-07-28 `subscriptions/listen` streams only ever see their own account's events. The
 * route authenticates and parses `?toolsets=` once, and hands both over in authInfo.extra; well-formed
 * tools/list, tools/call and ping of the 2025 era take the hot path and skip the SDK's per-request server.
 */
import type { Context, Hono } from 'hono';
import { createMcpHandler, type McpHttpHandler, type McpRequestContext } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/pipeline.js';
import { HttpError } from '../../core/errors.js';
import { LIMITS } from '../../core/limits.js';
import { log } from '../../core/log.js';
import type { ToolsetSelection } from '../../core/toolsets.js';
import type { McpSurface } from '../../mcp/surface.js';
import type { ListenStreams } from '../protect.js';
import { assertUtf8Charset, declaredLength, JSON_TYPE, parseJsonBody, tooLarge } from '../json-body.js';
import type { AccountCaller, AppShared } from './shared.js';

/** A change to an account's MCP resources (memory), delivered on its listen streams. */
export type McpEvent = { kind: 'resource_updated'; uri: string } | { kind: 'resources_changed' };

export interface McpRouteOptions {
  mcp: McpSurface;
  /** Default toolsets for connections without `?toolsets=`. */
  toolsets: ToolsetSelection;
  /** MCP listen streams open at once per credential (counted in the store, for every process). */
  listenStreams: ListenStreams;
  mcpEvents?: (listener: (accountId: string, event: McpEvent) => void) => void;
  onCredentialRevoked?: (listener: (credentialId: string) => void) => void;
  /** The process drains: every handler closes, ending its listen streams. */
  onDrain?: (listener: () => void) => void;
  /** The WWW-Authenticate challenge of a 401. */
  mcpChallenge?: (c: Context) => string;
}

/** 2025-era protocol versions whose stateless requests may take the MCP hot path. */
const FAST_PATH_VERSIONS = new Set(['2025-11-25', '2025-06-18', '2025-03-26']);

export function mcpRoute(app: Hono, s: AppShared, opts: McpRouteOptions): void {
  const handlerFor = mcpHandlers(opts);

  app.all('/mcp', async (c) => {
    const who = await mcpCaller(c, s, opts);
    if (who instanceof Response) return who;
    const { caller, toolsets } = who;
    let parsedBody: unknown;
    if (c.req.method === 'POST' && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      parsedBody = await readMcpBody(c, s);
      if (parsedBody instanceof Response) return parsedBody;
      const fast = await fastAnswer(c, s, opts.mcp, parsedBody, caller, toolsets);
      if (fast) return fast;
    }
    // A listen stream (2026-07-28 `subscriptions/listen`, or a GET stream) stays open: a key holds a few at most.
    const listens = c.req.method === 'GET' || (parsedBody as { method?: unknown } | undefined)?.method === 'subscriptions/listen';
    const lease = listens ? await opts.listenStreams.take(caller.credentialId) : undefined;
    if (listens && !lease)
      return c.json(
        {
          error: `Too many open MCP listen streams for this key (at most ${opts.listenStreams.perKey}): close one first`,
          code: 429,
          retry_after: 5,
        },
        429,
        { 'Retry-After': '5' },
      );
    const answer = await handlerFor(caller)
      .fetch(c.req.raw, {
        authInfo: { token: 'redacted', clientId: caller.accountId, scopes: [], extra: { caller, toolsets } },
        ...(parsedBody !== undefined ? { parsedBody } : {}),
      })
      .catch((err: unknown) => {
        lease?.give();
        throw err;
      });
    const res = lease ? lease.track(answer) : answer;
    const balance = await s.auth.balance(caller.accountId).catch(() => undefined);
    if (balance) for (const [k, v] of Object.entries(s.auth.rateLimitHeaders(balance))) res.headers.set(k, v);
    return res;
  });
}

/** The SDK handler of a caller's credential, made on first use; closed when the credential is revoked. */
function mcpHandlers(opts: McpRouteOptions): (caller: AccountCaller) => McpHttpHandler {
  const factory = opts.mcp.factory((ctx: McpRequestContext) => {
    const extra = ctx.authInfo?.extra as { caller: Caller; toolsets: ToolsetSelection };
    return {
      conn: { surface: 'mcp-http', caller: extra.caller, stateful: false, listen: ctx.era === 'modern' },
      selection: extra.toolsets,
    };
  });
  // Keyed by credential id: a revoked credential's open listen streams are closed with its handler.
  const handlers = new Map<string, { accountId: string; handler: McpHttpHandler }>();
  opts.mcpEvents?.((accountId, event) => {
    for (const { accountId: owner, handler } of handlers.values()) {
      if (owner !== accountId) continue; // never another account's events
      if (event.kind === 'resource_updated') handler.notify.resourceUpdated(event.uri);
      else handler.notify.resourcesChanged();
    }
  });
  opts.onCredentialRevoked?.((credentialId) => {
    const entry = handlers.get(credentialId);
    handlers.delete(credentialId);
    void entry?.handler.close().catch(() => undefined);
  });
  opts.onDrain?.(() => {
    for (const { handler } of handlers.values()) void handler.close().catch(() => undefined);
    handlers.clear();
  });
  return (caller) => {
    let entry = handlers.get(caller.credentialId);
    if (!entry) {
      const handler = createMcpHandler(factory, { maxRequestBodySize: LIMITS.bodyBytes, onerror: (e) => log(`mcp: ${e.message}`) });
      entry = { accountId: caller.accountId, handler };
      handlers.set(caller.credentialId, entry);
    }
    return entry.handler;
  };
}

/** Who calls, and with which toolsets (a bad name is a 400 naming it); or the error answer. */
async function mcpCaller(
  c: Context,
  s: AppShared,
  opts: McpRouteOptions,
): Promise<{ caller: AccountCaller; toolsets: ToolsetSelection } | Response> {
  try {
    const caller = await s.authenticate(c);
    const chosen = c.req.query('toolsets');
    return { caller, toolsets: chosen !== undefined ? s.registry.selection(chosen) : opts.toolsets };
  } catch (err) {
    // A 401 points MCP clients to the OAuth discovery documents (RFC 9728); API keys keep working as before.
    const status = err instanceof HttpError ? err.status : 0;
    return s.errorResponse(c, err, status === 401 && opts.mcpChallenge ? { 'WWW-Authenticate': opts.mcpChallenge(c) } : {});
  }
}

/**
 * The parsed JSON body, or the error answer. Every JSON body is read once, within the size limit, and parsed
 * here with the depth limit (a byte scan before JSON.parse), so no message reaches the SDK's parser and schemas
 * nested deeper than it may be.
 */
async function readMcpBody(c: Context, s: AppShared): Promise<unknown> {
  try {
    assertUtf8Charset(c.req.header('content-type') ?? '');
    const buf = await s.readBody(c, declaredLength(c.req.raw.headers));
    if (buf.byteLength > LIMITS.bodyBytes) throw tooLarge();
    // The JSON-RPC envelope adds two levels above the tool's arguments (which then get exactly LIMITS.depth).
    return parseJsonBody(buf, LIMITS.depth + 2);
  } catch (err) {
    if (err instanceof HttpError && err.status === 415) return s.errorResponse(c, err);
    if (err instanceof HttpError)
      return c.json(
        { jsonrpc: '2.0', error: { code: -32700, message: `Parse error: ${err.message}` }, id: null },
        err.status === 413 ? 413 : 400,
      );
    throw err;
  }
}

/** The hot path's whole answer, or null when the request needs the SDK. */
async function fastAnswer(
  c: Context,
  s: AppShared,
  mcp: McpSurface,
  body: unknown,
  caller: AccountCaller,
  toolsets: ToolsetSelection,
): Promise<Response | null> {
  const version = c.req.header('mcp-protocol-version') ?? '';
  if (!FAST_PATH_VERSIONS.has(version) || !/application\/json|\*\/\*/.test(c.req.header('accept') ?? '')) return null;
  const answer = await mcp.fastPath(body, { surface: 'mcp-http', caller, stateful: false }, toolsets, () => c.req.raw.signal);
  if (!answer) return null;
  const balance = await s.auth.balance(caller.accountId).catch(() => undefined);
  return s.wholeJson(c, answer, { 'mcp-protocol-version': version, ...(balance ? s.auth.rateLimitHeaders(balance) : {}) });
}
