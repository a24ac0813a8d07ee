/**
 * The MCP surface, on the official SDK v2 (`@modelcontextprotocol/server`),
 * which serves both protocol eras: 2025-11-25 (initialize handshake) and the
 * stateless 2026-07-28 revision, over stdio and Streamable HTTP.
 *
 * We use the SDK's low-level `Server` with our own `tools/list` and
 * `tools/call` handlers instead of `McpServer.registerTool`: the tool list and
 * its JSON Schemas are computed once per process (per toolset selection), and
 * the per-request server built for stateless HTTP costs two handler
 * registrations, not 150 schema conversions.
 */
import { ResourceNotFoundError, Server, type McpRequestContext } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { isAvailable, type Registry, type RegisteredTool } from '../core/registry.js';
import { publicError, type CallOptions, type Caller, type Pipeline } from '../core/pipeline.js';
import { type McpContentBlock, type Surface, type Toolset } from '../core/tool.js';
import { HttpError } from '../core/errors.js';
import type { ToolsetSelection } from '../core/toolsets.js';
import { log } from '../core/log.js';
import { VERSION } from '../core/version.js';
import type { ResourceTemplateDeclaration } from '../core/resource.js';
import { loadStemmers } from '../search/text.js';
import { describeToolset, findTools, listedDescription, parseFindArgs, FIND_LIMIT } from './discovery.js';
import { parseVisibleToolset } from '../core/toolsets.js';
import { mcpInputSchema, mcpOutputSchema, takeAllRows, trimRows } from './rows.js';

export interface McpSurfaceOptions {
  registry: Registry;
  pipeline: Pipeline;
  /** Default toolset selection for connections that do not choose one. */
  toolsets: ToolsetSelection;
  /** Extra registrations (resources, prompts, memory...) on each server instance. */
  extensions?: McpExtension[];
}

/** One family of MCP resources (agent memory, tool docs); the surface routes resources/* to them. */
export interface ResourceProvider {
  templates: ResourceTemplateDeclaration[];
  /** Listed resources (optional: providers reachable through their templates only list nothing). */
  list?(conn: McpConnection, cursor: string | undefined): Promise<{ resources: Record<string, unknown>[]; nextCursor?: string }>;
  /** The contents of `uri`, or null when the URI is not this provider's. */
  read(uri: string, conn: McpConnection): Promise<{ contents: Record<string, unknown>[] } | null>;
}

/** A feature that adds handlers to each MCP server instance (resources, prompts...). */
export interface McpExtension {
  capabilities: Record<string, unknown>;
  install?(server: Server, conn: McpConnection): void;
  resources?: ResourceProvider;
  /** Argument completions for this extension's refs; null when the ref is not its own. */
  complete?(
    params: { ref: { type: string; name?: string; uri?: string }; argument: { name: string; value: string }; context?: { arguments?: Record<string, string> } },
    conn: McpConnection,
  ): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } } | null>;
}

/** What a server instance knows about its connection. */
export interface McpConnection {
  surface: Surface;
  caller: Caller;
  /** Long-lived connections (stdio) can change state and push notifications. */
  stateful: boolean;
  /** A 2026-07-28 HTTP exchange: change notifications go out on `subscriptions/listen` streams. */
  listen?: boolean;
}

interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

const INSTRUCTIONS = `werkbank: deterministic utility tools (text, formats, validators, Dutch helpers and test-data generators).
Tools are grouped in toolsets; only some are listed at first. To find a tool for a task, call find_tools with the
task in your own words (English or Dutch): it answers the best tools with their input schemas, ready for call_tool.
list_toolsets and describe_toolset browse the toolsets (or enable_toolset, on connections that support it, lists a
toolset's tools directly).`;

/**
 * The discovery meta-tools, always listed: they make every tool reachable from
 * a short list (`enable_toolset` only on connections that can be notified).
 */
export function discoveryTools(toolsets: readonly Toolset[]): { meta: ListedTool[]; enable: ListedTool } {
  /** The one argument of describe_toolset and enable_toolset. */
  const TOOLSET_ARGUMENT = {
    type: 'object',
    properties: { toolset: { type: 'string', enum: [...toolsets], description: 'Toolset name' } },
    required: ['toolset'],
    additionalProperties: false,
  };
  const META_TOOLS: ListedTool[] = [
  {
    name: 'find_tools',
    title: 'Find tools for a task',
    description:
      "Searches all werkbank tools (also those not in your tool list) for a task described in words, English or Dutch, and answers the best matches with name, title, summary, toolset and input schema, so you can call one at once with call_tool. Use it first whenever no listed tool fits: e.g. \"convert SRT subtitles to VTT\", \"nettoloon bij 60k\", \"days between two dates\". Costs 0 credits.",
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 1000, description: 'The task in your own words (a sentence is fine)' },
        limit: { type: 'integer', minimum: 1, maximum: FIND_LIMIT.max, default: FIND_LIMIT.default, description: 'How many tools (default 5)' },
        toolset: { type: 'string', enum: [...toolsets], description: 'Only this toolset' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        tools: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              summary: { type: 'string' },
              toolset: { type: 'string' },
              cost: { type: 'integer', description: 'Credits per call, when not 1' },
              inputSchema: { type: 'object' },
            },
            required: ['name', 'title', 'summary', 'toolset', 'inputSchema'],
          },
        },
        hint: { type: 'string' },
      },
      required: ['query', 'tools'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'list_toolsets',
    title: 'List toolsets',
    description:
      'Lists every toolset of this server with its description, tool count and whether its tools are listed on this connection. Start here to find a tool that is not in your tool list.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: {
        toolsets: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              tools: { type: 'integer' },
              enabled: { type: 'boolean' },
            },
            required: ['name', 'description', 'tools', 'enabled'],
          },
        },
      },
      required: ['toolsets'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'describe_toolset',
    title: 'Describe a toolset',
    description:
      "Lists the tools of one toolset with name, title, one-line summary, credit cost and input JSON Schema, so you can call any of them with call_tool. Argument: toolset (a name from list_toolsets). To find a tool by task, find_tools is quicker.",
    inputSchema: TOOLSET_ARGUMENT,
    outputSchema: {
      type: 'object',
      properties: { toolset: { type: 'string' }, tools: { type: 'array', items: { type: 'object' } } },
      required: ['toolset', 'tools'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'call_tool',
    title: 'Call any tool by name',
    description:
      'Runs any werkbank tool by its MCP name, also one whose toolset is not listed on this connection. Arguments: name (from find_tools or describe_toolset) and arguments (an object matching that tool\'s input schema). Costs what the tool costs.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'MCP tool name, e.g. word_counter' },
        arguments: { type: 'object', description: "The tool's arguments", additionalProperties: true },
      },
      required: ['name'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', additionalProperties: true },
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  },
];

  const ENABLE_TOOLSET: ListedTool = {
  name: 'enable_toolset',
  title: 'Enable a toolset',
  description:
    "Adds a toolset's tools to this connection's tool list (the client is notified that the list changed). Argument: toolset (a name from list_toolsets).",
  inputSchema: TOOLSET_ARGUMENT,
  outputSchema: {
    type: 'object',
    properties: { toolset: { type: 'string' }, enabled: { type: 'array', items: { type: 'string' } }, added: { type: 'integer' } },
    required: ['toolset', 'enabled', 'added'],
  },
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  };
  return { meta: META_TOOLS, enable: ENABLE_TOOLSET };
}

function listed(entry: RegisteredTool): ListedTool {
  const t = entry.tool;
  return {
    name: t.name,
    title: t.title,
    description: listedDescription(t),
    inputSchema: mcpInputSchema(entry),
    outputSchema: mcpOutputSchema(entry),
    annotations: { title: t.title, ...t.annotations },
  };
}

/** Render `data` as the text block shown next to structuredContent: compact JSON (pretty-printing costs a model ~40 % more tokens). */
export function textOf(data: unknown): string {
  return JSON.stringify(data);
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

export class McpSurface {
  private readonly listCache = new Map<string, ListedTool[]>();
  private readonly discoveryCache = new Map<string, { meta: ListedTool[]; enable: ListedTool }>();

  constructor(private readonly opts: McpSurfaceOptions) {}

  /**
   * The discovery tools for the toolsets this process lists now: a hidden toolset (every tool needs an
   * environment this process lacks) is named nowhere, not even in describe_toolset's or find_tools' enum.
   */
  private discovery(): { meta: ListedTool[]; enable: ListedTool } {
    const visible = this.opts.registry.visibleToolsets().map((t) => t.name);
    const key = visible.join(',');
    let tools = this.discoveryCache.get(key);
    if (!tools) this.discoveryCache.set(key, (tools = discoveryTools(visible)));
    return tools;
  }

  /** The tools/list payload for a selection (cached per selection and per set of hidden tools). */
  toolList(selection: ToolsetSelection, stateful: boolean): ListedTool[] {
    const hidden = this.opts.registry.tools.filter((t) => !isAvailable(t.tool)).length;
    const key = `${[...selection].sort().join(',')}|${stateful}|${hidden}`;
    let list = this.listCache.get(key);
    if (!list) {
      const discovery = this.discovery();
      list = [...discovery.meta, ...(stateful ? [discovery.enable] : []), ...this.opts.registry.inToolsets(selection).map(listed)];
      this.listCache.set(key, list);
    }
    return list;
  }

  private readonly listJsonCache = new Map<ListedTool[], string>();
  /** The tools/list payload as JSON text (serialised once per selection: ~200 KB for every tool). */
  toolListJson(selection: ToolsetSelection, stateful: boolean): string {
    const list = this.toolList(selection, stateful);
    let json = this.listJsonCache.get(list);
    if (json === undefined) this.listJsonCache.set(list, (json = JSON.stringify(list)));
    return json;
  }

  /** A factory for the SDK's serving entries (createMcpHandler per HTTP request, serveStdio per connection). */
  factory(resolve: (ctx: McpRequestContext) => { conn: McpConnection; selection: ToolsetSelection }) {
    return (ctx: McpRequestContext): Server => {
      const { conn, selection } = resolve(ctx);
      return this.build(conn, new Set(selection));
    };
  }

  build(conn: McpConnection, selection: Set<Toolset>): Server {
    const capabilities: Record<string, unknown> = { tools: { listChanged: conn.stateful }, logging: {} };
    for (const ext of this.opts.extensions ?? []) Object.assign(capabilities, ext.capabilities);
    const server = new Server({ name: 'werkbank', title: 'werkbank', version: VERSION }, { capabilities, instructions: INSTRUCTIONS });
    server.setRequestHandler('tools/list', async () => ({ tools: this.toolList(selection, conn.stateful) as never }));
    server.setRequestHandler('tools/call', async (request, extra) => {
      const { name, arguments: args } = request.params;
      const signal = (extra as { mcpReq?: { signal?: AbortSignal } })?.mcpReq?.signal;
      return this.callTool(name, args ?? {}, conn, selection, server, signal);
    });
    const extensions = this.opts.extensions ?? [];
    this.installResources(server, conn, extensions.flatMap((e) => (e.resources ? [e.resources] : [])));
    for (const ext of extensions) ext.install?.(server, conn);
    if (extensions.some((e) => e.complete)) {
      server.registerCapabilities({ completions: {} });
      server.setRequestHandler('completion/complete', async (request) => {
        for (const ext of extensions) {
          const result = await ext.complete?.(request.params as never, conn);
          if (result) return result;
        }
        return { completion: { values: [], total: 0, hasMore: false } };
      });
    }
    return server;
  }

  /** resources/list, templates and read, routed to the providers (listing pages through them in order). */
  private installResources(server: Server, conn: McpConnection, providers: ResourceProvider[]): void {
    if (!providers.length) return;
    server.registerCapabilities({ resources: {} });
    const listing = providers.filter((p) => p.list);
    server.setRequestHandler('resources/list', async (request) => {
      // The cursor names the provider: `<index>:<its own cursor>`.
      const raw = (request.params as { cursor?: string } | undefined)?.cursor;
      const at = raw ? Number(raw.slice(0, raw.indexOf(':'))) : 0;
      const inner = raw ? raw.slice(raw.indexOf(':') + 1) || undefined : undefined;
      const provider = listing[at];
      if (!provider) return { resources: [] };
      const page = await provider.list!(conn, inner);
      const next = page.nextCursor !== undefined ? `${at}:${page.nextCursor}` : at + 1 < listing.length ? `${at + 1}:` : undefined;
      return { resources: page.resources as never, ...(next ? { nextCursor: next } : {}) };
    });
    server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: providers.flatMap((p) => p.templates) }));
    server.setRequestHandler('resources/read', async (request) => {
      const uri = (request.params as { uri: string }).uri;
      for (const p of providers) {
        const result = await p.read(uri, conn);
        if (result) return result as never;
      }
      throw new ResourceNotFoundError(uri);
    });
  }

  /**
   * The hot path for stateless 2025-era HTTP: `tools/list`, `tools/call` and
   * `ping` answered without building a server instance (the SDK's per-request
   * server + transport cost ~2.5 ms each). Anything else, or anything unusual
   * about the message, returns null and goes to the SDK.
   */
  async fastPath(message: unknown, conn: McpConnection, selection: ReadonlySet<Toolset>, signal?: CallOptions['signal']): Promise<string | null> {
    if (!isObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return null;
    const id = message.id;
    if (typeof id !== 'string' && typeof id !== 'number') return null;
    const params = message.params ?? {};
    if (!isObject(params)) return null;
    switch (message.method) {
      case 'ping':
        return JSON.stringify({ jsonrpc: '2.0', id, result: {} });
      case 'tools/list':
        if (params.cursor !== undefined) return null;
        return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${this.toolListJson(selection, conn.stateful)}}}`;
      case 'tools/call': {
        const args = params.arguments ?? {};
        if (typeof params.name !== 'string' || !isObject(args)) return null;
        return JSON.stringify({ jsonrpc: '2.0', id, result: await this.callTool(params.name, args, conn, new Set(selection), null, signal) });
      }
    }
    return null;
  }

  private async callTool(
    name: string,
    args: Record<string, unknown>,
    conn: McpConnection,
    selection: Set<Toolset>,
    server: Server | null,
    signal?: CallOptions['signal'],
  ): Promise<CallToolResult> {
    try {
      switch (name) {
        case 'find_tools':
          await loadStemmers();
          return this.structured(findTools(this.opts.registry, parseFindArgs(this.opts.registry, args)));
        case 'list_toolsets':
          return this.structured(this.listToolsets(selection));
        case 'describe_toolset':
          return this.structured(this.describeToolset(args));
        case 'enable_toolset':
          if (!conn.stateful || !server) break;
          return this.structured(this.enableToolset(args, selection, server));
        case 'call_tool': {
          const inner = args.name;
          if (typeof inner !== 'string') throw new HttpError('Invalid input: `name` is required (string)');
          const innerArgs = args.arguments ?? {};
          if (typeof innerArgs !== 'object' || Array.isArray(innerArgs) || innerArgs === null)
            throw new HttpError('Invalid input: `arguments` must be an object');
          const unknownKeys = Object.keys(args).filter((k) => k !== 'name' && k !== 'arguments');
          if (unknownKeys.length) throw new HttpError(`Invalid input: unknown field \`${unknownKeys[0]}\`; allowed fields: name, arguments`);
          return await this.runTool(this.opts.registry.requireName(inner), innerArgs, conn, signal);
        }
      }
      // Toolsets decide what is listed, not what may be called: a tool learned through
      // describe_toolset can be called directly, like through call_tool.
      return await this.runTool(this.opts.registry.requireName(name), args, conn, signal);
    } catch (err) {
      const { message } = publicError(err, log);
      return errorResult(message);
    }
  }

  private async runTool(entry: RegisteredTool, args: unknown, conn: McpConnection, signal?: CallOptions['signal']): Promise<CallToolResult> {
    // `allRows` is the surface's argument (src/mcp/rows.ts), not the tool's: taken out before validation.
    const rows = takeAllRows(entry.tool, args);
    const call = await this.opts.pipeline.prepare(entry, rows.args, { surface: conn.surface, caller: conn.caller, signal });
    const { data } = await this.opts.pipeline.run(call, conn.caller);
    return this.structured(rows.all ? data : trimRows(entry.tool, data), call.tool.mcpContent?.(data as never, call.ctx));
  }

  private structured(data: unknown, extra: McpContentBlock[] = []): CallToolResult {
    return {
      content: [{ type: 'text', text: textOf(data) }, ...extra] as CallToolResult['content'],
      structuredContent: data as Record<string, unknown>,
    };
  }

  private parseToolsetArg(args: Record<string, unknown>): Toolset {
    return parseToolsetArgWith(this.opts.registry, args);
  }

  private listToolsets(selection: Set<Toolset>) {
    const counts = new Map<string, number>();
    for (const { tool } of this.opts.registry.listed()) counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
    return {
      toolsets: this.opts.registry.toolsets
        .filter(({ name }) => counts.has(name))
        .map(({ name, description }) => ({ name, description, tools: counts.get(name) ?? 0, enabled: selection.has(name) })),
    };
  }

  private describeToolset(args: Record<string, unknown>) {
    return describeToolset(this.opts.registry, this.parseToolsetArg(args));
  }

  private enableToolset(args: Record<string, unknown>, selection: Set<Toolset>, server: Server) {
    const toolset = this.parseToolsetArg(args);
    const before = selection.size;
    selection.add(toolset);
    const added = selection.size > before ? this.opts.registry.inToolsets(new Set([toolset])).length : 0;
    if (added) void server.sendToolListChanged().catch(() => undefined);
    return { toolset, enabled: [...selection].sort(), added };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseToolsetArgWith(registry: Registry, args: Record<string, unknown>): Toolset {
  const extra = Object.keys(args).filter((k) => k !== 'toolset');
  if (extra.length) throw new HttpError(`Invalid input: unknown field \`${extra[0]}\`; allowed fields: toolset`);
  const value = args.toolset;
  if (typeof value !== 'string') throw new HttpError('Invalid input: `toolset` is required (string)');
  return parseVisibleToolset(registry, value);
}
