import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { addMonths, civil, dayFromIso, daysInMonth, isoDate, isoDateField } from '../_lib/calendar.js';
import { AOW_BEFORE_2013, AOW_LAST_FIXED_YEAR, AOW_LAW, AOW_LAW_URL, AOW_TABLE, type AowYear } from './_aow.js';

const MIN_BIRTH = '1900-01-01';
const MAX_BIRTH = '2100-12-31';

const RULE =
  'AOW age applies per calendar year in which it is reached (art. 7a lid 1); from 2026 it is fixed yearly, five years ahead, by V = 2/3·(L − 20.64) − (P − 67) ' +
  "(L: CBS-projected remaining life expectancy at 65 in that year, P: the previous year's AOW age); V < 0.25 → no increase, V ≥ 0.25 → +3 months (art. 7a lid 2–3). It never decreases.";

const ageText = (years: number, months: number) => `${years} jaar${months ? ` en ${months} maand${months === 1 ? '' : 'en'}` : ''}`;

const ageField = z.object({ years: z.int(), months: z.int(), text: z.string().describe('Dutch, e.g. "67 jaar en 3 maanden"') });

export default defineTool({
  slug: 'aow-age-calculator',
  title: 'AOW age and start date (Dutch state pension)',
  summary: 'When your Dutch state pension (AOW) starts, from your birth date.',
  keywords: {
    en: ['state pension age', 'retirement age', 'pension start date', 'AOW', 'pension age', 'retire', 'retirement date'],
    nl: ['aow', 'aow-leeftijd', 'pensioenleeftijd', 'met pensioen', 'ouderdomswet', 'aow leeftijd', 'pensioen', 'met pensioen gaan'],
  },
  description:
    'Birth date → Dutch AOW age and the exact day the AOW starts (the day that age is reached), from the official table of Algemene Ouderdomswet art. 7a: 65 before 2013, stepping up to 67 in 2024–2027 and 67 years 3 months in 2028–2031. ' +
    `Ages are fixed per calendar year up to ${AOW_LAST_FIXED_YEAR}; for later birth dates (born from 1 October 1964) the answer has \`fixedByLaw: false\`, the minimum age (the last fixed age, since it never decreases), the earliest possible date and the statutory life-expectancy rule, not a guess. ` +
    'When the birth day does not exist in the AOW month (e.g. 31st), the last day of that month is used (`dayClamped`). Optional `onDate` (no clock is used) tells whether the AOW age is reached on that day.',
  resultView: { kind: 'figure', field: 'aowDate', label: 'AOW from', detail: ['aowAge.text'], or: { kind: 'text', field: 'rule' } },
  input: z.strictObject({
    birthDate: isoDateField(`Date of birth (yyyy-mm-dd, ${MIN_BIRTH.slice(0, 4)}–${MAX_BIRTH.slice(0, 4)})`),
    onDate: isoDateField('Optional reference day (yyyy-mm-dd) for reachedOnDate').optional(),
  }),
  output: z.object({
    birthDate: z.string(),
    fixedByLaw: z.boolean().describe('false: the AOW age of that year is not fixed yet'),
    aowAge: ageField.nullable().describe('null when not fixed'),
    aowDate: z.string().nullable().describe('First day of AOW (the day the AOW age is reached); null when not fixed'),
    yearReached: z.int().nullable(),
    minimumAowAge: ageField.describe('Equals aowAge when fixed; otherwise the lowest possible age'),
    earliestPossibleDate: z.string().describe('Equals aowDate when fixed'),
    dayClamped: z.boolean().describe('The birth day does not exist in the AOW month; its last day is used'),
    lastFixedYear: z.int(),
    reachedOnDate: z.boolean().nullable().describe('With onDate: AOW age reached on or before onDate (null when not decidable)'),
    rule: z.string(),
    source: z.string(),
    lawUrl: z.string(),
  }),
  examples: [
    // Rijksoverheid "Wanneer gaat mijn AOW in?": born after 31 Dec 1960 and before 1 Oct 1961 → AOW in 2028 at 67 years and 3 months.
    {
      name: 'Born 15 June 1961: 67 years and 3 months, in 2028',
      input: { birthDate: '1961-06-15' },
      output: {
        birthDate: '1961-06-15',
        fixedByLaw: true,
        aowAge: { years: 67, months: 3, text: '67 jaar en 3 maanden' },
        aowDate: '2028-09-15',
        yearReached: 2028,
        minimumAowAge: { years: 67, months: 3, text: '67 jaar en 3 maanden' },
        earliestPossibleDate: '2028-09-15',
        dayClamped: false,
        lastFixedYear: 2031,
        reachedOnDate: null,
        rule: RULE,
        source: AOW_TABLE.find((r) => r.year === 2028)!.source,
        lawUrl: AOW_LAW_URL,
      },
    },
    // Rijksoverheid table: 2027 → 67 jaar for those born after 31 Dec 1959 and before 1 Jan 1961.
    {
      name: 'Born 31 December 1960: 67 years, on 31 December 2027',
      input: { birthDate: '1960-12-31', onDate: '2026-01-01' },
      output: {
        birthDate: '1960-12-31',
        fixedByLaw: true,
        aowAge: { years: 67, months: 0, text: '67 jaar' },
        aowDate: '2027-12-31',
        yearReached: 2027,
        minimumAowAge: { years: 67, months: 0, text: '67 jaar' },
        earliestPossibleDate: '2027-12-31',
        dayClamped: false,
        lastFixedYear: 2031,
        reachedOnDate: false,
        rule: RULE,
        source: AOW_TABLE.find((r) => r.year === 2027)!.source,
        lawUrl: AOW_LAW_URL,
      },
    },
    {
      name: 'Born 1970: not fixed by law yet, at least 67 years and 3 months',
      input: { birthDate: '1970-03-10' },
      output: {
        birthDate: '1970-03-10',
        fixedByLaw: false,
        aowAge: null,
        aowDate: null,
        yearReached: null,
        minimumAowAge: { years: 67, months: 3, text: '67 jaar en 3 maanden' },
        earliestPossibleDate: '2037-06-10',
        dayClamped: false,
        lastFixedYear: 2031,
        reachedOnDate: null,
        rule: RULE,
        source: `${AOW_LAW} lid 2 (AOW ages are fixed up to ${AOW_LAST_FIXED_YEAR})`,
        lawUrl: AOW_LAW_URL,
      },
    },
  ],
  run({ birthDate, onDate }) {
    if (birthDate < MIN_BIRTH || birthDate > MAX_BIRTH)
      throw new ToolError(`\`birthDate\` must lie in ${MIN_BIRTH}–${MAX_BIRTH} (got ${birthDate})`, 400, { field: 'birthDate' });
    const birth = dayFromIso(birthDate);
    const [, , birthDay] = civil(birth);
    const reach = (age: { years: number; months: number }) => addMonths(birth, age.years * 12 + age.months);
    const clamped = (d: number) => {
      const [y, m] = civil(d);
      return birthDay > daysInMonth(y, m);
    };

    // The first calendar year Y in which birth + age(Y) falls is the year the AOW age is reached (art. 7a lid 1).
    let found: { age: { years: number; months: number; source: string }; day: number; year: number } | null = null;
    const before = reach(AOW_BEFORE_2013);
    if (civil(before)[0] < 2013) found = { age: AOW_BEFORE_2013, day: before, year: civil(before)[0] };
    else
      for (const row of AOW_TABLE as AowYear[]) {
        const d = reach(row);
        if (civil(d)[0] === row.year) {
          found = { age: row, day: d, year: row.year };
          break;
        }
      }

    const onDay = onDate === undefined ? null : dayFromIso(onDate);
    if (found) {
      const age = { years: found.age.years, months: found.age.months, text: ageText(found.age.years, found.age.months) };
      const date = isoDate(found.day);
      return {
        birthDate,
        fixedByLaw: true,
        aowAge: age,
        aowDate: date,
        yearReached: found.year,
        minimumAowAge: age,
        earliestPossibleDate: date,
        dayClamped: clamped(found.day),
        lastFixedYear: AOW_LAST_FIXED_YEAR,
        reachedOnDate: onDay === null ? null : onDay >= found.day,
        rule: RULE,
        source: found.age.source,
        lawUrl: AOW_LAW_URL,
      };
    }
    const last = AOW_TABLE[AOW_TABLE.length - 1];
    const earliest = reach(last);
    return {
      birthDate,
      fixedByLaw: false,
      aowAge: null,
      aowDate: null,
      yearReached: null,
      minimumAowAge: { years: last.years, months: last.months, text: ageText(last.years, last.months) },
      earliestPossibleDate: isoDate(earliest),
      dayClamped: clamped(earliest),
      lastFixedYear: AOW_LAST_FIXED_YEAR,
      reachedOnDate: onDay === null ? null : onDay < earliest ? false : null,
      rule: RULE,
      source: `${AOW_LAW} lid 2 (AOW ages are fixed up to ${AOW_LAST_FIXED_YEAR})`,
      lawUrl: AOW_LAW_URL,
    };
  },
});
