import { describe, expect, it } from 'vitest';
import { sampleStandardDeviation, standardDeviation } from 'simple-statistics';
import tool from '../../../tools/math/standard-deviation-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { createRng } from '../../../tools/_lib/rng.js';

describe('standard-deviation-calculator', () => {
  it('Wikipedia "Standard deviation": 2, 4, 4, 4, 5, 5, 7, 9 → σ = 2', async () => {
    const r = await runTool(tool, { text: '2 4 4 4 5 5 7 9' });
    expect(r.population).toEqual({ variance: 4, standardDeviation: 2 });
    expect(r.mean).toBe(5);
  });
  it('large offsets stay exact (Wikipedia "Algorithms for calculating variance")', async () => {
    for (const offset of [0, 1e8, 1e9, 1e12]) {
      const r = await runTool(tool, { numbers: [4, 7, 13, 16].map((x) => offset + x) });
      expect(r.sample.variance).toBe(30);
    }
    // the naive Σx² − (Σx)²/n is off at this size; we are not
    const xs = [1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3];
    const shifted = xs.map((x) => x - 1e9); // exact (Sterbenz): the same data without the offset
    const want = (await runTool(tool, { numbers: shifted })).sample.variance;
    expect((await runTool(tool, { numbers: xs })).sample.variance / want).toBeCloseTo(1, 12);
  });
  it('n = 1: sample statistics null, population 0', async () => {
    const r = await runTool(tool, { numbers: [42] });
    expect(r).toMatchObject({
      population: { variance: 0, standardDeviation: 0 },
      sample: null,
      standardError: null,
      marginOfError95: null,
    });
  });
  it('all equal values → 0, never negative', async () => {
    const r = await runTool(tool, { numbers: Array(1000).fill(0.1) });
    expect(r.sample.standardDeviation).toBe(0);
    expect(r.population.variance).toBe(0);
  });
  it('agrees with simple-statistics on random data (seeded)', async () => {
    const rng = createRng('sd');
    for (let k = 0; k < 200; k++) {
      const xs = Array.from({ length: rng.int(2, 50) }, () => (rng.next() - 0.5) * 10 ** rng.int(0, 6));
      const r = await runTool(tool, { numbers: xs });
      expect(r.population.standardDeviation).toBeCloseTo(standardDeviation(xs), 6);
      expect(r.sample.standardDeviation / sampleStandardDeviation(xs)).toBeCloseTo(1, 12);
    }
  });
  it('maximum size and refusals', async () => {
    const numbers = Array.from({ length: 20000 }, (_, i) => i);
    expect((await runTool(tool, { numbers })).population.variance).toBe((20000 ** 2 - 1) / 12);
    await expectToolError(tool, { numbers: [...numbers, 1] }, 400, /numbers/);
    await expectToolError(tool, { numbers: [] }, 400, /numbers/);
    await expectToolError(tool, { text: '1 2 three' }, 400, /text.*"three"/);
    await expectToolError(tool, { numbers: [1], weights: [1] }, 400, /weights/);
  });
});
