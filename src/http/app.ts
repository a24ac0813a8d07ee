/**
 * The HTTP app (Hono): REST tool routes, the catalogue, OpenAPI, health and the
 * MCP Streamable HTTP endpoint, all derived from the registry, plus the routes
 * of the features (src/feature.ts). The route modules are in src/http/routes/.
 *
 * A REST request flows: middlewares (host, origin, CORS, compression, body limit)
 * → route → the tool call (src/http/tool-calls.ts: authenticate → read and
 * validate the body → pipeline (ledger → tool) → JSON answer with rate-limit
 * headers) → compression. Under `werkbank serve` most tool calls skip this app:
 * src/http/node-fast-path.ts answers them on Node's own request with the same
 * tool-call code.
 */
import { Hono, type Context } from 'hono';
import type { Registry } from '../core/registry.js';
import type { Pipeline } from '../core/pipeline.js';
import type { ToolsetSelection } from '../core/toolsets.js';
import type { McpSurface } from '../mcp/surface.js';
import type { Auth } from '../core/auth.js';
import type { ApiOperation } from '../docs/openapi.js';
import type { AddressLimit, ListenStreams } from './protect.js';
import type { ToolCalls } from './tool-calls.js';
import type { Tasks } from '../tasks/tasks.js';
import { appShared, type RouteHelpers as SharedHelpers } from './routes/shared.js';
import { observedAuth } from '../observe/requests.js';
import { middlewares } from './routes/middleware.js';
import { apiDocument, healthRoutes, openApiRoute } from './routes/health.js';
import { toolRoutes } from './routes/tools.js';
import { mcpRoute, type McpEvent } from './routes/mcp.js';

export interface AppOptions {
  registry: Registry;
  pipeline: Pipeline;
  mcp: McpSurface;
  /** Tasks of long calls (src/tasks/): `Prefer: respond-async` on REST. */
  tasks?: Tasks;
  auth: Auth;
  /** Default toolsets for `/mcp` connections without `?toolsets=`. */
  toolsets: ToolsetSelection;
  /** Host names accepted in `Host`/`Origin` (DNS-rebinding protection); null = any. */
  allowedHosts: readonly string[] | null;
  /** Subscribe to per-account MCP change events (memory), delivered on 2026-07-28 listen streams. */
  mcpEvents?: (listener: (accountId: string, event: McpEvent) => void) => void;
  /** Called when a credential is revoked, so open MCP streams of that credential are closed at once. */
  onCredentialRevoked?: (listener: (credentialId: string) => void) => void;
  /** Called when the process starts draining (SIGTERM), so open MCP listen streams end. */
  onDrain?: (listener: () => void) => void;
  /** Trust X-Forwarded-For for the client IP of anonymous callers (only behind your own proxy). */
  trustProxy?: boolean;
  /** The configured public base URL, read per request (the origin check of state-changing requests); undefined: from Host. */
  baseUrl?: () => string | undefined;
  /** Extra routes (admin, account, memory, render, files) mounted by other modules. */
  routes?: ((app: Hono, helpers: RouteHelpers) => void)[];
  /** Those routes described for the OpenAPI document (what is not a tool). */
  operations?: (registry: Registry) => ApiOperation[];
  /** Readiness (`/health/ready`): resolves when the store answers, rejects when it does not. */
  ready?: () => Promise<void>;
  /** Failed authentications per client address (`authThrottle`: 30 a minute, in the store's counters). */
  throttle: AddressLimit;
  /** MCP listen streams open at once per key, counted in the store. */
  listenStreams: ListenStreams;
  /** A page for a path no route answers, when a feature has one for this request (Feature.notFound); else the JSON 404. */
  notFound?: (c: Context) => Promise<Response> | undefined;
  /** The WWW-Authenticate challenge of a 401 on /mcp (OAuth discovery: resource_metadata); default a plain Bearer realm. */
  mcpChallenge?: (c: Context) => string;
}

/** Shared helpers for modules that add routes (defined beside the app's own route helpers), and the OpenAPI document. */
export type RouteHelpers = SharedHelpers & {
  /** The OpenAPI document this server serves at /openapi.json (built on first use, then kept). */
  openapi(): Promise<Record<string, unknown>>;
};

/** The app, and the tool calls behind its REST tool routes (which Node's own hot path also answers). */
export interface BuiltApp {
  app: Hono;
  calls: ToolCalls;
}

export function buildApp(opts: AppOptions): BuiltApp {
  const { registry } = opts;
  const app = new Hono();
  const shared = appShared({
    registry,
    pipeline: opts.pipeline,
    auth: observedAuth(opts.auth), // names the account in each request's log line
    throttle: opts.throttle,
    trustProxy: opts.trustProxy ?? false,
    tasks: opts.tasks,
  });
  middlewares(app, shared, opts.allowedHosts, { baseUrl: opts.baseUrl ?? (() => undefined), trustProxy: opts.trustProxy ?? false });
  healthRoutes(app, registry, opts.ready);
  const openapi = apiDocument(registry, opts.operations);
  openApiRoute(app, openapi);
  toolRoutes(app, shared);
  mcpRoute(app, shared, {
    mcp: opts.mcp,
    toolsets: opts.toolsets,
    listenStreams: opts.listenStreams,
    mcpEvents: opts.mcpEvents,
    onCredentialRevoked: opts.onCredentialRevoked,
    onDrain: opts.onDrain,
    mcpChallenge: opts.mcpChallenge,
  });
  const helpers: RouteHelpers = { ...shared, openapi };
  for (const add of opts.routes ?? []) add(app, helpers);

  app.notFound((c) => opts.notFound?.(c) ?? c.json({ error: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`, code: 404 }, 404));
  app.onError((err, c) => shared.errorResponse(c, err));
  return { app, calls: shared.calls };
}
