/**
 * What a tool's answer costs a model: the o200k tokens of the MCP text content of each tool's first
 * example answer as sent now (compact JSON, arrays a tool declares in `mcpRows` cut to their first rows,
 * src/mcp/rows.ts), against the same answer whole (compact) and pretty-printed.
 * Examples whose output is compared only in part (random output) are run for the full answer.
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { Registry, RegisteredTool } from '../src/core/registry.js';
import { textOf } from '../src/mcp/surface.js';
import { trimRows } from '../src/mcp/rows.js';

export interface AnswerTokens {
  name: string;
  /** As sent over MCP now: compact, rows cut. */
  sent: number;
  /** The whole answer, compact (what `allRows: true` gets). */
  whole: number;
  /** The whole answer pretty-printed (how a naive server would send it). */
  pretty: number;
}

function measure(entry: RegisteredTool, data: unknown): AnswerTokens {
  return {
    name: entry.tool.name,
    sent: encode(textOf(trimRows(entry.tool, data))).length,
    whole: encode(textOf(data)).length,
    pretty: encode(JSON.stringify(data, null, 2)).length,
  };
}

async function run(entry: RegisteredTool, input: unknown): Promise<unknown> {
  const tool = await entry.load();
  return tool.run(tool.input.parse(input), { surface: 'direct', signal: new AbortController().signal });
}

export async function exampleAnswerTokens(registry: Registry): Promise<AnswerTokens[]> {
  const out: AnswerTokens[] = [];
  for (const entry of registry.listed()) {
    const tool = await entry.load();
    const example = tool.examples.find((e) => !e.online);
    if (!example) continue;
    let data: unknown = example.output;
    if (example.partial) {
      try {
        data = await run(entry, example.input);
      } catch {
        continue; // needs a service (memory, render) the bench does not start
      }
    }
    out.push(measure(entry, data));
  }
  return out;
}

/** Answers that grow with the input: a 30-year loan's schedule, 20 BRP persons. */
export const GROWING: { name: string; label: string; input: unknown }[] = [
  {
    name: 'loan_calculator',
    label: 'loan_calculator, €250,000 at 4 % over 30 years',
    input: { amount: 250_000, annualRatePercent: 4, term: 30, termUnit: 'years' },
  },
  {
    name: 'mortgage_calculator',
    label: 'mortgage_calculator, €400,000 over 30 years, monthly rows',
    input: { loanAmount: 400_000, annualRatePercent: 4, termYears: 30, schedule: 'monthly' },
  },
  { name: 'generate_brp_test_data', label: 'generate_brp_test_data, 20 persons', input: { options: { count: 20, seed: 1 } } },
];

export async function growingAnswerTokens(registry: Registry): Promise<(AnswerTokens & { label: string })[]> {
  const out: (AnswerTokens & { label: string })[] = [];
  for (const g of GROWING) {
    const entry = registry.requireName(g.name);
    out.push({ ...measure(entry, await run(entry, g.input)), label: g.label });
  }
  return out;
}
