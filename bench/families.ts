/**
 * Worker time of the generated hostile inputs per family of tools (./hostile.ts `familyHostile`): each call through
 * the pipeline with the compute pool, one at a time, so its time is its job's (validation included). The target:
 * every input of at most 100 KB under 1 s. test/hostile-families.test.ts holds the same inputs' answers.
 * Time is the process's CPU time during the call (the worker's, as calls run one at a time), with wall time beside
 * it: on a shared machine the wall time of one call can be many times its CPU time. HOSTILE_SLUGS (comma-separated)
 * limits the run to those tools and lists each of their calls.
 */
import { performance } from 'node:perf_hooks';
import { familyHostile, type FamilyCall } from './hostile.js';
import { loadAllTools } from '../tools/index.js';
import { loadRegistry } from '../src/catalogue.js';
import { Pipeline } from '../src/core/pipeline.js';
import { poolCompute } from '../src/compute/pool-compute.js';

const BUDGET_MS = 1000;

/** Rows: per family, its calls and the slowest; then every call over the budget. */
export async function benchFamilies(): Promise<Array<[string, string]>> {
  const registry = await loadRegistry();
  const pipeline = new Pipeline(null, {}, {}, { compute: poolCompute() });
  const timed = async (call: FamilyCall) => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const outcome = await pipeline.call(registry.requireSlug(call.slug), call.input, { surface: 'rest', caller: { kind: 'local' } }).then(
      () => 'result',
      (err: unknown) => `${(err as { status?: number }).status ?? 'error'}`,
    );
    const used = process.cpuUsage(cpu);
    return { call, ms: (used.user + used.system) / 1000, wallMs: performance.now() - start, outcome };
  };
  const only = process.env.HOSTILE_SLUGS?.split(',');
  const calls = familyHostile(await loadAllTools()).filter((c) => !only || only.includes(c.slug));
  // Warm up: each tool's module and the workers once (one-time costs, not the input's).
  for (const slug of new Set(calls.map((c) => c.slug))) await timed(calls.find((c) => c.slug === slug)!);
  const results = [];
  for (const call of calls) results.push(await timed(call));
  const rows: Array<[string, string]> = [];
  for (const family of [...new Set(results.map((r) => r.call.family))].sort()) {
    const mine = results.filter((r) => r.call.family === family);
    const slowest = mine.reduce((a, b) => (b.ms > a.ms ? b : a));
    rows.push([family, `${mine.length} inputs, slowest ${slowest.ms.toFixed(0)} ms CPU: ${slowest.call.slug} (${slowest.call.label})`]);
  }
  for (const r of results.filter((x) => only || x.ms > BUDGET_MS))
    rows.push([
      r.ms > BUDGET_MS ? `over ${BUDGET_MS} ms CPU` : r.call.slug,
      `${r.ms.toFixed(0)} ms (${r.wallMs.toFixed(0)} ms wall), ${r.outcome}: ${r.call.slug} (${r.call.label})`,
    ]);
  return rows;
}
