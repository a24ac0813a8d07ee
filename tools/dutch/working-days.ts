import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { HOLIDAY_YEARS, dutchHolidays, isoDate, parseIsoDate, weekday } from '../_lib/holidays.js';

/** Longest range counted, in days (about 100 years). */
const MAX_RANGE_DAYS = 36_525;

const isoDateField = (what: string) =>
  z
    .string()
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form yyyy-mm-dd')
    .describe(`${what} (yyyy-mm-dd, counted inclusively)`);

function toDay(field: 'start' | 'end', text: string): number {
  const day = parseIsoDate(text);
  if (day === null) throw new ToolError(`\`${field}\` is not a real calendar date: ${text}`, 400, { field });
  return day;
}

export default defineTool({
  slug: 'working-days',
  title: 'Working days between two dates',
  summary: 'Working days and weekend days between two dates, optionally without Dutch public holidays.',
  keywords: {
    en: ['business days', 'workdays', 'weekdays', 'count working days', 'weekends', 'working days', 'workdays between'],
    nl: ['werkdagen', 'werkdagen tellen', 'weekdagen', 'weekend', 'werkdagen tussen', 'zakelijke dagen'],
  },
  mcpRows: { holidaysExcluded: 10 },
  description:
    'Counts the days from `start` to `end`, both included: total days, working days (Monday to Friday) and weekend days. ' +
    'With `excludeDutchHolidays`, Dutch public holidays that are a customary day off (`dayOff` in dutch-holidays) and fall on a weekday are subtracted and listed in `holidaysExcluded`; totalDays = workingDays + weekendDays + holidaysExcluded.length. ' +
    `Limits: end must not be before start (400); at most ${MAX_RANGE_DAYS} days (about 100 years); with holidays excluded, both dates must lie in ${HOLIDAY_YEARS.min}–${HOLIDAY_YEARS.max}.`,
  resultView: { kind: 'figure', field: 'workingDays', unit: 'days', label: 'Working days', detail: ['weekendDays'] },
  input: z.strictObject({
    start: isoDateField('First day'),
    end: isoDateField('Last day'),
    excludeDutchHolidays: z
      .boolean()
      .default(false)
      .describe('Subtract Dutch public holidays that are a customary day off and fall on Monday–Friday'),
  }),
  output: z.object({
    start: z.string(),
    end: z.string(),
    totalDays: z.int().describe('Days in the range, both ends included'),
    workingDays: z.int().describe('Monday–Friday, minus excluded holidays'),
    weekendDays: z.int().describe('Saturdays and Sundays'),
    holidaysExcluded: z
      .array(z.object({ date: z.string(), name: z.string(), nameEn: z.string() }))
      .describe('Holidays subtracted from the working days (empty unless excludeDutchHolidays)'),
  }),
  examples: [
    {
      name: 'May 2025 without holidays',
      input: { start: '2025-05-01', end: '2025-05-31' },
      output: { start: '2025-05-01', end: '2025-05-31', totalDays: 31, workingDays: 22, weekendDays: 9, holidaysExcluded: [] },
    },
    {
      name: 'May 2025 minus Dutch holidays (Bevrijdingsdag is a lustrum day off in 2025)',
      input: { start: '2025-05-01', end: '2025-05-31', excludeDutchHolidays: true },
      output: {
        start: '2025-05-01',
        end: '2025-05-31',
        totalDays: 31,
        workingDays: 20,
        weekendDays: 9,
        holidaysExcluded: [
          { date: '2025-05-05', name: 'Bevrijdingsdag', nameEn: 'Liberation Day' },
          { date: '2025-05-29', name: 'Hemelvaartsdag', nameEn: 'Ascension Day' },
        ],
      },
    },
    {
      name: 'A single Saturday',
      input: { start: '2024-04-27', end: '2024-04-27', excludeDutchHolidays: true },
      output: { start: '2024-04-27', end: '2024-04-27', totalDays: 1, workingDays: 0, weekendDays: 1, holidaysExcluded: [] },
    },
  ],
  run({ start, end, excludeDutchHolidays }) {
    const first = toDay('start', start);
    const last = toDay('end', end);
    if (last < first) throw new ToolError(`\`end\` (${end}) must not be before \`start\` (${start})`, 400, { field: 'end' });
    const totalDays = last - first + 1;
    if (totalDays > MAX_RANGE_DAYS)
      throw new ToolError(`the range from \`start\` to \`end\` may span at most ${MAX_RANGE_DAYS} days (got ${totalDays})`, 400, {
        field: 'end',
      });

    // Whole weeks contribute 2 weekend days each; walk only the remainder.
    const weeks = Math.floor(totalDays / 7);
    let weekendDays = weeks * 2;
    for (let d = first + weeks * 7; d <= last; d++) if (weekday(d) % 6 === 0) weekendDays++;

    const holidaysExcluded: { date: string; name: string; nameEn: string }[] = [];
    if (excludeDutchHolidays) {
      const [y1, y2] = [Number(start.slice(0, 4)), Number(end.slice(0, 4))];
      if (y1 < HOLIDAY_YEARS.min || y2 > HOLIDAY_YEARS.max)
        throw new ToolError(
          `with \`excludeDutchHolidays\`, \`start\` and \`end\` must lie in ${HOLIDAY_YEARS.min}–${HOLIDAY_YEARS.max}`,
          400,
          { field: y1 < HOLIDAY_YEARS.min ? 'start' : 'end' },
        );
      const [from, to] = [isoDate(first), isoDate(last)];
      for (let y = y1; y <= y2; y++)
        for (const h of dutchHolidays(y)) {
          const d = parseIsoDate(h.date)!;
          const seen = holidaysExcluded.some((x) => x.date === h.date); // 5 May = Ascension (2005, 2016)
          if (h.dayOff && h.date >= from && h.date <= to && weekday(d) % 6 !== 0 && !seen)
            holidaysExcluded.push({ date: h.date, name: h.name, nameEn: h.nameEn });
        }
    }
    return {
      start,
      end,
      totalDays,
      workingDays: totalDays - weekendDays - holidaysExcluded.length,
      weekendDays,
      holidaysExcluded,
    };
  },
});
