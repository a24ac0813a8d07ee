import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { HOLIDAY_ALLOWANCE } from './_figures.js';
import { availableYears, d, eur, forYear } from './_tax.js';

const PERIODS_PER_YEAR = { month: 12, fourWeeks: 13, week: 52, year: 1 } as const;

export default defineTool({
  slug: 'holiday-allowance-calculator',
  title: 'Dutch holiday allowance (vakantiegeld)',
  description:
    'Dutch holiday allowance (vakantiebijslag): at least 8% of the gross wage (Wet minimumloon en minimumvakantiebijslag art. 15); a CAO or contract may give more. ' +
    'Give the wage per period and the number of periods worked in the holiday-allowance year (default a full year); or, with wageIncludesAllowance, an amount that already contains the allowance (allowance = amount × rate / (100 + rate)). ' +
    'A rate below 8% is computed but flagged belowStatutoryMinimum. Amounts are rounded half-up to cents. ' +
    `Years: ${availableYears(HOLIDAY_ALLOWANCE).join(', ')}.`,
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Holiday-allowance year'),
    wage: z.number().min(0).max(100_000_000).describe('Gross wage in euros per wagePeriod'),
    wagePeriod: z.enum(['month', 'fourWeeks', 'week', 'year']).default('month').describe('Period of wage'),
    periods: z.number().min(0).max(53).optional().describe('Periods worked (default: a full year, e.g. 12 months)'),
    ratePercent: z.number().min(0).max(100).default(8).describe('Allowance rate in percent (statutory minimum 8)'),
    wageIncludesAllowance: z.boolean().default(false).describe('wage already includes the allowance'),
  }),
  output: z.object({
    year: z.int(),
    ratePercent: z.number(),
    statutoryMinimumPercent: z.number(),
    belowStatutoryMinimum: z.boolean(),
    periods: z.number(),
    wageExcludingAllowance: z.number(),
    holidayAllowance: z.number(),
    totalIncludingAllowance: z.number(),
    allowancePerPeriod: z.number(),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // WML art. 15: 8% of 12 × €3,000 = €2,880.
    {
      name: '€3,000 a month for a full year',
      input: { year: 2026, wage: 3000 },
      output: {
        year: 2026,
        ratePercent: 8,
        statutoryMinimumPercent: 8,
        belowStatutoryMinimum: false,
        periods: 12,
        wageExcludingAllowance: 36000,
        holidayAllowance: 2880,
        totalIncludingAllowance: 38880,
        allowancePerPeriod: 240,
        rule: '36000 × 8% = 2880',
        source: 'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638)',
      },
    },
    // All-in hourly wage style: 1,080 incl. 8% → 1,080 × 8/108 = 80.
    {
      name: 'Extract 8% from an all-in €1,080 for one four-week period',
      input: { year: 2025, wage: 1080, wagePeriod: 'fourWeeks', periods: 1, wageIncludesAllowance: true },
      output: {
        year: 2025,
        ratePercent: 8,
        statutoryMinimumPercent: 8,
        belowStatutoryMinimum: false,
        periods: 1,
        wageExcludingAllowance: 1000,
        holidayAllowance: 80,
        totalIncludingAllowance: 1080,
        allowancePerPeriod: 80,
        rule: '1080 × 8 / 108 = 80 (included)',
        source: 'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638)',
      },
    },
  ],
  run({ year, wage, wagePeriod, periods, ratePercent, wageIncludesAllowance }) {
    const fig = forYear(HOLIDAY_ALLOWANCE, year, 'holiday allowance');
    const n = periods ?? PERIODS_PER_YEAR[wagePeriod];
    const amount = d(wage).times(n);
    let allowance, total, base, rule;
    if (wageIncludesAllowance) {
      total = d(eur(amount));
      allowance = d(eur(total.times(ratePercent).div(d(100).plus(ratePercent))));
      base = total.minus(allowance);
      rule = `${eur(total)} × ${ratePercent} / ${100 + ratePercent} = ${eur(allowance)} (included)`;
    } else {
      base = d(eur(amount));
      allowance = d(eur(base.times(ratePercent).div(100)));
      total = base.plus(allowance);
      rule = `${eur(base)} × ${ratePercent}% = ${eur(allowance)}`;
    }
    return {
      year,
      ratePercent,
      statutoryMinimumPercent: fig.minPercent,
      belowStatutoryMinimum: ratePercent < fig.minPercent,
      periods: n,
      wageExcludingAllowance: eur(base),
      holidayAllowance: eur(allowance),
      totalIncludingAllowance: eur(total),
      allowancePerPeriod: n === 0 ? 0 : eur(allowance.div(n)),
      rule,
      source: fig.source,
    };
  },
});
