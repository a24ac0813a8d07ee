import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/split-bill-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const cents = (shares: { amount: number }[]) => shares.map((s) => Math.round(s.amount * 100));

describe('split-bill-calculator', () => {
  it('splits 100 between 3 as 33.34, 33.33, 33.33 and 0.01 between 2 as 0.01, 0', async () => {
    expect(cents((await runTool(tool, { amount: 100, people: 3 })).shares)).toEqual([3334, 3333, 3333]);
    expect(cents((await runTool(tool, { amount: 0.01 })).shares)).toEqual([1, 0]);
    expect(cents((await runTool(tool, { amount: 0, people: 4 })).shares)).toEqual([0, 0, 0, 0]);
    expect(cents((await runTool(tool, { amount: 7, people: 1 })).shares)).toEqual([700]);
  });
  it('splits by weights (consumption amounts), zero weights pay nothing', async () => {
    const r = await runTool(tool, { amount: 50, weights: [12.5, 20, 0, 17.5], tipPercent: 10 });
    expect(r).toMatchObject({ tip: 5, total: 55, people: 4 });
    expect(cents(r.shares)).toEqual([1375, 2200, 0, 1925]);
  });
  it('property: shares always sum to the total and are within a cent of the exact share', async () => {
    const rng = createRng('split-bill');
    for (let i = 0; i < 300; i++) {
      const amount = rng.int(0, 1e10) / 100;
      const weighted = rng.chance(0.5);
      const n = rng.int(1, 60);
      const weights = weighted ? Array.from({ length: n }, () => rng.int(0, 500) / 10) : undefined;
      if (weights && !weights.some((w) => w !== 0)) weights[0] = 1;
      const r = await runTool(tool, { amount, people: n, weights, taxPercent: rng.int(0, 2000) / 100, tipPercent: rng.int(0, 2500) / 100 });
      const c = cents(r.shares);
      const total = Math.round(r.total * 100);
      expect(c.reduce((s, x) => s + x, 0)).toBe(total);
      expect(Math.round(r.subtotal * 100) + Math.round(r.tax * 100) + Math.round(r.tip * 100)).toBe(total);
      const w = weights ?? Array(n).fill(1);
      const sw = w.reduce((s, x) => s + x, 0);
      c.forEach((x, j) => expect(Math.abs(x - (total * w[j]) / sw)).toBeLessThan(1.000001));
    }
  });
  it('handles the largest party (1,000 people)', async () => {
    const r = await runTool(tool, { amount: 1234.56, people: 1000 });
    expect(r.shares).toHaveLength(1000);
    expect(cents(r.shares).reduce((s, x) => s + x, 0)).toBe(123456);
    expect(r.shares[455].amount).toBe(1.24);
    expect(r.shares[456].amount).toBe(1.23);
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { amount: 10, weights: [0, 0] }, 400, /weights.*greater than 0/);
    await expectToolError(tool, { amount: 10, weights: [] }, 400, /weights/);
    await expectToolError(tool, { amount: 10, weights: [1, -1] }, 400, /weights/);
    await expectToolError(tool, { amount: 10, people: 0 }, 400, /people/);
    await expectToolError(tool, { amount: 10, weights: Array(1001).fill(1) }, 400, /weights/);
    await expectToolError(tool, { amount: -5 }, 400, /amount/);
  });
});
