/**
 * MCP over stdio: one connection per process, the local user, not metered.
 * stdout carries only JSON-RPC; everything else goes to stderr. The data dir
 * (agent memory) is opened on first use, so a stdio server that never touches
 * memory never takes the data dir's lock.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpSurface } from './mcp/surface.js';
import { Pipeline } from './core/pipeline.js';
import { poolCompute } from './compute/pool-compute.js';
import type { Registry } from './core/registry.js';
import type { ToolsetSelection } from './core/toolsets.js';
import { EmbeddedStore } from './store/embedded/store.js';
import type { Store } from './store/store.js';
import { MemoryService } from './memory/service.js';
import { PLANS } from './accounts/plans.js';
import { prompts } from './mcp/prompts.js';
import { toolDocs } from './mcp/tool-docs.js';
import { appViews } from './apps/views.js';
import { memoryFeature } from './memory/feature.js';
import { localRenderFeature } from './render/feature.js';
import { servicesOf } from './feature.js';
import { allPrompts } from '../prompts/index.js';
import { log } from './core/log.js';

export function runStdio(registry: Registry, toolsets: ToolsetSelection, dataDir: string): void {
  // Anything printed by a library must not corrupt the protocol channel.
  console.log = console.info = console.debug = (...args: unknown[]) => log(args.map(String).join(' '));
  const lease = storeLease(dataDir);
  const features = [
    memoryFeature(
      new MemoryService(lease.open, () => ({ retentionDays: PLANS.paid.memoryRetentionDays, quotaBytes: PLANS.paid.memoryBytes })),
    ),
    localRenderFeature(dataDir),
  ];
  const mcp = new McpSurface({
    registry,
    pipeline: new Pipeline(null, {}, servicesOf(features), { compute: poolCompute() }),
    toolsets,
    extensions: [prompts(allPrompts), ...features.flatMap((f) => f.mcp ?? []), toolDocs(registry), appViews(registry)],
  });
  const handle = serveStdio(
    mcp.factory(() => ({ conn: { surface: 'mcp-stdio', caller: { kind: 'local' }, stateful: true }, selection: toolsets })),
    { onerror: (e) => log(`stdio: ${e.message}`) },
  );
  const stop = () =>
    void handle
      .close()
      .then(() => Promise.all(features.flatMap((f) => (f.close ? [f.close()] : []))))
      .then(() => lease.close())
      .catch(() => undefined)
      .finally(() => process.exit(0));
  process.stdin.on('end', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** How long the stdio process keeps the data dir after its last memory use. */
const LEASE_IDLE_MS = 2000;
/** How long a memory use waits for another local process to release the data dir. */
const LEASE_WAIT_MS = 5000;

/**
 * The embedded store serves one process at a time, but a user often runs
 * several MCP hosts (each its own stdio process) on one memory. So stdio opens
 * the data dir on use, keeps it while memory is busy, releases it after a short
 * idle time, and waits (bounded) when another process holds it.
 */
function storeLease(dataDir: string): { open: () => Promise<Store>; close: () => Promise<void> } {
  let current: Promise<Store> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const release = async () => {
    const held = current;
    current = undefined;
    if (held) await (await held).close();
  };
  const acquire = async (): Promise<Store> => {
    const deadline = Date.now() + LEASE_WAIT_MS;
    for (;;) {
      try {
        return await EmbeddedStore.open(dataDir);
      } catch (err) {
        if (!/in use by another werkbank process/.test((err as Error).message) || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  return {
    open: async () => {
      current ??= acquire().catch((err: unknown) => {
        current = undefined;
        throw err;
      });
      const store = await current;
      clearTimeout(timer);
      timer = setTimeout(() => void release().catch((e) => log(`memory store: ${(e as Error).message}`)), LEASE_IDLE_MS);
      timer.unref();
      return store;
    },
    close: async () => {
      clearTimeout(timer);
      await release();
    },
  };
}
