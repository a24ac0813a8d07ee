/**
 * The registry: the validated, indexed list of tools, every surface reads from
 * here. An entry holds what listing needs (`tool`: name, description, cost...,
 * and the JSON Schemas); the module with `run` and its libraries is imported on
 * the first call (`load()`). Built from the build-time manifest
 * (`dist/manifest.json`, scripts/gen-manifest.ts) or, from source, from the
 * declarations themselves (src/catalogue.ts).
 */
import { z } from 'zod';
import { ALL_ROWS, MCP_NAME, SLUG, type ResultView, type Tool, type ToolAnnotations, type Toolset } from './tool.js';
import { HttpError } from './errors.js';
import type { ToolsetDeclaration } from './toolset.js';
import { parseToolsets, selection, defaultToolsets, type ToolsetSelection } from './toolsets.js';
import { didYouMean } from './validate.js';
import { portableSchema } from './portable-schema.js';
import { ToolSearch, buildIndex, type SerializedIndex } from '../search/engine.js';
import { searchDocument, type Keywords } from '../search/documents.js';

export type JsonSchema = Record<string, unknown>;

/** What listing a tool needs, without its module: plain data (the manifest holds it as JSON). */
export interface ToolMeta {
  slug: string;
  name: string;
  title: string;
  description: string;
  /** One line for people (ToolSpec.summary), when declared; `peopleSummary` gives it or the derived one. */
  summary?: string;
  /** Shown among the catalogue's popular tools (ToolSpec.featured). */
  featured?: boolean;
  /** The words people use for the task, English and Dutch (ToolSpec.keywords). */
  keywords: Keywords;
  toolset: Toolset;
  cost: number;
  metering: 'credits' | 'render';
  annotations: ToolAnnotations;
  /** Listed only when one of these environment variables is set (see ToolSpec.requiresAnyEnv). */
  requiresAnyEnv?: readonly string[];
  /** The declaration has reference `docs` beyond its description (served at werkbank://docs/<slug>). */
  hasDocs?: boolean;
  /** How the web page shows the result (see ToolSpec.resultView). */
  resultView?: ResultView;
  /** Output arrays an MCP answer shortens by default, with their row counts (see ToolSpec.mcpRows). */
  mcpRows?: Readonly<Record<string, number>>;
}

export interface RegisteredTool {
  tool: ToolMeta;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** The declaration with `run` (imported on first use, then kept); a plain function, callable on its own. */
  load: () => Promise<Tool>;
}

/** The manifest entry of a tool: its listing data and JSON Schemas. */
export interface ManifestTool extends ToolMeta {
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

/**
 * A default on a field that reads its input through a preprocess step (an aliased enum): zod leaves it out of the
 * input schema, as the step's input is unknown; the value is still the field's default, so a client shows it.
 */
function keepDefault({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }): void {
  const def = zodSchema._zod.def;
  if (def.type !== 'default' || 'default' in jsonSchema) return;
  const value: unknown = def.defaultValue;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) jsonSchema.default = value;
}

/**
 * A zod schema as JSON Schema. Input schemas are emitted in the portable subset
 * every MCP client and model provider accepts (see portable-schema.ts); zod
 * still validates every call exactly as declared.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override: keepDefault }) as JsonSchema;
  const cleaned = clean(raw) as JsonSchema;
  // Clients (Codex among them) reject tool schemas without a top-level object type.
  const object = { type: 'object', ...cleaned };
  return io === 'input' ? portableSchema(object) : object;
}

export function metaOf(tool: Tool): ToolMeta {
  return {
    slug: tool.slug,
    name: tool.name,
    title: tool.title,
    description: tool.description,
    keywords: tool.keywords,
    toolset: tool.toolset,
    cost: tool.cost,
    metering: tool.metering ?? 'credits',
    annotations: tool.annotations,
    ...(tool.summary ? { summary: tool.summary } : {}),
    ...(tool.featured ? { featured: true } : {}),
    ...(tool.requiresAnyEnv ? { requiresAnyEnv: tool.requiresAnyEnv } : {}),
    ...(tool.docs ? { hasDocs: true } : {}),
    ...(tool.resultView ? { resultView: tool.resultView } : {}),
    ...(tool.mcpRows ? { mcpRows: tool.mcpRows } : {}),
  };
}

/** An entry for a declaration in hand: schemas computed on first use and then kept. */
export function entryOf(tool: Tool): RegisteredTool {
  let input: JsonSchema | undefined;
  let output: JsonSchema | undefined;
  const loaded = Promise.resolve(tool);
  return {
    tool: metaOf(tool),
    get inputSchema() {
      return (input ??= toJsonSchema(tool.input, 'input'));
    },
    get outputSchema() {
      return (output ??= toJsonSchema(tool.output, 'output'));
    },
    load: () => loaded,
  };
}

/** An entry from the manifest: the module is imported on the first `load()` (a failed import is retried). */
export function manifestEntry(meta: ManifestTool, importer: () => Promise<Tool>): RegisteredTool {
  const { inputSchema, outputSchema, ...tool } = meta;
  let loading: Promise<Tool> | undefined;
  return {
    tool,
    inputSchema,
    outputSchema,
    load() {
      loading ??= importer().catch((err) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
  };
}

/** Whether a tool can run in this process (its required environment is set). */
export function isAvailable(tool: ToolMeta, env: NodeJS.ProcessEnv = process.env): boolean {
  return !tool.requiresAnyEnv || tool.requiresAnyEnv.some((name) => (env[name]?.trim() ?? '') !== '');
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

  /** A registry of declarations in hand (tests, the manifest build, source runs). */
  static of(tools: readonly Tool[], toolsets: readonly ToolsetDeclaration[]): Registry {
    const problems = tools.flatMap((tool) => [
      ...(tool.examples.length < 2 ? [`${tool.slug}: needs at least two examples`] : []),
      ...(!tool.description || tool.description.length < 40 ? [`${tool.slug}: description too short`] : []),
      ...keywordProblems(tool),
      ...(tool.summary !== undefined && (tool.summary.length > 120 || /[\n`]/.test(tool.summary))
        ? [`${tool.slug}: summary must be one plain line of at most 120 characters`]
        : []),
      ...mcpRowsProblems(tool),
    ]);
    if (problems.length) throw new Error(`Tool registry is invalid:\n  - ${problems.join('\n  - ')}`);
    const examples = new Map(tools.map((t) => [t.name, t.examples.map((e) => e.name)]));
    return new Registry(tools.map(entryOf), toolsets, (registry) => registry.buildSearchIndex(examples));
  }

  /** The search index: from the manifest (built at build time), or built from the entries on first use. */
  private readonly indexSource?: SerializedIndex | ((registry: Registry) => SerializedIndex);
  private searchEngine?: ToolSearch;

  constructor(
    entries: readonly RegisteredTool[],
    toolsets: readonly ToolsetDeclaration[],
    index?: SerializedIndex | ((registry: Registry) => SerializedIndex),
  ) {
    this.indexSource = index;
    this.toolsets = toolsets;
    this.toolsetByName = new Map(toolsets.map((t) => [t.name, t]));
    this.defaultToolsets = defaultToolsets(toolsets);
    const problems: string[] = [];
    const list: RegisteredTool[] = [];
    for (const entry of entries) {
      const tool = entry.tool;
      if (!SLUG.test(tool.slug)) problems.push(`slug "${tool.slug}" is not kebab-case`);
      if (!MCP_NAME.test(tool.name)) problems.push(`MCP name "${tool.name}" must match ${MCP_NAME}`);
      if (this.bySlug.has(tool.slug)) problems.push(`duplicate slug "${tool.slug}"`);
      if (this.byName.has(tool.name)) problems.push(`duplicate MCP name "${tool.name}"`);
      if (!this.toolsetByName.has(tool.toolset)) problems.push(`${tool.slug}: unknown toolset "${tool.toolset}"`);
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
  restPath(tool: ToolMeta): string {
    return `/api/v1/${this.toolsetByName.get(tool.toolset)?.rest ?? 'tools'}/${tool.slug}`;
  }

  toolset(name: Toolset): ToolsetDeclaration | undefined {
    return this.toolsetByName.get(name);
  }

  /** Parse `a,b` or `all` into toolset names; a 400 naming `field` on an unknown (or hidden) name. */
  parseToolsets(value: string, field = 'toolsets'): Toolset[] {
    return parseToolsets(value, this.visibleToolsets(), field);
  }

  /** A connection's selection: `value` parsed, or the default toolsets when it is empty (hidden toolsets are unknown). */
  selection(value: string | undefined): ToolsetSelection {
    return selection(value, this.visibleToolsets());
  }

  /**
   * 404 with a did-you-mean, for REST slugs. A tool's MCP name (`generate_brp_test_data`), its slug under the other
   * REST prefix, or a near miss of either names the REST path that works.
   */
  requireSlug(slug: string, filter?: (t: ToolMeta) => boolean): RegisteredTool {
    const entry = this.bySlug.get(slug);
    if (entry && (!filter || filter(entry.tool))) return entry;
    const tool = this.closest(slug, filter ?? (() => true)) ?? this.closest(slug, () => true);
    const path = tool && `POST ${this.restPath(tool)}`;
    const hint = !tool
      ? ''
      : tool.slug === slug
        ? ` (it is served at ${path})`
        : tool.name === slug
          ? ` ("${slug}" is its MCP name; over REST: ${path})`
          : ` (did you mean "${tool.slug}"? ${path})`;
    throw new HttpError(`Unknown tool "${slug}"${hint}`, 404);
  }

  /** Unknown MCP tool names get the same treatment (a REST slug names the tool's MCP name). */
  requireName(name: string, allowed?: (t: ToolMeta) => boolean): RegisteredTool {
    const entry = this.byName.get(name);
    if (entry && (!allowed || allowed(entry.tool))) return entry;
    const tool = this.closest(name, allowed ?? (() => true));
    throw new HttpError(`Unknown tool "${name}"${tool ? ` (did you mean "${tool.name}"?)` : ''}`, 404);
  }

  /** The tool `id` names or nearly names, by REST slug or MCP name, among those `allowed`. */
  private closest(id: string, allowed: (t: ToolMeta) => boolean): ToolMeta | undefined {
    // A tool this process does not list (see `isAvailable`) is offered nowhere.
    const candidates = this.tools.filter((t) => allowed(t.tool) && isAvailable(t.tool));
    const exact = candidates.find((t) => t.tool.slug === id || t.tool.name === id);
    if (exact) return exact.tool;
    const byId = new Map(candidates.flatMap((t) => [[t.tool.slug, t.tool] as const, [t.tool.name, t.tool] as const]));
    const hint = didYouMean(id, byId.keys());
    return hint === undefined ? undefined : byId.get(hint);
  }

  /** The tools of these toolsets that can run in this process (see `isAvailable`). */
  inToolsets(toolsets: ReadonlySet<Toolset>): RegisteredTool[] {
    return this.tools.filter((t) => toolsets.has(t.tool.toolset) && isAvailable(t.tool));
  }

  /** Every tool that can run in this process. */
  listed(): RegisteredTool[] {
    return this.tools.filter((t) => isAvailable(t.tool));
  }

  /** The manifest of these tools: what listing needs, as JSON (scripts/gen-manifest.ts). */
  manifest(): ManifestTool[] {
    return this.tools.map((e) => ({ ...e.tool, inputSchema: e.inputSchema, outputSchema: e.outputSchema }));
  }

  /** The search index of every tool (src/search/): written into the manifest at build time. */
  buildSearchIndex(examples: ReadonlyMap<string, readonly string[]> = new Map()): SerializedIndex {
    return buildIndex(
      this.tools.map(({ tool, inputSchema }) =>
        searchDocument({
          ...tool,
          toolsetDescription: this.toolset(tool.toolset)?.description,
          examples: examples.get(tool.name),
          inputSchema,
        }),
      ),
    );
  }

  private serializedIndex?: SerializedIndex;
  /** The search index as JSON data (the manifest's `search`). */
  searchIndex(): SerializedIndex {
    const source = this.indexSource;
    return (this.serializedIndex ??= typeof source === 'function' ? source(this) : (source ?? this.buildSearchIndex()));
  }

  /** The tool search every surface ranks with (find_tools, GET /api/v1/tools?q=, the web catalogue). */
  engine(): ToolSearch {
    return (this.searchEngine ??= new ToolSearch(this.searchIndex()));
  }

  /**
   * Tools ranked for a query, best first: only tools that can run in this process (hidden toolsets
   * stay hidden), optionally of one toolset, at most `limit` (default: every match).
   */
  search(query: string, opts: { limit?: number; toolset?: Toolset } = {}): { entry: RegisteredTool; score: number }[] {
    const hits = this.engine().search(query, {
      limit: opts.limit,
      filter: (name) => {
        const entry = this.byName.get(name);
        return !!entry && isAvailable(entry.tool) && (opts.toolset === undefined || entry.tool.toolset === opts.toolset);
      },
    });
    return hits.map((h) => ({ entry: this.byName.get(h.name)!, score: h.score }));
  }

  /** The toolsets that list at least one tool in this process (a toolset whose tools all need an unset environment is hidden). */
  visibleToolsets(): ToolsetDeclaration[] {
    const shown = new Set(this.listed().map((t) => t.tool.toolset));
    return this.toolsets.filter((t) => shown.has(t.name));
  }
}

/** `mcpRows` names array fields of the output, each with a whole number of rows ≥ 1, and the input leaves `allRows` free. */
export function mcpRowsProblems(tool: Tool): string[] {
  if (!tool.mcpRows) return [];
  const output = toJsonSchema(tool.output, 'output').properties as Record<string, { type?: unknown }> | undefined;
  const input = toJsonSchema(tool.input, 'input').properties as Record<string, unknown> | undefined;
  return [
    ...Object.entries(tool.mcpRows).flatMap(([field, rows]) => [
      ...(output?.[field]?.type === 'array' ? [] : [`${tool.slug}: mcpRows.${field} is not an array field of the output`]),
      ...(Number.isInteger(rows) && rows >= 1 ? [] : [`${tool.slug}: mcpRows.${field} must be a whole number ≥ 1`]),
    ]),
    ...(input && ALL_ROWS in input ? [`${tool.slug}: the input field ${ALL_ROWS} clashes with the MCP argument of mcpRows`] : []),
  ];
}

/** A tool's keywords must name the task in both languages (ToolSpec.keywords). */
export function keywordProblems(tool: { slug: string; keywords?: { en?: readonly string[]; nl?: readonly string[] } }): string[] {
  const k = tool.keywords;
  const ok = (list: readonly string[] | undefined) =>
    Array.isArray(list) && list.filter((w) => typeof w === 'string' && w.trim()).length >= 2;
  if (!k || !ok(k.en) || !ok(k.nl))
    return [`${tool.slug}: needs keywords { en: [...], nl: [...] } (at least two words people use for the task in each language)`];
  return [];
}
