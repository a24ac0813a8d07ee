import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { dayFromIso, isoDateField } from '../_lib/calendar.js';
import { COMPULSORY, REGIONS, SCHOOL_HOLIDAYS, SCHOOL_YEARS, VACATIONS, VACATION_NAMES, type Region } from './_school-holidays.js';

// Work is a fixed 5 × 3 table per school year: constant time, no caps needed beyond the string lengths.

const vacationRow = z.object({
  vacation: z.enum(VACATIONS),
  name: z.string(),
  region: z.enum(REGIONS),
  start: z.string().describe('First day (yyyy-mm-dd), inclusive'),
  end: z.string().describe('Last day (yyyy-mm-dd), inclusive'),
  days: z.int().describe('Calendar days, both ends included'),
  compulsory: z.boolean().describe('true: fixed by regulation (kerst, zomer); false: OCW advice date'),
  schoolYear: z.string(),
});
type Row = z.infer<typeof vacationRow>;

function rowsOf(schoolYear: string, regions: readonly Region[]): Row[] {
  const table = SCHOOL_HOLIDAYS[schoolYear];
  const rows: Row[] = [];
  for (const v of VACATIONS)
    for (const r of regions) {
      const [start, end] = table.vacations[v][r];
      rows.push({
        vacation: v,
        name: VACATION_NAMES[v],
        region: r,
        start,
        end,
        days: dayFromIso(end) - dayFromIso(start) + 1,
        compulsory: COMPULSORY[v],
        schoolYear,
      });
    }
  return rows;
}

/** First and last day the table covers without gaps (the listed school years are consecutive). */
function coverage(): { from: string; to: string } {
  const first = rowsOf(SCHOOL_YEARS[0], REGIONS);
  const last = rowsOf(SCHOOL_YEARS[SCHOOL_YEARS.length - 1], REGIONS);
  return {
    from: first.map((r) => r.start).sort()[0],
    to: last
      .map((r) => r.end)
      .sort()
      .at(-1)!,
  };
}

export default defineTool({
  slug: 'dutch-school-holidays',
  title: 'Dutch school holidays (schoolvakanties) per region',
  summary: 'Dutch school holidays per region (north, middle, south) for a school year.',
  keywords: {
    en: [
      'school vacation',
      'summer holiday',
      'autumn break',
      'Christmas break',
      'spring break',
      'region north middle south',
      'school holidays',
      'school break',
      'vacation',
    ],
    nl: [
      'schoolvakanties',
      'zomervakantie',
      'herfstvakantie',
      'kerstvakantie',
      'voorjaarsvakantie',
      'meivakantie',
      'regio noord midden zuid',
      'schoolvakantie',
      'vakantie',
      'scholen',
    ],
  },
  description:
    'Dutch school holidays from the Rijksoverheid (OCW) tables: herfst, kerst, voorjaar, mei and zomer vacation with first and last day (inclusive), per region noord, midden or zuid. ' +
    'Give `schoolYear` (e.g. "2025-2026") for the whole table, or `date` to ask whether that day falls in a school holiday and which one. ' +
    '`region` defaults to all three. `compulsory` is true for kerst and zomer (fixed by regulation) and false for herfst, voorjaar and mei (advice dates; a school may deviate, e.g. a second May week). ' +
    `Available school years: ${SCHOOL_YEARS.join(', ')}; other years are refused (400), never extrapolated. Which region a municipality belongs to is not covered.`,
  resultView: { kind: 'table', field: 'vacations', label: 'School holidays' },
  input: z.strictObject({
    schoolYear: z
      .string()
      .max(9)
      .regex(/^\d{4}-\d{4}$/, 'must look like 2025-2026')
      .optional()
      .describe('School year yyyy-yyyy, e.g. 2025-2026 (give this or date)'),
    date: isoDateField('A day (yyyy-mm-dd) to check against the holidays (give this or schoolYear)').optional(),
    region: z.enum(['noord', 'midden', 'zuid', 'all']).default('all').describe('Holiday region; all = noord, midden and zuid'),
  }),
  output: z.object({
    mode: z.enum(['schoolYear', 'date']),
    region: z.enum(['noord', 'midden', 'zuid', 'all']),
    schoolYear: z.string().nullable().describe('The requested school year (null in date mode)'),
    date: z.string().nullable(),
    inHoliday: z.boolean().nullable().describe('Date mode: whether the date is in a holiday of the region (any region for all)'),
    vacations: z.array(vacationRow).describe('The table (schoolYear mode) or the holidays containing the date (date mode)'),
    sources: z.array(z.string()).describe('Rijksoverheid page of each school year used'),
    note: z.string(),
  }),
  examples: [
    // Rijksoverheid, overzicht schoolvakanties 2025-2026: zomervakantie regio midden 18 juli t/m 30 augustus 2026.
    {
      name: 'Summer 2026 in regio midden: is 30 August still holiday?',
      input: { date: '2026-08-30', region: 'midden' },
      output: {
        mode: 'date',
        region: 'midden',
        schoolYear: null,
        date: '2026-08-30',
        inHoliday: true,
        vacations: [
          {
            vacation: 'zomer',
            name: 'Zomervakantie',
            region: 'midden',
            start: '2026-07-18',
            end: '2026-08-30',
            days: 44,
            compulsory: true,
            schoolYear: '2025-2026',
          },
        ],
        sources: [
          'https://www.rijksoverheid.nl/onderwerpen/schoolvakanties/overzicht-schoolvakanties-per-schooljaar/overzicht-schoolvakanties-2025-2026',
        ],
        note: 'Dates are inclusive. compulsory=false marks OCW advice dates: check the school guide (schoolgids).',
      },
    },
    // Rijksoverheid, overzicht schoolvakanties 2025-2026, regio zuid: herfst 11–19 Oct 2025, kerst 20 Dec–4 Jan,
    // voorjaar 14–22 Feb 2026, mei 25 Apr–3 May 2026, zomer 11 Jul–23 Aug 2026.
    {
      name: 'School year 2025-2026, regio zuid',
      input: { schoolYear: '2025-2026', region: 'zuid' },
      output: {
        mode: 'schoolYear',
        region: 'zuid',
        schoolYear: '2025-2026',
        date: null,
        inHoliday: null,
        vacations: [
          {
            vacation: 'herfst',
            name: 'Herfstvakantie',
            region: 'zuid',
            start: '2025-10-11',
            end: '2025-10-19',
            days: 9,
            compulsory: false,
            schoolYear: '2025-2026',
          },
          {
            vacation: 'kerst',
            name: 'Kerstvakantie',
            region: 'zuid',
            start: '2025-12-20',
            end: '2026-01-04',
            days: 16,
            compulsory: true,
            schoolYear: '2025-2026',
          },
          {
            vacation: 'voorjaar',
            name: 'Voorjaarsvakantie',
            region: 'zuid',
            start: '2026-02-14',
            end: '2026-02-22',
            days: 9,
            compulsory: false,
            schoolYear: '2025-2026',
          },
          {
            vacation: 'mei',
            name: 'Meivakantie',
            region: 'zuid',
            start: '2026-04-25',
            end: '2026-05-03',
            days: 9,
            compulsory: false,
            schoolYear: '2025-2026',
          },
          {
            vacation: 'zomer',
            name: 'Zomervakantie',
            region: 'zuid',
            start: '2026-07-11',
            end: '2026-08-23',
            days: 44,
            compulsory: true,
            schoolYear: '2025-2026',
          },
        ],
        sources: [
          'https://www.rijksoverheid.nl/onderwerpen/schoolvakanties/overzicht-schoolvakanties-per-schooljaar/overzicht-schoolvakanties-2025-2026',
        ],
        note: 'Dates are inclusive. compulsory=false marks OCW advice dates: check the school guide (schoolgids).',
      },
    },
  ],
  run({ schoolYear, date, region }) {
    const note = 'Dates are inclusive. compulsory=false marks OCW advice dates: check the school guide (schoolgids).';
    const regions: readonly Region[] = region === 'all' ? REGIONS : [region];
    if ((schoolYear === undefined) === (date === undefined))
      throw new ToolError('give exactly one of `schoolYear` (e.g. "2025-2026") or `date` (yyyy-mm-dd)', 400, {
        field: schoolYear === undefined ? 'schoolYear' : 'date',
      });

    if (schoolYear !== undefined) {
      const [a, b] = schoolYear.split('-').map(Number);
      if (b !== a + 1)
        throw new ToolError(`\`schoolYear\` must be two consecutive years such as 2025-2026 (got ${schoolYear})`, 400, {
          field: 'schoolYear',
        });
      if (!SCHOOL_HOLIDAYS[schoolYear])
        throw new ToolError(
          `\`schoolYear\`: no confirmed Rijksoverheid table for ${schoolYear}; available school years: ${SCHOOL_YEARS.join(', ')}. Dates are never extrapolated.`,
          400,
          { field: 'schoolYear' },
        );
      return {
        mode: 'schoolYear' as const,
        region,
        schoolYear,
        date: null,
        inHoliday: null,
        vacations: rowsOf(schoolYear, regions),
        sources: [SCHOOL_HOLIDAYS[schoolYear].source],
        note,
      };
    }

    const day = date!;
    const { from, to } = coverage();
    if (day < from || day > to)
      throw new ToolError(
        `\`date\` ${day} is outside the published tables held (${from} to ${to}, school years ${SCHOOL_YEARS.join(', ')}); other dates are refused, not guessed.`,
        400,
        { field: 'date' },
      );
    const hits = SCHOOL_YEARS.flatMap((y) => rowsOf(y, regions)).filter((r) => r.start <= day && day <= r.end);
    const years = [...new Set(hits.map((h) => h.schoolYear))];
    return {
      mode: 'date' as const,
      region,
      schoolYear: null,
      date: day,
      inHoliday: hits.length > 0,
      vacations: hits,
      sources: (years.length ? years : SCHOOL_YEARS).map((y) => SCHOOL_HOLIDAYS[y].source),
      note,
    };
  },
});
