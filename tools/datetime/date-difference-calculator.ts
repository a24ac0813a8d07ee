import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { countBusinessDays, dayFromIso, isoDate, isoDateField, monthsAndDaysBetween } from '../_lib/calendar.js';
import { dutchDaysOff } from './_days-off.js';

/*
 * Sizes: dates are 0001–9999, so a span is at most ~3.65 million days. Everything is O(1) except the
 * holiday check, which is only allowed in 1900–2099 (≤ 73 050 days: 15 ms warm / 21 ms cold, measured on Node 20).
 */
export default defineTool({
  slug: 'date-difference-calculator',
  title: 'Date difference calculator',
  keywords: {
    en: [
      'days between',
      'time between dates',
      'count days',
      'duration',
      'how long until',
      'days until',
      'days between two dates',
      'between',
      'weeks between',
      'until today',
      'since',
    ],
    nl: [
      'dagen tussen',
      'verschil tussen datums',
      'hoeveel dagen',
      'periode',
      'aftellen',
      'tussen twee datums',
      'weken tussen',
      'tussen',
      'tot vandaag',
      'sinds',
    ],
  },
  mcpRows: { holidaysExcluded: 10 },
  description:
    'Time between two dates: days, weeks + days, years + months + days, total months, business days and hours. End day excluded unless includeEndDate (working-days counts inclusive); an end before the start is swapped and flagged negative.',
  docs: [
    '- Years/months/days: the most whole months M with start + M months (clamped to month end) ≤ end, then the remaining days, so 2020-01-31 → 2020-03-01 = 1 month 1 day, and date-calculator(start + years, months, days) gives end back.',
    '- Business days are Monday–Friday in the same range, optionally without Dutch public days off (years 1900–2099).',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'days', unit: 'days', label: 'Difference', detail: ['summary'] },
  input: z.strictObject({
    startDate: isoDateField('Start date'),
    endDate: isoDateField('End date'),
    includeEndDate: z.boolean().default(false).describe('Count the end day too (+1 day)'),
    excludeDutchHolidays: z.boolean().default(false).describe('Business days: also skip Dutch public days off'),
  }),
  output: z.object({
    startDate: z.string(),
    endDate: z.string(),
    negative: z.boolean().describe('endDate was before startDate; the dates were swapped'),
    includeEndDate: z.boolean(),
    days: z.int(),
    weeks: z.int(),
    remainingDays: z.int().describe('days = 7 × weeks + remainingDays'),
    years: z.int(),
    months: z.int(),
    daysAfterMonths: z.int().describe('days after years and months'),
    totalMonths: z.int().describe('12 × years + months'),
    businessDays: z.int(),
    weekendDays: z.int(),
    holidaysExcluded: z.array(z.object({ date: z.string(), name: z.string() })),
    hours: z.int().describe('days × 24 (calendar days, no time zone)'),
    summary: z.string(),
  }),
  examples: [
    // Catalogue §5 / dayjs / omni-tools: 2020-01-31 → 2020-03-01 = 1 month 1 day (30 days; 2020 is a leap year).
    {
      name: 'End of January to 1 March in a leap year',
      input: { startDate: '2020-01-31', endDate: '2020-03-01' },
      output: {
        startDate: '2020-01-31',
        endDate: '2020-03-01',
        negative: false,
        includeEndDate: false,
        days: 30,
        weeks: 4,
        remainingDays: 2,
        years: 0,
        months: 1,
        daysAfterMonths: 1,
        totalMonths: 1,
        businessDays: 21,
        weekendDays: 9,
        holidaysExcluded: [],
        hours: 720,
        summary: '30 days = 0 years, 1 month, 1 day (end date not counted)',
      },
    },
    // lawyerfree.ru date calculator worked example: 12 April 2015 → 9 December 2015, end day included = 242 days.
    {
      name: '12 April to 9 December 2015, end day included',
      input: { startDate: '2015-04-12', endDate: '2015-12-09', includeEndDate: true },
      output: {
        startDate: '2015-04-12',
        endDate: '2015-12-09',
        negative: false,
        includeEndDate: true,
        days: 242,
        weeks: 34,
        remainingDays: 4,
        years: 0,
        months: 7,
        daysAfterMonths: 28,
        totalMonths: 7,
        businessDays: 173,
        weekendDays: 69,
        holidaysExcluded: [],
        hours: 5808,
        summary: '242 days = 0 years, 7 months, 28 days (end date included)',
      },
    },
    {
      name: 'Backwards over New Year, Dutch holidays excluded',
      input: { startDate: '2026-01-05', endDate: '2025-12-22', excludeDutchHolidays: true },
      output: {
        startDate: '2025-12-22',
        endDate: '2026-01-05',
        negative: true,
        includeEndDate: false,
        days: 14,
        weeks: 2,
        remainingDays: 0,
        years: 0,
        months: 0,
        daysAfterMonths: 14,
        totalMonths: 0,
        businessDays: 7,
        weekendDays: 4,
        holidaysExcluded: [
          { date: '2025-12-25', name: 'Christmas Day' },
          { date: '2025-12-26', name: 'Boxing Day (Second Day of Christmas)' },
          { date: '2026-01-01', name: "New Year's Day" },
        ],
        hours: 336,
        summary: '14 days = 0 years, 0 months, 14 days (end date not counted; dates swapped)',
      },
    },
  ],
  run({ startDate, endDate, includeEndDate, excludeDutchHolidays }) {
    let a = dayFromIso(startDate);
    let b = dayFromIso(endDate);
    const negative = b < a;
    if (negative) [a, b] = [b, a];
    const to = b + (includeEndDate ? 1 : 0); // half-open [a, to)
    const days = to - a;
    const { months: totalMonths, days: daysAfterMonths } = monthsAndDaysBetween(a, to);
    const daysOff = excludeDutchHolidays ? dutchDaysOff('endDate') : undefined;
    const holidaysExcluded: { date: string; name: string }[] = [];
    // Year range check before counting.
    if (daysOff) {
      daysOff.test(a);
      daysOff.test(to - 1);
    }
    const weekdays = countBusinessDays(a, to);
    const businessDays = countBusinessDays(a, to, daysOff?.test);
    if (daysOff)
      for (let d = a; d < to; d++) {
        const name = daysOff.name(d);
        if (name && countBusinessDays(d, d + 1) === 1) holidaysExcluded.push({ date: isoDate(d), name });
      }
    const [years, months] = [Math.floor(totalMonths / 12), totalMonths % 12];
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    return {
      startDate: isoDate(a),
      endDate: isoDate(b),
      negative,
      includeEndDate,
      days,
      weeks: Math.floor(days / 7),
      remainingDays: days % 7,
      years,
      months,
      daysAfterMonths,
      totalMonths,
      businessDays,
      weekendDays: days - weekdays,
      holidaysExcluded,
      hours: days * 24,
      summary:
        `${plural(days, 'day')} = ${plural(years, 'year')}, ${plural(months, 'month')}, ${plural(daysAfterMonths, 'day')} ` +
        `(end date ${includeEndDate ? 'included' : 'not counted'}${negative ? '; dates swapped' : ''})`,
    };
  },
});
