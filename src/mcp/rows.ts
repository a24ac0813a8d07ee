/**
 * Answers that grow with the input stay small in a model's context. A tool declares which
 * output arrays grow (`mcpRows: {field: rows}`, ToolSpec.mcpRows); over MCP such an array carries its
 * first `rows` items unless the call passes `allRows: true`, and the answer says what it left out in
 * `truncated: {field: {shown, total}}`. The listed input schema gains `allRows`, the output schema
 * `truncated`, the description one sentence; find_tools and describe_toolset answer the same schema.
 * The tool itself never sees `allRows`, and REST answers every row, as the spec defines.
 */
import { ALL_ROWS, ToolError } from '../core/tool.js';
import type { JsonSchema, RegisteredTool, ToolMeta } from '../core/registry.js';
import { docsUri } from '../docs/reference.js';
import { shallowOutputSchema } from './output-schema.js';

/** The sentence the listing adds, e.g. "MCP answers hold the first 12 rows of `schedule` (`truncated` gives the total; allRows: true for all)." */
export function rowsSentence(t: ToolMeta): string {
  const rows = Object.entries(t.mcpRows ?? {});
  if (!rows.length) return '';
  const fields = rows.map(([field, n], i) => `${i ? '' : 'the first '}${n}${i ? '' : ' rows'} of \`${field}\``).join(', ');
  return `MCP answers hold ${fields} (\`truncated\` gives the total; ${ALL_ROWS}: true for all).`;
}

const inputs = new WeakMap<RegisteredTool, JsonSchema>();
const outputs = new WeakMap<RegisteredTool, JsonSchema>();

/** The input schema MCP lists: the tool's own, plus `allRows` when it declares mcpRows. */
export function mcpInputSchema(entry: RegisteredTool): JsonSchema {
  const rows = entry.tool.mcpRows;
  if (!rows) return entry.inputSchema;
  let schema = inputs.get(entry);
  if (!schema) {
    const properties = entry.inputSchema.properties as Record<string, unknown>;
    const fields = Object.keys(rows).join(', ');
    schema = {
      ...entry.inputSchema,
      properties: { ...properties, [ALL_ROWS]: { type: 'boolean', default: false, description: `Answer every row of ${fields}` } },
    };
    inputs.set(entry, schema);
  }
  return schema;
}

/**
 * The output schema MCP lists: the top level of the tool's own (src/mcp/output-schema.ts: the full shape is
 * in its reference), plus `truncated` when it declares mcpRows.
 */
export function mcpOutputSchema(entry: RegisteredTool): JsonSchema {
  let schema = outputs.get(entry);
  if (!schema) {
    schema = shallowOutputSchema(entry.outputSchema, docsUri(entry.tool.slug));
    // What `truncated` holds, the listed description says ("`truncated` gives the total").
    if (entry.tool.mcpRows) schema = { ...schema, properties: { ...(schema.properties as object), truncated: { type: 'object' } } };
    outputs.set(entry, schema);
  }
  return schema;
}

/** Takes `allRows` out of a call's arguments (the tool's own schema does not know it): whether every row is wanted. */
export function takeAllRows(meta: ToolMeta, args: unknown): { args: unknown; all: boolean } {
  if (!meta.mcpRows || !args || typeof args !== 'object' || Array.isArray(args) || !(ALL_ROWS in args)) return { args, all: false };
  const { [ALL_ROWS]: all, ...rest } = args as Record<string, unknown>;
  if (typeof all !== 'boolean') throw new ToolError(`Invalid input: \`${ALL_ROWS}\` must be true or false`);
  return { args: rest, all };
}

/** The answer with each declared array cut to its row count, and `truncated` naming what was cut (nothing cut: unchanged). */
export function trimRows(meta: ToolMeta, data: unknown): unknown {
  if (!meta.mcpRows || !data || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  const cut: Record<string, unknown> = {};
  const truncated: Record<string, { shown: number; total: number }> = {};
  for (const [field, rows] of Object.entries(meta.mcpRows)) {
    const value = record[field];
    if (!Array.isArray(value) || value.length <= rows) continue;
    cut[field] = value.slice(0, rows);
    truncated[field] = { shown: rows, total: value.length };
  }
  return Object.keys(truncated).length ? { ...record, ...cut, truncated } : data;
}
