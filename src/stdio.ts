/**
 * MCP over stdio: one connection per process, the local user, not metered.
 * stdout carries only JSON-RPC; everything else goes to stderr.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { McpSurface } from './mcp.js';
import type { ToolsetSelection } from './toolsets.js';
import { log } from './log.js';

export function runStdio(mcp: McpSurface, toolsets: ToolsetSelection): void {
  // Anything printed by a library must not corrupt the protocol channel.
  console.log = console.info = console.debug = (...args: unknown[]) => log(args.map(String).join(' '));
  const handle = serveStdio(
    mcp.factory(() => ({ conn: { surface: 'mcp-stdio', caller: { kind: 'local' }, stateful: true }, selection: toolsets })),
    { onerror: (e) => log(`stdio: ${e.message}`) },
  );
  const stop = () => void handle.close().finally(() => process.exit(0));
  process.stdin.on('end', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
