/**
 * MCP over stdio: one connection per process, the local user, not metered.
 * stdout carries only JSON-RPC; everything else goes to stderr. The data dir
 * (agent memory) is opened on first use, so a stdio server that never touches
 * memory never takes the data dir's lock.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpSurface } from './mcp.js';
import { Pipeline } from './pipeline.js';
import type { Registry } from './registry.js';
import type { ToolsetSelection } from './toolsets.js';
import { LowStore, type Store } from './store.js';
import { MemoryService } from './memory.js';
import { PLANS } from './accounts.js';
import { memoryResources, prompts } from './mcp-extensions.js';
import { allPrompts } from '../prompts/index.js';
import { log } from './log.js';

export function runStdio(registry: Registry, toolsets: ToolsetSelection, dataDir: string): void {
  // Anything printed by a library must not corrupt the protocol channel.
  console.log = console.info = console.debug = (...args: unknown[]) => log(args.map(String).join(' '));
  let store: Promise<Store> | undefined;
  const openStore = () => (store ??= LowStore.open(dataDir).catch((err) => ((store = undefined), Promise.reject(err))));
  const memory = new MemoryService(openStore, () => PLANS.paid.memoryRetentionDays);
  const mcp = new McpSurface({
    registry,
    pipeline: new Pipeline(null, {}, { memory }),
    toolsets,
    extensions: [memoryResources(memory), prompts(allPrompts)],
  });
  const handle = serveStdio(
    mcp.factory(() => ({ conn: { surface: 'mcp-stdio', caller: { kind: 'local' }, stateful: true }, selection: toolsets })),
    { onerror: (e) => log(`stdio: ${e.message}`) },
  );
  const stop = () =>
    void handle
      .close()
      .then(async () => (store ? (await store).close() : undefined))
      .catch(() => undefined)
      .finally(() => process.exit(0));
  process.stdin.on('end', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
