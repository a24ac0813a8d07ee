/**
 * The pricing engine shared by `margin-calculator` and `markup-calculator`
 * (catalogue §2: two slugs, one engine): any two of cost, price and one percent
 * (margin or markup) → the rest, plus profit.
 *
 *   profit = price − cost
 *   margin = profit / price × 100   (share of the selling price; always below 100 %)
 *   markup = profit / cost  × 100   (added on top of the cost; unbounded)
 *   margin = markup / (1 + markup), markup = margin / (1 − margin)   (as fractions)
 *
 * Exact decimal arithmetic; a solved price or cost is rounded half away from zero
 * to cents only at the end, percents are reported with 15 significant digits.
 * A division by zero, or an answer that would need a negative price or cost, is a
 * 400 naming the field; selling below cost is a valid answer (negative profit,
 * `isLoss: true`).
 */
import { z } from 'zod';
import { ToolError } from '../../src/core/tool.js';
import { type Decimal, loadDecimal, money, sig } from './_decimal.js';

/** The output of both tools. */
export const pricingOutput = z.object({
  solvedFor: z.enum(['cost', 'price', 'percent']).describe('Which value was computed'),
  cost: z.number(),
  price: z.number(),
  profit: z.number().describe('price − cost (negative when selling at a loss)'),
  marginPercent: z.number().nullable().describe('profit / price × 100; null when price is 0'),
  markupPercent: z.number().nullable().describe('profit / cost × 100; null when cost is 0'),
  isLoss: z.boolean(),
  formula: z.string(),
});

export type PercentKind = 'margin' | 'markup';

export interface PricingInput {
  cost?: number;
  price?: number;
  /** The margin percent (kind margin) or the markup percent (kind markup). */
  percent?: number;
  kind: PercentKind;
}

export interface PricingResult {
  solvedFor: 'cost' | 'price' | 'percent';
  cost: number;
  price: number;
  profit: number;
  /** null when the price is 0 (margin undefined). */
  marginPercent: number | null;
  /** null when the cost is 0 (markup undefined). */
  markupPercent: number | null;
  isLoss: boolean;
  formula: string;
}

export async function solvePricing({ cost, price, percent, kind }: PricingInput): Promise<PricingResult> {
  const D = await loadDecimal();
  const pField = kind === 'margin' ? 'marginPercent' : 'markupPercent';
  const given = [cost !== undefined, price !== undefined, percent !== undefined].filter(Boolean).length;
  if (given !== 2) {
    const missing = cost === undefined ? 'cost' : price === undefined ? 'price' : pField;
    throw new ToolError(
      given < 2
        ? `give exactly two of \`cost\`, \`price\` and \`${pField}\`: \`${missing}\` and one other are missing`
        : `give exactly two of \`cost\`, \`price\` and \`${pField}\`, not all three (leave out the one to compute)`,
      400,
      { field: given < 2 ? missing : pField },
    );
  }
  const hundred = new D(100);
  let c: Decimal, p: Decimal;
  let solvedFor: PricingResult['solvedFor'];
  let formula: string;
  if (percent === undefined) {
    c = new D(cost!);
    p = new D(price!);
    solvedFor = 'percent';
    if (kind === 'margin' && p.isZero())
      throw new ToolError('`price` must be greater than 0: the margin is profit / price', 400, { field: 'price' });
    if (kind === 'markup' && c.isZero())
      throw new ToolError('`cost` must be greater than 0: the markup is profit / cost', 400, { field: 'cost' });
    formula = kind === 'margin' ? 'marginPercent = (price − cost) / price × 100' : 'markupPercent = (price − cost) / cost × 100';
  } else {
    const f = new D(percent).dividedBy(hundred);
    if (price === undefined) {
      c = new D(cost!);
      solvedFor = 'price';
      if (c.isZero())
        throw new ToolError(
          `\`cost\` must be greater than 0 to find a price from a ${kind} (a zero cost gives price 0 at any ${kind})`,
          400,
          { field: 'cost' },
        );
      if (kind === 'margin') {
        if (f.gte(1))
          throw new ToolError(`\`marginPercent\` must be below 100 to find a price (price = cost / (1 − margin)); got ${percent}`, 400, {
            field: pField,
          });
        p = c.dividedBy(new D(1).minus(f));
        formula = 'price = cost / (1 − marginPercent / 100)';
      } else {
        p = c.times(f.plus(1));
        formula = 'price = cost × (1 + markupPercent / 100)';
      }
    } else {
      p = new D(price);
      solvedFor = 'cost';
      if (p.isZero()) throw new ToolError(`\`price\` must be greater than 0 to find a cost from a ${kind}`, 400, { field: 'price' });
      if (kind === 'margin') {
        if (f.gt(1))
          throw new ToolError(`\`marginPercent\` above 100 would need a negative cost (cost = price × (1 − margin)); got ${percent}`, 400, {
            field: pField,
          });
        c = p.times(new D(1).minus(f));
        formula = 'cost = price × (1 − marginPercent / 100)';
      } else {
        if (f.lte(-1))
          throw new ToolError(`\`markupPercent\` must be above −100 to find a cost (cost = price / (1 + markup)); got ${percent}`, 400, {
            field: pField,
          });
        c = p.dividedBy(f.plus(1));
        formula = 'cost = price / (1 + markupPercent / 100)';
      }
    }
  }
  const profit = p.minus(c);
  // The given percent is echoed as given; the other follows from the exact (unrounded) cost and price.
  const margin = kind === 'margin' && percent !== undefined ? new D(percent) : p.isZero() ? null : profit.dividedBy(p).times(hundred);
  const markup = kind === 'markup' && percent !== undefined ? new D(percent) : c.isZero() ? null : profit.dividedBy(c).times(hundred);
  return {
    solvedFor,
    cost: money(c),
    price: money(p),
    // From the rounded figures, so cost + profit = price as shown.
    profit: money(new D(money(p)).minus(money(c))),
    marginPercent: margin === null ? null : sig(margin),
    markupPercent: markup === null ? null : sig(markup),
    isLoss: profit.isNegative() && !profit.isZero(),
    formula,
  };
}
