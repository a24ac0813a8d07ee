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
import type { ToolsetSelection } from '../core/toolsets.js';
import { log } from '../core/log.js';
import { VERSION } from '../core/version.js';
import type { ResourceTemplateDeclaration } from '../core/resource.js';
import { listedDescription, type ListedTool } from './discovery.js';
import { discoveryTools, metaTool, type MetaCall } from './meta-tools.js';
import { mcpInputSchema, mcpOutputSchema, takeAllRows, trimRows } from './rows.js';
import { fingerprint, MCP_META_KEY, MCP_META_NOT_KEPT, parseKey } from '../core/idempotency.js';
import type { ProgressHook } from '../core/progress.js';
import { progressNotifier, progressTokenOf } from './progress.js';
import { runsAsTask, type Tasks } from '../tasks/tasks.js';
import { startTask } from '../tasks/start.js';
import { declaresTasks, detailedTask, installTaskMethods, taskOwner, TASKS_EXTENSION } from '../tasks/mcp.js';
import { viewMeta } from '../apps/meta.js';

/** How long a keyed call may run before its claim counts as abandoned (its process stopped), ms. */
const MCP_LEASE_MS = 10 * 60_000;

export interface McpSurfaceOptions {
  registry: Registry;
  pipeline: Pipeline;
  /** Default toolset selection for connections that do not choose one. */
  toolsets: ToolsetSelection;
  /** Extra registrations (resources, prompts, memory...) on each server instance. */
  extensions?: McpExtension[];
  /** Long calls answered with a task when the client declares the tasks extension (src/tasks/). */
  tasks?: Tasks;
}

/** What a `tools/call` brings besides its name and arguments. */
interface CallExtras {
  signal?: CallOptions['signal'];
  /** Its idempotency key, as sent (checked in `callTool`). */
  rawKey?: unknown;
  /** The client declared the tasks extension on this request. */
  tasks?: boolean;
  /** Where its progress goes (the request carried a progress token). */
  onProgress?: ProgressHook;
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
    params: {
      ref: { type: string; name?: string; uri?: string };
      argument: { name: string; value: string };
      context?: { arguments?: Record<string, string> };
    },
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

const INSTRUCTIONS = `werkbank: deterministic utility tools (text, formats, validators, Dutch helpers and test-data generators).
Tools are grouped in toolsets; only some are listed at first. To find a tool for a task, call find_tools with the
task in your own words (English or Dutch): it answers the best tools with their input schemas, ready for call_tool.
list_toolsets and describe_toolset browse the toolsets (or enable_toolset, on connections that support it, lists a
toolset's tools directly).`;

function listed(entry: RegisteredTool): ListedTool {
  const t = entry.tool;
  return {
    name: t.name,
    title: t.title,
    description: listedDescription(t),
    inputSchema: mcpInputSchema(entry),
    outputSchema: mcpOutputSchema(entry),
    // The title once (hosts show `title` first; annotations.title is its older place).
    annotations: { ...t.annotations },
    // Hosts with MCP Apps show the result in its view (src/apps/views.ts); others ignore `_meta`.
    ...(t.resultView ? { _meta: viewMeta(t) } : {}),
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
  private readonly discoveryCache = new Map<string, ReturnType<typeof discoveryTools>>();

  constructor(private readonly opts: McpSurfaceOptions) {}

  /**
   * The discovery tools for the toolsets this process lists now: a hidden toolset (every tool needs an
   * environment this process lacks) is named nowhere, not even in describe_toolset's or find_tools' enum.
   */
  private discovery(): ReturnType<typeof discoveryTools> {
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
      list = [...discovery.meta, ...(stateful ? discovery.stateful : []), ...this.opts.registry.inToolsets(selection).map(listed)];
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
    const tasks = this.opts.tasks;
    if (tasks) capabilities.extensions = { [TASKS_EXTENSION]: {} };
    for (const ext of this.opts.extensions ?? []) mergeCapabilities(capabilities, ext.capabilities);
    const server = new Server({ name: 'werkbank', title: 'werkbank', version: VERSION }, { capabilities, instructions: INSTRUCTIONS });
    server.setRequestHandler('tools/list', async () => ({ tools: this.toolList(selection, conn.stateful) as never }));
    server.setRequestHandler('tools/call', async (request, extra) => {
      const { name, arguments: args, _meta: meta } = request.params;
      const req = extra.mcpReq;
      const token = progressTokenOf(meta);
      const notify = req.notify;
      return this.callTool(name, args ?? {}, conn, selection, server, {
        signal: req.signal,
        rawKey: meta?.[MCP_META_KEY],
        tasks: tasks !== undefined && declaresTasks(meta, req.envelope),
        onProgress: token === undefined ? undefined : progressNotifier(token, (n) => notify(n)),
      });
    });
    if (tasks) installTaskMethods(server, conn.caller, tasks);
    const extensions = this.opts.extensions ?? [];
    this.installResources(
      server,
      conn,
      extensions.flatMap((e) => (e.resources ? [e.resources] : [])),
    );
    for (const ext of extensions) ext.install?.(server, conn);
    if (extensions.some((e) => e.complete !== undefined)) {
      server.registerCapabilities({ completions: {} });
      server.setRequestHandler('completion/complete', async (request) => {
        for (const ext of extensions) {
          const result = await ext.complete?.(request.params, conn);
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
    const listing = providers.filter((p) => p.list !== undefined);
    server.setRequestHandler('resources/list', async (request) => {
      // The cursor names the provider: `<index>:<its own cursor>`.
      const raw = request.params?.cursor;
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
  async fastPath(
    message: unknown,
    conn: McpConnection,
    selection: ReadonlySet<Toolset>,
    signal?: CallOptions['signal'],
  ): Promise<string | null> {
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
        const meta = isObject(params._meta) ? params._meta : undefined;
        // A call that wants progress notifications or may get a task goes to the SDK (a stream, a task's handlers).
        if (meta && (meta.progressToken !== undefined || declaresTasks(meta))) return null;
        return JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: await this.callTool(params.name, args, conn, new Set(selection), null, { signal, rawKey: meta?.[MCP_META_KEY] }),
        });
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
    extras: CallExtras,
  ): Promise<CallToolResult> {
    try {
      const key = parseKey(extras.rawKey, `_meta["${MCP_META_KEY}"]`);
      const meta = metaTool(name, conn.stateful, server);
      if (meta) return await meta.run(args, this.metaCall(conn, selection, server, extras, key));
      // Toolsets decide what is listed, not what may be called: a tool learned through
      // describe_toolset can be called directly, like through call_tool.
      return await this.runTool(this.opts.registry.requireName(name), args, conn, extras, key);
    } catch (err) {
      const { message } = publicError(err, log);
      return errorResult(message);
    }
  }

  private async runTool(
    entry: RegisteredTool,
    args: unknown,
    conn: McpConnection,
    extras: CallExtras,
    key?: string,
  ): Promise<CallToolResult> {
    // `allRows` is the surface's argument (src/mcp/rows.ts), not the tool's: taken out before validation.
    const rows = takeAllRows(entry.tool, args);
    const { pipeline } = this.opts;
    const caller = conn.caller;
    const tasks = this.opts.tasks;
    const owner = taskOwner(caller);
    // A task for a long call whose client allows one (an idempotency key keeps the call as it is: one answer, once).
    if (extras.tasks && tasks && owner !== undefined && key === undefined && runsAsTask(await entry.load())) {
      const prepare = (opts: Pick<CallOptions, 'signal' | 'onProgress'>) =>
        pipeline.prepare(entry, rows.args, { surface: conn.surface, caller, ...opts });
      const task = await startTask(tasks, owner, 'mcp', prepare, {
        run: (call) => pipeline.run(call, caller),
        answer: (call, data) => this.structured(rows.all ? data : trimRows(entry.tool, data), call.tool.mcpContent?.(data, call.ctx)),
        failed: (message) => errorResult(message),
      });
      return { resultType: 'task', ...detailedTask(task) } as unknown as CallToolResult;
    }
    const { signal, onProgress } = extras;
    const call = await pipeline.prepare(entry, rows.args, { surface: conn.surface, caller, signal, onProgress });
    const answer = (data: unknown) => this.structured(rows.all ? data : trimRows(entry.tool, data), call.tool.mcpContent?.(data, call.ctx));
    // A key is kept per account; the local (stdio) user is charged nothing, so a key there changes nothing.
    if (key === undefined || caller.kind !== 'account' || !pipeline.idempotency) return answer((await pipeline.run(call, caller)).data);
    let result!: CallToolResult;
    const out = await pipeline.idempotency.once(caller.accountId, key, fingerprint('mcp', entry.tool.slug, args), MCP_LEASE_MS, (claim) =>
      pipeline.run(call, caller, async (data) => {
        result = answer(data);
        const notKept = await claim.store({ status: 200, body: JSON.stringify(result) });
        if (notKept !== undefined) result._meta = { ...result._meta, [MCP_META_NOT_KEPT]: notKept };
      }),
    );
    return 'replay' in out ? (JSON.parse(out.replay.body) as CallToolResult) : result;
  }

  private structured(data: unknown, extra: McpContentBlock[] = []): CallToolResult {
    return {
      content: [{ type: 'text', text: textOf(data) }, ...extra] as CallToolResult['content'],
      structuredContent: data,
    };
  }

  private metaCall(conn: McpConnection, selection: Set<Toolset>, server: Server | null, extras: CallExtras, key?: string): MetaCall {
    return {
      registry: this.opts.registry,
      selection,
      server,
      answer: (data) => this.structured(data),
      runTool: (entry, args) => this.runTool(entry, args, conn, extras, key),
    };
  }
}

/** Add an extension's capabilities; `extensions` (the MCP extensions a server supports) are merged, not replaced. */
function mergeCapabilities(into: Record<string, unknown>, add: Record<string, unknown>): void {
  const { extensions, ...rest } = add;
  Object.assign(into, rest);
  if (isObject(extensions)) into.extensions = Object.assign(isObject(into.extensions) ? into.extensions : {}, extensions);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
