import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { civil, dayFromIso, dayOf, daysInMonth, isoDateField } from '../_lib/calendar.js';
import { SEVERANCE_CAP } from './_figures.js';
import { availableYears, d, eur, forYear } from './_tax.js';

const SOURCE = 'BW 7:673 (https://wetten.overheid.nl/BWBR0005290); Besluit loonbegrip vergoeding aanzegtermijn en transitievergoeding; ';

/**
 * The day `n` months after `start` (same day of the month); when that month is too short, the first day of
 * the next month (31 January + 1 month = 1 March; 29 February + 12 months = 1 March), so no period is counted
 * as complete before it has really elapsed.
 */
function monthsLater(start: number, n: number): number {
  const [y, m, dd] = civil(start);
  const ty = y + Math.floor((m - 1 + n) / 12);
  const tm = ((m - 1 + n) % 12) + 1;
  return dd > daysInMonth(ty, tm) ? dayOf(ty, tm + 1, 1) : dayOf(ty, tm, dd);
}

const money = (what: string) => z.number().min(0).max(10_000_000).default(0).describe(what);

export default defineTool({
  slug: 'severance-calculator',
  title: 'Dutch transition payment (transitievergoeding)',
  summary: 'The Dutch transition payment (transitievergoeding) when your contract ends.',
  keywords: {
    en: [
      'severance pay',
      'transition payment',
      'dismissal compensation',
      'redundancy',
      'fired',
      'severance',
      'dismissal pay',
      'redundancy pay',
    ],
    nl: ['transitievergoeding', 'ontslagvergoeding', 'ontslag', 'vergoeding bij ontslag'],
  },
  description:
    "Dutch statutory severance (transitievergoeding, BW 7:673): 1/3 monthly salary per year of service, pro rata, capped at the year's maximum or one annual salary if higher. Monthly salary includes holiday allowance and fixed and variable components; entitlement is not checked. " +
    `End years: ${availableYears(SEVERANCE_CAP).join(', ')}.`,
  docs: [
    'Monthly salary per the Besluit loonbegrip: base + holiday allowance (default 8%) + 1/12 of a fixed 13th month/year-end bonus + 1/12 of fixed components of the last 12 months (overtime, shift allowance) + 1/36 of variable pay of the last 3 years. Pro rata from the first day (since 2020).',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'transitionPayment', unit: 'EUR', label: 'Transition payment', detail: ['capped'] },
  input: z.strictObject({
    startDate: isoDateField('First day of employment (yyyy-mm-dd)'),
    endDate: isoDateField('Last day of employment (yyyy-mm-dd)'),
    monthlySalary: z.number().min(0).max(1_000_000).describe('Gross base salary per month, euros'),
    holidayAllowancePercent: z.number().min(0).max(100).default(8).describe('Holiday allowance in percent of the base'),
    fixedYearEndBonus: money('Fixed 13th month or year-end bonus per year, euros'),
    fixedComponentsLast12Months: money('Fixed components paid in the last 12 months (overtime, shifts), euros'),
    variablePayLast3Years: money('Variable pay (bonus, profit share) in the 3 calendar years before the end year, euros'),
  }),
  output: z.object({
    endYear: z.int(),
    monthlySalary: z.number().describe('Salary per month for the severance'),
    salaryComponents: z.object({
      base: z.number(),
      holidayAllowance: z.number(),
      yearEndBonus: z.number(),
      fixedComponents: z.number(),
      variablePay: z.number(),
    }),
    service: z.object({ years: z.int(), months: z.int(), days: z.int(), daysInLastMonth: z.int() }),
    parts: z.object({ years: z.number(), months: z.number(), days: z.number() }),
    uncapped: z.number(),
    cap: z.number().describe('max(statutory maximum of the end year, 12 × monthly salary)'),
    capped: z.boolean(),
    transitionPayment: z.number(),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // Worked by hand from BW 7:673 and the Besluit loonbegrip (no official worked example was available):
    // €3,000 + 8% = €3,240 a month; 5 years 6 months → 5 × 1,080 + 6 × 90 = €5,940.
    {
      name: '5½ years at €3,000 a month plus 8%, ending 2025',
      input: { startDate: '2020-07-01', endDate: '2025-12-31', monthlySalary: 3000 },
      output: {
        endYear: 2025,
        monthlySalary: 3240,
        salaryComponents: { base: 3000, holidayAllowance: 240, yearEndBonus: 0, fixedComponents: 0, variablePay: 0 },
        service: { years: 5, months: 6, days: 0, daysInLastMonth: 31 },
        parts: { years: 5400, months: 540, days: 0 },
        uncapped: 5940,
        cap: 98000,
        capped: false,
        transitionPayment: 5940,
        rule: '1/3 × 3240 × (5 + 6/12 + 0/31/12) = 5940',
        source: SOURCE + 'Regeling SZW maximum transitievergoeding 2025 (€ 98.000)',
      },
    },
    {
      name: '40 years at €9,000 a month: capped at €102,000 or one year’s salary',
      input: { startDate: '1986-04-01', endDate: '2026-04-15', monthlySalary: 9000, fixedYearEndBonus: 9000 },
      output: {
        endYear: 2026,
        monthlySalary: 10470,
        salaryComponents: { base: 9000, holidayAllowance: 720, yearEndBonus: 750, fixedComponents: 0, variablePay: 0 },
        service: { years: 40, months: 0, days: 15, daysInLastMonth: 30 },
        parts: { years: 139600, months: 0, days: 145.42 },
        uncapped: 139745.42,
        cap: 125640,
        capped: true,
        transitionPayment: 125640,
        rule: '1/3 × 10470 × (40 + 0/12 + 15/30/12) = 139745.42; capped at 125640 (max(102000, 12 × monthly salary))',
        source: SOURCE + 'Regeling SZW maximum transitievergoeding 2026 (€ 102.000)',
      },
    },
  ],
  run({
    startDate,
    endDate,
    monthlySalary,
    holidayAllowancePercent,
    fixedYearEndBonus,
    fixedComponentsLast12Months,
    variablePayLast3Years,
  }) {
    const start = dayFromIso(startDate);
    const last = dayFromIso(endDate);
    if (last < start) throw new ToolError('`endDate` must not be before `startDate`', 400, { field: 'endDate' });
    const [endYear] = civil(last);
    const fig = forYear(SEVERANCE_CAP, endYear, 'transitievergoeding maximum', 'endDate');

    const base = d(monthlySalary);
    const holiday = base.times(holidayAllowancePercent).div(100);
    const bonus = d(fixedYearEndBonus).div(12);
    const fixed = d(fixedComponentsLast12Months).div(12);
    const variable = d(variablePayLast3Years).div(36);
    const salary = base.plus(holiday).plus(bonus).plus(fixed).plus(variable);

    // Service: whole years, then whole months, then days, each counted from the start date.
    const stop = last + 1;
    let years = Math.max(0, Math.floor((stop - start) / 366) - 1);
    while (monthsLater(start, 12 * (years + 1)) <= stop) years++;
    let months = 0;
    while (monthsLater(start, 12 * years + months + 1) <= stop) months++;
    const from = monthsLater(start, 12 * years + months);
    const days = stop - from;
    const daysInLastMonth = monthsLater(start, 12 * years + months + 1) - from;

    const third = salary.div(3);
    const partYears = third.times(years);
    const partMonths = third.div(12).times(months);
    const partDays = third.div(12).times(days).div(daysInLastMonth);
    const uncapped = partYears.plus(partMonths).plus(partDays);
    const cap = Decimal.max(fig.cap, salary.times(12));
    const capped = uncapped.gt(cap);
    const payment = capped ? cap : uncapped;
    return {
      endYear,
      monthlySalary: eur(salary),
      salaryComponents: {
        base: eur(base),
        holidayAllowance: eur(holiday),
        yearEndBonus: eur(bonus),
        fixedComponents: eur(fixed),
        variablePay: eur(variable),
      },
      service: { years, months, days, daysInLastMonth },
      parts: { years: eur(partYears), months: eur(partMonths), days: eur(partDays) },
      uncapped: eur(uncapped),
      cap: eur(cap),
      capped,
      transitionPayment: eur(payment),
      rule:
        `1/3 × ${eur(salary)} × (${years} + ${months}/12 + ${days}/${daysInLastMonth}/12) = ${eur(uncapped)}` +
        (capped ? `; capped at ${eur(cap)} (max(${fig.cap}, 12 × monthly salary))` : ''),
      source: SOURCE + fig.source,
    };
  },
});
