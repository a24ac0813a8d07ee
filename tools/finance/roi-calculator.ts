import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { dayFromIso, isoDateField } from '../_lib/calendar.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { loadDecimal } from '../_lib/annuity.js';

/** Days in the average Gregorian year, used to turn a date span into years. */
const DAYS_PER_YEAR = 365.2425;

export default defineTool({
  slug: 'roi-calculator',
  title: 'ROI calculator (return on investment, annualised)',
  summary: 'Return on investment, in total and per year.',
  keywords: {
    en: [
      'return on investment',
      'annualised return',
      'gain',
      'profit percentage',
      'CAGR',
      'ROI',
      'return',
      'annual return',
      'profit on investment',
    ],
    nl: ['rendement', 'winst op investering', 'terugverdienen', 'roi', 'jaarlijks rendement'],
  },
  description:
    'Return on investment: gain and roiPercent, plus the annualised ROI ((returned/invested)^(1/years) − 1) when a duration (years, or startDate and endDate) is given; null when returned ≤ 0. No fees or interim cash flows (use IRR for those).',
  docs: ['A date span counts days / 365.2425 (the mean Gregorian year). Annualised ROI as on calculator.net.'].join('\n'),
  resultView: { kind: 'figure', field: 'roiPercent', unit: '%', label: 'Return on investment', detail: ['gain', 'annualizedRoiPercent'] },
  input: z.strictObject({
    invested: z.number().positive().max(MAX_AMOUNT).describe('Amount invested'),
    returned: z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT).describe('Amount returned at the end (value or proceeds)'),
    years: z.number().positive().max(1000).optional().describe('Holding period in years, or give dates'),
    startDate: isoDateField('Start of the investment').optional(),
    endDate: isoDateField('End of the investment').optional(),
  }),
  output: z.object({
    invested: z.number(),
    returned: z.number(),
    gain: z.number(),
    roiPercent: z.number(),
    years: z.number().nullable(),
    days: z.int().optional(),
    annualizedRoiPercent: z.number().nullable(),
    note: z.string().optional(),
  }),
  examples: [
    // calculator.net ROI calculator method: $1,000 → $2,000 over 2 years: ROI 100 %, annualised √2 − 1 = 41.42 %.
    {
      name: '$1,000 grew to $2,000 in 2 years',
      input: { invested: 1000, returned: 2000, years: 2 },
      output: { invested: 1000, returned: 2000, gain: 1000, roiPercent: 100, years: 2, annualizedRoiPercent: 41.4214 },
    },
    {
      name: '€5,000 → €5,600 from 2024-03-01 to 2025-09-01 (549 days)',
      input: { invested: 5000, returned: 5600, startDate: '2024-03-01', endDate: '2025-09-01' },
      output: {
        invested: 5000,
        returned: 5600,
        gain: 600,
        roiPercent: 12,
        years: 1.503111,
        days: 549,
        annualizedRoiPercent: 7.8311,
      },
    },
  ],
  async run({ invested, returned, years, startDate, endDate }) {
    if ((startDate === undefined) !== (endDate === undefined))
      throw new ToolError('Give both `startDate` and `endDate`, or neither', 400, {
        field: startDate === undefined ? 'startDate' : 'endDate',
      });
    if (startDate !== undefined && years !== undefined) throw new ToolError('Give `years` or the dates, not both', 400, { field: 'years' });
    let days: number | undefined;
    let span: number | null = years ?? null;
    if (startDate !== undefined) {
      days = dayFromIso(endDate!) - dayFromIso(startDate);
      if (days <= 0) throw new ToolError('`endDate` must be after `startDate`', 400, { field: 'endDate' });
      span = days / DAYS_PER_YEAR;
    }
    const Decimal = await loadDecimal();
    const inv = new Decimal(invested);
    const ret = new Decimal(returned);
    const gain = ret.minus(inv);
    let annualized: number | null = null;
    let note: string | undefined;
    if (span !== null) {
      if (returned > 0) annualized = ret.div(inv).pow(new Decimal(1).div(span)).minus(1).times(100).toDecimalPlaces(4).toNumber() + 0;
      else note = `The annualised ROI is not defined when the whole investment was lost (returned ${returned === 0 ? '= 0' : '< 0'}).`;
    }
    return {
      invested,
      returned,
      gain: gain.toDecimalPlaces(2).toNumber() + 0,
      roiPercent: gain.div(inv).times(100).toDecimalPlaces(4).toNumber() + 0,
      years: span === null ? null : Math.round(span * 1e6) / 1e6,
      ...(days !== undefined ? { days } : {}),
      annualizedRoiPercent: annualized,
      ...(note ? { note } : {}),
    };
  },
});
