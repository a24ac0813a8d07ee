import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  MAX_DAY,
  civil,
  dayFromIso,
  isoDate,
  isoDateField,
  monthAnniversary,
  monthsAndDaysBetween,
  weekdayName,
  type MissingDayRule,
} from '../_lib/calendar.js';

const RULES = { 'march-1': 'next-day', 'february-28': 'clamp' } as const satisfies Record<string, MissingDayRule>;

export default defineTool({
  slug: 'age-calculator',
  title: 'Age calculator',
  summary: 'Exact age in years, months and days on any date, and the days to the next birthday.',
  keywords: {
    en: ['birthday', 'date of birth', 'years old', 'birthdate', 'age', 'born'],
    nl: ['leeftijd', 'geboortedatum', 'verjaardag', 'jarig', 'geboren', 'jaar oud'],
  },
  description:
    'Age on onDate (required; the tool never reads the clock) for a birth date: completed years, months and days, totals in months, weeks and days, weekday of birth and days to the next birthday. leapDayRule sets when a 29 February birthday (and 29th–31st month anniversaries) counts in shorter months.',
  docs: [
    'march-1 (default): a 29 February birthday is reached on 1 March in common years (UK and most calculators); february-28 uses 28 February (some jurisdictions). onDate before birthDate is refused.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'years', unit: 'years', label: 'Age', detail: ['summary'] },
  input: z.strictObject({
    birthDate: isoDateField('Date of birth'),
    onDate: isoDateField('Date to compute the age on ("today")'),
    leapDayRule: z.enum(['march-1', 'february-28']).default('march-1').describe('When a 29 February birthday counts in a common year'),
  }),
  output: z.object({
    birthDate: z.string(),
    onDate: z.string(),
    years: z.int(),
    months: z.int().describe('Months after the completed years'),
    days: z.int().describe('Days after years and months'),
    totalMonths: z.int(),
    totalWeeks: z.int(),
    totalDays: z.int(),
    bornOn: z.string().describe('Weekday of birth'),
    isBirthday: z.boolean().describe('onDate is a birthday (under leapDayRule)'),
    nextBirthday: z.string().nullable().describe('Next birthday on or after onDate (null past 9999)'),
    daysToNextBirthday: z.int().nullable(),
    ageAtNextBirthday: z.int().nullable(),
    summary: z.string(),
  }),
  examples: [
    // Catalogue §5: a 29 February birthday is reached on 1 March in common years (UK practice, most calculators).
    {
      name: 'Leap-day birthday in a common year (reached on 1 March)',
      input: { birthDate: '2000-02-29', onDate: '2001-02-28' },
      output: {
        birthDate: '2000-02-29',
        onDate: '2001-02-28',
        years: 0,
        months: 11,
        days: 30,
        totalMonths: 11,
        totalWeeks: 52,
        totalDays: 365,
        bornOn: 'Tuesday',
        isBirthday: false,
        nextBirthday: '2001-03-01',
        daysToNextBirthday: 1,
        ageAtNextBirthday: 1,
        summary: '0 years, 11 months, 30 days',
      },
    },
    {
      name: 'Same day with the 28 February rule',
      input: { birthDate: '2000-02-29', onDate: '2001-02-28', leapDayRule: 'february-28' },
      output: {
        birthDate: '2000-02-29',
        onDate: '2001-02-28',
        years: 1,
        months: 0,
        days: 0,
        totalMonths: 12,
        totalWeeks: 52,
        totalDays: 365,
        bornOn: 'Tuesday',
        isBirthday: true,
        nextBirthday: '2001-02-28',
        daysToNextBirthday: 0,
        ageAtNextBirthday: 1,
        summary: '1 year, 0 months, 0 days',
      },
    },
    // onlinecalculator360.com Age Calculator worked example: born March 15, 1990, on January 9, 2025 =
    // 34 years, 9 months, 25 days (its "12,718 days" is one short: 35 × 365 + 9 leap days − 65 = 12,719).
    // thinkcalculator.com: the same birth date on June 1, 2023 = 33 years, 2 months, 17 days (in the tests).
    {
      name: 'Born 15 March 1990, on 9 January 2025',
      input: { birthDate: '1990-03-15', onDate: '2025-01-09' },
      output: {
        birthDate: '1990-03-15',
        onDate: '2025-01-09',
        years: 34,
        months: 9,
        days: 25,
        totalMonths: 417,
        totalWeeks: 1817,
        totalDays: 12719,
        bornOn: 'Thursday',
        isBirthday: false,
        nextBirthday: '2025-03-15',
        daysToNextBirthday: 65,
        ageAtNextBirthday: 35,
        summary: '34 years, 9 months, 25 days',
      },
    },
  ],
  run({ birthDate, onDate, leapDayRule }) {
    const birth = dayFromIso(birthDate);
    const on = dayFromIso(onDate);
    if (on < birth) throw new ToolError(`\`onDate\` (${onDate}) must not be before \`birthDate\` (${birthDate})`, 400, { field: 'onDate' });
    const rule = RULES[leapDayRule];
    const { months: totalMonths, days } = monthsAndDaysBetween(birth, on, rule);
    const years = Math.floor(totalMonths / 12);
    const months = totalMonths % 12;
    // Next birthday: the (years)th anniversary if it is today, else the (years + 1)th.
    const thisYears = monthAnniversary(birth, years * 12, rule);
    const isBirthday = thisYears === on && years > 0;
    let nextAge = isBirthday ? years : years + 1;
    let next: number | null = monthAnniversary(birth, nextAge * 12, rule);
    if (civil(birth)[0] + nextAge > 9999 || next > MAX_DAY) {
      next = null;
      nextAge = 0;
    }
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    return {
      birthDate,
      onDate,
      years,
      months,
      days,
      totalMonths,
      totalWeeks: Math.floor((on - birth) / 7),
      totalDays: on - birth,
      bornOn: weekdayName(birth),
      isBirthday,
      nextBirthday: next === null ? null : isoDate(next),
      daysToNextBirthday: next === null ? null : next - on,
      ageAtNextBirthday: next === null ? null : nextAge,
      summary: `${plural(years, 'year')}, ${plural(months, 'month')}, ${plural(days, 'day')}`,
    };
  },
});
