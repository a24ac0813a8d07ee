/**
 * MCP extensions beyond tools: agent memory as resources (list, templates,
 * read, subscribe + update notifications on long-lived connections) and the
 * prompts, with argument completion for both.
 */
import { ProtocolError, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { McpConnection, McpExtension } from './surface.js';
import { LOCAL_ACCOUNT } from '../core/pipeline.js';
import { MEMORY_LIMITS, parseMemoryUri, type MemoryChange, type MemoryService } from '../memory/service.js';
import type { Prompt } from '../core/prompt.js';
import memoryTemplate from '../../resources/memory.js';

const INVALID_PARAMS = -32602;
const TEMPLATE = memoryTemplate.uriTemplate;

function accountOf(conn: McpConnection): string | null {
  if (conn.caller.kind === 'account') return conn.caller.accountId;
  if (conn.caller.kind === 'local') return LOCAL_ACCOUNT;
  return null;
}

interface CompleteParams {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
}

function completion(values: string[]) {
  const limited = values.slice(0, 100);
  return { completion: { values: limited, total: values.length, hasMore: values.length > limited.length } };
}

/** Agent memory items as MCP resources `memory://<namespace>/<key>`. */
export function memoryResources(service: MemoryService): McpExtension {
  return {
    capabilities: {},
    install(server: Server, conn: McpConnection) {
      const accountId = accountOf(conn);
      const push = conn.stateful || Boolean(conn.listen && accountId);
      server.registerCapabilities({ resources: { subscribe: push, listChanged: push } });
      const memory = async () => {
        if (!accountId) throw new ProtocolError(INVALID_PARAMS, 'Agent memory needs an account');
        return service.forAccount(accountId);
      };

      server.setRequestHandler('resources/list', async (request) => {
        const cursor = (request.params as { cursor?: string } | undefined)?.cursor;
        let page;
        try {
          page = (await memory()).list({ limit: MEMORY_LIMITS.page, cursor });
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
      });

      server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [memoryTemplate] }));

      server.setRequestHandler('resources/read', async (request) => {
        const uri = (request.params as { uri: string }).uri;
        const parsed = parseMemoryUri(uri);
        const item = parsed && (await memory()).get(parsed.namespace, parsed.key);
        if (!item) throw new ResourceNotFoundError(uri);
        return { contents: [{ uri: item.uri, mimeType: item.mimeType, text: item.value }] };
      });

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
        const keys = api
          .list({ namespace, prefix: typed, limit: MEMORY_LIMITS.items })
          .items.map((i) => i.key);
        return completion([...new Set(keys)]);
      }
      return completion([]);
    },
  };
}

/** The prompts of `prompts/`, with completion of enumerable arguments. */
export function prompts(list: readonly Prompt[]): McpExtension {
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    capabilities: { prompts: { listChanged: false } },
    install(server: Server) {
      server.setRequestHandler('prompts/list', async () => ({
        prompts: list.map((p) => ({
          name: p.name,
          title: p.title,
          description: p.description,
          arguments: p.arguments.map((a) => ({ name: a.name, description: a.values ? `${a.description} (one of: ${a.values.join(', ')})` : a.description, required: a.required ?? false })),
        })),
      }));
      server.setRequestHandler('prompts/get', async (request) => {
        const { name, arguments: args = {} } = request.params as { name: string; arguments?: Record<string, string> };
        const prompt = byName.get(name);
        if (!prompt) throw new ProtocolError(INVALID_PARAMS, `Unknown prompt "${name}"; prompts: ${list.map((p) => p.name).join(', ')}`);
        for (const a of prompt.arguments) {
          const v = args[a.name];
          if ((v === undefined || v === '') && a.required) throw new ProtocolError(INVALID_PARAMS, `Missing required argument "${a.name}"`);
          if (v !== undefined && v !== '' && a.values && !a.values.includes(v))
            throw new ProtocolError(INVALID_PARAMS, `Argument "${a.name}" must be one of: ${a.values.join(', ')}`);
        }
        const unknown = Object.keys(args).filter((k) => !prompt.arguments.some((a) => a.name === k));
        if (unknown.length) throw new ProtocolError(INVALID_PARAMS, `Unknown argument "${unknown[0]}" for prompt "${name}"`);
        return {
          description: prompt.description,
          messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.render(args) } }],
        };
      });
    },
    async complete(params: CompleteParams) {
      if (params.ref.type !== 'ref/prompt') return null;
      const prompt = byName.get(params.ref.name ?? '');
      const arg = prompt?.arguments.find((a) => a.name === params.argument.name);
      if (!arg?.values) return completion([]);
      const typed = (params.argument.value ?? '').toLowerCase();
      return completion(arg.values.filter((v) => v.toLowerCase().startsWith(typed)));
    },
  };
}
