import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/margin-calculator.js';
import { solvePricing } from '../../../tools/business/_margin.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('margin-calculator', () => {
  it('solves each of the three unknowns (Omni-style example: cost 50, price 80)', async () => {
    expect(await runTool(tool, { cost: 50, price: 80 })).toMatchObject({ marginPercent: 37.5, markupPercent: 60, profit: 30 });
    expect(await runTool(tool, { cost: 50, marginPercent: 37.5 })).toMatchObject({ solvedFor: 'price', price: 80 });
    expect(await runTool(tool, { price: 80, marginPercent: 37.5 })).toMatchObject({ solvedFor: 'cost', cost: 50 });
  });
  it('computes with exact decimals and rounds half-up only at the end', async () => {
    // 0.1 + 0.2 style noise: cost 0.7, price 1 → margin exactly 30
    expect((await runTool(tool, { cost: 0.7, price: 1 })).marginPercent).toBe(30);
    // 1 / (1 − 0.2) = 1.25 exactly; 0.01 / 0.6 = 0.016666… → 0.02
    expect((await runTool(tool, { cost: 1, marginPercent: 20 })).price).toBe(1.25);
    expect((await runTool(tool, { cost: 0.01, marginPercent: 40 })).price).toBe(0.02);
    // a half cent rounds up: 0.35 × (1 − 0.5) = 0.175 → 0.18
    expect((await runTool(tool, { price: 0.35, marginPercent: 50 })).cost).toBe(0.18);
  });
  it('handles boundaries: 0 % and 100 % margin, zero cost, selling at a loss', async () => {
    expect(await runTool(tool, { cost: 40, marginPercent: 0 })).toMatchObject({ price: 40, profit: 0, markupPercent: 0, isLoss: false });
    expect(await runTool(tool, { price: 40, marginPercent: 100 })).toMatchObject({ cost: 0, profit: 40, markupPercent: null });
    expect(await runTool(tool, { cost: 0, price: 10 })).toMatchObject({ marginPercent: 100, markupPercent: null });
    expect(await runTool(tool, { cost: 120, price: 100 })).toMatchObject({ profit: -20, marginPercent: -20, isLoss: true });
    expect(await runTool(tool, { cost: 100, marginPercent: -25 })).toMatchObject({ price: 80, profit: -20, isLoss: true });
    expect(await runTool(tool, { cost: 0, price: 0 }).catch((e) => e.message)).toMatch(/price.*greater than 0/);
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { cost: 10, marginPercent: 100 }, 400, /marginPercent.*below 100/);
    await expectToolError(tool, { cost: 10, price: 0 }, 400, /price.*greater than 0/);
    await expectToolError(tool, { price: 0, marginPercent: 10 }, 400, /price.*greater than 0/);
    await expectToolError(tool, { cost: 0, marginPercent: 10 }, 400, /cost.*greater than 0/);
    await expectToolError(tool, { cost: 10 }, 400, /exactly two.*price/);
    await expectToolError(tool, { cost: 10, price: 12, marginPercent: 5 }, 400, /not all three/);
    await expectToolError(tool, { price: 10, marginPercent: 100.5 }, 400, /marginPercent/);
    await expectToolError(tool, { cost: -1, price: 10 }, 400, /cost/);
    await expectToolError(tool, { cost: 1e13, price: 10 }, 400, /cost/);
  });
  it('property: price from a margin, then the cost back from that price, returns the cost to the cent', async () => {
    const rng = createRng('margin-roundtrip');
    for (let i = 0; i < 300; i++) {
      const cost = rng.int(1, 10_000_000) / 100;
      const margin = rng.int(0, 9999) / 100;
      const up = await solvePricing({ cost, percent: margin, kind: 'margin' });
      const back = await solvePricing({ price: up.price, percent: margin, kind: 'margin' });
      expect(back.cost, `cost ${cost} at ${margin} %`).toBe(cost);
      expect(Math.round(up.cost * 100) + Math.round(up.profit * 100)).toBe(Math.round(up.price * 100));
      // margin and markup describe the same profit: margin = markup / (1 + markup)
      const m = up.markupPercent! / 100;
      expect((m / (1 + m)) * 100).toBeCloseTo(margin, 9);
    }
  });
});
