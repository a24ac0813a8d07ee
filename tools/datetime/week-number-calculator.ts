import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  civil,
  dayFromIso,
  dayOf,
  isoDate,
  isoDateField,
  isoWeek,
  isoWeek1Monday,
  isoWeeksInYear,
  isoWeekday,
  usWeek,
  usWeek1Sunday,
  usWeeksInYear,
  weekday,
  type Day,
} from '../_lib/calendar.js';

const SYSTEMS = ['iso', 'us'] as const;
type System = (typeof SYSTEMS)[number];

const week1Start = (system: System, year: number) => (system === 'iso' ? isoWeek1Monday(year) : usWeek1Sunday(year));
const weeksIn = (system: System, year: number) => (system === 'iso' ? isoWeeksInYear(year) : usWeeksInYear(year));
/** Day of the week in the system: ISO 1 = Monday … 7 = Sunday; US 1 = Sunday … 7 = Saturday. */
const dayInWeek = (system: System, day: Day) => (system === 'iso' ? isoWeekday(day) : weekday(day) + 1);

export default defineTool({
  slug: 'week-number-calculator',
  title: 'Week number calculator',
  summary: 'The week number of a date, or the dates of a week number.',
  keywords: {
    en: ['ISO week', 'calendar week', 'week of year', 'week dates', 'week number', 'which week', 'week of the year'],
    nl: ['weeknummer', 'kalenderweek', 'welke week', 'week van het jaar', 'week'],
  },
  description:
    'Date → week number (and week of the month), or week number → its 7-day date range. iso: Monday weeks, week 1 holds 4 January (2021-01-03 is 2020-W53); us: Sunday weeks, week 1 holds 1 January.',
  docs: [
    '- `us`: late-December days sharing a week with 1 January are in week 1 of the next year (Excel WEEKNUM counts partial weeks 53/54 instead). Both systems give 52 or 53 weeks.',
    '- Week of the month: week 1 contains the 1st, same week start.',
    '- Mode `date-to-week` needs `date`; `week-to-dates` needs `year` and `week`.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'label', label: 'Week', detail: ['weekStart', 'weekEnd'] },
  input: z.strictObject({
    mode: z.enum(['date-to-week', 'week-to-dates']).default('date-to-week').describe('Direction'),
    system: z.enum(SYSTEMS).default('iso').describe('iso: Monday start, week with 4 Jan; us: Sunday start, week with 1 Jan'),
    date: isoDateField('Date (date-to-week)').optional(),
    year: z.int().min(2).max(9998).optional().describe('Week-numbering year (week-to-dates)'),
    week: z.int().min(1).max(53).optional().describe('Week number (week-to-dates)'),
  }),
  output: z.object({
    system: z.enum(SYSTEMS),
    weekYear: z.int().describe('Week-numbering year'),
    week: z.int(),
    label: z.string().describe('e.g. 2020-W53 (ISO) or 2022 week 1 (US)'),
    weekStart: z.string().describe('First day (Monday for iso, Sunday for us)'),
    weekEnd: z.string(),
    weeksInYear: z.int(),
    date: z.string().nullable().describe('The input date (date-to-week)'),
    dayOfWeek: z.int().nullable().describe('iso: 1 = Monday … 7 = Sunday; us: 1 = Sunday … 7 = Saturday'),
    weekOfMonth: z.int().nullable().describe('Week of the date’s month, week 1 contains the 1st'),
    days: z.array(z.string()).describe('The 7 dates of the week'),
  }),
  examples: [
    // Catalogue §5 and Wikipedia "ISO week date": Sunday 3 January 2021 is 2020-W53-7.
    {
      name: 'ISO week of 3 January 2021 belongs to 2020',
      input: { date: '2021-01-03' },
      output: {
        system: 'iso',
        weekYear: 2020,
        week: 53,
        label: '2020-W53',
        weekStart: '2020-12-28',
        weekEnd: '2021-01-03',
        weeksInYear: 53,
        date: '2021-01-03',
        dayOfWeek: 7,
        weekOfMonth: 1,
        days: ['2020-12-28', '2020-12-29', '2020-12-30', '2020-12-31', '2021-01-01', '2021-01-02', '2021-01-03'],
      },
    },
    // Wikipedia "ISO week date": "Week 1 of 2015 (2015W01) started on Monday, 29 December 2014 and ended on Sunday, 4 January 2015".
    {
      name: 'ISO 2015 week 1 as dates',
      input: { mode: 'week-to-dates', year: 2015, week: 1 },
      output: {
        system: 'iso',
        weekYear: 2015,
        week: 1,
        label: '2015-W01',
        weekStart: '2014-12-29',
        weekEnd: '2015-01-04',
        weeksInYear: 53,
        date: null,
        dayOfWeek: null,
        weekOfMonth: null,
        days: ['2014-12-29', '2014-12-30', '2014-12-31', '2015-01-01', '2015-01-02', '2015-01-03', '2015-01-04'],
      },
    },
    {
      name: 'US week of 28 December 2021 is week 1 of 2022',
      input: { date: '2021-12-28', system: 'us' },
      output: {
        system: 'us',
        weekYear: 2022,
        week: 1,
        label: '2022 week 1',
        weekStart: '2021-12-26',
        weekEnd: '2022-01-01',
        weeksInYear: 53,
        date: '2021-12-28',
        dayOfWeek: 3,
        weekOfMonth: 5,
        days: ['2021-12-26', '2021-12-27', '2021-12-28', '2021-12-29', '2021-12-30', '2021-12-31', '2022-01-01'],
      },
    },
  ],
  run({ mode, system, date, year, week }) {
    let weekYear: number;
    let weekNo: number;
    let day: Day | null = null;
    if (mode === 'date-to-week') {
      if (date === undefined) throw new ToolError('`date` is required in mode date-to-week', 400, { field: 'date' });
      day = dayFromIso(date);
      ({ year: weekYear, week: weekNo } = system === 'iso' ? isoWeek(day) : usWeek(day));
      if (weekYear < 1 || weekYear > 9999) throw new ToolError('`date` lies in a week outside the years 0001–9999', 400, { field: 'date' });
    } else {
      if (year === undefined) throw new ToolError('`year` is required in mode week-to-dates', 400, { field: 'year' });
      if (week === undefined) throw new ToolError('`week` is required in mode week-to-dates', 400, { field: 'week' });
      const max = weeksIn(system, year);
      if (week > max)
        throw new ToolError(`\`week\` must be 1–${max}: ${system.toUpperCase()} year ${year} has ${max} weeks`, 400, { field: 'week' });
      [weekYear, weekNo] = [year, week];
    }
    const start = week1Start(system, weekYear) + (weekNo - 1) * 7;
    let weekOfMonth: number | null = null;
    if (day !== null) {
      const [y, m, d] = civil(day);
      const first = dayOf(y, m, 1);
      weekOfMonth = Math.floor((d - 1 + dayInWeek(system, first) - 1) / 7) + 1;
    }
    return {
      system,
      weekYear,
      week: weekNo,
      label: system === 'iso' ? `${String(weekYear).padStart(4, '0')}-W${String(weekNo).padStart(2, '0')}` : `${weekYear} week ${weekNo}`,
      weekStart: isoDate(start),
      weekEnd: isoDate(start + 6),
      weeksInYear: weeksIn(system, weekYear),
      date: date ?? null,
      dayOfWeek: day === null ? null : dayInWeek(system, day),
      weekOfMonth,
      days: Array.from({ length: 7 }, (_, i) => isoDate(start + i)),
    };
  },
});
