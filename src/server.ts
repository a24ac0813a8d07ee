/**
 * The composition root: builds the registry, store, ledger, pipeline and
 * surfaces from configuration. Surfaces never name a tool; this file never
 * names a tool either (it takes the list from `tools/index.ts`).
 */
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { createServer as createHttpServer, type RequestListener, type ServerOptions as HttpServerOptions } from 'node:http';
import type { Hono } from 'hono';
import { servicesOf, type Feature } from './feature.js';
import { loadRegistry } from './catalogue.js';
import { Registry } from './core/registry.js';
import { Pipeline } from './core/pipeline.js';
import type { StreamLimits } from './compute/limits.js';
import { poolCompute } from './compute/pool-compute.js';
import { McpSurface } from './mcp/surface.js';
import { buildApp } from './http/app.js';
import { withToolFastPath } from './http/node-fast-path.js';
import type { Store } from './store/store.js';
import { databaseUrlFrom, openStore } from './store/select.js';
import { Accounts } from './accounts/accounts.js';
import { accountOperations, accountRoutes } from './http/account-routes.js';
import { MemoryService, type MemoryChange } from './memory/service.js';
import { memoryFeature } from './memory/feature.js';
import { prompts } from './mcp/prompts.js';
import { toolDocs } from './mcp/tool-docs.js';
import { allPrompts } from '../prompts/index.js';
import { PLANS } from './accounts/accounts.js';
import type { ToolsetSelection } from './core/toolsets.js';
import { LOCALHOST_NAMES } from './http/guard.js';
import { renderFeature, type RenderConfig } from './render/feature.js';
import { webFeature } from './web/feature.js';
import { HttpError } from './core/errors.js';
import { Sessions } from './http/sessions.js';
import { CompositeAuth } from './http/composite-auth.js';
import { Identity } from './http/identity/identity.js';
import { identityRoutes } from './http/identity/routes.js';
import { signupModeFrom, type SignupMode } from './http/identity/gate.js';
import { OAuth, oauthRoutes } from './http/oauth.js';
import { authPages } from './web/account-auth.js';
import { webAssets } from './web/feature.js';
import { Billing } from './billing/billing.js';
import { StripeProvider, stripeSettingsFromEnv, type StripeSettings } from './billing/stripe.js';
import { billingNotice, billingOperations, billingRoutes, billingSection } from './billing/routes.js';

export interface ServerConfig extends RenderConfig {
  dataDir: string;
  /** PostgreSQL URL (WERKBANK_DATABASE_URL / --database-url): the shared store for several instances; unset: embedded lowdb. */
  databaseUrl?: string;
  host: string;
  /** Default toolsets for MCP connections: a selection, or a list as `--toolsets` takes it (default WERKBANK_TOOLSETS, else the default toolsets). */
  toolsets?: ToolsetSelection | string;
  adminToken?: string;
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
  now?: () => Date;
}

export function configFromEnv(over: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  return {
    dataDir: resolve(over.dataDir ?? env.WERKBANK_DATA_DIR ?? './.werkbank'),
    databaseUrl: databaseUrlFrom(over.databaseUrl),
    host: over.host ?? env.WERKBANK_HOST ?? '127.0.0.1',
    toolsets: over.toolsets ?? env.WERKBANK_TOOLSETS,
    adminToken: over.adminToken ?? (env.WERKBANK_ADMIN_TOKEN || undefined),
    allowedHosts:
      over.allowedHosts !== undefined
        ? over.allowedHosts
        : env.WERKBANK_ALLOWED_HOSTS
          ? env.WERKBANK_ALLOWED_HOSTS.split(',').map((s) => s.trim()).filter(Boolean)
          : undefined,
    trustProxy: over.trustProxy ?? env.WERKBANK_TRUST_PROXY === '1',
    baseUrl: over.baseUrl ?? (env.WERKBANK_BASE_URL || undefined),
    metering: over.metering ?? true,
    signup: over.signup ?? signupModeFrom(env.WERKBANK_SIGNUP),
    signupsPerHour: over.signupsPerHour,
    failedSigninsPer15Min: over.failedSigninsPer15Min,
    accessTokenSeconds: over.accessTokenSeconds,
    oauthClientDocumentCa: over.oauthClientDocumentCa,
    stripe: 'stripe' in over ? over.stripe : stripeSettingsFromEnv(env),
    now: over.now,
    streamLimits: over.streamLimits,
    renderPrice: over.renderPrice ?? envInt('WERKBANK_RENDER_PRICE', 0),
    renderDeadlineMs: over.renderDeadlineMs ?? envInt('WERKBANK_RENDER_DEADLINE_MS', 1000),
    renderConcurrency: over.renderConcurrency ?? envInt('WERKBANK_RENDER_CONCURRENCY', 1),
    renderResolver: over.renderResolver,
    renderPolicy: over.renderPolicy,
  };
}

/** An integer setting from the environment (unset → undefined; invalid or below `min` → refuse to start). */
function envInt(name: string, min: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
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
  const memory = new MemoryService(
    async () => store,
    async (accountId) => {
      const plan = PLANS[(await store.getAccount(accountId))?.plan ?? 'free'];
      return { retentionDays: plan.memoryRetentionDays, quotaBytes: plan.memoryBytes };
    },
    config.now,
  );
  // Several processes on one database: memory changes and revocations made elsewhere reach this one's clients.
  await memory.listenAcrossInstances();
  await store.subscribe?.('key_revoked', (credentialId) => typeof credentialId === 'string' && accounts.credentialRevokedElsewhere(credentialId));
  // People's own accounts (passkeys, sessions) and OAuth for /mcp: src/http/identity.ts, src/http/oauth.ts.
  const sessions = new Sessions(store, config.now);
  const identity = new Identity({
    store,
    accounts,
    memory,
    sessions,
    signup: config.signup ?? 'off',
    baseUrl: () => config.baseUrl,
    trustProxy: config.trustProxy ?? false,
    signupsPerHour: config.signupsPerHour,
    failedSigninsPer15Min: config.failedSigninsPer15Min,
    now: config.now,
  });
  const oauth = new OAuth({
    store,
    accounts,
    identity,
    baseUrl: () => config.baseUrl,
    trustProxy: config.trustProxy ?? false,
    accessTokenSeconds: config.accessTokenSeconds,
    resolver: config.renderResolver,
    policy: config.renderPolicy,
    clientDocumentCa: config.oauthClientDocumentCa,
    now: config.now,
  });
  oauth.onRevoked = (credentialId) => accounts.credentialRevokedElsewhere(credentialId);
  const billing = config.stripe ? new Billing(store, new StripeProvider(config.stripe), (id) => accounts.packsHeld(id), config.now) : undefined;
  identity.opts.onAccountDeleted = (accountId) => oauth.deleteAccount(accountId);
  if (billing) identity.opts.beforeAccountDeleted = (accountId) => billing.assertNoRenewal(accountId);
  const pages = authPages({
    identity,
    assets: webAssets,
    billingSection: (c, accountId, csrf) => billingSection(billing, accounts, accountId, csrf, billingNotice(c.req.query('billing'))),
    formTargets: billing?.provider.pageOrigins ?? [],
  });
  const auth = new CompositeAuth(accounts, sessions, oauth);
  const pageSession = async (c: import('hono').Context) => {
    const session = await identity.session(c);
    return session && { csrf: session.csrf, account: (await accounts.accountInfo(session.accountId)).name };
  };
  const features: Feature[] = [
    memoryFeature(memory),
    renderFeature(config, accounts, store),
    webFeature({ registry, accounts, store, host: config.host, now: config.now, session: pageSession }),
  ];
  const meters = Object.assign({}, ...features.map((f) => f.meters ?? {}));
  const pipeline = new Pipeline(config.metering === false ? null : accounts, meters, servicesOf(features), { compute: poolCompute(config.streamLimits) });
  const mcp = new McpSurface({
    registry,
    pipeline,
    toolsets,
    extensions: [prompts(allPrompts), ...features.flatMap((f) => f.mcp ?? []), toolDocs(registry)],
  });
  const allowedHosts =
    config.allowedHosts !== undefined ? config.allowedHosts : isLoopback(config.host) ? [...LOCALHOST_NAMES, config.host] : null;
  const { app, calls } = buildApp({
    registry,
    pipeline,
    mcp,
    auth,
    mcpChallenge: (c) => oauth.challenge(c),
    toolsets,
    allowedHosts,
    trustProxy: config.trustProxy,
    ready: async () => void (await store.ping?.()),
    listenStreamsPerKey: PLANS.free.listenStreamsPerKey,
    onCredentialRevoked: (listener) => accounts.onCredentialRevoked(listener),
    mcpEvents: (listener) =>
      memory.events.on('change', (change: MemoryChange) => {
        listener(change.accountId, { kind: 'resource_updated', uri: change.uri });
        if (change.kind !== 'updated') listener(change.accountId, { kind: 'resources_changed' });
      }),
    routes: [
      pages.routes,
      identityRoutes(identity, {
        connections: (id) => oauth.connections(id),
        revokeConnection: (id, grant) => oauth.revokeGrant(id, grant),
        ...(billing ? { payments: (id: string) => billing.exportAccount(id) } : {}),
      }),
      oauthRoutes(oauth, identity, pages.consent),
      accountRoutes(accounts, config.adminToken),
      billingRoutes(billing, identity),
      ...features.flatMap((f) => f.routes ?? []),
    ],
    operations: (reg) => [...accountOperations(), ...billingOperations(), ...features.flatMap((f) => f.operations?.(reg) ?? [])],
  });
  // On a shared database one instance at a time sweeps (advisory lock); the others skip that round.
  const sweep = async () => {
    const run = async () => {
      await accounts.sweepUsage();
      await memory.sweep();
      // Holds of calls whose process died mid-call (no call runs for an hour) go back to their accounts.
      await store.ledger?.releaseStaleHolds(3600_000);
      const now = (config.now?.() ?? new Date()).toISOString();
      await sessions.table.sweep(now);
      await store.records('webauthn_flows').sweep(now);
      await oauth.sweep();
      // Paid periods that ended without the provider's own event (its retries failed, say).
      await billing?.expire();
      await billing?.sweep();
    };
    await (store.exclusive ? store.exclusive('sweep', run) : run());
  };
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(() => undefined), 3600_000);
  sweeper.unref();
  const fastPath = { allowedHosts, trustProxy: config.trustProxy ?? false };
  return {
    app,
    // node-server calls it as (options, listener), the only form it uses.
    createNodeServer: ((options: HttpServerOptions, appListener: RequestListener) =>
      createHttpServer(options, withToolFastPath(calls, fastPath, appListener))) as typeof createHttpServer,
    store,
    accounts,
    registry,
    memory,
    billing,
    close: async () => {
      clearInterval(sweeper);
      for (const f of features) await f.close?.();
      await store.close();
    },
  };
}

/**
 * How many server processes `serve` runs: `--workers N` (or WERKBANK_WORKERS);
 * by default all cores when a database URL is set, else 1. Several processes
 * need the shared PostgreSQL store: the embedded one serves a single process.
 */
export function workerCount(option: string | undefined, databaseUrl: string | undefined): number {
  const raw = option ?? (process.env.WERKBANK_WORKERS || undefined);
  if (raw === undefined) return databaseUrl ? availableParallelism() : 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new HttpError(`--workers must be an integer from 1 to 256, got "${raw}"`);
  if (n > 1 && !databaseUrl)
    throw new HttpError(
      `--workers ${n} needs the shared PostgreSQL store: set WERKBANK_DATABASE_URL or --database-url postgres://… ` +
        '(the embedded lowdb store in the data dir serves one process; without a database, run one process with --workers 1).',
    );
  return n;
}

/**
 * The primary of `serve --workers N` (node:cluster): forks N workers that
 * share the listening port (the primary hands out connections round-robin),
 * replaces a worker that dies after it started, and stops them all on
 * SIGINT/SIGTERM. A worker that fails before it listens (e.g. the database is
 * unreachable) stops the whole group with its exit code instead of looping.
 */
export async function superviseWorkers(n: number): Promise<void> {
  const cluster = (await import('node:cluster')).default;
  let stopping = false;
  const listening = new Set<number>();
  cluster.on('listening', (w) => listening.add(w.id));
  cluster.on('exit', (w, code, signal) => {
    const started = listening.delete(w.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!started) {
      process.stderr.write(`werkbank: worker ${w.id} exited before it listened (${signal ?? `code ${code}`}); stopping.\n`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = code || 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode);
      return;
    }
    process.stderr.write(`werkbank: worker ${w.id} died (${signal ?? `code ${code}`}); starting another.\n`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < n; i++) cluster.fork();
}
