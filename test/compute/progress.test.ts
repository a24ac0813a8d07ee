/**
 * The progress hook (src/core/progress.ts): a caller's `onProgress` becomes the tool's `ctx.progress`, throttled; a
 * tool in the long-job pool reports from its worker thread, and the reports reach the caller in order.
 */
import { describe, expect, it } from 'vitest';
import { Pipeline, type Caller } from '../../src/core/pipeline.js';
import { throttleProgress, type Progress } from '../../src/core/progress.js';
import { poolCompute } from '../../src/compute/pool-compute.js';
import { registryOf } from '../helpers/registry.js';
import upa from '../../tools/generators/upa-file-generator.js';

const caller: Caller = { kind: 'local' };
const registry = registryOf([upa], 'generators');
const entry = registry.tools[0];

/** A UPA run big enough to take a few seconds in its worker: 2,000 people, 24 months, one file a month. */
const bigRun = { format: 'summary', options: { population: { count: 2000 }, period: { startYear: 2026, months: 24 } } };

describe('progress', () => {
  it('is throttled: the first report at once, the completing one always, the rest at most a few a second', () => {
    const seen: Progress[] = [];
    const hook = throttleProgress((p) => seen.push(p), 4);
    for (let done = 0; done <= 1000; done++) hook({ message: `at ${done}`, done, total: 1000 });
    // A loop of 1,001 reports takes far less than a quarter second here: only the first and the last pass.
    expect(seen.map((p) => p.done)).toEqual([0, 1000]);
  });

  it('a listener that throws does not stop the work', () => {
    const hook = throttleProgress(() => {
      throw new Error('listener gone');
    });
    expect(() => hook({ message: 'x' })).not.toThrow();
  });

  it('a UPA run in the long-job pool reports from its worker, in order, from its plan to its last file', async () => {
    const pipeline = new Pipeline(null, {}, {}, { compute: poolCompute() });
    const reports: Progress[] = [];
    const result = await pipeline.call(entry, bigRun, { surface: 'direct', caller, onProgress: (p) => reports.push(p) });
    expect((result.data as { fileCount: number }).fileCount).toBe(24);
    expect(reports[0]).toEqual({ message: 'planned 2,000 people over 24 months; 24 files to write', done: 0, total: 24 });
    expect(reports.at(-1)).toEqual({ message: 'planned 2,000 people over 24 months; wrote 24 files', done: 24, total: 24 });
    const done = reports.map((p) => p.done!);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    for (const p of reports.slice(1, -1))
      expect(p.message).toMatch(/^planned 2,000 people over 24 months; writing month \d+ of 24 \(20\d\d-\d\d\)$/);
  }, 120_000);

  it('without a listener the tool is given no hook', async () => {
    let given: unknown = 'unset';
    const probe = { ...upa, run: (_input: never, ctx: { progress?: unknown }) => ((given = ctx.progress), upa.examples[0].output) };
    const [probeEntry] = registryOf([probe], 'generators').tools;
    await new Pipeline(null).call(probeEntry, upa.examples[0].input, { surface: 'direct', caller });
    expect(given).toBeUndefined();
  });
});
