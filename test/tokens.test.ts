/**
 * What the tool listing costs in a model's context (name + description + input
 * JSON Schema, o200k tokens: what an MCP host sends). Token counts are
 * deterministic, so the budgets are tested; `npm run bench -- tokens` prints them.
 */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/catalog.js';
import { GENERATORS, TOKEN_BUDGETS, tokenReport } from '../bench/tokens.js';

const report = tokenReport(await loadRegistry());

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
});
