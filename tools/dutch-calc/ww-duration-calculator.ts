import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { isoDateField } from '../_lib/calendar.js';
import {
  BASE_MONTHS,
  FICTIVE_UNTIL,
  FIRST_YEARS_FULL,
  HALF_MONTH_FROM,
  JARENEIS,
  MAX_MONTHS,
  WEKENEIS,
  WW_PERIOD,
  WW_SOURCES,
} from './_ww.js';

const MAX_YEARS = 100;

const RULE =
  `Wekeneis: worked in ≥ ${WEKENEIS.needed} of the ${WEKENEIS.of} weeks before unemployment → ${BASE_MONTHS} months. ` +
  `Jareneis: a counting year in ≥ ${JARENEIS.needed} of the ${JARENEIS.of} calendar years before the unemployment year → 1 month per year of arbeidsverleden for the first ${FIRST_YEARS_FULL} years, ` +
  `1 month for each further year before ${HALF_MONTH_FROM}, 0.5 month for each further year from ${HALF_MONTH_FROM}; at least ${BASE_MONTHS}, at most ${MAX_MONTHS} months. ` +
  `Arbeidsverleden = fictive years (from the year you turned 18 to ${FICTIVE_UNTIL}) + counting years from 1998 (≥ 52 days of wage until 2012, ≥ 208 paid hours from 2013) before the unemployment year.`;

export default defineTool({
  slug: 'ww-duration-calculator',
  title: 'WW (Dutch unemployment benefit) entitlement and duration',
  summary: 'Whether you can get Dutch unemployment benefit (WW) and for how many months.',
  keywords: {
    en: ['unemployment benefit', 'jobless', 'UWV', 'benefit duration', 'laid off', 'unemployment', 'benefits', 'WW benefit'],
    nl: ['ww', 'werkloosheidswet', 'ww-uitkering', 'werkloos', 'uitkering', 'ww uitkering', 'uitkering duur'],
  },
  description:
    "Dutch WW (unemployment benefit): entitlement and duration in months by UWV's rules: wekeneis (26 of 36 weeks → 3 months) and jareneis (1 month per year of arbeidsverleden, max 24). Arbeidsverleden from birthDate (fictive years to 1997), countingYears and/or workedEveryYearSince. " +
    `First unemployment day ${WW_PERIOD.from} to ${WW_PERIOD.to}.`,
  docs: [
    '- Jareneis: worked in 4 of the 5 calendar years before the year unemployment starts. 1 month per year for the first 10 years, further years before 2016 1 month, from 2016 0.5 month; max 24.',
    '- Arbeidsverleden = fictive years (year you turned 18 through 1997) + counting years from 1998 (each with ≥ 208 paid hours; ≥ 52 days before 2013). The unemployment year never counts.',
    '- Not modelled: the 2016–2019 phase-down, partly counting years (care, leave).',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'durationMonths', unit: 'months', label: 'WW duration', detail: ['entitled'] },
  input: z.strictObject({
    firstUnemploymentDate: isoDateField('First day of unemployment (yyyy-mm-dd)'),
    birthDate: isoDateField('Date of birth (yyyy-mm-dd), for the fictive years'),
    weeksWorkedLast36: z.int().min(0).max(36).describe('Weeks with work in the 36 weeks before unemployment, 0–36'),
    countingYears: z
      .array(z.int().min(1998).max(2100))
      .max(MAX_YEARS)
      .default([])
      .describe('Calendar years (1998 or later) with ≥ 208 paid hours (≥ 52 days before 2013)'),
    workedEveryYearSince: z
      .int()
      .min(1998)
      .max(2100)
      .optional()
      .describe('Shorthand: every year from this one to the year before unemployment counts'),
  }),
  output: z.object({
    entitled: z.boolean(),
    durationMonths: z.number().describe('0 when not entitled; may end in .5'),
    meetsWekeneis: z.boolean(),
    meetsJareneis: z.boolean(),
    jareneisYears: z.array(z.object({ year: z.int(), counts: z.boolean() })).describe('The 5 calendar years checked'),
    fictiveYears: z.object({ from: z.int().nullable(), to: z.int().nullable(), count: z.int() }),
    actualYears: z.int().describe('Counting years from 1998 up to the year before unemployment'),
    arbeidsverledenYears: z.int(),
    yearsBefore2016: z.int(),
    yearsFrom2016: z.int(),
    steps: z.array(z.string()),
    rule: z.string(),
    sources: z.array(z.string()),
  }),
  examples: [
    // UWV, "Arbeidsverleden van 11 jaar of langer", example Jeroen: worked since 1998 (aged 20), unemployed May 2022;
    // 24 actual + 2 fictive (1996–1997) = 26 years; 20 before 2016 → 20 months, 6 from 2016 → 3 months; total 23 months.
    {
      name: 'UWV example Jeroen: 26 years of arbeidsverleden → 23 months',
      input: { firstUnemploymentDate: '2022-05-02', birthDate: '1978-03-01', weeksWorkedLast36: 36, workedEveryYearSince: 1998 },
      output: {
        entitled: true,
        durationMonths: 23,
        meetsWekeneis: true,
        meetsJareneis: true,
        jareneisYears: [
          { year: 2017, counts: true },
          { year: 2018, counts: true },
          { year: 2019, counts: true },
          { year: 2020, counts: true },
          { year: 2021, counts: true },
        ],
        fictiveYears: { from: 1996, to: 1997, count: 2 },
        actualYears: 24,
        arbeidsverledenYears: 26,
        yearsBefore2016: 20,
        yearsFrom2016: 6,
        steps: [
          'Wekeneis: 36 of 36 weeks worked (≥ 26 needed): met → at least 3 months',
          'Jareneis: 5 of the years 2017–2021 count (≥ 4 needed): met',
          'Arbeidsverleden: 2 fictive years (1996–1997) + 24 counting years = 26 years; 20 before 2016, 6 from 2016',
          '20 years before 2016 × 1 month = 20 months (covers the first 10 years); 6 years from 2016 × 0.5 = 3 months',
          'Duration: 23 months',
        ],
        rule: RULE,
        sources: [WW_SOURCES.duration, WW_SOURCES.countingYears, WW_SOURCES.law],
      },
    },
    // UWV: "Heeft u in 26 van de 36 weken gewerkt? … U krijgt een basisuitkering van 3 maanden" (wekeneis without jareneis).
    {
      name: 'Only the wekeneis: 3 months',
      input: { firstUnemploymentDate: '2025-03-01', birthDate: '2001-06-10', weeksWorkedLast36: 30, countingYears: [2023, 2024] },
      output: {
        entitled: true,
        durationMonths: 3,
        meetsWekeneis: true,
        meetsJareneis: false,
        jareneisYears: [
          { year: 2020, counts: false },
          { year: 2021, counts: false },
          { year: 2022, counts: false },
          { year: 2023, counts: true },
          { year: 2024, counts: true },
        ],
        fictiveYears: { from: null, to: null, count: 0 },
        actualYears: 2,
        arbeidsverledenYears: 2,
        yearsBefore2016: 0,
        yearsFrom2016: 2,
        steps: [
          'Wekeneis: 30 of 36 weeks worked (≥ 26 needed): met → at least 3 months',
          'Jareneis: 2 of the years 2020–2024 count (≥ 4 needed): not met',
          'Duration: 3 months (wekeneis only)',
        ],
        rule: RULE,
        sources: [WW_SOURCES.duration, WW_SOURCES.countingYears, WW_SOURCES.law],
      },
    },
  ],
  run({ firstUnemploymentDate, birthDate, weeksWorkedLast36, countingYears, workedEveryYearSince }) {
    if (firstUnemploymentDate < WW_PERIOD.from || firstUnemploymentDate > WW_PERIOD.to)
      throw new ToolError(
        `\`firstUnemploymentDate\` must lie in ${WW_PERIOD.from}–${WW_PERIOD.to}: the rules are verified for that period only (before 1 April 2019 the maximum was still being phased down, WW art. 42d)`,
        400,
        { field: 'firstUnemploymentDate' },
      );
    if (birthDate >= firstUnemploymentDate)
      throw new ToolError('`birthDate` must be before `firstUnemploymentDate`', 400, { field: 'birthDate' });
    const u = Number(firstUnemploymentDate.slice(0, 4));
    const birthYear = Number(birthDate.slice(0, 4));

    const years = new Set<number>();
    for (const y of countingYears) {
      if (y >= u)
        throw new ToolError(`\`countingYears\`: ${y} is not before the unemployment year ${u} (that year never counts)`, 400, {
          field: 'countingYears',
        });
      if (y < birthYear + 15) throw new ToolError(`\`countingYears\`: ${y} is before the age of 15`, 400, { field: 'countingYears' });
      years.add(y);
    }
    if (workedEveryYearSince !== undefined) {
      if (workedEveryYearSince >= u)
        throw new ToolError(`\`workedEveryYearSince\` (${workedEveryYearSince}) must be before the unemployment year ${u}`, 400, {
          field: 'workedEveryYearSince',
        });
      for (let y = workedEveryYearSince; y < u; y++) years.add(y);
    }

    const fictiveFrom = birthYear + 18;
    const fictiveCount = Math.max(0, FICTIVE_UNTIL - fictiveFrom + 1);
    const actual = years.size;
    const total = fictiveCount + actual;
    const before2016 = fictiveCount + [...years].filter((y) => y < HALF_MONTH_FROM).length;
    const from2016 = actual - (before2016 - fictiveCount);

    const jareneisYears = Array.from({ length: JARENEIS.of }, (_, i) => ({
      year: u - JARENEIS.of + i,
      counts: years.has(u - JARENEIS.of + i),
    }));
    const jareneisCount = jareneisYears.filter((y) => y.counts).length;
    const meetsWekeneis = weeksWorkedLast36 >= WEKENEIS.needed;
    const meetsJareneis = jareneisCount >= JARENEIS.needed;

    const steps = [
      `Wekeneis: ${weeksWorkedLast36} of ${WEKENEIS.of} weeks worked (≥ ${WEKENEIS.needed} needed): ${meetsWekeneis ? `met → at least ${BASE_MONTHS} months` : 'not met → no WW'}`,
    ];
    let months = 0;
    if (meetsWekeneis) {
      steps.push(
        `Jareneis: ${jareneisCount} of the years ${u - JARENEIS.of}–${u - 1} count (≥ ${JARENEIS.needed} needed): ${meetsJareneis ? 'met' : 'not met'}`,
      );
      if (!meetsJareneis) {
        months = BASE_MONTHS;
        steps.push(`Duration: ${BASE_MONTHS} months (wekeneis only)`);
      } else {
        const fictiveText = fictiveCount ? `${fictiveCount} fictive years (${fictiveFrom}–${FICTIVE_UNTIL})` : 'no fictive years';
        steps.push(
          `Arbeidsverleden: ${fictiveText} + ${actual} counting years = ${total} years; ${before2016} before ${HALF_MONTH_FROM}, ${from2016} from ${HALF_MONTH_FROM}`,
        );
        let raw: number;
        if (total <= FIRST_YEARS_FULL) {
          raw = total;
          steps.push(`${total} years × 1 month = ${total} months (first ${FIRST_YEARS_FULL} years)`);
        } else if (before2016 >= FIRST_YEARS_FULL) {
          raw = before2016 + from2016 * 0.5;
          steps.push(
            `${before2016} years before ${HALF_MONTH_FROM} × 1 month = ${before2016} months (covers the first ${FIRST_YEARS_FULL} years); ${from2016} years from ${HALF_MONTH_FROM} × 0.5 = ${from2016 * 0.5} months`,
          );
        } else {
          const rest = total - FIRST_YEARS_FULL;
          raw = FIRST_YEARS_FULL + rest * 0.5;
          steps.push(
            `First ${FIRST_YEARS_FULL} years × 1 month = ${FIRST_YEARS_FULL} months; the other ${rest} years (from ${HALF_MONTH_FROM}) × 0.5 = ${rest * 0.5} months`,
          );
        }
        months = Math.min(MAX_MONTHS, Math.max(BASE_MONTHS, raw));
        steps.push(
          raw > MAX_MONTHS
            ? `Duration: ${raw} months capped at the maximum of ${MAX_MONTHS}`
            : raw < BASE_MONTHS
              ? `Duration: ${raw} months raised to the wekeneis minimum of ${BASE_MONTHS}`
              : `Duration: ${months} months`,
        );
      }
    }
    return {
      entitled: meetsWekeneis,
      durationMonths: months,
      meetsWekeneis,
      meetsJareneis,
      jareneisYears,
      fictiveYears: fictiveCount ? { from: fictiveFrom, to: FICTIVE_UNTIL, count: fictiveCount } : { from: null, to: null, count: 0 },
      actualYears: actual,
      arbeidsverledenYears: total,
      yearsBefore2016: before2016,
      yearsFrom2016: from2016,
      steps,
      rule: RULE,
      sources: [WW_SOURCES.duration, WW_SOURCES.countingYears, WW_SOURCES.law],
    };
  },
});
