/**
 * Agent memory as MCP resources: list, templates, read, subscribe + update
 * notifications on long-lived connections, with argument completion.
 */
import { ProtocolError, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { McpConnection, McpExtension } from '../mcp/surface.js';
import { completion, INVALID_PARAMS, type CompleteParams } from '../mcp/completion.js';
import { LOCAL_ACCOUNT } from '../core/pipeline.js';
import { MEMORY_LIMITS, parseMemoryUri, type MemoryChange, type MemoryService } from './service.js';
import memoryTemplate from '../../resources/memory.js';

const TEMPLATE = memoryTemplate.uriTemplate;

function accountOf(conn: McpConnection): string | null {
  if (conn.caller.kind === 'account') return conn.caller.accountId;
  if (conn.caller.kind === 'local') return LOCAL_ACCOUNT;
  return null;
}

/** Agent memory items as MCP resources `memory://<namespace>/<key>`. */
export function memoryResources(service: MemoryService): McpExtension {
  const memory = async (conn: McpConnection) => {
    const accountId = accountOf(conn);
    if (!accountId) throw new ProtocolError(INVALID_PARAMS, 'Agent memory needs an account');
    return service.forAccount(accountId);
  };
  return {
    capabilities: {},
    resources: {
      templates: [memoryTemplate],
      async list(conn, cursor) {
        let page;
        try {
          page = (await memory(conn)).list({ limit: MEMORY_LIMITS.page, cursor });
        } catch (err) {
          // A store that cannot be opened (e.g. locked by another process) must not break a client's start-up listing.
          if ((err as { status?: number }).status === 503) return { resources: [] };
          throw new ProtocolError(INVALID_PARAMS, (err as Error).message);
        }
        return {
          resources: page.items.map((i) => ({
            uri: i.uri,
            name: `${i.namespace}/${i.key}`,
            title: i.key,
            mimeType: i.mimeType,
            size: i.bytes,
            description: i.tags.length ? `tags: ${i.tags.join(', ')}` : undefined,
            annotations: { lastModified: i.updatedAt },
          })),
          ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        };
      },
      async read(uri, conn) {
        const parsed = parseMemoryUri(uri);
        if (!parsed) return null;
        const item = (await memory(conn)).get(parsed.namespace, parsed.key);
        if (!item) throw new ResourceNotFoundError(uri);
        return { contents: [{ uri: item.uri, mimeType: item.mimeType, text: item.value }] };
      },
    },
    install(server: Server, conn: McpConnection) {
      const accountId = accountOf(conn);
      const push = conn.stateful || Boolean(conn.listen && accountId);
      server.registerCapabilities({ resources: { subscribe: push, listChanged: push } });

      if (conn.stateful && accountId) {
        const subscribed = new Set<string>();
        server.setRequestHandler('resources/subscribe', async (request) => {
          subscribed.add((request.params as { uri: string }).uri);
          return {};
        });
        server.setRequestHandler('resources/unsubscribe', async (request) => {
          subscribed.delete((request.params as { uri: string }).uri);
          return {};
        });
        const onChange = (change: MemoryChange) => {
          if (change.accountId !== accountId) return; // never another account's events
          if (subscribed.has(change.uri)) void server.sendResourceUpdated({ uri: change.uri }).catch(() => undefined);
          if (change.kind !== 'updated') void server.sendResourceListChanged().catch(() => undefined);
        };
        service.events.on('change', onChange);
        const previous = server.onclose;
        server.onclose = () => {
          service.events.off('change', onChange);
          previous?.();
        };
      }
    },
    async complete(params: CompleteParams, conn: McpConnection) {
      if (params.ref.type !== 'ref/resource' || params.ref.uri !== TEMPLATE) return null;
      const accountId = accountOf(conn);
      if (!accountId) return completion([]);
      const api = await service.forAccount(accountId);
      const typed = params.argument.value ?? '';
      if (params.argument.name === 'namespace') return completion(api.namespaces().filter((n) => n.startsWith(typed)));
      if (params.argument.name === 'key') {
        const namespace = params.context?.arguments?.namespace;
        const keys = api.list({ namespace, prefix: typed, limit: MEMORY_LIMITS.items }).items.map((i) => i.key);
        return completion([...new Set(keys)]);
      }
      return completion([]);
    },
  };
}
