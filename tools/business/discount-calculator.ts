import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { type Decimal, loadDecimal, money, sig } from './_decimal.js';

const MAX_DISCOUNTS = 10;

/** "Buy X get Y (at d % off)": X items at the unit price plus Y at d % off, against X + Y at the unit price. */
async function buyXGetY(input: {
  originalPrice?: number;
  salePrice?: number;
  discountsPercent?: number[];
  discountAmount?: number;
  buyQuantity?: number;
  getQuantity?: number;
  getDiscountPercent: number;
}) {
  const { originalPrice, buyQuantity, getQuantity, getDiscountPercent } = input;
  if (buyQuantity === undefined || getQuantity === undefined)
    throw new ToolError('"buy X get Y" needs both `buyQuantity` and `getQuantity`', 400, {
      field: buyQuantity === undefined ? 'buyQuantity' : 'getQuantity',
    });
  const other = (['salePrice', 'discountsPercent', 'discountAmount'] as const).find((k) => input[k] !== undefined);
  if (other)
    throw new ToolError(`\`${other}\` does not go with "buy X get Y" (give the item price as \`originalPrice\`)`, 400, { field: other });
  if (originalPrice === undefined)
    throw new ToolError('`originalPrice` (the price of one item) is required with "buy X get Y"', 400, { field: 'originalPrice' });
  const D = await loadDecimal();
  const unit = new D(originalPrice);
  const items = buyQuantity + getQuantity;
  const o = unit.times(items);
  const s = unit.times(buyQuantity).plus(unit.times(getQuantity).times(new D(100).minus(getDiscountPercent)).dividedBy(100));
  const oRounded = money(o);
  const sRounded = money(s);
  return {
    solvedFor: 'salePrice' as const,
    originalPrice: oRounded,
    salePrice: sRounded,
    savings: money(new D(oRounded).minus(sRounded)),
    effectiveDiscountPercent: o.isZero() ? null : sig(o.minus(s).dividedBy(o).times(100)),
    steps: [],
    deal: { items, unitPrice: originalPrice, pricePerItem: money(s.dividedBy(items)) },
    formula:
      'salePrice = unitPrice × (buyQuantity + getQuantity × (1 − getDiscountPercent / 100)); originalPrice = unitPrice × (buyQuantity + getQuantity)',
  };
}

export default defineTool({
  slug: 'discount-calculator',
  title: 'Discount calculator (percent, amount, stacked, reverse)',
  keywords: {
    en: ['sale price', 'percent off', 'savings', 'coupon', 'markdown', 'reduced price', '% off', 'sale', 'deal', 'price after discount'],
    nl: ['korting', 'kortingspercentage', 'uitverkoop', 'afgeprijsd', 'actieprijs', 'prijs na korting', 'sale'],
  },
  description:
    'Sale price, discount percentage or original price of a discounted item. Give any two of originalPrice, salePrice and the discount (discountsPercent, stacked one after another: [20, 10] = 28 % off, or discountAmount); returns the third plus savings and the effective discount. Or "buy X get Y": originalPrice per item, buyQuantity, getQuantity (free, or getDiscountPercent off). Prices rounded to cents at the end.',
  resultView: {
    kind: 'figure',
    field: 'salePrice',
    label: 'Sale price',
    detail: ['savings', 'effectiveDiscountPercent'],
    choose: { by: 'solvedFor', fields: { originalPrice: 'originalPrice', discount: 'effectiveDiscountPercent' } },
  },
  input: z.strictObject({
    originalPrice: z.number().min(0).max(MAX_AMOUNT).optional().describe('Price before the discount'),
    salePrice: z.number().min(0).max(MAX_AMOUNT).optional().describe('Price after the discount'),
    discountsPercent: z
      .array(z.number().min(0).max(100))
      .min(1)
      .max(MAX_DISCOUNTS)
      .optional()
      .describe('Percent off; several values are applied one after another'),
    discountAmount: z.number().min(0).max(MAX_AMOUNT).optional().describe('Amount off (instead of discountsPercent)'),
    buyQuantity: z
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe('"Buy X get Y": X items paid in full (originalPrice is then the price of one item)'),
    getQuantity: z.int().min(1).max(1000).optional().describe('"Buy X get Y": Y more items at getDiscountPercent off'),
    getDiscountPercent: z.number().min(0).max(100).default(100).describe('"Buy X get Y": discount on the Y items; default 100 (free)'),
  }),
  output: z.object({
    solvedFor: z.enum(['salePrice', 'originalPrice', 'discount']),
    originalPrice: z.number(),
    salePrice: z.number(),
    savings: z.number().describe('originalPrice − salePrice'),
    effectiveDiscountPercent: z.number().nullable().describe('savings / originalPrice × 100; null when the original price is 0'),
    steps: z.array(z.object({ discountPercent: z.number(), priceAfter: z.number() })).describe('One per stacked percent discount'),
    deal: z
      .object({ items: z.int(), unitPrice: z.number(), pricePerItem: z.number().describe('salePrice / items') })
      .optional()
      .describe('"Buy X get Y": prices are for all X + Y items'),
    formula: z.string(),
  }),
  examples: [
    // calculationworld.com/discount-calculator: a $500 TV at 10 % off → $450, $50 saved.
    {
      name: '$500 at 10 % off → $450',
      input: { originalPrice: 500, discountsPercent: [10] },
      output: {
        solvedFor: 'salePrice',
        originalPrice: 500,
        salePrice: 450,
        savings: 50,
        effectiveDiscountPercent: 10,
        steps: [{ discountPercent: 10, priceAfter: 450 }],
        formula: 'salePrice = originalPrice × Π(1 − d / 100)',
      },
    },
    {
      name: 'Stacked: 20 % then 10 % off 79.99 is 28 % off',
      input: { originalPrice: 79.99, discountsPercent: [20, 10] },
      output: {
        solvedFor: 'salePrice',
        originalPrice: 79.99,
        salePrice: 57.59,
        savings: 22.4,
        effectiveDiscountPercent: 28,
        steps: [
          { discountPercent: 20, priceAfter: 63.99 },
          { discountPercent: 10, priceAfter: 57.59 },
        ],
        formula: 'salePrice = originalPrice × Π(1 − d / 100)',
      },
    },
    {
      name: 'Reverse: original price of a 59.50 sale price at 15 % off',
      input: { salePrice: 59.5, discountsPercent: [15] },
      output: {
        solvedFor: 'originalPrice',
        originalPrice: 70,
        salePrice: 59.5,
        savings: 10.5,
        effectiveDiscountPercent: 15,
        steps: [{ discountPercent: 15, priceAfter: 59.5 }],
        formula: 'originalPrice = salePrice / Π(1 − d / 100)',
      },
    },
    {
      name: 'Discount from the two prices',
      input: { originalPrice: 85, salePrice: 75 },
      output: {
        solvedFor: 'discount',
        originalPrice: 85,
        salePrice: 75,
        savings: 10,
        effectiveDiscountPercent: 11.7647058823529,
        steps: [],
        formula: 'discountPercent = (originalPrice − salePrice) / originalPrice × 100',
      },
    },
  ],
  async run({ originalPrice, salePrice, discountsPercent, discountAmount, buyQuantity, getQuantity, getDiscountPercent }) {
    if (buyQuantity !== undefined || getQuantity !== undefined)
      return buyXGetY({ originalPrice, salePrice, discountsPercent, discountAmount, buyQuantity, getQuantity, getDiscountPercent });
    if (discountsPercent !== undefined && discountAmount !== undefined)
      throw new ToolError('give either `discountsPercent` or `discountAmount`, not both', 400, { field: 'discountAmount' });
    const hasDiscount = discountsPercent !== undefined || discountAmount !== undefined;
    const given = [originalPrice !== undefined, salePrice !== undefined, hasDiscount].filter(Boolean).length;
    if (given !== 2)
      throw new ToolError(
        given < 2
          ? 'give exactly two of `originalPrice`, `salePrice` and a discount (`discountsPercent` or `discountAmount`)'
          : 'give exactly two of `originalPrice`, `salePrice` and the discount, not all three (leave out the one to compute)',
        400,
        { field: originalPrice === undefined ? 'originalPrice' : salePrice === undefined ? 'salePrice' : 'discountsPercent' },
      );
    const D = await loadDecimal();
    const factors = (discountsPercent ?? []).map((d) => new D(100).minus(d).dividedBy(100));
    const keep = factors.reduce((p, f) => p.times(f), new D(1));
    let o: Decimal, s: Decimal;
    let solvedFor: 'salePrice' | 'originalPrice' | 'discount';
    let formula: string;
    if (salePrice === undefined) {
      o = new D(originalPrice!);
      solvedFor = 'salePrice';
      if (discountAmount !== undefined) {
        if (o.lt(discountAmount))
          throw new ToolError(`\`discountAmount\` (${discountAmount}) cannot exceed \`originalPrice\` (${originalPrice})`, 400, {
            field: 'discountAmount',
          });
        s = o.minus(discountAmount);
        formula = 'salePrice = originalPrice − discountAmount';
      } else {
        s = o.times(keep);
        formula = 'salePrice = originalPrice × Π(1 − d / 100)';
      }
    } else if (originalPrice === undefined) {
      s = new D(salePrice);
      solvedFor = 'originalPrice';
      if (discountAmount !== undefined) {
        o = s.plus(discountAmount);
        formula = 'originalPrice = salePrice + discountAmount';
      } else {
        if (keep.isZero())
          throw new ToolError('a 100 % discount makes every price 0, so the original price cannot be recovered from `salePrice`', 400, {
            field: 'discountsPercent',
          });
        o = s.dividedBy(keep);
        formula = 'originalPrice = salePrice / Π(1 − d / 100)';
      }
    } else {
      o = new D(originalPrice);
      s = new D(salePrice);
      solvedFor = 'discount';
      if (o.isZero())
        throw new ToolError('`originalPrice` must be greater than 0 to find the discount percent', 400, { field: 'originalPrice' });
      if (s.gt(o))
        throw new ToolError(
          `\`salePrice\` (${salePrice}) is above \`originalPrice\` (${originalPrice}): that is a price increase, not a discount`,
          400,
          { field: 'salePrice' },
        );
      formula = 'discountPercent = (originalPrice − salePrice) / originalPrice × 100';
    }
    const steps: { discountPercent: number; priceAfter: number }[] = [];
    let running = o;
    for (const [i, d] of (discountsPercent ?? []).entries()) {
      running = running.times(factors[i]);
      steps.push({ discountPercent: d, priceAfter: money(running) });
    }
    const oRounded = money(o);
    const sRounded = money(s);
    return {
      solvedFor,
      originalPrice: oRounded,
      salePrice: sRounded,
      savings: money(new D(oRounded).minus(sRounded)),
      effectiveDiscountPercent: o.isZero() ? null : sig(o.minus(s).dividedBy(o).times(100)),
      steps,
      formula,
    };
  },
});
