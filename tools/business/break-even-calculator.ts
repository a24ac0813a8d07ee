import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { loadDecimal, money, sig } from './_decimal.js';

const FORMULA = 'units = (fixedCosts + targetProfit) / (pricePerUnit − variableCostPerUnit); revenue = units × pricePerUnit';

export default defineTool({
  slug: 'break-even-calculator',
  title: 'Break-even calculator',
  summary: 'How many units you must sell to cover your costs.',
  keywords: {
    en: [
      'break even point',
      'fixed costs',
      'variable costs',
      'units to sell',
      'contribution margin',
      'profitable',
      'how many to sell',
      'breakeven',
    ],
    nl: ['break-evenpunt', 'kostendekkend', 'vaste kosten', 'omzet nodig', 'quitte', 'winstgevend', 'hoeveel verkopen'],
  },
  description:
    'Break-even units = (fixedCosts + targetProfit) / (pricePerUnit − variableCostPerUnit), exact and rounded up, with break-even revenue and contribution margin. A price not above the variable cost gives achievable: false.',
  resultView: {
    kind: 'figure',
    field: 'unitsRoundedUp',
    label: 'Units to sell to break even',
    detail: ['revenueAtRoundedUnits'],
    or: { kind: 'text', field: 'reason' },
  },
  input: z.strictObject({
    fixedCosts: z.number().min(0).max(MAX_AMOUNT).describe('Fixed costs for the period (rent, salaries)'),
    pricePerUnit: z.number().min(0).max(MAX_AMOUNT).describe('Selling price per unit'),
    variableCostPerUnit: z.number().min(0).max(MAX_AMOUNT).describe('Variable cost per unit (materials, commissions)'),
    targetProfit: z.number().min(0).max(MAX_AMOUNT).default(0).describe('Profit to reach on top of breaking even; default 0'),
  }),
  output: z.object({
    achievable: z.boolean(),
    units: z.number().nullable().describe('Exact units, 15 significant digits'),
    unitsRoundedUp: z.number().nullable().describe('Whole units to sell'),
    revenue: z.number().nullable().describe('units × price'),
    revenueAtRoundedUnits: z.number().nullable(),
    contributionMarginPerUnit: z.number().describe('price − variable cost'),
    contributionMarginPercent: z.number().nullable().describe('Of the price; null when the price is 0'),
    reason: z.string().nullable(),
    formula: z.string(),
  }),
  examples: [
    // Worked example on cal11.calculator.city/break-even-calculator-omni.html: fixed $10,000, variable $5, price $15 → 1,000 units, $15,000.
    {
      name: 'Fixed 10,000, price 15, variable cost 5 → 1,000 units',
      input: { fixedCosts: 10000, pricePerUnit: 15, variableCostPerUnit: 5 },
      output: {
        achievable: true,
        units: 1000,
        unitsRoundedUp: 1000,
        revenue: 15000,
        revenueAtRoundedUnits: 15000,
        contributionMarginPerUnit: 10,
        contributionMarginPercent: 66.6666666666667,
        reason: null,
        formula: FORMULA,
      },
    },
    {
      name: 'Fractional break-even: 333.33… units, so sell 334',
      input: { fixedCosts: 1000, pricePerUnit: 7, variableCostPerUnit: 4 },
      output: {
        achievable: true,
        units: 333.333333333333,
        unitsRoundedUp: 334,
        revenue: 2333.33,
        revenueAtRoundedUnits: 2338,
        contributionMarginPerUnit: 3,
        contributionMarginPercent: 42.8571428571429,
        reason: null,
        formula: FORMULA,
      },
    },
    {
      name: 'Price at or below the variable cost: no break-even',
      input: { fixedCosts: 5000, pricePerUnit: 4, variableCostPerUnit: 4.5 },
      output: {
        achievable: false,
        units: null,
        unitsRoundedUp: null,
        revenue: null,
        revenueAtRoundedUnits: null,
        contributionMarginPerUnit: -0.5,
        contributionMarginPercent: -12.5,
        reason: 'each unit sold loses 0.5 (price ≤ variable cost), so fixed costs are never covered',
        formula: FORMULA,
      },
    },
  ],
  async run({ fixedCosts, pricePerUnit, variableCostPerUnit, targetProfit }) {
    const D = await loadDecimal();
    const price = new D(pricePerUnit);
    const cm = price.minus(variableCostPerUnit);
    const need = new D(fixedCosts).plus(targetProfit);
    const cmPercent = price.isZero() ? null : sig(cm.dividedBy(price).times(100));
    const base = { contributionMarginPerUnit: money(cm), contributionMarginPercent: cmPercent, formula: FORMULA };
    if (need.isZero())
      return {
        achievable: true,
        units: 0,
        unitsRoundedUp: 0,
        revenue: 0,
        revenueAtRoundedUnits: 0,
        reason: 'nothing to cover: fixed costs and target profit are 0',
        ...base,
      };
    if (!cm.isPositive() || cm.isZero())
      return {
        achievable: false,
        units: null,
        unitsRoundedUp: null,
        revenue: null,
        revenueAtRoundedUnits: null,
        reason: `each unit sold ${cm.isZero() ? 'adds nothing' : `loses ${cm.negated().toString()}`} (price ≤ variable cost), so fixed costs are never covered`,
        ...base,
      };
    const units = need.dividedBy(cm);
    const whole = units.ceil();
    return {
      achievable: true,
      units: sig(units),
      unitsRoundedUp: whole.toNumber(),
      revenue: money(units.times(price)),
      revenueAtRoundedUnits: money(whole.times(price)),
      reason: null,
      ...base,
    };
  },
});
