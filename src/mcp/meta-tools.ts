/**
 * The discovery meta-tools, always listed beside the toolsets' tools: they make every tool reachable from a
 * short list. Each is declared once in META_TOOLS (name, texts, zod input schema, output schema, annotations,
 * what it does); the surface (src/mcp/surface.ts) lists and dispatches them from that list, so a new
 * meta-tool is one more entry.
 *
 * The input schemas are zod, like tools', and listed as JSON Schema; each `run` checks its arguments by hand
 * so that every mistake gets a message that says how to call it right (a ToolError: the meta-tool's own
 * input). The output schemas are JSON Schema as listed: an answer is built here, never validated.
 */
import { portableSchema } from './output-schema.js';
import { z } from 'zod';
import type { CallToolResult, Server } from '@modelcontextprotocol/server';
import type { Registry, RegisteredTool } from '../core/registry.js';
import { ToolError, type Toolset } from '../core/tool.js';
import { parseVisibleToolset } from '../core/toolsets.js';
import { loadStemmers } from '../search/text.js';
import { describeToolset, findTools, parseFindArgs, FIND_LIMIT, type ListedTool } from './discovery.js';

/** What a meta-tool's call has at hand: the registry, the connection's toolset selection, and the surface's answers. */
export interface MetaCall {
  registry: Registry;
  /** The toolsets this connection lists (enable_toolset adds to it). */
  selection: Set<Toolset>;
  /** The server instance of a stateful connection (null on the stateless fast path). */
  server: Server | null;
  /** An answer as the surface sends every tool's: structured content plus its JSON text. */
  answer: (data: unknown) => CallToolResult;
  /** Runs a tool of the catalogue as a direct call would. */
  runTool: (entry: RegisteredTool, args: unknown) => Promise<CallToolResult>;
}

export interface MetaTool {
  name: string;
  title: string;
  description: string;
  /** The input schema, given the toolsets this process lists (their names are the `toolset` enums). */
  input(toolsets: [Toolset, ...Toolset[]]): z.ZodType;
  outputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  /** Listed and run only on connections that can be notified that their tool list changed (stdio, stateful HTTP). */
  stateful?: boolean;
  run(args: Record<string, unknown>, call: MetaCall): Promise<CallToolResult>;
}

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** The one argument of describe_toolset and enable_toolset. */
const toolsetArgument = (toolsets: [Toolset, ...Toolset[]]) => z.object({ toolset: z.enum(toolsets).describe('Toolset name') }).strict();

export const META_TOOLS: MetaTool[] = [
  {
    name: 'find_tools',
    title: 'Find tools for a task',
    description:
      'Searches all werkbank tools (also those not in your tool list) for a task described in words, English or Dutch, and answers the best matches with name, title, summary, toolset and input schema, so you can call one at once with call_tool. Use it first whenever no listed tool fits: e.g. "convert SRT subtitles to VTT", "nettoloon bij 60k", "days between two dates". Costs 0 credits.',
    input: (toolsets) =>
      z
        .object({
          query: z.string().min(1).max(1000).describe('The task in your own words (a sentence is fine)'),
          limit: z
            .int()
            .min(1)
            .max(FIND_LIMIT.max)
            .meta({ default: FIND_LIMIT.default, description: 'How many tools (default 5)' })
            .optional(),
          toolset: z.enum(toolsets).describe('Only this toolset').optional(),
        })
        .strict(),
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
    annotations: READ_ONLY,
    async run(args, { registry, answer }) {
      await loadStemmers();
      return answer(findTools(registry, parseFindArgs(registry, args)));
    },
  },
  {
    name: 'list_toolsets',
    title: 'List toolsets',
    description:
      'Lists every toolset of this server with its description, tool count and whether its tools are listed on this connection. Start here to find a tool that is not in your tool list.',
    input: () => z.object({}).strict(),
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
    annotations: READ_ONLY,
    async run(_args, { registry, selection, answer }) {
      const counts = new Map<string, number>();
      for (const { tool } of registry.listed()) counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
      return answer({
        toolsets: registry.toolsets
          .filter(({ name }) => counts.has(name))
          .map(({ name, description }) => ({ name, description, tools: counts.get(name) ?? 0, enabled: selection.has(name) })),
      });
    },
  },
  {
    name: 'describe_toolset',
    title: 'Describe a toolset',
    description:
      'Lists the tools of one toolset with name, title, one-line summary, credit cost and input JSON Schema, so you can call any of them with call_tool. Argument: toolset (a name from list_toolsets). To find a tool by task, find_tools is quicker.',
    input: toolsetArgument,
    outputSchema: {
      type: 'object',
      properties: { toolset: { type: 'string' }, tools: { type: 'array', items: { type: 'object' } } },
      required: ['toolset', 'tools'],
    },
    annotations: READ_ONLY,
    async run(args, { registry, answer }) {
      return answer(describeToolset(registry, parseToolsetArg(registry, args)));
    },
  },
  {
    name: 'call_tool',
    title: 'Call any tool by name',
    description:
      "Runs any werkbank tool by its MCP name, also one whose toolset is not listed on this connection. Arguments: name (from find_tools or describe_toolset) and arguments (an object matching that tool's input schema). Costs what the tool costs.",
    input: () =>
      z
        .object({
          name: z.string().describe('MCP tool name, e.g. word_counter'),
          // Listed as an open object; `unrepresentable: 'any'` leaves the custom type to this metadata.
          arguments: z
            .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
            .meta({ type: 'object', description: "The tool's arguments", additionalProperties: true })
            .optional(),
        })
        .strict(),
    outputSchema: { type: 'object', additionalProperties: true },
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
    async run(args, { registry, runTool }) {
      const inner = args.name;
      if (typeof inner !== 'string') throw new ToolError('Invalid input: `name` is required (string)');
      const innerArgs = args.arguments ?? {};
      if (typeof innerArgs !== 'object' || Array.isArray(innerArgs) || innerArgs === null)
        throw new ToolError('Invalid input: `arguments` must be an object');
      const unknownKeys = Object.keys(args).filter((k) => k !== 'name' && k !== 'arguments');
      if (unknownKeys.length) throw new ToolError(`Invalid input: unknown field \`${unknownKeys[0]}\`; allowed fields: name, arguments`);
      return runTool(registry.requireName(inner), innerArgs);
    },
  },
  {
    name: 'enable_toolset',
    title: 'Enable a toolset',
    description:
      "Adds a toolset's tools to this connection's tool list (the client is notified that the list changed). Argument: toolset (a name from list_toolsets).",
    input: toolsetArgument,
    outputSchema: {
      type: 'object',
      properties: { toolset: { type: 'string' }, enabled: { type: 'array', items: { type: 'string' } }, added: { type: 'integer' } },
      required: ['toolset', 'enabled', 'added'],
    },
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    stateful: true,
    async run(args, { registry, selection, server, answer }) {
      const toolset = parseToolsetArg(registry, args);
      const before = selection.size;
      selection.add(toolset);
      const added = selection.size > before ? registry.inToolsets(new Set([toolset])).length : 0;
      if (added) void server?.sendToolListChanged().catch(() => undefined);
      return answer({ toolset, enabled: [...selection].sort(), added });
    },
  },
];

const byName = new Map(META_TOOLS.map((t) => [t.name, t]));

/** The meta-tool `name` names on a connection, or undefined (a stateful one is unknown to a stateless connection). */
export function metaTool(name: string, stateful: boolean, server: Server | null): MetaTool | undefined {
  const tool = byName.get(name);
  return tool && (!tool.stateful || (stateful && server)) ? tool : undefined;
}

/** A meta-tool as tools/list gives it, for the toolsets this process lists. */
function listed(tool: MetaTool, toolsets: [Toolset, ...Toolset[]]): ListedTool {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(tool.input(toolsets), {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    outputSchema: portableSchema(tool.outputSchema) as Record<string, unknown>,
    annotations: tool.annotations,
  };
}

/**
 * The meta-tools as listed for the toolsets this process lists: `meta` on every connection, `stateful` only on
 * connections that can be notified (`enable` is its one member, enable_toolset, as the token bench counts it).
 * A hidden toolset (every tool needs an environment this process lacks) is named nowhere, not even in an enum.
 */
export function discoveryTools(toolsets: readonly Toolset[]): { meta: ListedTool[]; stateful: ListedTool[]; enable: ListedTool } {
  const names = [...toolsets] as [Toolset, ...Toolset[]];
  const meta = META_TOOLS.filter((t) => !t.stateful).map((t) => listed(t, names));
  const stateful = META_TOOLS.filter((t) => t.stateful).map((t) => listed(t, names));
  return { meta, stateful, enable: stateful[0] };
}

function parseToolsetArg(registry: Registry, args: Record<string, unknown>): Toolset {
  const extra = Object.keys(args).filter((k) => k !== 'toolset');
  if (extra.length) throw new ToolError(`Invalid input: unknown field \`${extra[0]}\`; allowed fields: toolset`);
  const value = args.toolset;
  if (typeof value !== 'string') throw new ToolError('Invalid input: `toolset` is required (string)');
  return parseVisibleToolset(registry, value);
}
