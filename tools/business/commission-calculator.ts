import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { type Decimal, centsOf, loadDecimal, sig } from './_decimal.js';

const MAX_TIERS = 20;

export default defineTool({
  slug: 'commission-calculator',
  title: 'Sales commission calculator (flat or tiered)',
  summary: 'Sales commission at a flat rate or in tiers.',
  keywords: {
    en: ['sales commission', 'bonus', 'payout', 'tiers', 'sales rep', 'percentage of sales', 'commissions', 'sales bonus', 'earn on sales'],
    nl: ['provisie', 'commissie', 'verkoopbonus', 'staffel', 'provisies', 'omzet', 'verkoop'],
  },
  description:
    'Sales commission, flat (ratePercent × sales) or tiered (tiers from fromAmount, first at 0): marginal (each rate on its band, like tax brackets) or retroactive (highest tier reached applies to all). baseSalary is added to totalPay; rounded to cents, bands sum to the total.',
  resultView: { kind: 'figure', field: 'totalPay', label: 'Total pay', detail: ['commission', 'effectiveRatePercent'] },
  input: z.strictObject({
    sales: z.number().min(0).max(MAX_AMOUNT).describe('Sales amount for the period'),
    ratePercent: z.number().min(0).max(100).optional().describe('Flat commission rate in percent (instead of tiers)'),
    tiers: z
      .array(
        z.strictObject({
          fromAmount: z.number().min(0).max(MAX_AMOUNT).describe('Sales level where this tier starts'),
          ratePercent: z.number().min(0).max(100).describe('Rate in percent for this tier'),
        }),
      )
      .min(1)
      .max(MAX_TIERS)
      .optional()
      .describe('Tiers in increasing order, the first from 0 (instead of ratePercent)'),
    tierMode: z
      .enum(['marginal', 'retroactive'])
      .default('marginal')
      .describe('marginal: per band; retroactive: highest reached rate on all sales'),
    baseSalary: z.number().min(0).max(MAX_AMOUNT).default(0).describe('Fixed pay added to the commission'),
  }),
  output: z.object({
    sales: z.number(),
    structure: z.enum(['flat', 'tiered']),
    tierMode: z.enum(['marginal', 'retroactive']).nullable().describe('null for flat'),
    commission: z.number(),
    baseSalary: z.number(),
    totalPay: z.number(),
    effectiveRatePercent: z.number().nullable().describe('commission / sales × 100; null when sales are 0'),
    appliedRatePercent: z.number().nullable().describe('The one rate used on all sales (flat, retroactive); null for marginal'),
    bands: z.array(
      z.object({
        fromAmount: z.number(),
        toAmount: z.number().nullable(),
        ratePercent: z.number(),
        salesInBand: z.number(),
        commission: z.number(),
      }),
    ),
  }),
  examples: [
    // Epicor Eclipse help, "Tiered Commission Plan Details": 0–200 at 2 %, –500 at 3 %, –1,000 at 4 %, above at 5.5 %;
    // 1,200 earns 4 + 9 + 20 + 11 = 44.00 tiered, and 5.5 % × 1,200 = 66.00 without tiering (our retroactive mode).
    {
      name: 'Marginal tiers: 1,200 in sales → 44.00',
      input: {
        sales: 1200,
        tiers: [
          { fromAmount: 0, ratePercent: 2 },
          { fromAmount: 200, ratePercent: 3 },
          { fromAmount: 500, ratePercent: 4 },
          { fromAmount: 1000, ratePercent: 5.5 },
        ],
      },
      output: {
        sales: 1200,
        structure: 'tiered',
        tierMode: 'marginal',
        commission: 44,
        baseSalary: 0,
        totalPay: 44,
        effectiveRatePercent: 3.66666666666667,
        appliedRatePercent: null,
        bands: [
          { fromAmount: 0, toAmount: 200, ratePercent: 2, salesInBand: 200, commission: 4 },
          { fromAmount: 200, toAmount: 500, ratePercent: 3, salesInBand: 300, commission: 9 },
          { fromAmount: 500, toAmount: 1000, ratePercent: 4, salesInBand: 500, commission: 20 },
          { fromAmount: 1000, toAmount: null, ratePercent: 5.5, salesInBand: 200, commission: 11 },
        ],
      },
    },
    {
      name: 'Same tiers, retroactive: 5.5 % on all 1,200 → 66.00',
      input: {
        sales: 1200,
        tierMode: 'retroactive',
        tiers: [
          { fromAmount: 0, ratePercent: 2 },
          { fromAmount: 200, ratePercent: 3 },
          { fromAmount: 500, ratePercent: 4 },
          { fromAmount: 1000, ratePercent: 5.5 },
        ],
      },
      output: {
        sales: 1200,
        structure: 'tiered',
        tierMode: 'retroactive',
        commission: 66,
        baseSalary: 0,
        totalPay: 66,
        effectiveRatePercent: 5.5,
        appliedRatePercent: 5.5,
        bands: [
          { fromAmount: 0, toAmount: 200, ratePercent: 5.5, salesInBand: 200, commission: 11 },
          { fromAmount: 200, toAmount: 500, ratePercent: 5.5, salesInBand: 300, commission: 16.5 },
          { fromAmount: 500, toAmount: 1000, ratePercent: 5.5, salesInBand: 500, commission: 27.5 },
          { fromAmount: 1000, toAmount: null, ratePercent: 5.5, salesInBand: 200, commission: 11 },
        ],
      },
    },
    {
      name: 'Flat 5 % on 48,250 with a 2,000 base salary',
      input: { sales: 48250, ratePercent: 5, baseSalary: 2000 },
      output: {
        sales: 48250,
        structure: 'flat',
        tierMode: null,
        commission: 2412.5,
        baseSalary: 2000,
        totalPay: 4412.5,
        effectiveRatePercent: 5,
        appliedRatePercent: 5,
        bands: [{ fromAmount: 0, toAmount: null, ratePercent: 5, salesInBand: 48250, commission: 2412.5 }],
      },
    },
  ],
  async run({ sales, ratePercent, tiers, tierMode, baseSalary }) {
    if ((ratePercent === undefined) === (tiers === undefined))
      throw new ToolError('give either `ratePercent` (flat) or `tiers` (tiered), exactly one of them', 400, {
        field: tiers === undefined ? 'ratePercent' : 'tiers',
      });
    const D = await loadDecimal();
    const S = new D(sales);
    const list = tiers ?? [{ fromAmount: 0, ratePercent: ratePercent! }];
    if (list[0].fromAmount !== 0) throw new ToolError('the first of `tiers` must start at fromAmount 0', 400, { field: 'tiers' });
    for (let i = 1; i < list.length; i++)
      if (!(list[i].fromAmount > list[i - 1].fromAmount))
        throw new ToolError(
          `\`tiers\` must have increasing fromAmount: tier ${i + 1} (${list[i].fromAmount}) does not exceed tier ${i} (${list[i - 1].fromAmount})`,
          400,
          { field: 'tiers' },
        );

    const flat = tiers === undefined;
    const reached = list.filter((t) => S.gte(t.fromAmount)).at(-1)!; // fromAmount 0 is always reached
    const applied = flat || tierMode === 'retroactive' ? reached.ratePercent : null;
    const rows: { from: number; to: number | null; rate: number; inBand: Decimal; exact: Decimal }[] = list.map((t, i) => {
      const to = i + 1 < list.length ? list[i + 1].fromAmount : null;
      const top = to === null ? S : D.min(S, to);
      const inBand = D.max(top.minus(t.fromAmount), 0);
      const rate = applied ?? t.ratePercent;
      return { from: t.fromAmount, to, rate, inBand, exact: inBand.times(rate).dividedBy(100) };
    });
    const totalExact = rows.reduce((s, r) => s.plus(r.exact), new D(0));
    const totalCents = centsOf(totalExact);
    // Round each band; the last band with sales carries the remainder so the bands sum to the rounded total.
    const last = Math.max(
      0,
      rows.findLastIndex((r) => r.inBand.isPositive() && !r.inBand.isZero()),
    );
    const bandCents = rows.map((r) => centsOf(r.exact));
    bandCents[last] = totalCents - bandCents.reduce((s, c, i) => (i === last ? s : s + c), 0);
    const baseCents = centsOf(new D(baseSalary));
    return {
      sales,
      structure: flat ? ('flat' as const) : ('tiered' as const),
      tierMode: flat ? null : tierMode,
      commission: totalCents / 100,
      baseSalary: baseCents / 100,
      totalPay: (totalCents + baseCents) / 100,
      effectiveRatePercent: S.isZero() ? null : sig(totalExact.dividedBy(S).times(100)),
      appliedRatePercent: applied,
      bands: rows.map((r, i) => ({
        fromAmount: r.from,
        toAmount: r.to,
        ratePercent: r.rate,
        salesInBand: r.inBand.toNumber(),
        commission: bandCents[i] / 100 + 0,
      })),
    };
  },
});
