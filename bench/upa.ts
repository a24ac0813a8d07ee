/**
 * Benchmark of upa-file-generator through `streamJson` (the way REST serves
 * it): time, output bytes and peak memory (RSS, sampled after every chunk) for
 * 10,000 employments × 3 months and 1,000 employments × 36 months (xml).
 * Targets: the first under 3 s and under 400 MB peak RSS.
 */
import tool from '../tools/generators/upa-file-generator.js';
import { parseInput } from '../src/core/validate.js';

async function measure(count: number, months: number): Promise<{ ms: number; bytes: number; peakMb: number; files: number }> {
  const input = parseInput(tool.input, { format: 'xml', options: { population: { count }, period: { startYear: 2026, months } } });
  const ctx = { surface: 'rest' as const, signal: new AbortController().signal };
  let bytes = 0;
  let files = 0;
  let peak = process.memoryUsage().rss;
  const t0 = performance.now();
  for await (const chunk of tool.streamJson!(input, ctx)) {
    bytes += Buffer.byteLength(chunk);
    if (chunk.startsWith('{"name"') || chunk.startsWith(',{"name"')) files++;
    const rss = process.memoryUsage().rss;
    if (rss > peak) peak = rss;
  }
  return { ms: performance.now() - t0, bytes, peakMb: peak / 1024 / 1024, files };
}

export async function benchUpa(): Promise<Record<string, number>> {
  const a = await measure(10_000, 3);
  const b = await measure(1_000, 36);
  return {
    'upa 10000x3 ms': Math.round(a.ms),
    'upa 10000x3 MB out': Math.round(a.bytes / 1e5) / 10,
    'upa 10000x3 peak RSS MB': Math.round(a.peakMb),
    'upa 1000x36 ms': Math.round(b.ms),
    'upa 1000x36 MB out': Math.round(b.bytes / 1e5) / 10,
    'upa 1000x36 peak RSS MB': Math.round(b.peakMb),
  };
}
