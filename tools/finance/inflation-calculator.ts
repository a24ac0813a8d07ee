import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { loadDecimal } from '../_lib/annuity.js';

/** Up to 200 years; the yearly table lists at most the first 100 whole years. */
const MAX_YEARS = 200;
const MAX_ROWS = 100;

export default defineTool({
  slug: 'inflation-calculator',
  title: 'Inflation calculator (constant rate)',
  summary: 'What an amount will cost after years of inflation, and what money will be worth.',
  keywords: {
    en: ['inflation', 'purchasing power', 'price increase', 'future cost', 'value of money', 'worth in future', 'money value'],
    nl: ['inflatie', 'koopkracht', 'geldontwaarding', 'prijsstijging', 'waarde geld'],
  },
  mcpRows: { yearly: 10 },
  description:
    "Future cost of an amount after years of constant inflation (amount·(1+i)^t) and its purchasing power in today's money, with a yearly table; or, given targetAmount instead of the rate, the implied average yearly rate. Negative rates (deflation) allowed. No CPI table: historical questions need the user's own average rate.",
  resultView: { kind: 'figure', field: 'futureCost', label: 'Future cost', detail: ['purchasingPower', 'annualInflationPercent'] },
  input: z.strictObject({
    amount: z.number().positive().max(MAX_AMOUNT).describe("Amount in today's money"),
    years: z.number().positive().max(MAX_YEARS).describe('Years, may be fractional'),
    annualInflationPercent: z.number().min(-50).max(1000).optional().describe('Average yearly inflation in percent'),
    targetAmount: z.number().positive().max(MAX_AMOUNT).optional().describe('Later amount, to solve the yearly rate instead'),
  }),
  output: z.object({
    amount: z.number(),
    years: z.number(),
    annualInflationPercent: z.number(),
    futureCost: z.number(),
    purchasingPower: z.number(),
    cumulativeInflationPercent: z.number(),
    purchasingPowerLossPercent: z.number(),
    yearly: z.array(z.object({ year: z.int(), cost: z.number(), purchasingPower: z.number() })),
    formula: z.string(),
  }),
  examples: [
    // Rule of thumb check: at 3 % a year prices double in about 23.4 years (ln 2 / ln 1.03); 10 years: 1.03^10 = 1.343916.
    {
      name: '€100 after 10 years at 3% inflation',
      input: { amount: 100, years: 10, annualInflationPercent: 3 },
      output: {
        amount: 100,
        years: 10,
        annualInflationPercent: 3,
        futureCost: 134.39,
        purchasingPower: 74.41,
        cumulativeInflationPercent: 34.3916,
        purchasingPowerLossPercent: 25.5906,
        yearly: [
          { year: 1, cost: 103, purchasingPower: 97.09 },
          { year: 2, cost: 106.09, purchasingPower: 94.26 },
          { year: 3, cost: 109.27, purchasingPower: 91.51 },
          { year: 4, cost: 112.55, purchasingPower: 88.85 },
          { year: 5, cost: 115.93, purchasingPower: 86.26 },
          { year: 6, cost: 119.41, purchasingPower: 83.75 },
          { year: 7, cost: 122.99, purchasingPower: 81.31 },
          { year: 8, cost: 126.68, purchasingPower: 78.94 },
          { year: 9, cost: 130.48, purchasingPower: 76.64 },
          { year: 10, cost: 134.39, purchasingPower: 74.41 },
        ],
        formula: 'futureCost = amount·(1+i)^t; purchasingPower = amount/(1+i)^t',
      },
    },
    {
      name: 'Implied yearly inflation when €100 became €150 in 15 years',
      input: { amount: 100, years: 15, targetAmount: 150 },
      output: {
        amount: 100,
        years: 15,
        annualInflationPercent: 2.739966,
        futureCost: 150,
        purchasingPower: 66.67,
        cumulativeInflationPercent: 50,
        purchasingPowerLossPercent: 33.3333,
        yearly: [
          { year: 1, cost: 102.74, purchasingPower: 97.33 },
          { year: 2, cost: 105.56, purchasingPower: 94.74 },
          { year: 3, cost: 108.45, purchasingPower: 92.21 },
          { year: 4, cost: 111.42, purchasingPower: 89.75 },
          { year: 5, cost: 114.47, purchasingPower: 87.36 },
          { year: 6, cost: 117.61, purchasingPower: 85.03 },
          { year: 7, cost: 120.83, purchasingPower: 82.76 },
          { year: 8, cost: 124.14, purchasingPower: 80.55 },
          { year: 9, cost: 127.54, purchasingPower: 78.41 },
          { year: 10, cost: 131.04, purchasingPower: 76.31 },
          { year: 11, cost: 134.63, purchasingPower: 74.28 },
          { year: 12, cost: 138.32, purchasingPower: 72.3 },
          { year: 13, cost: 142.11, purchasingPower: 70.37 },
          { year: 14, cost: 146, purchasingPower: 68.49 },
          { year: 15, cost: 150, purchasingPower: 66.67 },
        ],
        formula: 'futureCost = amount·(1+i)^t; purchasingPower = amount/(1+i)^t',
      },
    },
  ],
  async run({ amount, years, annualInflationPercent, targetAmount }) {
    if ((annualInflationPercent === undefined) === (targetAmount === undefined))
      throw new ToolError('Give exactly one of `annualInflationPercent` or `targetAmount`', 400, { field: 'annualInflationPercent' });
    const Decimal = await loadDecimal();
    const a = new Decimal(amount);
    // The rate: given, or implied by the target: (target/amount)^(1/t) − 1.
    const factorPerYear =
      annualInflationPercent !== undefined
        ? new Decimal(annualInflationPercent).div(100).plus(1)
        : new Decimal(targetAmount!).div(a).pow(new Decimal(1).div(years));
    const rate = factorPerYear.minus(1).times(100);
    const growth = factorPerYear.pow(years);
    const money = (d: InstanceType<typeof Decimal>) => d.toDecimalPlaces(2).toNumber() + 0;
    const yearly = [];
    for (let y = 1; y <= Math.min(Math.floor(years), MAX_ROWS); y++) {
      const g = factorPerYear.pow(y);
      yearly.push({ year: y, cost: money(a.times(g)), purchasingPower: money(a.div(g)) });
    }
    return {
      amount,
      years,
      annualInflationPercent: rate.toDecimalPlaces(6).toNumber() + 0,
      futureCost: money(a.times(growth)),
      purchasingPower: money(a.div(growth)),
      cumulativeInflationPercent: growth.minus(1).times(100).toDecimalPlaces(4).toNumber() + 0,
      purchasingPowerLossPercent: new Decimal(1).minus(new Decimal(1).div(growth)).times(100).toDecimalPlaces(4).toNumber() + 0,
      yearly,
      formula: 'futureCost = amount·(1+i)^t; purchasingPower = amount/(1+i)^t',
    };
  },
});
