import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { pay, splitHours, type OvertimeRules } from './_overtime.js';

const PRESETS: Record<'flsa' | 'california', OvertimeRules> = {
  flsa: { weeklyThreshold: 40, dailyThreshold: null, doubleTimeAfterDaily: null, seventhDay: false },
  california: { weeklyThreshold: 40, dailyThreshold: 8, doubleTimeAfterDaily: 12, seventhDay: true },
};

const hours = (what: string, max: number) => z.number().min(0).max(max).describe(what);

export default defineTool({
  slug: 'overtime-calculator',
  title: 'Overtime pay calculator',
  summary: 'Regular and overtime hours and pay for a week of work.',
  keywords: {
    en: ['overtime pay', 'time and a half', 'double time', '40 hours', 'extra hours', 'overtime', 'over 40 hours', 'time-and-a-half pay'],
    nl: ['overuren', 'overwerk', 'overurentoeslag', 'extra uren', 'meer uren', 'overuren betaald'],
  },
  description:
    'Regular, overtime and double-time hours and pay for one workweek from hoursWorked or dailyHours. preset flsa: over 40 h/week at 1.5×; california (needs dailyHours): daily and 7th-day rules too. Override thresholds and multipliers for other rules (NL: the CAO sets it).',
  docs: [
    '- flsa (US federal): over 40 h/week at 1.5×.',
    '- california (Labor Code §510): over 8 h/day or 40 h/week at 1.5×, over 12 h/day at 2×; 7th consecutive day: first 8 h 1.5×, rest 2×; weekly overtime counts only hours not already daily overtime.',
    '- Pay lines are rounded half-up to cents; total = their sum.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'totalPay', label: 'Total pay', detail: ['overtimeHours', 'overtimePay'] },
  input: z.strictObject({
    hourlyRate: z.number().min(0).max(100_000).describe('Regular hourly rate'),
    hoursWorked: hours('Hours worked in the week', 168).optional(),
    dailyHours: z.array(hours('Hours that day', 24)).min(1).max(7).optional().describe('Hours per day, in order'),
    preset: z.enum(['flsa', 'california']).default('flsa').describe('Rule set; fields below override it'),
    weeklyThresholdHours: hours('Weekly overtime threshold (preset: 40)', 168).optional(),
    dailyThresholdHours: hours('Daily overtime threshold (california: 8)', 24).optional(),
    doubleTimeAfterDailyHours: hours('Daily double-time threshold (california: 12)', 24).optional(),
    overtimeMultiplier: z.number().min(1).max(10).default(1.5).describe('Overtime rate ÷ regular rate'),
    doubleTimeMultiplier: z.number().min(1).max(10).default(2).describe('Double-time rate ÷ regular rate'),
  }),
  output: z.object({
    preset: z.string(),
    rules: z.string().describe('The thresholds applied'),
    totalHours: z.number(),
    regularHours: z.number(),
    overtimeHours: z.number(),
    doubleTimeHours: z.number(),
    regularRate: z.number(),
    overtimeRate: z.number(),
    doubleTimeRate: z.number(),
    regularPay: z.number(),
    overtimePay: z.number(),
    doubleTimePay: z.number(),
    totalPay: z.number(),
    days: z.array(z.object({ day: z.int(), hours: z.number(), regular: z.number(), overtime: z.number(), doubleTime: z.number() })),
  }),
  examples: [
    // US DOL Wage and Hour Division, "Handy Reference Guide to the FLSA": an employee paid $8.00 an hour works
    // 44 hours: $320 for the first 40 hours plus $48.00 for 4 overtime hours at $12.00 = $368.00.
    {
      name: 'FLSA: $8/h, 44 hours',
      input: { hourlyRate: 8, hoursWorked: 44 },
      output: {
        preset: 'flsa',
        rules: 'overtime (×1.5) after 40 h/week',
        totalHours: 44,
        regularHours: 40,
        overtimeHours: 4,
        doubleTimeHours: 0,
        regularRate: 8,
        overtimeRate: 12,
        doubleTimeRate: 16,
        regularPay: 320,
        overtimePay: 48,
        doubleTimePay: 0,
        totalPay: 368,
        days: [],
      },
    },
    // pearson.com overtime calculator, example 2 (California-style): $30/h, one 12-hour day = 8 × 30 + 4 × 45 = $420.
    {
      name: 'California: $30/h, one 12-hour day',
      input: { hourlyRate: 30, dailyHours: [12], preset: 'california' },
      output: {
        preset: 'california',
        rules: 'overtime (×1.5) after 40 h/week and 8 h/day; double time (×2) after 12 h/day; 7th consecutive day rule',
        totalHours: 12,
        regularHours: 8,
        overtimeHours: 4,
        doubleTimeHours: 0,
        regularRate: 30,
        overtimeRate: 45,
        doubleTimeRate: 60,
        regularPay: 240,
        overtimePay: 180,
        doubleTimePay: 0,
        totalPay: 420,
        days: [{ day: 1, hours: 12, regular: 8, overtime: 4, doubleTime: 0 }],
      },
    },
  ],
  run(input) {
    const { hourlyRate, hoursWorked, dailyHours, preset } = input;
    if ((hoursWorked === undefined) === (dailyHours === undefined))
      throw new ToolError('give exactly one of `hoursWorked` (week total) and `dailyHours` (per day)', 400, {
        field: hoursWorked === undefined ? 'hoursWorked' : 'dailyHours',
      });
    const base = PRESETS[preset];
    const rules: OvertimeRules = {
      weeklyThreshold: input.weeklyThresholdHours ?? base.weeklyThreshold,
      dailyThreshold: input.dailyThresholdHours ?? base.dailyThreshold,
      doubleTimeAfterDaily: input.doubleTimeAfterDailyHours ?? base.doubleTimeAfterDaily,
      seventhDay: base.seventhDay,
    };
    if (dailyHours === undefined && (rules.dailyThreshold !== null || rules.doubleTimeAfterDaily !== null))
      throw new ToolError('daily overtime rules (california, dailyThresholdHours, doubleTimeAfterDailyHours) need `dailyHours`', 400, {
        field: 'dailyHours',
      });
    const total = hoursWorked ?? dailyHours!.reduce((s, h) => s + h, 0);
    const split = splitHours(dailyHours ?? null, total, rules);
    let rulesText = `overtime (×${input.overtimeMultiplier}) after ${rules.weeklyThreshold} h/week`;
    if (rules.dailyThreshold !== null) rulesText += ` and ${rules.dailyThreshold} h/day`;
    if (rules.doubleTimeAfterDaily !== null)
      rulesText += `; double time (×${input.doubleTimeMultiplier}) after ${rules.doubleTimeAfterDaily} h/day`;
    if (rules.seventhDay) rulesText += '; 7th consecutive day rule';
    return {
      preset,
      rules: rulesText,
      totalHours: split.regular + split.overtime + split.doubleTime,
      regularHours: split.regular,
      overtimeHours: split.overtime,
      doubleTimeHours: split.doubleTime,
      ...pay(split, hourlyRate, input.overtimeMultiplier, input.doubleTimeMultiplier),
      days: split.days.map((d, i) => ({ day: i + 1, ...d })),
    };
  },
});
