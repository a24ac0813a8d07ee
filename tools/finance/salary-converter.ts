import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { loadDecimal } from '../_lib/annuity.js';

const PERIODS = ['hour', 'day', 'week', 'biweek', 'semimonth', 'month', 'quarter', 'year'] as const;
type Period = (typeof PERIODS)[number];
/** Periods per year for the salary periods (52 weeks a year; calculator.net's convention). */
const PER_YEAR: Record<Exclude<Period, 'hour' | 'day'>, number> = { week: 52, biweek: 26, semimonth: 24, month: 12, quarter: 4, year: 1 };

const table = z.object({
  hourly: z.number(),
  daily: z.number(),
  weekly: z.number(),
  biweekly: z.number(),
  semimonthly: z.number(),
  monthly: z.number(),
  quarterly: z.number(),
  annual: z.number(),
});

export default defineTool({
  slug: 'salary-converter',
  title: 'Salary converter (hourly, daily, weekly, monthly, yearly)',
  summary: 'Convert pay between hourly, daily, weekly, monthly and yearly.',
  keywords: {
    en: [
      'hourly to annual',
      'salary per hour',
      'yearly salary',
      'monthly pay',
      'wage conversion',
      'salary',
      'hourly',
      'annual',
      'per hour',
    ],
    nl: ['uurloon', 'jaarsalaris', 'maandsalaris', 'loon omrekenen', 'salaris', 'jaarloon', 'per uur'],
  },
  description:
    'Converts pay between hour, day, week, biweek, semimonth, month, quarter and year (52-week year, month = year/12). adjusted figures treat holidays and vacation days as unpaid. Dutch extras: holidayAllowancePercent (vakantiegeld, statutory 8 %) and thirteenthMonth. Gross; no tax.',
  docs: [
    '- Calculator.net conventions: a year is 52 weeks (2,080 h at 40 h/week, 260 days at 5 days/week).',
    '- `adjusted`: an hourly or daily rate earns less per year; a weekly-or-longer amount is taken as already adjusted (the unadjusted figures are scaled up).',
    '- Holiday allowance: statutory minimum 8 % (Wet minimumloon en minimumvakantiebijslag art. 15), on the adjusted annual pay.',
  ].join('\n'),
  resultView: { kind: 'record', field: 'adjusted' },
  input: z.strictObject({
    amount: z.number().positive().max(MAX_AMOUNT).describe('Pay amount'),
    period: z.enum(PERIODS).describe('What the amount is per'),
    hoursPerWeek: z.number().positive().max(168).default(40).describe('Paid hours per week'),
    daysPerWeek: z.number().positive().max(7).default(5).describe('Working days per week'),
    holidaysPerYear: z.number().min(0).max(366).default(0).describe('Public holidays off per year'),
    vacationDaysPerYear: z.number().min(0).max(366).default(0).describe('Vacation days per year'),
    holidayAllowancePercent: z.number().min(0).max(100).default(0).describe('Holiday allowance, percent (NL: 8)'),
    thirteenthMonth: z.boolean().default(false).describe('Add a 13th monthly pay'),
  }),
  output: z.object({
    period: z.enum(PERIODS),
    workingDaysPerYear: z.number(),
    unadjusted: table,
    adjusted: table,
    holidayAllowance: z.number(),
    thirteenthMonthPay: z.number(),
    annualWithExtras: z.number(),
  }),
  examples: [
    // calculator.net Salary Calculator result for $30 an hour, 40 h, 5 days, 10 holidays + 15 vacation days:
    // unadjusted $62,400 a year; adjusted hourly $27.12, daily $216.92, monthly $4,700, annual $56,400.
    {
      name: '$30 an hour with 10 holidays and 15 vacation days (calculator.net)',
      input: { amount: 30, period: 'hour', holidaysPerYear: 10, vacationDaysPerYear: 15 },
      output: {
        period: 'hour',
        workingDaysPerYear: 235,
        unadjusted: {
          hourly: 30,
          daily: 240,
          weekly: 1200,
          biweekly: 2400,
          semimonthly: 2600,
          monthly: 5200,
          quarterly: 15600,
          annual: 62400,
        },
        adjusted: {
          hourly: 27.12,
          daily: 216.92,
          weekly: 1084.62,
          biweekly: 2169.23,
          semimonthly: 2350,
          monthly: 4700,
          quarterly: 14100,
          annual: 56400,
        },
        holidayAllowance: 0,
        thirteenthMonthPay: 0,
        annualWithExtras: 56400,
      },
    },
    {
      name: '€4,000 a month, 36 h/week, Dutch 8% holiday allowance and a 13th month',
      input: { amount: 4000, period: 'month', hoursPerWeek: 36, holidayAllowancePercent: 8, thirteenthMonth: true },
      output: {
        period: 'month',
        workingDaysPerYear: 260,
        unadjusted: {
          hourly: 25.64,
          daily: 184.62,
          weekly: 923.08,
          biweekly: 1846.15,
          semimonthly: 2000,
          monthly: 4000,
          quarterly: 12000,
          annual: 48000,
        },
        adjusted: {
          hourly: 25.64,
          daily: 184.62,
          weekly: 923.08,
          biweekly: 1846.15,
          semimonthly: 2000,
          monthly: 4000,
          quarterly: 12000,
          annual: 48000,
        },
        holidayAllowance: 3840,
        thirteenthMonthPay: 4000,
        annualWithExtras: 55840,
      },
    },
  ],
  async run(input) {
    const { amount, period, hoursPerWeek, daysPerWeek } = input;
    const Decimal = await loadDecimal();
    const fullDays = new Decimal(daysPerWeek).times(52);
    const daysOff = input.holidaysPerYear + input.vacationDaysPerYear;
    const workingDays = fullDays.minus(daysOff);
    if (workingDays.lte(0))
      throw new ToolError(
        `Holidays plus vacation days (${daysOff}) must be fewer than the ${fullDays.toNumber()} working days a year`,
        400,
        { field: 'vacationDaysPerYear' },
      );
    const ratio = workingDays.div(fullDays); // adjusted / unadjusted
    const a = new Decimal(amount);
    // Hourly and daily rates are unadjusted (you are paid per hour/day worked); longer periods are adjusted pay.
    const unadjustedAnnual =
      period === 'hour' ? a.times(hoursPerWeek).times(52) : period === 'day' ? a.times(fullDays) : a.times(PER_YEAR[period]).div(ratio);
    const adjustedAnnual = unadjustedAnnual.times(ratio);
    const money = (d: InstanceType<typeof Decimal>) => d.toDecimalPlaces(2).toNumber() + 0;
    // Every row is annual / periods per year (calculator.net), so the adjusted hourly rate is spread over 2,080 h.
    const rows = (annual: InstanceType<typeof Decimal>) => ({
      hourly: money(annual.div(new Decimal(hoursPerWeek).times(52))),
      daily: money(annual.div(fullDays)),
      weekly: money(annual.div(52)),
      biweekly: money(annual.div(26)),
      semimonthly: money(annual.div(24)),
      monthly: money(annual.div(12)),
      quarterly: money(annual.div(4)),
      annual: money(annual),
    });
    const allowance = adjustedAnnual.times(input.holidayAllowancePercent).div(100);
    const thirteenth = input.thirteenthMonth ? adjustedAnnual.div(12) : new Decimal(0);
    return {
      period,
      workingDaysPerYear: workingDays.toNumber(),
      unadjusted: rows(unadjustedAnnual),
      adjusted: rows(adjustedAnnual),
      holidayAllowance: money(allowance),
      thirteenthMonthPay: money(thirteenth),
      annualWithExtras: money(adjustedAnnual.plus(allowance).plus(thirteenth)),
    };
  },
});
