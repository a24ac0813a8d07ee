import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { DISCLAIMER } from '../_lib/body-units.js';
import { type Day, dayFromIso, dayOf, isoDate, isoDateField } from '../_lib/calendar.js';

/**
 * Estimated due date by day arithmetic on the civil calendar (tools/_lib/calendar.ts), catalogue §3:
 *   lmp         due = LMP + 280 + (cycleLength − 28)     (Naegele's rule, adjusted for cycle length)
 *   conception  due = conception + 266
 *   ivf         due = transfer + 266 − embryo age (day-3 → +263, day-5 → +261)
 *   ultrasound  due = scan date + 280 − gestational age at the scan
 * Decision: plain day counts, not the "+1 year −3 months +7 days" mnemonic (they differ by a day
 * across a February: LMP 2023-05-31 → 2024-03-06 by days, 03-07 by the mnemonic).
 * Gestational age on `onDate` counts from the equivalent LMP (due − 280). Trimesters as ACOG
 * (Committee Opinion 700, 2017): first to 13 weeks 6 days, second 14w0d–27w6d, third from 28w0d.
 */
const METHODS = ['lmp', 'conception', 'ivf', 'ultrasound'] as const;
const FIRST = dayOf(1, 1, 1);
const LAST = dayOf(9999, 12, 31);

export function trimester(gestationalDays: number): 1 | 2 | 3 {
  return gestationalDays < 14 * 7 ? 1 : gestationalDays < 28 * 7 ? 2 : 3;
}

export default defineTool({
  slug: 'due-date-calculator',
  title: 'Pregnancy due date calculator',
  summary: "Your baby's due date from your last period, conception, IVF transfer or an ultrasound.",
  keywords: {
    en: ['pregnancy', 'due date', 'last period', 'conception', 'gestational age', 'baby', 'pregnant'],
    nl: ['zwangerschap', 'uitgerekende datum', 'zwanger', 'bevalling', 'baby'],
  },
  description:
    'Estimated due date from the last period (lmp: +280 days, adjusted for cycleLength), conception (+266), IVF transfer (+266 − embryoAgeDays) or an ultrasound. With onDate also gestational age, trimester (ACOG) and days to go.',
  docs: [
    'ultrasound: scan date + 280 − gestational age at the scan. ivf: day-5 +261, day-3 +263. Plain day arithmetic (leap days count). Trimesters: 2nd from 14w0d, 3rd from 28w0d.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'dueDate', label: 'Due date', detail: ['daysUntilDue', 'trimester'] },
  input: z.strictObject({
    method: z.enum(METHODS).default('lmp').describe('What date is'),
    date: isoDateField('LMP, conception, transfer or scan date'),
    cycleLength: z.int().min(20).max(45).default(28).describe('lmp: days'),
    embryoAgeDays: z.int().min(3).max(6).default(5).describe('ivf: embryo age at transfer'),
    ultrasoundWeeks: z.int().min(0).max(42).optional().describe('ultrasound: gestational age weeks'),
    ultrasoundDays: z.int().min(0).max(6).default(0).describe('ultrasound: + days'),
    onDate: isoDateField('Date for gestational age (today)').optional(),
  }),
  output: z.object({
    dueDate: z.string(),
    method: z.enum(METHODS),
    lmpDate: z.string().describe('Equivalent LMP: due − 280 days'),
    conceptionDate: z.string().describe('Estimated: due − 266 days'),
    onDate: z.string().nullable(),
    gestationalAge: z
      .object({ weeks: z.int(), days: z.int(), totalDays: z.int() })
      .nullable()
      .describe('null without onDate or before the LMP'),
    trimester: z.int().nullable(),
    daysUntilDue: z.int().nullable().describe('Negative after the due date'),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // Catalogue §3: LMP 2023-05-31 + 280 days = 2024-03-06 (the mnemonic would give 03-07, as the
    // interval contains 29 February 2024). On 2023-10-01: 123 days = 17 weeks 4 days, 2nd trimester.
    {
      name: 'LMP 2023-05-31 across a leap day, on 2023-10-01',
      input: { date: '2023-05-31', onDate: '2023-10-01' },
      output: {
        dueDate: '2024-03-06',
        method: 'lmp',
        lmpDate: '2023-05-31',
        conceptionDate: '2023-06-14',
        onDate: '2023-10-01',
        gestationalAge: { weeks: 17, days: 4, totalDays: 123 },
        trimester: 2,
        daysUntilDue: 157,
        formula: 'due = LMP + 280 days + (cycle 28 − 28)',
        disclaimer: DISCLAIMER,
      },
    },
    // calculator.net's IVF rule: day-5 blastocyst transfer + 261 days: 2025-01-10 → 2025-09-28.
    {
      name: 'IVF, day-5 transfer on 2025-01-10',
      input: { method: 'ivf', date: '2025-01-10', embryoAgeDays: 5 },
      output: {
        dueDate: '2025-09-28',
        method: 'ivf',
        lmpDate: '2024-12-22',
        conceptionDate: '2025-01-05',
        onDate: null,
        gestationalAge: null,
        trimester: null,
        daysUntilDue: null,
        formula: 'due = transfer + 266 − 5 days',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const d = dayFromIso(input.date);
    let due: Day;
    let formula: string;
    switch (input.method) {
      case 'lmp':
        due = d + 280 + (input.cycleLength - 28);
        formula = `due = LMP + 280 days + (cycle ${input.cycleLength} − 28)`;
        break;
      case 'conception':
        due = d + 266;
        formula = 'due = conception + 266 days';
        break;
      case 'ivf':
        due = d + 266 - input.embryoAgeDays;
        formula = `due = transfer + 266 − ${input.embryoAgeDays} days`;
        break;
      case 'ultrasound': {
        if (input.ultrasoundWeeks === undefined)
          throw new ToolError('`ultrasoundWeeks` is required for the ultrasound method', 400, { field: 'ultrasoundWeeks' });
        const ga = input.ultrasoundWeeks * 7 + input.ultrasoundDays;
        due = d + 280 - ga;
        formula = `due = scan date + 280 − ${ga} days (${input.ultrasoundWeeks}w${input.ultrasoundDays}d)`;
        break;
      }
    }
    const lmp = due - 280;
    if (due > LAST || lmp < FIRST) throw new ToolError('`date` gives a due date outside the years 0001–9999', 400, { field: 'date' });
    let gestationalAge = null;
    let tri: number | null = null;
    let daysUntilDue: number | null = null;
    const on = input.onDate === undefined ? null : dayFromIso(input.onDate);
    if (on !== null) {
      daysUntilDue = due - on;
      const g = on - lmp;
      if (g >= 0) {
        gestationalAge = { weeks: Math.floor(g / 7), days: g % 7, totalDays: g };
        tri = trimester(g);
      }
    }
    return {
      dueDate: isoDate(due),
      method: input.method,
      lmpDate: isoDate(lmp),
      conceptionDate: isoDate(due - 266),
      onDate: on === null ? null : isoDate(on),
      gestationalAge,
      trimester: tri,
      daysUntilDue,
      formula,
      disclaimer: DISCLAIMER,
    };
  },
});
