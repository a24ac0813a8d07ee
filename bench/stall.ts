/**
 * The stall measurement: every tool driven with its hostile inputs (./hostile.ts), CONCURRENCY calls at
 * a time, while a cheap call (word-counter on a short text) is sent every PROBE_EVERY_MS and its latency recorded.
 * If any tool's work held the event loop, the cheap call waits for it: the p99 of its latency is the figure.
 * Shared by test/stall.test.ts (in-process server) and `npm run bench -- stall` (a server process).
 */
import type { HostileCall } from './hostile.js';

export const CONCURRENCY = 5;
const PROBE_EVERY_MS = 20;
const PROBE_BODY = JSON.stringify({ text: 'Hallo wereld. Dit is een korte tekst.' });

export interface StallResult {
  calls: number;
  probes: number;
  p50: number;
  p99: number;
  max: number;
  /** Hostile calls by status code. */
  statuses: Record<number, number>;
  /** The hostile calls running while the slowest probes were out (to find the culprit). */
  culprits: string[];
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measureStall(
  base: string,
  key: string,
  calls: readonly HostileCall[],
  log: (line: string) => void = () => {},
  /** Stop starting hostile calls after this long (the figures then cover the calls made). */
  maxSeconds = Infinity,
): Promise<StallResult> {
  const headers = { 'Content-Type': 'application/json', 'X-API-Key': key };
  const post = async (slug: string, body: string) => {
    const res = await fetch(`${base}/api/v1/tools/${slug}`, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status;
  };
  const bodies = calls.map((c) => ({ call: c, body: JSON.stringify(c.input) }));
  const running = new Set<string>();
  const latencies: Array<[number, string[]]> = [];
  const statuses: Record<number, number> = {};
  let done = false;
  const started = performance.now();

  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const status = await post('word-counter', PROBE_BODY);
      const ms = performance.now() - t0;
      if (status !== 200) throw new Error(`the cheap call answered ${status}`);
      latencies.push([ms, [...running]]);
      await new Promise((r) => setTimeout(r, Math.max(0, PROBE_EVERY_MS - ms)));
    }
  })();

  let next = 0;
  const runner = async () => {
    while (next < bodies.length && performance.now() - started < maxSeconds * 1000) {
      const { call, body } = bodies[next++];
      const name = `${call.slug} (${call.label})`;
      running.add(name);
      const t0 = performance.now();
      const status = await post(call.slug, body).catch(() => 0);
      running.delete(name);
      statuses[status] = (statuses[status] ?? 0) + 1;
      const ms = performance.now() - t0;
      if (ms > 1000) log(`  ${status} in ${(ms / 1000).toFixed(1)} s: ${name}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, runner));
  } finally {
    done = true;
    await probe;
  }
  const sorted = latencies.map(([ms]) => ms).sort((a, b) => a - b);
  const slow = [...latencies].sort((a, b) => b[0] - a[0]).slice(0, 5);
  return {
    calls: Math.min(next, bodies.length),
    probes: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    statuses,
    culprits: slow.map(([ms, names]) => `${ms.toFixed(0)} ms during ${names.join(', ')}`),
    seconds: (performance.now() - started) / 1000,
  };
}
