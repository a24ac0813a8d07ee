import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/sales-tax-calculator.js';
import { allocateCents, solveTax } from '../../../tools/_lib/sales-tax.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('tax engine (tools/_lib/sales-tax.ts)', () => {
  it('property: add then extract returns the net to the cent, and net + tax = gross', async () => {
    const rng = createRng('sales-tax-roundtrip');
    for (let i = 0; i < 400; i++) {
      const net = rng.chance(0.2) ? rng.int(0, 100) / 100 : rng.int(0, 1e11) / 100;
      const n = rng.int(1, 4);
      const rates = Array.from({ length: n }, () => (rng.chance(0.5) ? rng.int(0, 2500) / 100 : rng.int(0, 25000) / 1000));
      if (!rates.some((r) => r !== 0)) rates[0] = 1;
      const added = await solveTax({ net, ratesPercent: rates });
      expect(Math.round(added.net * 100) + Math.round(added.tax * 100)).toBe(Math.round(added.gross * 100));
      expect(added.components.reduce((s, c) => s + Math.round(c.tax * 100), 0)).toBe(Math.round(added.tax * 100));
      const back = await solveTax({ gross: added.gross, ratesPercent: rates });
      expect(back.net, `net ${net} at ${rates.join(',')}`).toBe(net);
      expect(back.tax).toBe(added.tax);
    }
  });
  it('property: the solved rate reproduces the gross when added back', async () => {
    const rng = createRng('sales-tax-rate');
    for (let i = 0; i < 300; i++) {
      const net = rng.int(1, 1e9) / 100;
      const gross = net + rng.int(0, 1e8) / 100;
      const r = await solveTax({ net, gross });
      const again = await solveTax({ net, ratesPercent: [r.ratePercent] });
      expect(again.gross, `${net} → ${gross}`).toBe(Math.round(gross * 100) / 100);
    }
  });
  it('rounds half away from zero once, exactly (no binary noise)', async () => {
    expect((await solveTax({ net: 0.5, ratesPercent: [1] })).tax).toBe(0.01); // 0.005 → 0.01
    expect((await solveTax({ net: 1.5, ratesPercent: [1] })).tax).toBe(0.02); // 0.015 → 0.02 (a double product gives 0.01499…)
    expect((await solveTax({ net: -0.5, ratesPercent: [1] })).tax).toBe(-0.01);
    expect((await solveTax({ net: 1.005, ratesPercent: [0] })).net).toBe(1.01); // input taken to the cent, half up
    // large amount where double arithmetic is a cent off: 898,611,801,676.46 / 1.19 = …534.4538 → …795.34
    expect((await solveTax({ gross: 898611801676.46, ratesPercent: [19] })).net).toBe(755135967795.34);
  });
  it('allocateCents: largest remainder, ties to the earlier part, always sums to the total', async () => {
    expect(await allocateCents(10000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(await allocateCents(-10000, [1, 1, 1])).toEqual([-3334, -3333, -3333]);
    expect(await allocateCents(1, [1, 1])).toEqual([1, 0]);
    expect(await allocateCents(0, [2, 5])).toEqual([0, 0]);
    expect(await allocateCents(100, [0, 1])).toEqual([0, 100]);
    const rng = createRng('allocate');
    for (let i = 0; i < 300; i++) {
      const total = rng.int(-1e9, 1e9);
      const w = Array.from({ length: rng.int(1, 30) }, () => rng.int(0, 1000) / rng.int(1, 7));
      if (!w.some((x) => x !== 0)) w[0] = 1;
      const parts = await allocateCents(total, w);
      expect(parts.reduce((s, x) => s + x, 0)).toBe(total);
      const sum = w.reduce((s, x) => s + x, 0);
      parts.forEach((p, j) => expect(Math.abs(p - (total * w[j]) / sum)).toBeLessThan(1 + 1e-6));
    }
  });
});

describe('sales-tax-calculator', () => {
  it('adds, extracts and solves the rate (calculator.5itech example: 100 at 7.5 % → 107.50)', async () => {
    expect(await runTool(tool, { net: 100, ratePercent: 7.5 })).toMatchObject({ tax: 7.5, gross: 107.5, solvedFor: 'gross' });
    expect(await runTool(tool, { gross: 107.5, ratePercent: 7.5 })).toMatchObject({ net: 100, tax: 7.5, solvedFor: 'net' });
    expect(await runTool(tool, { net: 100, gross: 107.5 })).toMatchObject({ ratePercent: 7.5, solvedFor: 'rate' });
  });
  it('sums state and local rates and splits the tax over them exactly', async () => {
    const r = await runTool(tool, { net: 19.99, stateRatePercent: 4, localRatesPercent: [4.5, 0.375] }); // NYC-style 8.875 %
    expect(r.ratePercent).toBe(8.875);
    expect(r.tax).toBe(1.77); // 19.99 × 8.875 % = 1.7741…
    expect(r.components.map((c: { tax: number }) => c.tax)).toEqual([0.8, 0.9, 0.07]);
    expect(r.components.map((c: { name: string }) => c.name)).toEqual(['state', 'local 1', 'local 2']);
  });
  it('handles zero: zero amount, zero rate, zero tax', async () => {
    expect(await runTool(tool, { net: 0, ratePercent: 8 })).toMatchObject({ tax: 0, gross: 0 });
    expect(await runTool(tool, { net: 10, stateRatePercent: 0 })).toMatchObject({
      tax: 0,
      gross: 10,
      components: [{ name: 'state', ratePercent: 0, tax: 0 }],
    });
    expect(await runTool(tool, { net: 10, gross: 10 })).toMatchObject({ ratePercent: 0, tax: 0 });
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { net: 0, gross: 5 }, 400, /`net` must be greater than 0/);
    await expectToolError(tool, { net: 10, gross: 9.99 }, 400, /`gross`.*must not be below/);
    await expectToolError(tool, { net: 10 }, 400, /exactly two/);
    await expectToolError(tool, { net: 10, gross: 11, ratePercent: 10 }, 400, /not all three/);
    await expectToolError(tool, { net: 10, ratePercent: 5, stateRatePercent: 5 }, 400, /either `ratePercent`/);
    await expectToolError(tool, { net: 10, localRatesPercent: [] }, 400, /localRatesPercent/);
    await expectToolError(tool, { net: 10, stateRatePercent: 60, localRatesPercent: [50] }, 400, /add up to 110/);
    await expectToolError(tool, { net: 10, ratePercent: 101 }, 400, /ratePercent/);
    await expectToolError(tool, { net: 10, localRatesPercent: Array(11).fill(1) }, 400, /localRatesPercent/);
    await expectToolError(tool, { net: -1, ratePercent: 5 }, 400, /net/);
  });
});
