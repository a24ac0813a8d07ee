/**
 * What the tool listing costs in a model's context (name + description + input
 * JSON Schema, o200k tokens: what an MCP host sends). Token counts are
 * deterministic, so the budgets are tested; `npm run bench -- tokens` prints them.
 */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/catalogue.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeToolsetTokens, GENERATORS, TOKEN_BUDGETS, tokenReport } from '../bench/tokens.js';
import { listedDescription } from '../src/mcp/discovery.js';
import { fold } from '../src/search/text.js';
import { repoRoot } from './helpers/paths.js';

const registry = await loadRegistry();
const report = tokenReport(registry);

describe('tool listing token budgets', () => {
  it(`every tool ≤ ${TOKEN_BUDGETS.perTool} tokens, the two generators ≤ ${TOKEN_BUDGETS.generator}`, () => {
    const over = report.perTool
      .filter((t) => t.tokens > (GENERATORS.has(t.name) ? TOKEN_BUDGETS.generator : TOKEN_BUDGETS.perTool))
      .map((t) => `${t.name}: ${t.tokens}`);
    expect(over).toEqual([]);
  });

  it(`the average over all tools ≤ ${TOKEN_BUDGETS.average}`, () => {
    expect(Math.round(report.average)).toBeLessThanOrEqual(TOKEN_BUDGETS.average);
  });

  it(`the default listing ≤ ${TOKEN_BUDGETS.defaultListing}`, () => {
    expect(report.defaultListing).toBeLessThanOrEqual(TOKEN_BUDGETS.defaultListing);
  });

  it('every listed description carries every word of the tool\'s English and Dutch keywords (an "Also: …" line)', () => {
    const missing = registry.tools.filter(({ tool }) => {
      const text = listedDescription(tool);
      const words = new Set(fold(`${tool.name.replace(/_/g, ' ')} ${text}`).split(/[^\p{L}\p{N}]+/u));
      return (
        !/\nAlso: .+\.$/.test(text) ||
        ![...tool.keywords.en, ...tool.keywords.nl].every((k) =>
          fold(k)
            .split(/[^\p{L}\p{N}]+/u)
            .every((w) => words.has(w)),
        )
      );
    });
    expect(missing.map((t) => t.tool.name)).toEqual([]);
  });

  it(`describe_toolset answers ≤ ${TOKEN_BUDGETS.describeAverage} tokens on average, none above ${TOKEN_BUDGETS.describeMax}`, () => {
    const sizes = describeToolsetTokens(registry);
    expect(sizes.reduce((a, b) => a + b.tokens, 0) / sizes.length).toBeLessThanOrEqual(TOKEN_BUDGETS.describeAverage);
    expect(sizes.filter((s) => s.tokens > TOKEN_BUDGETS.describeMax)).toEqual([]);
  });

  it('the stdio configuration in mcp.json lists the default toolsets (within the default listing budget)', () => {
    const config = JSON.parse(readFileSync(join(repoRoot, 'mcp.json'), 'utf8')).mcpServers.werkbank;
    const chosen = config.env?.WERKBANK_TOOLSETS ?? config.args.find((a: string, i: number, all: string[]) => all[i - 1] === '--toolsets');
    const toolsets = chosen === undefined ? new Set(registry.defaultToolsets) : registry.selection(chosen);
    const tokens =
      report.perTool.filter((t) => toolsets.has(t.toolset)).reduce((a, t) => a + t.tokens, 0) +
      (report.defaultListing -
        report.perTool.filter((t) => registry.defaultToolsets.includes(t.toolset)).reduce((a, t) => a + t.tokens, 0));
    expect(tokens).toBeLessThanOrEqual(TOKEN_BUDGETS.defaultListing);
  });
});
