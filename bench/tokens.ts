/**
 * What a tool costs in a model's context: the o200k token count of what an MCP
 * host sends the model for it (name + description + input JSON Schema, as
 * tools/list gives them). Deterministic, so the budgets are tested
 * (test/tokens.test.ts) as well as printed by `npm run bench`.
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { Registry, RegisteredTool } from '../src/core/registry.js';
import { discoveryTools } from '../src/mcp/meta-tools.js';
import { describeToolset, listedDescription } from '../src/mcp/discovery.js';
import { mcpInputSchema } from '../src/mcp/rows.js';

/**
 * Budgets: per tool,
 * the two generators, the default listing, the average; a describe_toolset answer on average and at most.
 */
export const TOKEN_BUDGETS = {
  perTool: 1000,
  generator: 2500,
  defaultListing: 8000,
  average: 385,
  describeAverage: 2500,
  describeMax: 5000,
} as const;
export const GENERATORS = new Set(['generate_brp_test_data', 'generate_upa_files']);

/** As listed: the description with its cost, reference link, rows sentence and "Also: …" keywords line; the MCP input schema. */
export function toolTokens(entry: RegisteredTool): number {
  return encode(JSON.stringify({ name: entry.tool.name, description: listedDescription(entry.tool), inputSchema: mcpInputSchema(entry) }))
    .length;
}

/** The text content of describe_toolset's answer for each toolset this process lists (compact JSON, as sent). */
export function describeToolsetTokens(registry: Registry): { toolset: string; tokens: number }[] {
  return registry
    .visibleToolsets()
    .map((t) => ({ toolset: t.name, tokens: encode(JSON.stringify(describeToolset(registry, t.name))).length }));
}

export interface TokenReport {
  perTool: { name: string; toolset: string; tokens: number }[];
  all: number;
  average: number;
  /** The default toolsets' tools plus the discovery tools (list_toolsets, describe_toolset, call_tool, enable_toolset). */
  defaultListing: number;
  defaultTools: number;
}

export function tokenReport(registry: Registry): TokenReport {
  const perTool = registry.tools.map((e) => ({ name: e.tool.name, toolset: e.tool.toolset, tokens: toolTokens(e) }));
  const all = perTool.reduce((s, t) => s + t.tokens, 0);
  const defaults = new Set(registry.defaultToolsets);
  const listed = perTool.filter((t) => defaults.has(t.toolset));
  const { meta, enable } = discoveryTools(registry.visibleToolsets().map((t) => t.name));
  const discovery = [...meta, enable].reduce(
    (s, t) => s + encode(JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })).length,
    0,
  );
  return {
    perTool,
    all,
    average: all / perTool.length,
    defaultListing: listed.reduce((s, t) => s + t.tokens, 0) + discovery,
    defaultTools: listed.length + meta.length + 1,
  };
}
