/**
 * The registry: the validated, indexed list of tool declarations, with the
 * JSON Schemas computed once per process. Every surface reads from here.
 */
import { z } from 'zod';
import { MCP_NAME, SLUG, ToolError, type Tool, type Toolset } from './tool.js';
import type { ToolsetDeclaration } from './toolset.js';
import { parseToolsets, selection, defaultToolsets, type ToolsetSelection } from './toolsets.js';
import { didYouMean } from './validate.js';

export type JsonSchema = Record<string, unknown>;

export interface RegisteredTool {
  tool: Tool;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

const INT_NOISE = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Remove zod's ±2^53 integer bounds and other noise, recursively. */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'minimum' || k === 'maximum') && typeof v === 'number' && INT_NOISE.has(v)) continue;
    if (k === '$schema') continue;
    out[k] = clean(v);
  }
  return out;
}

export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  const cleaned = clean(raw) as JsonSchema;
  // Clients (Codex among them) reject tool schemas without a top-level object type.
  return { type: 'object', ...cleaned };
}

/** JSON Schemas are computed on first use and then kept: a stdio start lists only its toolsets. */
function lazySchemas(tool: Tool): RegisteredTool {
  let input: JsonSchema | undefined;
  let output: JsonSchema | undefined;
  return {
    tool,
    get inputSchema() {
      return (input ??= toJsonSchema(tool.input, 'input'));
    },
    get outputSchema() {
      return (output ??= toJsonSchema(tool.output, 'output'));
    },
  };
}

export class Registry {
  readonly tools: readonly RegisteredTool[];
  /** Every toolset, in name order (tools/<toolset>/toolset.ts). */
  readonly toolsets: readonly ToolsetDeclaration[];
  /** The toolsets listed on connections that choose none. */
  readonly defaultToolsets: readonly Toolset[];
  private readonly bySlug = new Map<string, RegisteredTool>();
  private readonly byName = new Map<string, RegisteredTool>();
  private readonly toolsetByName: ReadonlyMap<Toolset, ToolsetDeclaration>;

  constructor(tools: readonly Tool[], toolsets: readonly ToolsetDeclaration[]) {
    this.toolsets = toolsets;
    this.toolsetByName = new Map(toolsets.map((t) => [t.name, t]));
    this.defaultToolsets = defaultToolsets(toolsets);
    const problems: string[] = [];
    const list: RegisteredTool[] = [];
    for (const tool of tools) {
      if (!SLUG.test(tool.slug)) problems.push(`slug "${tool.slug}" is not kebab-case`);
      if (!MCP_NAME.test(tool.name)) problems.push(`MCP name "${tool.name}" must match ${MCP_NAME}`);
      if (this.bySlug.has(tool.slug)) problems.push(`duplicate slug "${tool.slug}"`);
      if (this.byName.has(tool.name)) problems.push(`duplicate MCP name "${tool.name}"`);
      if (!this.toolsetByName.has(tool.toolset)) problems.push(`${tool.slug}: unknown toolset "${tool.toolset}"`);
      if (tool.examples.length < 2) problems.push(`${tool.slug}: needs at least two examples`);
      if (!tool.description || tool.description.length < 40) problems.push(`${tool.slug}: description too short`);
      const entry = lazySchemas(tool);
      this.bySlug.set(tool.slug, entry);
      this.byName.set(tool.name, entry);
      list.push(entry);
    }
    if (problems.length) throw new Error(`Tool registry is invalid:\n  - ${problems.join('\n  - ')}`);
    this.tools = list;
  }

  bySlugOrNull(slug: string): RegisteredTool | undefined {
    return this.bySlug.get(slug);
  }

  /** The REST path of a tool: `/api/v1/<toolset's rest prefix>/<slug>` (renders under /api/v1/render). */
  restPath(tool: Tool): string {
    return `/api/v1/${this.toolsetByName.get(tool.toolset)?.rest ?? 'tools'}/${tool.slug}`;
  }

  toolset(name: Toolset): ToolsetDeclaration | undefined {
    return this.toolsetByName.get(name);
  }

  /** Parse `a,b` or `all` into toolset names; a 400 naming `field` on an unknown name. */
  parseToolsets(value: string, field = 'toolsets'): Toolset[] {
    return parseToolsets(value, this.toolsets, field);
  }

  /** A connection's selection: `value` parsed, or the default toolsets when it is empty. */
  selection(value: string | undefined): ToolsetSelection {
    return selection(value, this.toolsets);
  }

  /** 404 with a did-you-mean, for REST slugs. */
  requireSlug(slug: string, filter?: (t: Tool) => boolean): RegisteredTool {
    const entry = this.bySlug.get(slug);
    if (entry && (!filter || filter(entry.tool))) return entry;
    const candidates = this.tools.filter((t) => !filter || filter(t.tool)).map((t) => t.tool.slug);
    const hint = didYouMean(slug, candidates);
    throw new ToolError(`Unknown tool "${slug}"${hint ? ` (did you mean "${hint}"?)` : ''}`, 404);
  }

  /** Unknown MCP tool names get the same treatment. */
  requireName(name: string, allowed?: (t: Tool) => boolean): RegisteredTool {
    const entry = this.byName.get(name);
    if (entry && (!allowed || allowed(entry.tool))) return entry;
    const candidates = this.tools.filter((t) => !allowed || allowed(t.tool)).map((t) => t.tool.name);
    const hint = didYouMean(name, candidates);
    throw new ToolError(`Unknown tool "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`, 404);
  }

  /** The tools of these toolsets that can run in this process (see `available`). */
  inToolsets(toolsets: ReadonlySet<Toolset>): RegisteredTool[] {
    return this.tools.filter((t) => toolsets.has(t.tool.toolset) && (t.tool.available?.() ?? true));
  }

  /** Every tool that can run in this process. */
  listed(): RegisteredTool[] {
    return this.tools.filter((t) => t.tool.available?.() ?? true);
  }
}
