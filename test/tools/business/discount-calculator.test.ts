import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/discount-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('discount-calculator', () => {
  it('percent off, amount off, stacked (20 % then 10 % = 28 %)', async () => {
    expect(await runTool(tool, { originalPrice: 70, discountsPercent: [15] })).toMatchObject({ salePrice: 59.5, savings: 10.5 });
    expect(await runTool(tool, { originalPrice: 85, discountAmount: 10 })).toMatchObject({
      salePrice: 75,
      effectiveDiscountPercent: 11.7647058823529,
    });
    expect(await runTool(tool, { originalPrice: 100, discountsPercent: [20, 10] })).toMatchObject({
      salePrice: 72,
      effectiveDiscountPercent: 28,
    });
    expect(await runTool(tool, { originalPrice: 100, discountsPercent: [10, 20] })).toMatchObject({ salePrice: 72 }); // order does not matter
  });
  it('reverse: original price from the sale price', async () => {
    expect(await runTool(tool, { salePrice: 72, discountsPercent: [20, 10] })).toMatchObject({
      originalPrice: 100,
      solvedFor: 'originalPrice',
    });
    expect(await runTool(tool, { salePrice: 75, discountAmount: 10 })).toMatchObject({ originalPrice: 85 });
    expect(await runTool(tool, { salePrice: 10, discountsPercent: [0] })).toMatchObject({ originalPrice: 10, savings: 0 });
  });
  it('boundaries: 100 % off, amount equal to the price, no discount', async () => {
    expect(await runTool(tool, { originalPrice: 25, discountsPercent: [100] })).toMatchObject({
      salePrice: 0,
      effectiveDiscountPercent: 100,
    });
    expect(await runTool(tool, { originalPrice: 25, discountAmount: 25 })).toMatchObject({ salePrice: 0 });
    expect(await runTool(tool, { originalPrice: 25, salePrice: 25 })).toMatchObject({ effectiveDiscountPercent: 0, savings: 0 });
    expect(await runTool(tool, { originalPrice: 0, discountsPercent: [10] })).toMatchObject({
      salePrice: 0,
      effectiveDiscountPercent: null,
    });
  });
  it('property: reversing a sale price and discounting again returns the sale price to the cent', async () => {
    // (The other way, original → sale → original, cannot be exact: the half-cent rounding of the sale price is
    // divided by the kept fraction, e.g. 0.01 at 50 % off → 0.01 → 0.02. The error stays within 0.5 / kept cents.)
    const rng = createRng('discount');
    for (let i = 0; i < 300; i++) {
      const salePrice = rng.int(0, 1e8) / 100;
      const discountsPercent = Array.from({ length: rng.int(1, 3) }, () => rng.int(0, 9900) / 100);
      const up = await runTool(tool, { salePrice, discountsPercent });
      const down = await runTool(tool, { originalPrice: up.originalPrice, discountsPercent });
      expect(down.salePrice, `${salePrice} at ${discountsPercent.join(',')}`).toBe(salePrice);
      expect(Math.round(down.salePrice * 100) + Math.round(down.savings * 100)).toBe(Math.round(up.originalPrice * 100));
      const keep = discountsPercent.reduce((p, d) => p * (1 - d / 100), 1);
      const back = await runTool(tool, { salePrice: down.salePrice, discountsPercent });
      expect(Math.abs(back.originalPrice - up.originalPrice)).toBeLessThanOrEqual(Math.ceil(0.5 / keep) / 100 + 1e-9);
    }
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { salePrice: 10, discountsPercent: [100] }, 400, /100 % discount/);
    await expectToolError(tool, { originalPrice: 10, discountAmount: 10.01 }, 400, /discountAmount.*cannot exceed/);
    await expectToolError(tool, { originalPrice: 10, salePrice: 12 }, 400, /salePrice.*price increase/);
    await expectToolError(tool, { originalPrice: 0, salePrice: 0 }, 400, /originalPrice.*greater than 0/);
    await expectToolError(tool, { originalPrice: 10 }, 400, /exactly two/);
    await expectToolError(tool, { originalPrice: 10, salePrice: 5, discountAmount: 5 }, 400, /not all three/);
    await expectToolError(tool, { originalPrice: 10, discountsPercent: [5], discountAmount: 1 }, 400, /not both/);
    await expectToolError(tool, { originalPrice: 10, discountsPercent: Array(11).fill(1) }, 400, /discountsPercent/);
    await expectToolError(tool, { originalPrice: 10, discountsPercent: [101] }, 400, /discountsPercent/);
  });

  it('"buy X get Y": buy 2 get 1 free is 33.3 % off; buy 1 get 1 at 50 % off is 25 % off', async () => {
    expect(await runTool(tool, { originalPrice: 9.99, buyQuantity: 2, getQuantity: 1 })).toMatchObject({
      originalPrice: 29.97,
      salePrice: 19.98,
      savings: 9.99,
      effectiveDiscountPercent: 33.3333333333333,
      deal: { items: 3, unitPrice: 9.99, pricePerItem: 6.66 },
    });
    expect(await runTool(tool, { originalPrice: 20, buyQuantity: 1, getQuantity: 1, getDiscountPercent: 50 })).toMatchObject({
      originalPrice: 40,
      salePrice: 30,
      effectiveDiscountPercent: 25,
    });
    await expectToolError(tool, { originalPrice: 10, buyQuantity: 2 }, 400, /`getQuantity`/);
    await expectToolError(
      tool,
      { originalPrice: 10, buyQuantity: 2, getQuantity: 1, discountsPercent: [10] },
      400,
      /`discountsPercent` does not go/,
    );
    await expectToolError(tool, { buyQuantity: 2, getQuantity: 1 }, 400, /`originalPrice`/);
  });
});
