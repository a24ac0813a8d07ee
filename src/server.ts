/**
 * The composition root: builds the registry, store, ledger, pipeline and
 * surfaces from configuration. Surfaces never name a tool; this file never
 * names a tool either (it takes the list from `tools/index.ts`).
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { servicesOf, type Feature } from './feature.js';
import { loadRegistry } from './catalog.js';
import { Registry } from './core/registry.js';
import { Pipeline } from './core/pipeline.js';
import { McpSurface } from './mcp/surface.js';
import { buildApp } from './http/app.js';
import { LowStore, type Store } from './store/store.js';
import { Accounts } from './accounts/accounts.js';
import { accountRoutes } from './http/account-routes.js';
import { MemoryService, type MemoryChange } from './memory/service.js';
import { memoryFeature } from './memory/feature.js';
import { prompts } from './mcp/prompts.js';
import { toolDocs } from './mcp/tool-docs.js';
import { allPrompts } from '../prompts/index.js';
import { PLANS } from './accounts/accounts.js';
import type { ToolsetSelection } from './core/toolsets.js';
import { LOCALHOST_NAMES } from './http/guard.js';
import { renderFeature, type RenderConfig } from './render/feature.js';

export interface ServerConfig extends RenderConfig {
  dataDir: string;
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
  now?: () => Date;
}

export function configFromEnv(over: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  return {
    dataDir: resolve(over.dataDir ?? env.WERKBANK_DATA_DIR ?? './.werkbank'),
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
    now: over.now,
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
  store: Store;
  accounts: Accounts;
  registry: Registry;
  memory: MemoryService;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return LOCALHOST_NAMES.includes(host) || host.startsWith('127.');
}

export async function createServer(config: ServerConfig): Promise<Server> {
  const registry = await loadRegistry();
  const toolsets = typeof config.toolsets === 'object' ? config.toolsets : registry.selection(config.toolsets);
  const store = await LowStore.open(config.dataDir);
  const accounts = new Accounts(store, config.now);
  const memory = new MemoryService(
    async () => store,
    (accountId) => PLANS[store.getAccount(accountId)?.plan ?? 'free'].memoryRetentionDays,
    config.now,
  );
  const features: Feature[] = [memoryFeature(memory), renderFeature(config, accounts)];
  const meters = Object.assign({}, ...features.map((f) => f.meters ?? {}));
  const pipeline = new Pipeline(config.metering === false ? null : accounts, meters, servicesOf(features));
  const mcp = new McpSurface({
    registry,
    pipeline,
    toolsets,
    extensions: [prompts(allPrompts), ...features.flatMap((f) => f.mcp ?? []), toolDocs(registry)],
  });
  const allowedHosts =
    config.allowedHosts !== undefined ? config.allowedHosts : isLoopback(config.host) ? [...LOCALHOST_NAMES, config.host] : null;
  const app = buildApp({
    registry,
    pipeline,
    mcp,
    auth: accounts,
    toolsets,
    allowedHosts,
    trustProxy: config.trustProxy,
    onKeyRevoked: (listener) => accounts.onKeyRevoked(listener),
    mcpEvents: (listener) =>
      memory.events.on('change', (change: MemoryChange) => {
        listener(change.accountId, { kind: 'resource_updated', uri: change.uri });
        if (change.kind !== 'updated') listener(change.accountId, { kind: 'resources_changed' });
      }),
    routes: [accountRoutes(accounts, config.adminToken), ...features.flatMap((f) => f.routes ?? [])],
  });
  const sweep = async () => {
    await accounts.sweepUsage();
    await memory.sweep();
  };
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(() => undefined), 3600_000);
  sweeper.unref();
  return {
    app,
    store,
    accounts,
    registry,
    memory,
    close: async () => {
      clearInterval(sweeper);
      for (const f of features) await f.close?.();
      await store.close();
    },
  };
}
