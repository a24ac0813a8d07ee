import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool } from '../../src/core/tool.js';
import { HOLIDAY_ALLOWANCE, MINIMUM_WAGE_MONTHLY } from './_figures.js';
import { availableYears, d, eur, forYear, type Dec } from './_tax.js';

const PERIODS_PER_YEAR = { month: 12, fourWeeks: 13, week: 52, year: 1 } as const;
/** Months per pay period for the three-times ceiling (WML art. 15 lid 2: pro rata, a week is 1 / 4⅓ month). */
const MONTHS_PER_PERIOD = { month: d(1), fourWeeks: d(12).div(13), week: d(3).div(13), year: d(12) } as const;

/** 'January–June 2024' for the half year starting in 2024-01. */
const halfYear = (key: string) => `${key.endsWith('-01') ? 'January–June' : 'July–December'} ${key.slice(0, 4)}`;
const MINIMUM_WAGE_HELD = Object.keys(MINIMUM_WAGE_MONTHLY).sort();

/**
 * Three times the minimum wage over the periods (WML art. 15 lid 2): the periods cover `months` months from
 * `firstMonth` (1–12) and each month counts the referentiemaandloon of its half year (a period past December counts
 * December's). Null, naming the half year, when one that is needed is not published.
 */
function threeTimesMinimumWage(year: number, firstMonth: number, months: Dec): { ceiling: Dec; sources: string[] } | { missing: string } {
  let ceiling = d(0);
  const used = new Set<string>();
  for (let k = 0; months.gt(k); k++) {
    const month = Math.min(12, firstMonth + k);
    const key = `${year}-${month <= 6 ? '01' : '07'}`;
    const mw = MINIMUM_WAGE_MONTHLY[key];
    if (!mw) return { missing: halfYear(key) };
    used.add(key);
    ceiling = ceiling.plus(
      d(mw.amount)
        .times(3)
        .times(Decimal.min(1, months.minus(k))),
    );
  }
  return { ceiling, sources: [...used].map((k) => MINIMUM_WAGE_MONTHLY[k].source) };
}

const SOURCE_2025 =
  'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638); Regeling indexatie WML per 1 januari 2025: referentiemaandloon € 2.191,80; Regeling indexatie WML per 1 juli 2025 (Stcrt. 2025, 12264): referentiemaandloon € 2.245,80';

const LOWER_NOTE =
  'A collective agreement (CAO) may lawfully set a lower allowance or none (WML art. 16 lid 1), as long as wage plus allowance reach 108% of the minimum wage; above three times the minimum wage an individual written agreement may too (art. 16 lid 5).';

export default defineTool({
  slug: 'holiday-allowance-calculator',
  title: 'Dutch holiday allowance (vakantiegeld)',
  summary: 'Your Dutch holiday allowance (vakantiegeld): at least 8% of your gross wage.',
  keywords: {
    en: ['holiday pay', 'vacation pay', 'holiday bonus', '8%', 'paid in May', 'holiday allowance', 'holiday money', 'vacation allowance'],
    nl: ['vakantiegeld', 'vakantiebijslag', '8 procent', 'mei', 'vakantietoeslag'],
  },
  description:
    'Dutch holiday allowance (vakantiegeld, vakantiebijslag) on a gross wage: at least 8% by law (Wet minimumloon en minimumvakantiebijslag art. 15); a CAO or contract may give more. ' +
    'Give the wage per period and the periods worked in the holiday-allowance year (default a full year), or with wageIncludesAllowance an amount that already contains the allowance. ' +
    `belowStatutoryMinimum checks a rate under 8% against the law. Rounded half-up to cents. Years: ${availableYears(HOLIDAY_ALLOWANCE).join(', ')}; minimum wage held from ${halfYear(MINIMUM_WAGE_HELD[0])} to ${halfYear(MINIMUM_WAGE_HELD.at(-1)!)}.`,
  docs: [
    '- With `wageIncludesAllowance`: allowance = amount × rate / (100 + rate).',
    '- `belowStatutoryMinimum` follows art. 15: 8% of the wage, counting the wage only up to three times the minimum wage (each month’s half-year amount from `firstMonth`; null while one needed is unpublished and the rate is under 8%); below 8% it notes when a CAO may lawfully pay less.',
    '- Amounts are rounded half-up to cents.',
  ].join('\n'),
  resultView: {
    kind: 'figure',
    field: 'holidayAllowance',
    unit: 'EUR',
    label: 'Holiday allowance',
    detail: ['allowancePerPeriod', 'totalIncludingAllowance'],
  },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Holiday-allowance year'),
    wage: z.number().min(0).max(100_000_000).describe('Gross wage in euros per wagePeriod'),
    wagePeriod: z.enum(['month', 'fourWeeks', 'week', 'year']).default('month').describe('Period of wage'),
    periods: z.number().min(0).max(53).optional().describe('Periods worked (default: a full year, e.g. 12 months)'),
    ratePercent: z.number().min(0).max(100).default(8).describe('Allowance rate in percent (statutory minimum 8)'),
    wageIncludesAllowance: z.boolean().default(false).describe('wage already includes the allowance'),
    firstMonth: z.int().min(1).max(12).default(1).describe('Month the periods start (default January): picks the half-year minimum wage'),
  }),
  output: z.object({
    year: z.int(),
    ratePercent: z.number(),
    statutoryMinimumPercent: z.number(),
    belowStatutoryMinimum: z.boolean().nullable().describe('null: the ceiling is not known yet for this year'),
    statutoryMinimumAllowance: z.number().nullable().describe('8% of the wage up to three times the minimum wage'),
    threeTimesMinimumWage: z.number().nullable().describe('The ceiling for the periods given (art. 15 lid 2)'),
    periods: z.number(),
    wageExcludingAllowance: z.number(),
    holidayAllowance: z.number(),
    totalIncludingAllowance: z.number(),
    allowancePerPeriod: z.number(),
    rule: z.string(),
    notes: z.array(z.string()),
    source: z.string(),
  }),
  examples: [
    // WML art. 15: 8% of 12 × €3,000 = €2,880; the ceiling 3 × (6 × 2,191.80 + 6 × 2,245.80) = 79,876.80 does not bind.
    {
      name: '€3,000 a month for a full year',
      input: { year: 2025, wage: 3000 },
      output: {
        year: 2025,
        ratePercent: 8,
        statutoryMinimumPercent: 8,
        belowStatutoryMinimum: false,
        statutoryMinimumAllowance: 2880,
        threeTimesMinimumWage: 79876.8,
        periods: 12,
        wageExcludingAllowance: 36000,
        holidayAllowance: 2880,
        totalIncludingAllowance: 38880,
        allowancePerPeriod: 240,
        rule: '36000 × 8% = 2880; statutory minimum 8% × 36000 = 2880',
        notes: [],
        source: SOURCE_2025,
      },
    },
    // All-in hourly wage style: 1,080 incl. 8% → 1,080 × 8/108 = 80; ceiling 3 × 2,191.80 × 12/13 = 6,069.60 (January).
    {
      name: 'Extract 8% from an all-in €1,080 for one four-week period',
      input: { year: 2025, wage: 1080, wagePeriod: 'fourWeeks', periods: 1, wageIncludesAllowance: true },
      output: {
        year: 2025,
        ratePercent: 8,
        statutoryMinimumPercent: 8,
        belowStatutoryMinimum: false,
        statutoryMinimumAllowance: 80,
        threeTimesMinimumWage: 6069.6,
        periods: 1,
        wageExcludingAllowance: 1000,
        holidayAllowance: 80,
        totalIncludingAllowance: 1080,
        allowancePerPeriod: 80,
        rule: '1080 × 8 / 108 = 80 (included); statutory minimum 8% × 1000 = 80',
        notes: [],
        source:
          'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638); Regeling indexatie WML per 1 januari 2025: referentiemaandloon € 2.191,80',
      },
    },
    // WML art. 15 lid 1: the statutory 8% counts €120,000 only up to 3 × the minimum wage (79,876.80) → 6,390.14;
    // 6% of 120,000 = 7,200 is more, so a 6% CAO rate is lawful for this wage.
    {
      name: 'A 6% rate on €10,000 a month in 2025 (above three times the minimum wage)',
      input: { year: 2025, wage: 10000, ratePercent: 6 },
      output: {
        year: 2025,
        ratePercent: 6,
        statutoryMinimumPercent: 8,
        belowStatutoryMinimum: false,
        statutoryMinimumAllowance: 6390.14,
        threeTimesMinimumWage: 79876.8,
        periods: 12,
        wageExcludingAllowance: 120000,
        holidayAllowance: 7200,
        totalIncludingAllowance: 127200,
        allowancePerPeriod: 600,
        rule: '120000 × 6% = 7200; statutory minimum 8% × 79876.8 = 6390.14',
        notes: [
          'The wage is above three times the minimum wage (79876.8 for these periods): the statutory 8% counts the wage only up to that amount (art. 15 lid 1).',
          LOWER_NOTE,
        ],
        source: SOURCE_2025,
      },
    },
  ],
  run({ year, wage, wagePeriod, periods, ratePercent, wageIncludesAllowance, firstMonth }) {
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
    // WML art. 15: the statutory minimum is 8% of the wage, the part above three times the minimum wage left out.
    const mw = threeTimesMinimumWage(year, firstMonth, MONTHS_PER_PERIOD[wagePeriod].times(n));
    const ceiling = 'ceiling' in mw ? d(eur(mw.ceiling)) : null;
    const statutory = ceiling ? d(eur(Decimal.min(base, ceiling).times(fig.minPercent).div(100))) : null;
    const below = statutory ? allowance.lt(statutory) : ratePercent >= fig.minPercent ? false : null;
    const notes: string[] = [];
    if (ceiling && base.gt(ceiling))
      notes.push(
        `The wage is above three times the minimum wage (${eur(ceiling)} for these periods): the statutory 8% counts the wage only up to that amount (art. 15 lid 1).`,
      );
    if ('missing' in mw)
      notes.push(
        `The three-times ceiling needs the minimum wage of ${mw.missing}, which is not published here: statutoryMinimumAllowance is not given.`,
      );
    if (ratePercent < fig.minPercent) notes.push(LOWER_NOTE);
    if (statutory) rule += `; statutory minimum 8% × ${eur(Decimal.min(base, ceiling!))} = ${eur(statutory)}`;
    return {
      year,
      ratePercent,
      statutoryMinimumPercent: fig.minPercent,
      belowStatutoryMinimum: below,
      statutoryMinimumAllowance: statutory ? eur(statutory) : null,
      threeTimesMinimumWage: ceiling ? eur(ceiling) : null,
      periods: n,
      wageExcludingAllowance: eur(base),
      holidayAllowance: eur(allowance),
      totalIncludingAllowance: eur(total),
      allowancePerPeriod: n === 0 ? 0 : eur(allowance.div(n)),
      rule,
      notes,
      source: 'sources' in mw ? [fig.source, ...mw.sources].join('; ') : fig.source,
    };
  },
});
