import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { solveTax } from '../_lib/sales-tax.js';

const MAX_LOCAL_RATES = 10;

const FORMULAS = {
  gross: 'tax = round(net × rate / 100); gross = net + tax',
  net: 'net = round(gross / (1 + rate / 100)); tax = gross − net',
  rate: 'rate = (gross − net) / net × 100',
} as const;

export default defineTool({
  slug: 'sales-tax-calculator',
  title: 'Sales tax calculator (US style)',
  summary: 'US sales tax: add it to a price or find the pre-tax amount, with state and local rates.',
  keywords: {
    en: [
      'US sales tax',
      'state tax',
      'local tax',
      'tax rate',
      'before tax',
      'after tax',
      'pre-tax',
      'sales tax',
      'tax included',
      'before tax price',
    ],
    nl: ['omzetbelasting VS', 'Amerikaanse belasting', 'sales tax', 'btw VS'],
  },
  description:
    'US-style sales tax: give any two of net, gross and the rate (ratePercent, or stateRatePercent + localRatesPercent with per-component shares); returns the third plus the tax. Tax rounded once per invoice; no rates built in.',
  resultView: {
    kind: 'figure',
    field: 'tax',
    label: 'Sales tax',
    detail: ['net', 'gross'],
    choose: { by: 'solvedFor', fields: { rate: 'ratePercent' } },
  },
  input: z.strictObject({
    net: z.number().min(0).max(MAX_AMOUNT).optional().describe('Price before tax'),
    gross: z.number().min(0).max(MAX_AMOUNT).optional().describe('Price after tax'),
    ratePercent: z.number().min(0).max(100).optional().describe('Combined sales tax rate in percent'),
    stateRatePercent: z.number().min(0).max(100).optional().describe('State rate in percent (instead of ratePercent)'),
    localRatesPercent: z
      .array(z.number().min(0).max(100))
      .max(MAX_LOCAL_RATES)
      .optional()
      .describe('Local rates in percent (county, city, special district), added to the state rate'),
  }),
  output: z.object({
    solvedFor: z.enum(['gross', 'net', 'rate']),
    net: z.number(),
    tax: z.number(),
    gross: z.number(),
    ratePercent: z.number().describe('Combined rate (given, summed, or solved)'),
    components: z.array(z.object({ name: z.string(), ratePercent: z.number(), tax: z.number() })),
    formula: z.string(),
  }),
  examples: [
    // Worked example on calculator.5itech.in/?p=4078 (before-tax 100.00, 7.5 % → after-tax 107.50, tax 7.50).
    {
      name: '$100 at 7.5 % → $107.50',
      input: { net: 100, ratePercent: 7.5 },
      output: {
        solvedFor: 'gross',
        net: 100,
        tax: 7.5,
        gross: 107.5,
        ratePercent: 7.5,
        components: [{ name: 'combined', ratePercent: 7.5, tax: 7.5 }],
        formula: FORMULAS.gross,
      },
    },
    {
      name: 'Before-tax price of a $54.13 receipt at 6.25 % state + 2 % local (tax 4.125 rounds up to 4.13)',
      input: { gross: 54.13, stateRatePercent: 6.25, localRatesPercent: [2] },
      output: {
        solvedFor: 'net',
        net: 50,
        tax: 4.13,
        gross: 54.13,
        ratePercent: 8.25,
        components: [
          { name: 'state', ratePercent: 6.25, tax: 3.13 },
          { name: 'local 1', ratePercent: 2, tax: 1 },
        ],
        formula: FORMULAS.net,
      },
    },
    {
      name: 'Rate from before- and after-tax prices',
      input: { net: 80, gross: 86.6 },
      output: {
        solvedFor: 'rate',
        net: 80,
        tax: 6.6,
        gross: 86.6,
        ratePercent: 8.25,
        components: [{ name: 'combined', ratePercent: 8.25, tax: 6.6 }],
        formula: FORMULAS.rate,
      },
    },
  ],
  async run({ net, gross, ratePercent, stateRatePercent, localRatesPercent }) {
    const split = stateRatePercent !== undefined || localRatesPercent !== undefined;
    if (split && ratePercent !== undefined)
      throw new ToolError('give either `ratePercent` (combined) or `stateRatePercent`/`localRatesPercent`, not both', 400, {
        field: 'ratePercent',
      });
    const names: string[] = [];
    const rates: number[] = [];
    if (ratePercent !== undefined) {
      names.push('combined');
      rates.push(ratePercent);
    }
    if (stateRatePercent !== undefined) {
      names.push('state');
      rates.push(stateRatePercent);
    }
    (localRatesPercent ?? []).forEach((r, i) => {
      names.push(`local ${i + 1}`);
      rates.push(r);
    });
    if (split && rates.length === 0)
      throw new ToolError('`localRatesPercent` is empty: give at least one rate, or leave it out', 400, { field: 'localRatesPercent' });
    const total = rates.reduce((s, x) => s + x, 0);
    if (total > 100 + 1e-9)
      throw new ToolError(`the rates add up to ${total} %; at most 100 % is accepted`, 400, { field: 'localRatesPercent' });
    const r = await solveTax({ net, gross, ratesPercent: rates });
    return {
      solvedFor: r.solvedFor,
      net: r.net,
      tax: r.tax,
      gross: r.gross,
      ratePercent: r.ratePercent,
      components:
        r.solvedFor === 'rate' ? [{ name: 'combined', ...r.components[0] }] : r.components.map((c, i) => ({ name: names[i], ...c })),
      formula: FORMULAS[r.solvedFor],
    };
  },
});
