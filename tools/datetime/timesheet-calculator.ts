import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { parseClock } from './_clock.js';
import { pay } from './_overtime.js';

/** Caps: 31 shifts × 5 break ranges: trivial work (well under 1 ms). */
const MAX_ENTRIES = 31;
const MAX_BREAKS = 5;
const DAY = 1440;

const clockField = (what: string) => z.string().max(12).describe(what);

/** Minutes after midnight of a typed time (24:00 = 1440); seconds are refused. */
function minutesOf(text: string, field: string): number {
  const c = parseClock(text);
  if (typeof c === 'string') throw new ToolError(`\`${field}\` ("${text}"): ${c}`, 400, { field });
  if (c.second !== null && c.second !== 0) throw new ToolError(`\`${field}\`: give whole minutes (hh:mm)`, 400, { field });
  return c.hour * 60 + c.minute;
}

/** Round to the nearest multiple of `step` minutes, a tie rounds up (FLSA 29 CFR 785.48(b): "to the nearest"). */
const roundTo = (minutes: number, step: number) => (step <= 1 ? minutes : Math.floor((minutes + step / 2) / step) * step);

const hhmm = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
/** A clock time on the shift timeline (0–2880 minutes); `endOfDay` shows exactly 1440 as 24:00 (for an end). */
const clock = (minutes: number, endOfDay = false) => {
  const m = minutes % DAY;
  return endOfDay && minutes === DAY ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export default defineTool({
  slug: 'timesheet-calculator',
  title: 'Timesheet calculator',
  summary: 'Add up the hours worked per shift and per week, with weekly overtime.',
  keywords: {
    en: ['hours worked', 'clock in', 'clock out', 'shifts', 'work hours', 'time card', 'breaks', 'timesheet', 'hours', 'clock in and out'],
    nl: ['urenregistratie', 'gewerkte uren', 'uren optellen', 'diensten', 'pauze', 'urenstaat', 'uren', 'begin en eindtijd'],
  },
  description:
    'Hours worked per shift and for a week of shifts (09:00 or 5:30 PM): h:mm and decimal hours, weekly overtime and, with hourlyRate, pay rounded to cents. An end before the start crosses midnight; breaks are unpaid; roundToMinutes rounds punches to the nearest step, ties up (FLSA 29 CFR 785.48(b)).',
  resultView: { kind: 'figure', field: 'totalHhmm', label: 'Total worked (h:mm)', detail: ['totalHours', 'overtimeHours', 'pay.totalPay'] },
  input: z.strictObject({
    entries: z
      .array(
        z.strictObject({
          label: z.string().max(40).optional(),
          start: clockField('Start time'),
          end: clockField('End time'),
          breakMinutes: z.int().min(0).max(DAY).default(0).describe('Unpaid break minutes'),
          breaks: z
            .array(z.strictObject({ start: clockField('Break start'), end: clockField('Break end') }))
            .max(MAX_BREAKS)
            .default([])
            .describe('Unpaid break ranges'),
        }),
      )
      .min(1)
      .max(MAX_ENTRIES)
      .describe('Shifts of one week'),
    roundToMinutes: z.int().min(0).max(60).default(0).describe('Round punches to N minutes (0 = exact)'),
    overtimeAfterHours: z.number().min(0).max(168).default(40).describe('Weekly overtime threshold in hours'),
    hourlyRate: z.number().min(0).max(100_000).optional().describe('Regular hourly rate for pay'),
    overtimeMultiplier: z.number().min(1).max(10).default(1.5).describe('Overtime rate ÷ regular rate'),
  }),
  output: z.object({
    entries: z.array(
      z.object({
        label: z.string().nullable(),
        start: z.string().describe('Counted start (after rounding)'),
        end: z.string(),
        crossesMidnight: z.boolean(),
        breakMinutes: z.int().describe('All unpaid break minutes'),
        workedMinutes: z.int(),
        hours: z.number().describe('Decimal hours, unrounded'),
        hhmm: z.string(),
      }),
    ),
    totalMinutes: z.int(),
    totalHours: z.number(),
    totalHhmm: z.string(),
    regularHours: z.number(),
    overtimeHours: z.number(),
    pay: z
      .object({ regularRate: z.number(), overtimeRate: z.number(), regularPay: z.number(), overtimePay: z.number(), totalPay: z.number() })
      .nullable()
      .describe('null without hourlyRate'),
  }),
  examples: [
    // A constructed check (no published worked example found for this exact case): Mon–Fri 8:00–17:00 with a
    // 30-minute lunch = 8.5 h × 5 = 42.5 h, 2.5 h over 40; at $20/h: 40 × 20 + 2.5 × 30 = $875.00.
    {
      name: 'Five 8:00–17:00 days with 30-minute lunch at $20/h',
      input: {
        entries: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((label) => ({ label, start: '08:00', end: '17:00', breakMinutes: 30 })),
        hourlyRate: 20,
      },
      output: {
        entries: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((label) => ({
          label,
          start: '08:00',
          end: '17:00',
          crossesMidnight: false,
          breakMinutes: 30,
          workedMinutes: 510,
          hours: 8.5,
          hhmm: '8:30',
        })),
        totalMinutes: 2550,
        totalHours: 42.5,
        totalHhmm: '42:30',
        regularHours: 40,
        overtimeHours: 2.5,
        pay: { regularRate: 20, overtimeRate: 30, regularPay: 800, overtimePay: 75, totalPay: 875 },
      },
    },
    // US DOL rounding practice under 29 CFR 785.48(b), nearest quarter hour: 1–7 minutes round down, 8–14 round up,
    // so 21:53 → 22:00 and 06:08 → 06:15; 8 h 15 min minus a 45-minute break = 7.5 h.
    {
      name: 'Night shift across midnight, punches rounded to 15 minutes',
      input: { entries: [{ start: '21:53', end: '6:08 AM', breaks: [{ start: '01:00', end: '01:45' }] }], roundToMinutes: 15 },
      output: {
        entries: [
          {
            label: null,
            start: '22:00',
            end: '06:15',
            crossesMidnight: true,
            breakMinutes: 45,
            workedMinutes: 450,
            hours: 7.5,
            hhmm: '7:30',
          },
        ],
        totalMinutes: 450,
        totalHours: 7.5,
        totalHhmm: '7:30',
        regularHours: 7.5,
        overtimeHours: 0,
        pay: null,
      },
    },
  ],
  run({ entries, roundToMinutes, overtimeAfterHours, hourlyRate, overtimeMultiplier }) {
    if (roundToMinutes > 1 && 60 % roundToMinutes !== 0)
      throw new ToolError('`roundToMinutes` must divide 60 (e.g. 5, 6, 10, 15, 30) or be 0', 400, { field: 'roundToMinutes' });
    const rows = entries.map((e, i) => {
      const f = `entries[${i}]`;
      const rawStart = minutesOf(e.start, `${f}.start`);
      const rawEnd = minutesOf(e.end, `${f}.end`);
      if (rawEnd === rawStart)
        throw new ToolError(`\`${f}.end\` equals the start; split a 24-hour shift into two entries`, 400, { field: `${f}.end` });
      // On one continuous timeline (an end before the start is the next day), then rounded: end ≥ start always.
      const crossesMidnight = rawEnd < rawStart;
      const start = roundTo(rawStart, roundToMinutes);
      const end = roundTo(rawEnd + (crossesMidnight ? DAY : 0), roundToMinutes);
      // Break ranges, placed inside the shift (a range before the start lies after midnight).
      const ranges = e.breaks.map((b, j) => {
        let bs = minutesOf(b.start, `${f}.breaks[${j}].start`);
        let be = minutesOf(b.end, `${f}.breaks[${j}].end`);
        if (bs < rawStart) bs += DAY;
        if (be <= bs) be += DAY;
        if (bs < start || be > end)
          throw new ToolError(`\`${f}.breaks[${j}]\` (${b.start}–${b.end}) must lie within the shift`, 400, { field: `${f}.breaks[${j}]` });
        return [bs, be] as const;
      });
      ranges
        .slice()
        .sort((a, b) => a[0] - b[0])
        .forEach((r, j, all) => {
          if (j > 0 && r[0] < all[j - 1][1]) throw new ToolError(`\`${f}.breaks\` overlap`, 400, { field: `${f}.breaks` });
        });
      const breakMinutes = e.breakMinutes + ranges.reduce((s, [a, b]) => s + b - a, 0);
      const workedMinutes = end - start - breakMinutes;
      if (workedMinutes < 0)
        throw new ToolError(`\`${f}\`: breaks (${breakMinutes} min) are longer than the shift`, 400, { field: `${f}.breakMinutes` });
      return {
        label: e.label ?? null,
        start: clock(start),
        end: clock(end, start < DAY),
        crossesMidnight,
        breakMinutes,
        workedMinutes,
        hours: workedMinutes / 60,
        hhmm: hhmm(workedMinutes),
      };
    });
    const totalMinutes = rows.reduce((s, r) => s + r.workedMinutes, 0);
    const threshold = Math.round(overtimeAfterHours * 60);
    const regularMinutes = Math.min(totalMinutes, threshold);
    const overtimeMinutes = totalMinutes - regularMinutes;
    const exactHours = (m: number) => new Decimal(m).div(60).toString();
    const p =
      hourlyRate === undefined
        ? null
        : pay(
            { regular: exactHours(regularMinutes), overtime: exactHours(overtimeMinutes), doubleTime: 0 },
            hourlyRate,
            overtimeMultiplier,
            2,
          );
    return {
      entries: rows,
      totalMinutes,
      totalHours: totalMinutes / 60,
      totalHhmm: hhmm(totalMinutes),
      regularHours: regularMinutes / 60,
      overtimeHours: overtimeMinutes / 60,
      pay: p && {
        regularRate: p.regularRate,
        overtimeRate: p.overtimeRate,
        regularPay: p.regularPay,
        overtimePay: p.overtimePay,
        totalPay: p.totalPay,
      },
    };
  },
});
