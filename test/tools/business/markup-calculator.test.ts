import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/markup-calculator.js';
import { solvePricing } from '../../../tools/business/_margin.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('markup-calculator', () => {
  it('solves each unknown (online-calculator.org formula: revenue = cost × (1 + markup))', async () => {
    expect(await runTool(tool, { cost: 50, markupPercent: 60 })).toMatchObject({ price: 80, marginPercent: 37.5, profit: 30 });
    expect(await runTool(tool, { cost: 50, price: 80 })).toMatchObject({ markupPercent: 60, marginPercent: 37.5 });
    expect(await runTool(tool, { price: 80, markupPercent: 60 })).toMatchObject({ cost: 50 });
  });
  it('100 % markup is a 50 % margin; markup is unbounded', async () => {
    expect(await runTool(tool, { cost: 10, markupPercent: 100 })).toMatchObject({ price: 20, marginPercent: 50 });
    expect(await runTool(tool, { cost: 1, price: 1000 })).toMatchObject({ markupPercent: 99900, marginPercent: 99.9 });
    expect(await runTool(tool, { cost: 10, markupPercent: 1e6 })).toMatchObject({ price: 100010 });
  });
  it('handles zero and negative markups and the −100 % boundary', async () => {
    expect(await runTool(tool, { cost: 10, markupPercent: 0 })).toMatchObject({ price: 10, profit: 0, marginPercent: 0 });
    expect(await runTool(tool, { cost: 10, markupPercent: -100 })).toMatchObject({
      price: 0,
      profit: -10,
      marginPercent: null,
      isLoss: true,
    });
    expect(await runTool(tool, { cost: 10, price: 8 })).toMatchObject({ markupPercent: -20, marginPercent: -25, isLoss: true });
  });
  it('refuses divisions by zero and out-of-range values with a 400 naming the field', async () => {
    await expectToolError(tool, { cost: 0, price: 5 }, 400, /cost.*greater than 0/);
    await expectToolError(tool, { cost: 0, markupPercent: 5 }, 400, /cost.*greater than 0/);
    await expectToolError(tool, { price: 5, markupPercent: -100 }, 400, /markupPercent.*above −100/);
    await expectToolError(tool, { price: 0, markupPercent: 5 }, 400, /price.*greater than 0/);
    await expectToolError(tool, { cost: 1, markupPercent: -100.01 }, 400, /markupPercent/);
    await expectToolError(tool, { markupPercent: 5 }, 400, /exactly two/);
  });
  it('property: price from a markup and back returns the cost to the cent', async () => {
    const rng = createRng('markup-roundtrip');
    for (let i = 0; i < 300; i++) {
      const cost = rng.int(1, 10_000_000) / 100;
      const markup = rng.int(0, 100_000) / 100;
      const up = await solvePricing({ cost, percent: markup, kind: 'markup' });
      const back = await solvePricing({ price: up.price, percent: markup, kind: 'markup' });
      expect(back.cost, `cost ${cost} at ${markup} %`).toBe(cost);
    }
  });
});
