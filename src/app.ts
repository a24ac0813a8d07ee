/**
 * The composition root: builds the registry, store, ledger, pipeline and
 * surfaces from configuration. Surfaces never name a tool; this file never
 * names a tool either (it takes the list from `tools/index.ts`).
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { allTools } from '../tools/index.js';
import { Registry } from './registry.js';
import { Pipeline } from './pipeline.js';
import { McpSurface } from './mcp.js';
import { buildApp } from './http.js';
import { LowStore, type Store } from './store.js';
import { Accounts } from './accounts.js';
import { accountRoutes } from './admin.js';
import { selection, type ToolsetSelection } from './toolsets.js';
import { LOCALHOST_NAMES } from './guard.js';

export interface ServerConfig {
  dataDir: string;
  host: string;
  /** Default toolsets for MCP connections. */
  toolsets: ToolsetSelection;
  adminToken?: string;
  /** Host names allowed in Host/Origin; default: localhost names when bound to loopback, else any. */
  allowedHosts?: string[] | null;
  /** Turn metering off (benchmarks only). */
  metering?: boolean;
  now?: () => Date;
}

export function configFromEnv(over: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  return {
    dataDir: resolve(over.dataDir ?? env.WERKBANK_DATA_DIR ?? './.werkbank'),
    host: over.host ?? env.WERKBANK_HOST ?? '127.0.0.1',
    toolsets: over.toolsets ?? selection(env.WERKBANK_TOOLSETS),
    adminToken: over.adminToken ?? (env.WERKBANK_ADMIN_TOKEN || undefined),
    allowedHosts:
      over.allowedHosts !== undefined
        ? over.allowedHosts
        : env.WERKBANK_ALLOWED_HOSTS
          ? env.WERKBANK_ALLOWED_HOSTS.split(',').map((s) => s.trim()).filter(Boolean)
          : undefined,
    metering: over.metering ?? true,
    now: over.now,
  };
}

let registry: Registry | undefined;
/** The registry, built (and validated) once per process. */
export function getRegistry(): Registry {
  return (registry ??= new Registry(allTools));
}

export interface Server {
  app: Hono;
  store: Store;
  accounts: Accounts;
  registry: Registry;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return LOCALHOST_NAMES.includes(host) || host.startsWith('127.');
}

export async function createServer(config: ServerConfig): Promise<Server> {
  const registry = getRegistry();
  const store = await LowStore.open(config.dataDir);
  const accounts = new Accounts(store, config.now);
  const pipeline = new Pipeline(config.metering === false ? null : accounts);
  const mcp = new McpSurface({ registry, pipeline, toolsets: config.toolsets });
  const allowedHosts =
    config.allowedHosts !== undefined ? config.allowedHosts : isLoopback(config.host) ? [...LOCALHOST_NAMES, config.host] : null;
  const app = buildApp({
    registry,
    pipeline,
    mcp,
    auth: accounts,
    toolsets: config.toolsets,
    allowedHosts,
    routes: [accountRoutes(accounts, config.adminToken)],
  });
  await accounts.sweepUsage();
  const sweeper = setInterval(() => void accounts.sweepUsage().catch(() => undefined), 6 * 3600_000);
  sweeper.unref();
  return {
    app,
    store,
    accounts,
    registry,
    close: async () => {
      clearInterval(sweeper);
      await store.close();
    },
  };
}
