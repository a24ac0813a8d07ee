/**
 * The composition root: builds the registry, store, features, pipeline and
 * surfaces from configuration. The features (src/feature.ts) are composed in
 * one list: identity, OAuth, accounts, billing, memory, render and web. Surfaces
 * never name a tool; this file never names a tool either (it takes the list
 * from `tools/index.ts`). Several server processes on one port:
 * src/server-processes.ts.
 */
import { resolve } from 'node:path';
import { createServer as createHttpServer, type RequestListener, type ServerOptions as HttpServerOptions } from 'node:http';
import type { Hono } from 'hono';
import { servicesOf, type Feature } from './feature.js';
import { loadRegistry } from './catalogue.js';
import type { Registry } from './core/registry.js';
import { Pipeline, type Services } from './core/pipeline.js';
import { Tasks, TASKS_TABLE, type TaskRow } from './tasks/tasks.js';
import { taskOperations, taskRoutes } from './tasks/rest.js';
import { IDEMPOTENCY_TABLE, IdempotencyKeys, type KeyRow } from './core/idempotency.js';
import { jobTimeScale, type StreamLimits } from './compute/limits.js';
import { poolCompute } from './compute/pool-compute.js';
import { McpSurface } from './mcp/surface.js';
import { buildApp, type AppOptions } from './http/app.js';
import { withToolFastPath } from './http/node-fast-path.js';
import type { Store } from './store/store.js';
import { databaseUrlFrom, openStore } from './store/select.js';
import { Accounts } from './accounts/accounts.js';
import { PLANS } from './accounts/plans.js';
import { accountsFeature } from './http/account-routes.js';
import { MemoryService, type MemoryChange } from './memory/service.js';
import { memoryFeature } from './memory/feature.js';
import { prompts } from './mcp/prompts.js';
import { toolDocs } from './mcp/tool-docs.js';
import { appViews } from './apps/views.js';
import { allPrompts } from '../prompts/index.js';
import type { ToolsetSelection } from './core/toolsets.js';
import { LOCALHOST_NAMES } from './http/guard.js';
import { authThrottle, ListenStreams } from './http/protect.js';
import { renderFeature, type RenderConfig } from './render/feature.js';
import { webFeature } from './web/feature.js';
import { HttpError } from './core/errors.js';
import { CompositeAuth } from './http/composite-auth.js';
import { signupModeFrom, type SignupMode } from './http/identity/gate.js';
import type { OAuth } from './http/oauth/index.js';
import { identityFeature } from './http/identity-feature.js';
import { oauthFeature } from './http/oauth-feature.js';
import type { Billing } from './billing/billing.js';
import { stripeSettingsFromEnv, type StripeSettings } from './billing/stripe.js';
import { billingAccountExtensions, billingFeature, billingService } from './billing/feature.js';
import type { Auth } from './core/auth.js';
import { setting, type SettingName } from './settings.js';
import { enableMetrics, watchPool } from './observe/metrics.js';
import { computeLoad, longJobLoad } from './compute/tool-jobs.js';
import { joinClusterMetrics } from './observe/cluster.js';
import { metricsRoute, metricsTokenFrom } from './observe/route.js';
import { Drain, DrainingError } from './http/drain.js';

export interface ServerConfig extends RenderConfig {
  dataDir: string;
  /** PostgreSQL URL (WERKBANK_DATABASE_URL / --database-url): the shared store for several server processes; unset: the embedded store. */
  databaseUrl?: string;
  host: string;
  /** Default toolsets for MCP connections: a selection, or a list as `--toolsets` takes it (default WERKBANK_TOOLSETS, else the default toolsets). */
  toolsets?: ToolsetSelection | string;
  adminToken?: string;
  /** The token that guards `GET /metrics` (WERKBANK_METRICS=on); unset: no metrics. */
  metricsToken?: string;
  /** Host names allowed in Host/Origin; default: localhost names when bound to loopback, else any. */
  allowedHosts?: string[] | null;
  /** Trust X-Forwarded-For for anonymous callers' IPs (only behind your own proxy). */
  trustProxy?: boolean;
  /** Public base URL for links to hosted files (behind a proxy); default http://<host>:<port>. */
  baseUrl?: string;
  /** Turn metering off (benchmarks only). */
  metering?: boolean;
  /** Who may make an account on /signin: 'open' or 'off' (default; WERKBANK_SIGNUP, `serve --signup`, on under --dev). */
  signup?: SignupMode;
  /** Sign-ups per address and hour (default 10), failed passkey sign-ins per address and 15 minutes (default 10). */
  signupsPerHour?: number;
  failedSigninsPer15Min?: number;
  /** OAuth access token lifetime in seconds (default 900). */
  accessTokenSeconds?: number;
  /** Tests only: a CA (PEM) trusted for client ID metadata documents (a self-signed local test host). */
  oauthClientDocumentCa?: string;
  /** Payments with Stripe (the WERKBANK_STRIPE_* settings); unset: off, the operator adds credits. */
  stripe?: StripeSettings;
  /** Tests only: shorter limits for REST streams made in a worker (default LIMITS.streamIdleMs, LIMITS.streamWallMs). */
  streamLimits?: StreamLimits;
  /** Tests only: bytes of idempotent answers kept per account in 24 hours (default ACCOUNT_STORED_ANSWER_BYTES). */
  storedAnswerBytes?: number;
  now?: () => Date;
}

/** The server's configuration: `over` (the command line's values, tests), else the settings (src/settings.ts). */
export function configFromEnv(over: Partial<ServerConfig> = {}): ServerConfig {
  const value = (name: SettingName) => setting(name).value;
  const allowedHosts = value('allowedHosts');
  jobTimeScale(); // an invalid scale refuses the start, before anything opens
  return {
    dataDir: resolve(over.dataDir ?? value('data') ?? './.werkbank'),
    databaseUrl: databaseUrlFrom(over.databaseUrl),
    host: over.host ?? value('host') ?? '127.0.0.1',
    toolsets: over.toolsets ?? value('toolsets'),
    adminToken: over.adminToken ?? value('adminToken'),
    metricsToken:
      'metricsToken' in over ? over.metricsToken : metricsTokenFrom(setting('metrics'), setting('metricsToken'), value('adminToken')),
    allowedHosts:
      over.allowedHosts !== undefined
        ? over.allowedHosts
        : allowedHosts
          ? allowedHosts
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
    trustProxy: over.trustProxy ?? value('trustProxy') === '1',
    baseUrl: over.baseUrl ?? value('baseUrl'),
    metering: over.metering ?? true,
    signup: over.signup ?? signupModeFrom(value('signup')),
    signupsPerHour: over.signupsPerHour,
    failedSigninsPer15Min: over.failedSigninsPer15Min,
    accessTokenSeconds: over.accessTokenSeconds,
    oauthClientDocumentCa: over.oauthClientDocumentCa,
    stripe: 'stripe' in over ? over.stripe : stripeSettingsFromEnv(process.env),
    now: over.now,
    streamLimits: over.streamLimits,
    storedAnswerBytes: over.storedAnswerBytes,
    renderPrice: over.renderPrice ?? envInt('renderPrice', 0),
    renderDeadlineMs: over.renderDeadlineMs ?? envInt('renderDeadline', 1000),
    renderConcurrency: over.renderConcurrency ?? envInt('renderConcurrency', 1),
    renderResolver: over.renderResolver,
    renderPolicy: over.renderPolicy,
  };
}

/** An integer setting from the environment (unset → undefined; invalid or below `min` → refuse to start, naming it). */
function envInt(name: SettingName, min: number): number | undefined {
  const { value: text, source } = setting(name);
  const raw = text?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${source} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export { loadRegistry };

export interface Server {
  app: Hono;
  /**
   * Makes the Node HTTP server (node-server's `createServer` option): tool calls on Node's own request and
   * response (src/http/node-fast-path.ts), everything else through `app`. Serve with
   * `serve({ fetch: server.app.fetch, createServer: server.createNodeServer, … })`.
   */
  createNodeServer: typeof createHttpServer;
  store: Store;
  accounts: Accounts;
  registry: Registry;
  memory: MemoryService;
  /** Payments, when configured. */
  billing?: Billing;
  /** Start draining (SIGTERM): readiness 503, each connection closed after its answer, MCP listen streams ended. */
  drain(): void;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return LOCALHOST_NAMES.includes(host) || host.startsWith('127.');
}

/** The shortest admin token accepted: it guards every account, so it must not be guessable. */
export const ADMIN_TOKEN_MIN = 32;

/** Why this admin token is refused, or null when it is acceptable (start-up and `doctor`). */
export function adminTokenProblem(token: string | undefined): string | null {
  if (token === undefined || token.length >= ADMIN_TOKEN_MIN) return null;
  return (
    `WERKBANK_ADMIN_TOKEN has ${token.length} characters; use at least ${ADMIN_TOKEN_MIN} random ones ` +
    '(for example the output of `openssl rand -hex 32`), or unset it to turn the admin API off'
  );
}

export async function createServer(config: ServerConfig): Promise<Server> {
  const tokenProblem = adminTokenProblem(config.adminToken);
  if (tokenProblem) throw new HttpError(tokenProblem);
  const registry = await loadRegistry();
  const toolsets = typeof config.toolsets === 'object' ? config.toolsets : registry.selection(config.toolsets);
  const store = await openStore(config);
  const accounts = new Accounts(store, config.now);
  const memory = memoryService(store, config.now);
  // Several processes on one database: memory changes and revocations made elsewhere reach this one's clients.
  await memory.listenAcrossInstances();
  await store.subscribe?.(
    'key_revoked',
    (credentialId) => typeof credentialId === 'string' && accounts.credentialRevokedElsewhere(credentialId),
  );
  const { features, auth, oauth, billing } = serverFeatures(config, registry, store, accounts, memory);
  const meters: NonNullable<Feature['meters']> = {};
  for (const f of features) Object.assign(meters, f.meters);
  const idempotency = new IdempotencyKeys(store.records<KeyRow>(IDEMPOTENCY_TABLE), config.now, {
    counters: store.counters,
    accountBytes: config.storedAnswerBytes,
  });
  const services = servicesOf(features);
  const pipeline = new Pipeline(config.metering === false ? null : accounts, meters, services, {
    compute: poolCompute(config.streamLimits),
    idempotency,
  });
  const tasks = taskService(store, services, config.now);
  const mcp = new McpSurface({
    registry,
    pipeline,
    tasks,
    toolsets,
    extensions: [prompts(allPrompts), ...features.flatMap((f) => f.mcp ?? []), toolDocs(registry), appViews(registry)],
  });
  const drain = new Drain();
  const allowedHosts =
    config.allowedHosts !== undefined ? config.allowedHosts : isLoopback(config.host) ? [...LOCALHOST_NAMES, config.host] : null;
  const { app, calls } = buildApp({
    registry,
    pipeline,
    mcp,
    tasks,
    auth,
    mcpChallenge: (c) => oauth.challenge(c),
    toolsets,
    allowedHosts,
    trustProxy: config.trustProxy,
    baseUrl: () => config.baseUrl,
    throttle: authThrottle(store.counters, config.now && (() => config.now!().getTime())),
    ready: async () => {
      if (drain.draining) throw new DrainingError();
      await store.ping?.();
    },
    listenStreams: new ListenStreams(PLANS.free.listenStreamsPerKey, store.leases),
    onCredentialRevoked: (listener) => accounts.onCredentialRevoked(listener),
    onDrain: (listener) => drain.on(listener),
    mcpEvents: memoryEvents(memory),
    routes: [...observeRoutes(config.metricsToken), ...features.flatMap((f) => f.routes ?? []), taskRoutes(tasks)],
    operations: (reg) => [...features.flatMap((f) => f.operations?.(reg) ?? []), ...taskOperations()],
    notFound: (c) => features.reduce<Promise<Response> | undefined>((page, f) => page ?? f.notFound?.(c), undefined),
  });
  const sweeper = await startSweeps(
    store,
    [...features, { sweep: async () => void (await idempotency.sweep()) }, { sweep: () => tasks.sweep() }],
    config.now ?? (() => new Date()),
  );
  const fastPath = { allowedHosts, trustProxy: config.trustProxy ?? false };
  return {
    app,
    // node-server calls it as (options, listener), the only form it uses.
    createNodeServer: ((options: HttpServerOptions, appListener: RequestListener) =>
      createHttpServer(options, closingWhileDraining(drain, withToolFastPath(calls, fastPath, appListener)))) as typeof createHttpServer,
    drain: () => drain.start(),
    store,
    accounts,
    registry,
    memory,
    billing,
    close: async () => {
      clearInterval(sweeper);
      await tasks.close();
      for (const f of features) await f.close?.();
      await store.close();
    },
  };
}

/** Tasks kept in the store, answered by every server process on it; large results hosted like render files. */
function taskService(store: Store, services: Services, now?: () => Date): Tasks {
  const render = services.render;
  return new Tasks(store.records<TaskRow>(TASKS_TABLE), {
    shared: store.kind === 'postgres',
    ...(render ? { host: (body: Uint8Array, type: string, name: string) => render().store(body, type, name) } : {}),
    ...(now ? { now } : {}),
  });
}

/** `/metrics` when an operator turned it on: recording starts, and the server process joins the aggregation of several. */
function observeRoutes(token: string | undefined): ((app: Hono) => void)[] {
  if (token === undefined) return [];
  enableMetrics();
  joinClusterMetrics();
  watchPool('compute', computeLoad);
  watchPool('long-jobs', longJobLoad);
  return [metricsRoute(token)];
}

/** Agent memory, kept as long and as large as each account's plan allows. */
function memoryService(store: Store, now?: () => Date): MemoryService {
  return new MemoryService(
    async () => store,
    async (accountId) => {
      const plan = PLANS[(await store.getAccount(accountId))?.plan ?? 'free'];
      return { retentionDays: plan.memoryRetentionDays, quotaBytes: plan.memoryBytes };
    },
    now,
  );
}

/** Memory changes as MCP events on the account's listen streams. */
function memoryEvents(memory: MemoryService): AppOptions['mcpEvents'] {
  return (listener) =>
    memory.events.on('change', (change: MemoryChange) => {
      listener(change.accountId, { kind: 'resource_updated', uri: change.uri });
      if (change.kind !== 'updated') listener(change.accountId, { kind: 'resources_changed' });
    });
}

interface ServerFeatures {
  /** In the order their routes are mounted and their operations listed. */
  features: Feature[];
  /** How a request authenticates: API keys, OAuth access tokens on /mcp, sessions on REST. */
  auth: Auth;
  oauth: OAuth;
  billing?: Billing;
}

function serverFeatures(config: ServerConfig, registry: Registry, store: Store, accounts: Accounts, memory: MemoryService): ServerFeatures {
  const billing = billingService(config.stripe, store, accounts, config.now);
  // OAuth signs people in through the identity, so it is made second; the identity reaches its grants when a request needs them.
  const identity = identityFeature(config, {
    store,
    accounts,
    memory,
    grants: () => oauth.oauth,
    extensions: billingAccountExtensions(billing, accounts),
  });
  const oauth = oauthFeature(config, {
    store,
    accounts,
    identity: identity.identity,
    consent: identity.consent,
    onRevoked: (credentialId) => accounts.credentialRevokedElsewhere(credentialId),
  });
  const features: Feature[] = [
    identity,
    oauth,
    accountsFeature(accounts, store, config.adminToken),
    billingFeature(billing, identity.identity, config.adminToken),
    memoryFeature(memory),
    renderFeature(config, accounts, store),
    webFeature({
      registry,
      accounts,
      store,
      host: config.host,
      now: config.now,
      session: (c) => identity.pageSession(c),
      base: (c) => identity.identity.base(c),
    }),
  ];
  return { features, auth: new CompositeAuth(accounts, identity.sessions, oauth.oauth), oauth: oauth.oauth, billing };
}

/**
 * Runs every feature's sweep, then deletes the store's expired window counters and leases (on the wall clock, as
 * open streams take them), now and then hourly. On a shared
 * database one server process at a time sweeps (advisory lock); the others skip that round.
 */
async function startSweeps(store: Store, features: readonly Feature[], now: () => Date): Promise<NodeJS.Timeout> {
  const run = async () => {
    for (const f of features) await f.sweep?.();
    await store.counters.sweep(now().toISOString());
    await store.leases.sweep(new Date().toISOString());
  };
  const sweep = async () => void (await (store.exclusive ? store.exclusive('sweep', run) : run()));
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(() => undefined), 3600_000);
  sweeper.unref();
  return sweeper;
}

/** While draining, each answer closes its connection: no request can arrive on it after the process stops. */
function closingWhileDraining(drain: Drain, listener: RequestListener): RequestListener {
  return (req, res) => {
    drain.track(res);
    return listener(req, res);
  };
}
