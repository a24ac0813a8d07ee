import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/break-even-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('break-even-calculator', () => {
  it('matches the worked example (fixed 10,000, variable 5, price 15 → 1,000 units, 15,000)', async () => {
    expect(await runTool(tool, { fixedCosts: 10000, pricePerUnit: 15, variableCostPerUnit: 5 })).toMatchObject({
      units: 1000,
      revenue: 15000,
      contributionMarginPerUnit: 10,
    });
  });
  it('adds a target profit and rounds fractional units up', async () => {
    expect(await runTool(tool, { fixedCosts: 1000, pricePerUnit: 7, variableCostPerUnit: 4, targetProfit: 500 })).toMatchObject({
      units: 500,
      unitsRoundedUp: 500,
      revenue: 3500,
    });
    expect(await runTool(tool, { fixedCosts: 1000.01, pricePerUnit: 2, variableCostPerUnit: 1 })).toMatchObject({
      units: 1000.01,
      unitsRoundedUp: 1001,
    });
    // exact decimals: 0.3 / (0.3 − 0.2) is exactly 3 units (binary floats give 2.9999999999999996)
    expect(await runTool(tool, { fixedCosts: 0.3, pricePerUnit: 0.3, variableCostPerUnit: 0.2 })).toMatchObject({
      units: 3,
      unitsRoundedUp: 3,
    });
  });
  it('boundaries: price equal to variable cost, price 0, nothing to cover', async () => {
    expect(await runTool(tool, { fixedCosts: 100, pricePerUnit: 5, variableCostPerUnit: 5 })).toMatchObject({
      achievable: false,
      units: null,
      contributionMarginPercent: 0,
    });
    expect(await runTool(tool, { fixedCosts: 100, pricePerUnit: 0, variableCostPerUnit: 0 })).toMatchObject({
      achievable: false,
      contributionMarginPercent: null,
    });
    expect(await runTool(tool, { fixedCosts: 0, pricePerUnit: 5, variableCostPerUnit: 9 })).toMatchObject({
      achievable: true,
      units: 0,
      revenue: 0,
    });
    expect(await runTool(tool, { fixedCosts: 100, pricePerUnit: 5.01, variableCostPerUnit: 5 })).toMatchObject({
      achievable: true,
      units: 10000,
    });
  });
  it('property: at the rounded-up units, contribution covers the fixed costs; one unit fewer does not', async () => {
    const rng = createRng('break-even');
    for (let i = 0; i < 300; i++) {
      const fixed = rng.int(1, 1e8) / 100;
      const variable = rng.int(0, 100000) / 100;
      const price = variable + rng.int(1, 100000) / 100;
      const r = await runTool(tool, { fixedCosts: fixed, pricePerUnit: price, variableCostPerUnit: variable });
      const cmCents = Math.round(price * 100) - Math.round(variable * 100);
      const fixedCents = Math.round(fixed * 100);
      expect(r.unitsRoundedUp * cmCents).toBeGreaterThanOrEqual(fixedCents);
      expect((r.unitsRoundedUp - 1) * cmCents).toBeLessThan(fixedCents);
    }
  });
  it('refuses out-of-range input with a 400 naming the field', async () => {
    await expectToolError(tool, { fixedCosts: -1, pricePerUnit: 5, variableCostPerUnit: 1 }, 400, /fixedCosts/);
    await expectToolError(tool, { fixedCosts: 1, pricePerUnit: 5 }, 400, /variableCostPerUnit/);
    await expectToolError(tool, { fixedCosts: 1, pricePerUnit: 1e13, variableCostPerUnit: 1 }, 400, /pricePerUnit/);
  });
});
