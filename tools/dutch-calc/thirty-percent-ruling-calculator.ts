import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { addMonths, dayFromIso, dayOf, isoDate, isoDateField } from '../_lib/calendar.js';
import { THIRTY_PERCENT, THIRTY_PERCENT_MAX_MONTHS } from './_figures.js';
import { availableYears, d, eur, thirtyPercent } from './_tax.js';

const SOURCE = 'Wet LB 1964 art. 31a; Uitvoeringsbesluit loonbelasting 1965 (30%-regeling); ';

/** Whole months from day `a` up to (not including) day `b`. */
function wholeMonths(a: number, b: number): number {
  if (b <= a) return 0;
  let m = Math.max(0, Math.floor((b - a) / 31) - 1);
  while (addMonths(a, m + 1) <= b) m++;
  return m;
}

export default defineTool({
  slug: 'thirty-percent-ruling-calculator',
  title: 'Dutch 30% ruling (expat ruling)',
  summary: 'Whether your salary meets the norm for the Dutch 30% ruling for expats.',
  keywords: {
    en: ['30% ruling', 'expat ruling', 'tax-free allowance', 'highly skilled migrant', 'kennismigrant', '30 percent ruling', 'expat'],
    nl: ['30%-regeling', 'expatregeling', 'kennismigrant', 'belastingvoordeel', '30 procent regeling', 'expat'],
  },
  description:
    'Checks the Dutch 30% ruling for a year: whether the salary norm is met (taxable wage after the allowance must be MORE than the norm; lower norm under 30 with a master’s, none for researchers), ' +
    'the tax-free allowance (30% through 2026; 27% from 2027, 30% kept by a ruling applied before 2024), the cap (pct% of the WNT norm; a ruling applied in 2022 or earlier is uncapped until 2026) and, if the full allowance would break the norm, the lowered allowance that keeps it. ' +
    'Also the ruling’s end date and remaining months (max 60, minus earlier Dutch stay/work months). annualSalary is the total wage including the allowance, on an annual basis. ' +
    `Years: ${availableYears(THIRTY_PERCENT).join(', ')}; others are refused by name (2027 until its norms are published).`,
  resultView: { kind: 'figure', field: 'taxFreeAllowance', unit: 'EUR', label: 'Tax-free allowance', detail: ['eligible', 'endDate'] },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Tax year'),
    annualSalary: z.number().min(0).max(100_000_000).describe('Total gross wage in euros per year, allowance included'),
    group: z
      .enum(['standard', 'youngMaster', 'researcher'])
      .default('standard')
      .describe('Salary norm: standard, youngMaster (under 30 with a master’s), researcher (no norm)'),
    startDate: isoDateField('First day of the ruling (yyyy-mm-dd); decides the transitional rules'),
    previousNlMonths: z
      .int()
      .min(0)
      .max(THIRTY_PERCENT_MAX_MONTHS)
      .default(0)
      .describe('Months of earlier stay or work in the Netherlands that shorten the 60 months'),
  }),
  output: z.object({
    year: z.int(),
    ratePercent: z.number(),
    salaryNorm: z.number().nullable(),
    normMetWithFullAllowance: z.boolean(),
    eligible: z.boolean().describe('The norm can be met, if need be with a lowered allowance'),
    reducedToMeetNorm: z.boolean(),
    wntNorm: z.number(),
    allowanceCap: z.number().nullable().describe('pct% of the WNT norm; null when the transitional rule leaves the ruling uncapped'),
    transitional: z.array(z.string()).describe('Transitional rules applied (empty when none)'),
    taxFreeAllowance: z.number().describe('Annual basis; 0 if the ruling is not active in the year or the norm cannot be met'),
    taxableWage: z.number(),
    endDate: z.string().describe('Last day of the ruling'),
    durationMonths: z.int(),
    activeInYear: z.object({ from: z.string(), to: z.string() }).nullable(),
    remainingMonthsAtYearStart: z.int().describe('Whole months left on 1 January of the year (or the start date, if later)'),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // Figures: Belastingdienst Nieuwsbrief Loonheffingen 2026 norms €48,013 / €36,497, WNT 2026 €262,000 (see _figures.ts).
    // 80,000 × 30% = 24,000 tax-free; taxable 56,000 > 48,013.
    {
      name: '€80,000 in 2026, ruling from 2024-03-01',
      input: { year: 2026, annualSalary: 80000, startDate: '2024-03-01' },
      output: {
        year: 2026,
        ratePercent: 30,
        salaryNorm: 48013,
        normMetWithFullAllowance: true,
        eligible: true,
        reducedToMeetNorm: false,
        wntNorm: 262000,
        allowanceCap: 78600,
        transitional: [],
        taxFreeAllowance: 24000,
        taxableWage: 56000,
        endDate: '2029-02-28',
        durationMonths: 60,
        activeInYear: { from: '2026-01-01', to: '2026-12-31' },
        remainingMonthsAtYearStart: 38,
        rule: '30% × 80000 = 24000, cap 30% × WNT 262000 = 78600; taxable wage must be more than 48013; 60 months from 2024-03-01 to 2029-02-28',
        source: SOURCE + 'Belastingdienst Nieuwsbrief Loonheffingen 2026 (salary norms); WNT 2026 (Stcrt. 2025-27439)',
      },
    },
    // 2025 norm €35,468: 50,000 × 30% = 15,000 would leave 35,000 ≤ 35,468 → allowance lowered to 50,000 − 35,468.01 = 14,531.99.
    {
      name: 'Under 30 with a master’s, €50,000 in 2025: allowance lowered to keep the norm',
      input: { year: 2025, annualSalary: 50000, group: 'youngMaster', startDate: '2025-09-15', previousNlMonths: 6 },
      output: {
        year: 2025,
        ratePercent: 30,
        salaryNorm: 35468,
        normMetWithFullAllowance: false,
        eligible: true,
        reducedToMeetNorm: true,
        wntNorm: 246000,
        allowanceCap: 73800,
        transitional: [],
        taxFreeAllowance: 14531.99,
        taxableWage: 35468.01,
        endDate: '2030-03-14',
        durationMonths: 54,
        activeInYear: { from: '2025-09-15', to: '2025-12-31' },
        remainingMonthsAtYearStart: 54,
        rule: '30% × 50000 = 15000, cap 30% × WNT 246000 = 73800; taxable wage must be more than 35468; allowance lowered to 14531.99 so the taxable wage stays above the norm; 54 months from 2025-09-15 to 2030-03-14',
        source: SOURCE + 'Belastingdienst Nieuwsbrief Loonheffingen 2025 (salary norms); WNT algemeen bezoldigingsmaximum 2025',
      },
    },
    // Belastingdienst, Nieuwsbrief Loonheffingen 2023 §10.2 (worked example, as quoted by 100-salaris.nl): a ruling
    // from 1 July 2022, applied to the December 2022 pay, €500,000 a year: € 150,000 tax-free a year through 2025;
    // from 1 January 2026 capped at 30% of the WNT norm.
    {
      name: 'Ruling applied in December 2022, €500,000 in 2025: no WNT cap until 2026',
      input: { year: 2025, annualSalary: 500000, startDate: '2022-07-01' },
      output: {
        year: 2025,
        ratePercent: 30,
        salaryNorm: 46660,
        normMetWithFullAllowance: true,
        eligible: true,
        reducedToMeetNorm: false,
        wntNorm: 246000,
        allowanceCap: null,
        transitional: [
          'no WNT cap until 2026: the ruling started on or before 2022-12-31, so it was applied in the last pay period of 2022',
        ],
        taxFreeAllowance: 150000,
        taxableWage: 350000,
        endDate: '2027-06-30',
        durationMonths: 60,
        activeInYear: { from: '2025-01-01', to: '2025-12-31' },
        remainingMonthsAtYearStart: 30,
        rule: '30% × 500000 = 150000, no cap in 2025; no WNT cap until 2026: the ruling started on or before 2022-12-31, so it was applied in the last pay period of 2022; taxable wage must be more than 46660; 60 months from 2022-07-01 to 2027-06-30',
        source: SOURCE + 'Belastingdienst Nieuwsbrief Loonheffingen 2025 (salary norms); WNT algemeen bezoldigingsmaximum 2025',
      },
    },
  ],
  run({ year, annualSalary, group, startDate, previousNlMonths }) {
    const r = thirtyPercent(year, d(annualSalary), group, startDate);
    const start = dayFromIso(startDate);
    const durationMonths = THIRTY_PERCENT_MAX_MONTHS - previousNlMonths;
    if (durationMonths === 0)
      throw new ToolError('`previousNlMonths` is 60: the earlier stay uses up the whole 60-month maximum, so no ruling remains', 400, {
        field: 'previousNlMonths',
      });
    const endExclusive = addMonths(start, durationMonths);
    const end = endExclusive - 1;
    const yearStart = dayOf(year, 1, 1);
    const yearEnd = dayOf(year, 12, 31);
    const from = Math.max(start, yearStart);
    const to = Math.min(end, yearEnd);
    const active = from <= to;
    const allowance = active ? r.allowance : d(0);
    const steps = [
      `${r.pct}% × ${annualSalary} = ${eur(d(annualSalary).times(r.pct).div(100))}, ` +
        (r.maxAllowance ? `cap ${r.pct}% × WNT ${r.wntCap} = ${eur(r.maxAllowance)}` : `no cap in ${year}`),
      ...r.transitional,
      r.norm === null ? 'no salary norm (researcher)' : `taxable wage must be more than ${r.norm}`,
      r.reducedToMeetNorm ? `allowance lowered to ${eur(r.allowance)} so the taxable wage stays above the norm` : null,
      !r.eligible ? 'salary at or below the norm: the ruling cannot apply' : null,
      `${durationMonths} months from ${startDate} to ${isoDate(end)}`,
      active ? null : `not active in ${year}`,
    ].filter(Boolean);
    return {
      year,
      ratePercent: r.pct,
      salaryNorm: r.norm,
      normMetWithFullAllowance: r.normMetWithFullAllowance,
      eligible: r.eligible,
      reducedToMeetNorm: r.reducedToMeetNorm,
      wntNorm: r.wntCap,
      allowanceCap: r.maxAllowance ? eur(r.maxAllowance) : null,
      transitional: r.transitional,
      taxFreeAllowance: eur(allowance),
      taxableWage: eur(d(annualSalary).minus(allowance)),
      endDate: isoDate(end),
      durationMonths,
      activeInYear: active ? { from: isoDate(from), to: isoDate(to) } : null,
      remainingMonthsAtYearStart: wholeMonths(Math.max(start, yearStart), endExclusive),
      rule: steps.join('; '),
      source: SOURCE + r.source,
    };
  },
});
