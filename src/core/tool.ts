/**
 * The tool declaration: the one place a tool is described.
 *
 * Every surface (MCP, REST, OpenAPI, docs, tests) is derived from these
 * declarations; none of them names a tool. A tool lives in one file,
 * `tools/<toolset>/<slug>.ts`, exporting `defineTool({...})`: the folder is its
 * toolset, and the build finds it there (scripts/gen-tool-index.mjs).
 */
import { HttpError } from './errors.js';
import { z } from 'zod';
import type { MemoryApi } from './memory-api.js';
import type { RenderApi } from './render-api.js';
import type { ProgressHook } from './progress.js';

/** A toolset's name: the name of its folder under `tools/`. */
export type Toolset = string;

export type Surface = 'rest' | 'mcp-http' | 'mcp-stdio' | 'direct';

/** What a tool may know about the call it serves. Tools stay pure otherwise. */
export interface ToolContext {
  /** Which surface the call came in on (some tools cap sizes lower over MCP). */
  surface: Surface;
  /** Aborted when the caller goes away or the deadline passes. */
  signal: AbortSignal;
  /** The calling account, when the surface authenticates (REST, MCP over HTTP). */
  accountId?: string;
  /** The address of a caller without an account (IPv6 per /64): the compute pool's share is per caller. */
  client?: string;
  /** The account's plan, when known. */
  plan?: 'free' | 'paid';
  /** The caller's agent memory (memory tools only); absent where the surface has none. */
  memory?: () => Promise<MemoryApi>;
  /** The process's renderer and hosted files (render tools only); absent where the surface has none. */
  render?: () => RenderApi;
  /** Set by the pipeline for tools metered outside plain credits (renders): where this call was paid from. */
  metering?: { source: string; remaining: number };
  /**
   * Reports how far long work is (`{ message, done?, total? }`, src/core/progress.ts): a task's status message, MCP
   * progress notifications, an asynchronous REST call's status. Throttled by the platform; absent when no one listens.
   */
  progress?: ProgressHook;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
  destructiveHint?: boolean;
}

type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface ToolExample<I = unknown, O = unknown> {
  /** What the example shows, one short line. */
  name: string;
  /** The request body (as a caller would send it; defaults are applied by the schema). */
  input: I;
  /**
   * The expected `data`. Compared exactly, unless `partial` is set: then only
   * the listed fields are compared (for tools whose output is random, e.g. UUIDs).
   */
  output: DeepPartial<O> | O;
  partial?: boolean;
  /** Needs the public internet (URL renders): documented, but not run by the offline example tests. */
  online?: boolean;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** The MCP argument that answers every row of a tool's `mcpRows` arrays (see ToolSpec.mcpRows). */
export const ALL_ROWS = 'allRows';

export interface ToolSpec<I extends AnyObject, O extends z.ZodType> {
  /** kebab-case; the REST path `/api/v1/tools/<slug>` (or `/api/v1/render/<slug>` for the render toolset). */
  slug: string;
  /** MCP tool name; default: slug with `-` → `_`. Must match ^[a-z][a-z0-9_]{0,47}$. */
  name?: string;
  title: string;
  /**
   * The words people use for this task, in English and Dutch: synonyms, abbreviations, formats,
   * colloquial names (`srt`, `webvtt`; `vakantiegeld`, `holiday pay`). Indexed by the tool search
   * (src/search/) and carried in the listed description as an "Also: …" line, so hosts that search
   * tool texts themselves find the tool too. Required: a few of each, not words the title already has.
   */
  keywords: { en: readonly string[]; nl: readonly string[] };
  /** Written for an LLM: what it does, when to use it, its limits. Counts against the listing's token budget. */
  description: string;
  /**
   * One line for people (the catalogue card, the REST listing's `summary`): what the tool gives them, in their
   * words, at most 120 characters. Default: the description's first sentence, which suits when it reads well
   * (no formulas, field names or standards).
   */
  summary?: string;
  /** One of the few tools the catalogue shows first, under "Popular tools": the tasks most people come for. */
  featured?: boolean;
  /**
   * Reference material a caller may need but the listing cannot afford
   * (every option's long explanation, code tables, scenario lists): Markdown,
   * served as the MCP resource `werkbank://docs/<slug>` (which the listed
   * description then points to) and in the OpenAPI operation.
   */
  docs?: string;
  /**
   * Output arrays that grow with the input (schedules, generated records, per-line results), each with
   * how many items an MCP answer carries by default, so a model's context stays small: over MCP the
   * answer holds the first rows and `truncated: {field: {shown, total}}`, and the argument `allRows: true`
   * (ALL_ROWS) gets every row; the listing says so. REST answers every row, as the spec defines.
   * Applied by the MCP surface (src/mcp/rows.ts), never by the tool.
   */
  mcpRows?: Readonly<Record<string, number>>;
  /** Request body schema. Use `z.strictObject`; put spec defaults in the schema. */
  input: I;
  /** The `data` schema. */
  output: O;
  /** Credits per successful call (default 1); with `outputSize`, per started unit of the answer's size. */
  cost?: number;
  /**
   * For tools whose answer can grow past a few MB: its upper bound in bytes from the input, priced per started
   * 10 MB (`cost` each) and capped per call (src/core/output-size.ts).
   */
  outputSize?: OutputSize<z.output<I>>;
  /**
   * How calls are paid for: `credits` (default: `cost` from the monthly
   * balance) or `render` (render allowance first, then credits; anonymous
   * callers allowed on REST, see src/render).
   */
  metering?: 'credits' | 'render';
  annotations?: Partial<ToolAnnotations>;
  /**
   * Environment variables of which at least one must be set for the tool to
   * run in this process (e.g. the AI tools need an endpoint). Unavailable tools
   * are not listed; a direct call still reaches `run`, which explains how to
   * enable it.
   */
  requiresAnyEnv?: readonly string[];
  /**
   * Number fields take numeric strings ("12.5") unless this is true: the generators' spec refuses every
   * value it does not state (strings included).
   */
  strictNumbers?: boolean;
  /**
   * How the web page shows the result: the output field people came for and what kind of value it is.
   * The page shows it first (copyable), then the other figures as a labelled summary, then tables, then
   * the raw JSON. See `ResultView`.
   */
  resultView?: ResultView;
  /** At least two; they run as tests on every surface. */
  examples: ToolExample<z.input<I>, z.output<O>>[];
  run(input: z.output<I>, ctx: ToolContext): z.output<O> | Promise<z.output<O>>;
  /**
   * Optional extra MCP content blocks shown next to the JSON text (e.g. an
   * image preview of a rendered PNG). REST ignores them.
   */
  mcpContent?(data: z.output<O>, ctx: ToolContext): McpContentBlock[];
  /**
   * Optional, for tools whose `data` can be hundreds of MB: yields the JSON text
   * of the same `data` that `run` returns, in chunks, so REST can stream the
   * response with bounded memory (no Content-Length). Concatenated, the chunks
   * must parse to exactly what `run` returns. Input is already validated. For a tool that declares `worker`, it
   * runs in that pool like `run` (src/core/pipeline.ts, `stream`).
   */
  streamJson?(input: z.output<I>, ctx: ToolContext): AsyncIterable<string> | Iterable<string>;
  /**
   * Where the work runs: in the compute pool, with its reason. For tools whose cost can grow faster than linearly
   * or whose library recurses per nesting level (or is linear but slow at the field's cap: `inlineBelowChars`): the
   * pipeline runs `run` in the compute pool (src/compute/) with this deadline, and a job over it answers 400 naming
   * the limit (413 when it runs out of memory, 503 when the pool is full). Give this or `mainThread` whenever the
   * input takes a string over 10,000 characters or an unbounded string or array (test/compute/worker-choice.test.ts).
   */
  worker?: WorkerSpec;
  /**
   * Where the work runs: on the main thread, declared with its one-line reason, e.g. "input capped at 100
   * characters" or "the page renders in the browser process". The worst case must stay under ~50 ms of the event
   * loop. Absent as well as `worker`: the main thread, for inputs too small to need a reason.
   */
  mainThread?: string;
}

/** Languages of `code` result views (the page names the download after them). */
export type CodeLanguage = 'yaml' | 'json' | 'xml' | 'sql' | 'typescript' | 'csv' | 'markdown' | 'subtitles' | 'html';

/**
 * A tool's primary result, for people (the web page); agents read the JSON. `field` is a path into `data`
 * (`a.b`; `a[]`: every item's field); several paths: the first one present and not null (outputs that vary
 * by mode). Kinds:
 * - `figure`: a headline number or short answer, with its `unit` (an ISO 4217 code formats it as money;
 *   `@path` takes the unit from the output), an optional `label`, and `detail` fields shown beside it
 *   (BMI's category);
 * - `text`: plain text (one line or many); `code`: text in a `language`, shown as code with a download;
 * - `list`: an array of values (each copyable); `table`: an array of objects; `record`: one object of
 *   named values;
 * - `file`: a hosted file (`url` + `contentType`: PDF embedded, image shown) or generated files
 *   (`{name, content}` items or `fileName` + `content`);
 * - `html`: HTML shown in a sandboxed preview (the source copyable); `diff`: `{type, value}` changes.
 * Paths step into arrays by index (`ngrams.0.terms`); an empty array counts as absent when a later path is given.
 */
export interface ResultView {
  kind: 'figure' | 'text' | 'code' | 'list' | 'table' | 'record' | 'file' | 'html' | 'diff';
  field: string | readonly string[];
  language?: CodeLanguage;
  unit?: string;
  label?: string;
  detail?: string | readonly string[];
  /** The field named by another output field's value (a mode): `{ by: 'direction', fields: { 'rem-to-px': 'pxText' } }`; other values use `field`. */
  choose?: { by: string; fields: Readonly<Record<string, string>> };
  /** The view when none of `field` is present (records in one format, a file in another). */
  or?: ResultView;
}

/** How a tool's answer size is bounded and priced (`outputSize`; applied by src/core/output-size.ts). */
export interface OutputSize<I> {
  /** An upper bound of the answer's bytes (the JSON text REST sends, or the hosted file) for this validated input. */
  maxBytes(input: I): number;
  /** How the bound is computed, in words a caller can apply to their own run (stated in the description and OpenAPI). */
  formula: string;
  /** Bytes one `cost` buys; default 10 MB (SIZE_UNIT_BYTES, src/core/output-size.ts). */
  perBytes?: number;
  /** The largest bound one call may have. */
  capBytes: number;
  /** How to split a run over `capBytes` into calls under it, for the error message. */
  split: string;
}

export interface WorkerSpec {
  /** Why the main thread will not do, one line ("O(N·D) diff: seconds on two different 200,000-character texts"). */
  reason: string;
  /** Deadline of one call, ms. */
  timeMs: number;
  /** The request field named in the deadline's 400 (the big text), when there is one. */
  field?: string;
  /**
   * For tools whose cost is linear: calls whose string fields hold fewer characters than this in total run on the
   * main thread (measured well under a millisecond per 10,000 characters), sparing the worker round trip.
   * Absent: every call goes to the pool.
   */
  inlineBelowChars?: number;
  /**
   * Which pool: `compute` (default: short jobs of many tools) or `long` (one worker of its own for jobs that may
   * run for many seconds, such as the generators' largest runs, so they never hold the compute pool).
   */
  pool?: 'compute' | 'long';
}

export type McpContentBlock =
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'text'; text: string }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string };

/** What `defineTool` returns: a declaration with its defaults filled in. */
export interface ToolDeclaration<I extends AnyObject = AnyObject, O extends z.ZodType = z.ZodType> extends ToolSpec<I, O> {
  name: string;
  cost: number;
  annotations: ToolAnnotations;
}

/** A declaration placed in its toolset (the folder it lives in). */
export interface Tool<I extends AnyObject = AnyObject, O extends z.ZodType = z.ZodType> extends ToolDeclaration<I, O> {
  toolset: Toolset;
}

export const MCP_NAME = /^[a-z][a-z0-9_]{0,47}$/;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Declares a tool. Fills the defaults; the registry checks the rest at start-up. */
export function defineTool<I extends AnyObject, O extends z.ZodType>(spec: ToolSpec<I, O>): ToolDeclaration<I, O> {
  return {
    ...spec,
    name: spec.name ?? spec.slug.replace(/-/g, '_'),
    cost: spec.cost ?? 1,
    annotations: {
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: false,
      ...spec.annotations,
    },
  };
}

/**
 * A tool's input the caller can fix (or a known upstream condition a tool meets): the message is shown to the
 * caller as is, on every surface. Everything that is not about a tool's own input throws `HttpError`.
 */
export class ToolError extends HttpError {
  constructor(message: string, status: number = 400, extra: { retryAfter?: number; field?: string } = {}) {
    super(message, status, extra);
    this.name = 'ToolError';
  }
}
