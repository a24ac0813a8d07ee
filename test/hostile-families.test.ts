/**
 * No pathological input, per family of tools: for every toolset whose tools take large texts or arrays, the
 * generated worst cases (bench/hostile.ts `familyHostile`: long words, deep nesting, many tiny lines, backtracking
 * bait, huge numbers, at each field's limit up to 100 KB) run through the pipeline every surface uses, with the
 * compute pool (worker tools off the event loop, under their deadlines, here at a fifth: WERKBANK_JOB_TIME_SCALE),
 * one at a time. Each must answer a result that matches the tool's output schema, or a 4xx naming the field or the
 * limit (a deadline's refusal names both): never a crash or an internal error. One character or item past a field's
 * limit is a 400 naming the field and the limit. How long each takes is a figure for `npm run bench -- hostile`
 * (target: under 1 s of worker time each, so far inside every deadline), not asserted here: the inputs that met their
 * deadline on this machine are printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { familyHostile, type FamilyCall } from '../bench/hostile.js';
import { loadAllTools } from '../tools/index.js';
import { loadRegistry } from '../src/catalogue.js';
import { Pipeline } from '../src/core/pipeline.js';
import { HttpError } from '../src/core/errors.js';
import { poolCompute } from '../src/compute/pool-compute.js';

const tools = await loadAllTools();
const registry = await loadRegistry();
process.env.WERKBANK_JOB_TIME_SCALE = '0.2';
const pipeline = new Pipeline(null, {}, {}, { compute: poolCompute() });
const families = new Map<string, FamilyCall[]>();
for (const call of familyHostile(tools)) families.set(call.family, [...(families.get(call.family) ?? []), call]);

const deadlines: string[] = [];
afterAll(() => {
  if (deadlines.length) console.log(`met their deadline on this machine (see npm run bench -- hostile):\n  ${deadlines.join('\n  ')}`);
});

/** What is wrong with the answer to `call`, or undefined when it is a result or a refusal naming what it refuses. */
async function problem(call: FamilyCall): Promise<string | undefined> {
  const tool = tools.find((t) => t.slug === call.slug)!;
  try {
    const { data } = await pipeline.call(registry.requireSlug(call.slug), call.input, { surface: 'rest', caller: { kind: 'local' } });
    if (call.pastLimit) return `answered a result one past the limit of \`${call.pastLimit.field}\``;
    const checked = tool.output.safeParse(data);
    return checked.success ? undefined : `a result that does not match its output schema: ${checked.error.message.slice(0, 200)}`;
  } catch (err) {
    if (!(err instanceof HttpError)) return `threw ${err instanceof Error ? err.message : String(err)}`;
    const message = `${err.status} "${err.message.slice(0, 300)}"`;
    if (call.pastLimit) {
      const { field, limit } = call.pastLimit;
      return err.status === 400 && err.message.includes(`\`${field}\``) && err.message.includes(`at most ${limit}`)
        ? undefined
        : `${message}: not a 400 naming \`${field}\` and its limit ${limit}`;
    }
    if (/took longer than .* and was stopped/.test(err.message)) deadlines.push(`${call.slug} (${call.label})`);
    if (![400, 413, 422].includes(err.status)) return `${message}: not a refusal of the input`;
    const names =
      Object.keys(call.input).some((f) => err.message.includes(f)) || /limit|at most|too (long|large|deep|many)/i.test(err.message);
    return names ? undefined : `${message}: names neither a field nor a limit`;
  }
}

describe.each([...families.keys()].sort())('hostile inputs of the %s tools', (family) => {
  const calls = families.get(family)!;
  it(`${calls.length} generated worst cases: each a result or a refusal naming the field or the limit`, async () => {
    const problems: string[] = [];
    for (const call of calls) {
      const p = await problem(call);
      if (p) problems.push(`${call.slug} (${call.label}): ${p}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
