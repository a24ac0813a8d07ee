/**
 * What the discovery tools answer and what the listing says: `find_tools` (the search, src/search/),
 * `describe_toolset` in its compact form, and each tool's listed description with its "Also: …"
 * keywords line. Kept small: every answer here lands in a model's context.
 */
import { ToolError, type Toolset } from '../core/tool.js';
import { parseVisibleToolset } from '../core/toolsets.js';
import { type Registry, type RegisteredTool, type ToolMeta } from '../core/registry.js';
import { keywordLine } from '../search/documents.js';
import { summaryOf } from '../search/text.js';
import { docsUri } from '../docs/reference.js';
import { mcpInputSchema, rowsSentence } from './rows.js';

/**
 * The description a tool is listed with: its description, its cost when not 1, the rows an MCP answer
 * shortens (src/mcp/rows.ts), where its full reference is, and its keywords, so hosts that search tool texts themselves find it by the words
 * people use (Claude Code, the Agent SDK and Copilot CLI search names and descriptions).
 */
export function listedDescription(t: ToolMeta): string {
  const cost = t.cost === 1 ? '' : ` (Costs ${t.cost} credits.)`;
  const docs = t.hasDocs ? ` Full reference: ${docsUri(t.slug)}` : '';
  const rows = rowsSentence(t);
  const also = keywordLine(t.keywords, `${t.name.replace(/_/g, ' ')} ${t.description}`);
  return `${t.description}${cost}${rows ? ` ${rows}` : ''}${docs}${also ? `\n${also}` : ''}`;
}

/** A tool as tools/list gives it (the meta-tools too). */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
  /** The MCP Apps view the result is shown in (`ui.resourceUri`), for a tool that declares one. */
  _meta?: Record<string, unknown>;
}

export const FIND_LIMIT = { default: 5, max: 20 } as const;

/** An input schema without what a caller does not need to call (closed-object markers, `$schema`). */
export function compactSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$schema' || (k === 'additionalProperties' && v === false)) continue;
    // Keyed maps (properties, $defs) hold field names, not keywords: keep their keys, compact their values.
    out[k] =
      k === 'properties' || k === '$defs'
        ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, compactSchema(s)]))
        : compactSchema(v);
  }
  return out;
}

export interface FoundTool {
  name: string;
  title: string;
  summary: string;
  toolset: Toolset;
  cost?: number;
  inputSchema: unknown;
}

/** Parses find_tools' arguments: `query` (required), `limit` 1–20 (default 5), `toolset` (optional). */
export function parseFindArgs(registry: Registry, args: Record<string, unknown>): { query: string; limit: number; toolset?: Toolset } {
  const extra = Object.keys(args).filter((k) => !['query', 'limit', 'toolset'].includes(k));
  if (extra.length) throw new ToolError(`Invalid input: unknown field \`${extra[0]}\`; allowed fields: query, limit, toolset`);
  const { query, limit = FIND_LIMIT.default, toolset } = args;
  if (typeof query !== 'string' || !query.trim())
    throw new ToolError('Invalid input: `query` is required: the task in your own words, e.g. "convert SRT subtitles to VTT"');
  if (query.length > 1000) throw new ToolError('Invalid input: `query` must be at most 1000 characters');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > FIND_LIMIT.max)
    throw new ToolError(`Invalid input: \`limit\` must be a whole number from 1 to ${FIND_LIMIT.max}`);
  if (toolset === undefined) return { query, limit };
  return { query, limit, toolset: parseVisibleToolset(registry, toolset) };
}

function found(entry: RegisteredTool): FoundTool {
  const t = entry.tool;
  return {
    name: t.name,
    title: t.title,
    summary: summaryOf(t.description),
    toolset: t.toolset,
    ...(t.cost === 1 ? {} : { cost: t.cost }),
    inputSchema: compactSchema(mcpInputSchema(entry)),
  };
}

/**
 * find_tools: the tools ranked for a task, each callable at once (name + compact input schema).
 * `all` searches hidden tools too (the discovery bench measures the whole catalogue).
 */
export function findTools(
  registry: Registry,
  args: { query: string; limit?: number; toolset?: Toolset },
  opts: { all?: boolean } = {},
): { query: string; tools: FoundTool[]; hint?: string } {
  const limit = args.limit ?? FIND_LIMIT.default;
  const entries = opts.all
    ? registry
        .engine()
        .search(args.query, { limit, filter: (n) => args.toolset === undefined || registry.requireName(n).tool.toolset === args.toolset })
        .map((h) => registry.requireName(h.name))
    : registry.search(args.query, { limit, toolset: args.toolset }).map((h) => h.entry);
  return {
    query: args.query,
    tools: entries.map(found),
    ...(entries.length
      ? {}
      : { hint: 'No tool matched these words: describe the task differently (English or Dutch), or see list_toolsets.' }),
  };
}

/**
 * describe_toolset: a toolset's tools with their one-line summary, cost, reference link and compact
 * input schema (the full descriptions are in each tool's listing and werkbank://docs/<slug>).
 */
export function describeToolset(registry: Registry, toolset: Toolset) {
  return {
    toolset,
    tools: registry.inToolsets(new Set([toolset])).map((e) => {
      const t = e.tool;
      return {
        name: t.name,
        title: t.title,
        description: summaryOf(t.description),
        cost: t.cost,
        ...(t.hasDocs ? { docs: docsUri(t.slug) } : {}),
        inputSchema: compactSchema(mcpInputSchema(e)),
      };
    }),
  };
}
