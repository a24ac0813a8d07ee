import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { civil, dayFromIso, dayOf, isLeapYear, isoDateField } from '../_lib/calendar.js';

const D = Decimal.clone({ precision: 40 });
const FREQUENCIES = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 } as const;
const MAX_HOURS = 100_000;
const h = (what: string) => z.number().min(0).max(MAX_HOURS).describe(what);

export default defineTool({
  slug: 'pto-calculator',
  title: 'PTO / vacation accrual calculator',
  summary: 'Your vacation (PTO) balance in hours and days: carried over, accrued and used.',
  keywords: {
    en: [
      'paid time off',
      'vacation accrual',
      'leave balance',
      'holiday hours',
      'annual leave',
      'PTO',
      'vacation days',
      'leave',
      'days off accrued',
    ],
    nl: ['verlofuren', 'vakantiedagen', 'verlof opbouw', 'verlofsaldo', 'vrije dagen', 'verlof', 'vakantieuren', 'verlofdagen'],
  },
  description:
    'PTO balance (carried over, capped, + accrued − used) in hours and days. Modes: per-period (annual hours per pay period), per-hour-worked (e.g. 1 per 30, California sick leave), nl-statutory (Dutch minimum 4 × weeklyHours a year, BW 7:634, pro rata in year). Sets overdrawn when negative.',
  resultView: { kind: 'figure', field: 'balanceHours', unit: 'hours', label: 'Balance', detail: ['balanceDays'] },
  input: z.strictObject({
    mode: z.enum(['per-period', 'per-hour-worked', 'nl-statutory']).default('per-period').describe('How time off accrues'),
    annualAccrualHours: h('per-period: hours per year').optional(),
    payFrequency: z.enum(['weekly', 'biweekly', 'semimonthly', 'monthly']).default('biweekly').describe('per-period'),
    periodsElapsed: z.int().min(0).max(52).optional().describe('per-period: periods completed'),
    hoursWorked: h('per-hour-worked').optional(),
    accrueHours: z.number().min(0).max(100).default(1).describe('per-hour-worked'),
    perHoursWorked: z.number().min(1).max(1000).default(30).describe('per-hour-worked'),
    weeklyHours: z.number().min(0).max(168).optional().describe('nl-statutory: contract hours/week'),
    year: z.int().min(1900).max(2100).optional().describe('nl-statutory: calendar year'),
    employedFrom: isoDateField('nl-statutory: first day employed').optional(),
    employedTo: isoDateField('nl-statutory: last day employed').optional(),
    accrualCapHours: h('Max hours accrued this year').optional(),
    carriedOverHours: h('Hours brought from last year').default(0),
    carryOverCapHours: h('Max hours carried over').optional(),
    usedHours: h('Hours taken').default(0),
    hoursPerDay: z.number().min(0.5).max(24).default(8).describe('Hours per day off'),
  }),
  output: z.object({
    mode: z.string(),
    formula: z.string(),
    accrualPerPeriodHours: z.number().nullable().describe('per-period: hours per pay period'),
    accruedHours: z.number(),
    accrualCapped: z.boolean(),
    carriedOverHours: z.number().describe('After the carry-over cap'),
    forfeitedHours: z.number().describe('Carry-over above the cap'),
    usedHours: z.number(),
    balanceHours: z.number(),
    balanceDays: z.number(),
    overdrawn: z.boolean(),
  }),
  examples: [
    // rijksoverheid.nl "Hoeveel vakantiedagen heb ik?": the statutory minimum is 4 × the agreed weekly working time,
    // so 40 hours a week = 160 hours (20 days of 8 hours) a year (BW 7:634 lid 1).
    {
      name: 'Dutch statutory minimum, full-time for a whole year',
      input: { mode: 'nl-statutory', weeklyHours: 40, year: 2025 },
      output: {
        mode: 'nl-statutory',
        formula: '4 × 40 h/week × 365/365 days employed = 160 h',
        accrualPerPeriodHours: null,
        accruedHours: 160,
        accrualCapped: false,
        carriedOverHours: 0,
        forfeitedHours: 0,
        usedHours: 0,
        balanceHours: 160,
        balanceDays: 20,
        overdrawn: false,
      },
    },
    // California Labor Code § 246(b)(1): paid sick leave accrues at not less than 1 hour per 30 hours worked;
    // 600 hours worked = 20 hours (employers may cap accrual, § 246(b)(4)).
    {
      name: '1 hour per 30 worked, 600 hours worked, 6 used',
      input: { mode: 'per-hour-worked', hoursWorked: 600, usedHours: 6 },
      output: {
        mode: 'per-hour-worked',
        formula: '600 h worked × 1/30 = 20 h',
        accrualPerPeriodHours: null,
        accruedHours: 20,
        accrualCapped: false,
        carriedOverHours: 0,
        forfeitedHours: 0,
        usedHours: 6,
        balanceHours: 14,
        balanceDays: 1.75,
        overdrawn: false,
      },
    },
    {
      name: '80 h a year biweekly, 13 periods in, 50 h carried over with a 40 h cap',
      input: { annualAccrualHours: 80, periodsElapsed: 13, carriedOverHours: 50, carryOverCapHours: 40, usedHours: 24 },
      output: {
        mode: 'per-period',
        formula: '80 h/year ÷ 26 periods × 13 periods = 40 h',
        accrualPerPeriodHours: 3.076923076923077,
        accruedHours: 40,
        accrualCapped: false,
        carriedOverHours: 40,
        forfeitedHours: 10,
        usedHours: 24,
        balanceHours: 56,
        balanceDays: 7,
        overdrawn: false,
      },
    },
  ],
  run(input) {
    const need = <T>(v: T | undefined, field: string): T => {
      if (v === undefined) throw new ToolError(`\`${field}\` is required in mode ${input.mode}`, 400, { field });
      return v;
    };
    let accrued: Decimal;
    let formula: string;
    let perPeriod: number | null = null;
    if (input.mode === 'per-period') {
      const annual = need(input.annualAccrualHours, 'annualAccrualHours');
      const periods = FREQUENCIES[input.payFrequency];
      const elapsed = need(input.periodsElapsed, 'periodsElapsed');
      if (elapsed > periods)
        throw new ToolError(`\`periodsElapsed\` must be at most ${periods} for ${input.payFrequency} pay`, 400, {
          field: 'periodsElapsed',
        });
      const rate = new D(String(annual)).div(periods);
      perPeriod = rate.toNumber();
      accrued = rate.times(elapsed);
      formula = `${annual} h/year ÷ ${periods} periods × ${elapsed} periods`;
    } else if (input.mode === 'per-hour-worked') {
      const worked = need(input.hoursWorked, 'hoursWorked');
      accrued = new D(String(worked)).times(String(input.accrueHours)).div(String(input.perHoursWorked));
      formula = `${worked} h worked × ${input.accrueHours}/${input.perHoursWorked}`;
    } else {
      const weekly = need(input.weeklyHours, 'weeklyHours');
      const from = input.employedFrom === undefined ? undefined : dayFromIso(input.employedFrom);
      const to = input.employedTo === undefined ? undefined : dayFromIso(input.employedTo);
      const year = input.year ?? (from !== undefined ? civil(from)[0] : to !== undefined ? civil(to)[0] : undefined);
      if (year === undefined)
        throw new ToolError('`year` (or employedFrom/employedTo) is required in mode nl-statutory', 400, { field: 'year' });
      const [first, last] = [dayOf(year, 1, 1), dayOf(year, 12, 31)];
      const a = from ?? first;
      const b = to ?? last;
      if (a < first || a > last) throw new ToolError(`\`employedFrom\` must lie in ${year}`, 400, { field: 'employedFrom' });
      if (b < first || b > last) throw new ToolError(`\`employedTo\` must lie in ${year}`, 400, { field: 'employedTo' });
      if (b < a) throw new ToolError('`employedTo` must not be before `employedFrom`', 400, { field: 'employedTo' });
      const days = b - a + 1;
      const yearDays = isLeapYear(year) ? 366 : 365;
      accrued = new D(4).times(String(weekly)).times(days).div(yearDays);
      formula = `4 × ${weekly} h/week × ${days}/${yearDays} days employed`;
    }
    let accrualCapped = false;
    if (input.accrualCapHours !== undefined && accrued.gt(String(input.accrualCapHours))) {
      accrued = new D(String(input.accrualCapHours));
      accrualCapped = true;
    }
    formula += ` = ${accrued.toNumber()} h${accrualCapped ? ' (capped)' : ''}`;
    const carried = Math.min(input.carriedOverHours, input.carryOverCapHours ?? Infinity);
    const balance = accrued.plus(String(carried)).minus(String(input.usedHours));
    return {
      mode: input.mode,
      formula,
      accrualPerPeriodHours: perPeriod,
      accruedHours: accrued.toNumber(),
      accrualCapped,
      carriedOverHours: carried,
      forfeitedHours: new D(String(input.carriedOverHours)).minus(String(carried)).toNumber(),
      usedHours: input.usedHours,
      balanceHours: balance.toNumber(),
      balanceDays: balance.div(String(input.hoursPerDay)).toNumber(),
      overdrawn: balance.isNegative(),
    };
  },
});
