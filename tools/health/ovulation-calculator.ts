import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { DISCLAIMER } from '../_lib/body-units.js';
import { dayFromIso, dayOf, isoDate, isoDateField } from '../_lib/calendar.js';

/**
 * Calendar method (catalogue §3, as calculator.net): for each cycle starting on day S,
 *   ovulation = S + cycleLength − lutealLength (luteal phase default 14 days),
 *   fertile window = ovulation − 5 … ovulation + 1 (sperm survive about 5 days, the egg about a day),
 *   next period = S + cycleLength.
 * Plain day arithmetic on the civil calendar (leap days count). Calendar estimates only: cycles vary.
 */
const LAST = dayOf(9999, 12, 31);

export default defineTool({
  slug: 'ovulation-calculator',
  title: 'Ovulation and fertile window calculator',
  summary: 'Your likely ovulation day and fertile window.',
  keywords: {
    en: ['fertile days', 'ovulation', 'cycle', 'trying to conceive', 'period', 'fertile', 'fertility'],
    nl: ['vruchtbare dagen', 'eisprong', 'ovulatie', 'cyclus', 'menstruatie', 'vruchtbaar', 'vruchtbaarheid'],
  },
  description:
    'Estimates ovulation (period start + cycleLength − lutealLength), the fertile window (5 days before to 1 after) and the next period for the coming cycles from the last period start. Calendar method only: not reliable as contraception.',
  resultView: { kind: 'table', field: 'cycles', label: 'Cycles' },
  input: z.strictObject({
    lmp: isoDateField('First day of the last period'),
    cycleLength: z.int().min(21).max(45).default(28).describe('Days'),
    lutealLength: z.int().min(10).max(16).default(14).describe('Days from ovulation to the next period'),
    // At most 12 cycles (a year ahead): 12 × six date formats, well under 1 ms in the worst case.
    cycles: z.int().min(1).max(12).default(6).describe('Cycles to list'),
  }),
  output: z.object({
    cycles: z.array(
      z.object({
        cycle: z.int(),
        periodStart: z.string(),
        fertileStart: z.string(),
        ovulation: z.string(),
        fertileEnd: z.string(),
        nextPeriod: z.string(),
      }),
    ),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // By the calendar rule: LMP 2024-02-01, 28-day cycle → ovulation 02-15, fertile 02-10 to 02-16,
    // next period 2024-02-29 (a leap day), then ovulation 03-14.
    {
      name: 'LMP 2024-02-01, 28-day cycles, 2 cycles',
      input: { lmp: '2024-02-01', cycles: 2 },
      output: {
        cycles: [
          {
            cycle: 1,
            periodStart: '2024-02-01',
            fertileStart: '2024-02-10',
            ovulation: '2024-02-15',
            fertileEnd: '2024-02-16',
            nextPeriod: '2024-02-29',
          },
          {
            cycle: 2,
            periodStart: '2024-02-29',
            fertileStart: '2024-03-09',
            ovulation: '2024-03-14',
            fertileEnd: '2024-03-15',
            nextPeriod: '2024-03-28',
          },
        ],
        formula: 'ovulation = period start + 28 − 14 days; fertile = ovulation − 5 to + 1',
        disclaimer: DISCLAIMER,
      },
    },
    // 32-day cycle, 12-day luteal phase: ovulation on cycle day 21 (start + 20).
    {
      name: 'LMP 2025-12-20, 32-day cycle, 12-day luteal phase',
      input: { lmp: '2025-12-20', cycleLength: 32, lutealLength: 12, cycles: 1 },
      output: {
        cycles: [
          {
            cycle: 1,
            periodStart: '2025-12-20',
            fertileStart: '2026-01-04',
            ovulation: '2026-01-09',
            fertileEnd: '2026-01-10',
            nextPeriod: '2026-01-21',
          },
        ],
        formula: 'ovulation = period start + 32 − 12 days; fertile = ovulation − 5 to + 1',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run({ lmp, cycleLength, lutealLength, cycles }) {
    const start = dayFromIso(lmp);
    if (start + cycles * cycleLength > LAST)
      throw new ToolError('`lmp` is too close to the year 9999 for this many cycles', 400, { field: 'lmp' });
    const out = [];
    for (let i = 0; i < cycles; i++) {
      const s = start + i * cycleLength;
      const ov = s + cycleLength - lutealLength;
      out.push({
        cycle: i + 1,
        periodStart: isoDate(s),
        fertileStart: isoDate(ov - 5),
        ovulation: isoDate(ov),
        fertileEnd: isoDate(ov + 1),
        nextPeriod: isoDate(s + cycleLength),
      });
    }
    return {
      cycles: out,
      formula: `ovulation = period start + ${cycleLength} − ${lutealLength} days; fertile = ovulation − 5 to + 1`,
      disclaimer: DISCLAIMER,
    };
  },
});
