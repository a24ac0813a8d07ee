import { describe, expect, it } from 'vitest';
import infl from '../../../tools/finance/inflation-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('inflation-calculator', () => {
  for (const ex of infl.examples) it(`example: ${ex.name}`, async () => expect(await runTool(infl, ex.input)).toEqual(ex.output));

  it('agrees with the closed forms and round-trips the implied rate', async () => {
    for (const [amount, years, rate] of [
      [1000, 25, 2.5],
      [59.99, 7.5, 11],
      [1e6, 200, 1],
      [250, 3, -2],
    ] as const) {
      const r = await runTool(infl, { amount, years, annualInflationPercent: rate });
      expect(r.futureCost).toBeCloseTo(amount * (1 + rate / 100) ** years, 2);
      expect(r.purchasingPower).toBeCloseTo(amount / (1 + rate / 100) ** years, 2);
      const back = await runTool(infl, { amount, years, targetAmount: r.futureCost });
      expect(back.annualInflationPercent).toBeCloseTo(rate, 3);
    }
  });
  it('fractional years, zero inflation and deflation', async () => {
    const half = await runTool(infl, { amount: 100, years: 0.5, annualInflationPercent: 21 });
    expect(half).toMatchObject({ futureCost: 110, yearly: [] });
    expect(await runTool(infl, { amount: 100, years: 5, annualInflationPercent: 0 })).toMatchObject({
      futureCost: 100,
      purchasingPower: 100,
      cumulativeInflationPercent: 0,
    });
    expect((await runTool(infl, { amount: 100, years: 1, annualInflationPercent: -10 })).purchasingPower).toBe(111.11);
    expect((await runTool(infl, { amount: 100, years: 150, annualInflationPercent: 2 })).yearly).toHaveLength(100);
  });
  it('refuses both or neither of rate and target, and out-of-range values', async () => {
    await expectToolError(infl, { amount: 100, years: 1 }, 400, /exactly one of `annualInflationPercent` or `targetAmount`/);
    await expectToolError(infl, { amount: 100, years: 1, annualInflationPercent: 2, targetAmount: 110 }, 400, /exactly one/);
    await expectToolError(infl, { amount: 100, years: 201, annualInflationPercent: 2 }, 400, /years/);
    await expectToolError(infl, { amount: 0, years: 1, annualInflationPercent: 2 }, 400, /amount/);
    await expectToolError(infl, { amount: 1, years: 1, annualInflationPercent: -51 }, 400, /annualInflationPercent/);
  });
});
