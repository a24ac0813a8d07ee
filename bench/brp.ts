/**
 * Benchmark of the BRP test-data generator: 5,000 persons as json, csv and
 * gba-totaalfile. Target: 5,000 json persons under 300 ms and under
 * 150 MB. Figures: the first (cold) json call and its resident-memory growth,
 * wall time per format (ms, best of 3 after a warm-up, including JSON.stringify
 * of the data as a surface does), and the process's peak RSS (MB).
 */
import tool from '../tools/generators/brp-test-data-generator.js';
import { parseInput } from '../src/core/validate.js';
import type { ToolContext } from '../src/core/tool.js';

const ctx: ToolContext = { surface: 'rest', signal: new AbortController().signal };

async function timeRun(format: string): Promise<number> {
  const input = parseInput(tool.input, { format, options: { count: 5000 } });
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const out = await tool.run(input, ctx);
    JSON.stringify(out); // what a surface does with it
    if (i > 0) best = Math.min(best, performance.now() - t0);
  }
  return Math.round(best * 10) / 10;
}

export async function benchBrp(): Promise<Record<string, number>> {
  // First call in the process (asset load, cold JIT), measured with its memory growth.
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const first = await tool.run(parseInput(tool.input, { options: { count: 5000 } }), ctx);
  JSON.stringify(first);
  const cold = Math.round((performance.now() - t0) * 10) / 10;
  const growth = process.memoryUsage().rss - rssBefore;
  const json = await timeRun('json');
  const csv = await timeRun('csv');
  const totaalfile = await timeRun('gba-totaalfile');
  return {
    'brp json 5000 persons, first call (ms)': cold,
    'brp json 5000 persons (ms)': json,
    'brp csv 5000 persons (ms)': csv,
    'brp gba-totaalfile 5000 persons (ms)': totaalfile,
    'brp json 5000 persons, rss growth (MB)': Math.round(growth / 1048576),
    'brp peak rss of the process (MB)': Math.round(process.resourceUsage().maxRSS / 1024),
  };
}
