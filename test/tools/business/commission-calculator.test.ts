import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/commission-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const TIERS = [
  { fromAmount: 0, ratePercent: 2 },
  { fromAmount: 200, ratePercent: 3 },
  { fromAmount: 500, ratePercent: 4 },
  { fromAmount: 1000, ratePercent: 5.5 },
];

describe('commission-calculator', () => {
  it('matches the Epicor Eclipse tiered example (44.00 marginal, 66.00 on the top rate)', async () => {
    expect((await runTool(tool, { sales: 1200, tiers: TIERS })).commission).toBe(44);
    expect((await runTool(tool, { sales: 1200, tiers: TIERS, tierMode: 'retroactive' })).commission).toBe(66);
  });
  it('treats a threshold as reached when sales equal it', async () => {
    const at = await runTool(tool, { sales: 500, tiers: TIERS, tierMode: 'retroactive' });
    expect(at).toMatchObject({ appliedRatePercent: 4, commission: 20 });
    const below = await runTool(tool, { sales: 499.99, tiers: TIERS, tierMode: 'retroactive' });
    expect(below).toMatchObject({ appliedRatePercent: 3, commission: 15 }); // 499.99 × 3 % = 14.9997
    const marginal = await runTool(tool, { sales: 500, tiers: TIERS });
    expect(marginal.commission).toBe(13);
    expect(marginal.bands[2]).toMatchObject({ salesInBand: 0, commission: 0 });
  });
  it('handles zero sales, a single tier, base salary', async () => {
    expect(await runTool(tool, { sales: 0, ratePercent: 10, baseSalary: 1500 })).toMatchObject({
      commission: 0,
      totalPay: 1500,
      effectiveRatePercent: null,
    });
    expect((await runTool(tool, { sales: 100, tiers: [{ fromAmount: 0, ratePercent: 7 }] })).commission).toBe(7);
    expect((await runTool(tool, { sales: 0.1, ratePercent: 5 })).commission).toBe(0.01); // 0.005 rounds half up
  });
  it('property: marginal bands sum to the commission and never exceed the retroactive amount', async () => {
    const rng = createRng('commission');
    for (let i = 0; i < 300; i++) {
      const n = rng.int(1, 8);
      const tiers = [{ fromAmount: 0, ratePercent: rng.int(0, 2000) / 100 }];
      for (let k = 1; k < n; k++)
        tiers.push({
          fromAmount: tiers[k - 1].fromAmount + rng.int(1, 1e7) / 100,
          ratePercent: tiers[k - 1].ratePercent + rng.int(0, 500) / 100,
        });
      const sales = rng.int(0, 1e9) / 100;
      const m = await runTool(tool, { sales, tiers });
      const r = await runTool(tool, { sales, tiers, tierMode: 'retroactive' });
      const sum = m.bands.reduce((s: number, b: { commission: number }) => s + Math.round(b.commission * 100), 0);
      expect(sum).toBe(Math.round(m.commission * 100));
      expect(m.bands.reduce((s: number, b: { salesInBand: number }) => s + b.salesInBand, 0)).toBeCloseTo(sales, 6);
      expect(m.commission).toBeLessThanOrEqual(r.commission); // rates increase, so retroactive pays at least as much
    }
  });
  it('refuses invalid structures with a 400 naming the field', async () => {
    await expectToolError(tool, { sales: 100 }, 400, /either `ratePercent`.*or `tiers`/);
    await expectToolError(tool, { sales: 100, ratePercent: 5, tiers: TIERS }, 400, /exactly one/);
    await expectToolError(tool, { sales: 100, tiers: [{ fromAmount: 10, ratePercent: 5 }] }, 400, /start at fromAmount 0/);
    await expectToolError(tool, { sales: 100, tiers: [TIERS[0], TIERS[2], TIERS[1]] }, 400, /increasing fromAmount/);
    await expectToolError(tool, { sales: 100, tiers: [TIERS[0], TIERS[0]] }, 400, /increasing/);
    await expectToolError(
      tool,
      { sales: 100, tiers: Array.from({ length: 21 }, (_, i) => ({ fromAmount: i, ratePercent: 1 })) },
      400,
      /tiers/,
    );
    await expectToolError(tool, { sales: 100, ratePercent: 101 }, 400, /ratePercent/);
    await expectToolError(tool, { sales: 100, ratePercent: 1, tierMode: 'cumulative' }, 400, /tierMode/);
  });
});
