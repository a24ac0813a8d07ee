import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { loadDecimal, money, sig } from './_decimal.js';

const WEEKS_PER_YEAR = 52;
const FORMULA =
  'hourlyRate = (targetIncome / (1 − taxRatePercent / 100) + businessCostsPerYear) / ((52 − weeksOff) × billableHoursPerWeek)';

export default defineTool({
  slug: 'freelance-rate-calculator',
  title: 'Freelance hourly rate calculator (zzp uurtarief)',
  summary: 'The hourly and day rate a freelancer needs to reach a target income after costs and time off.',
  keywords: {
    en: ['freelancer', 'contractor', 'consultant', 'hourly rate', 'day rate', 'self-employed', 'rate', 'charge per hour', 'billable'],
    nl: ['zzp', 'zelfstandige', 'uurtarief', 'dagtarief', 'freelancer', 'tarief berekenen', 'uurprijs', 'tarief', 'facturabele uren'],
  },
  description:
    "Minimum hourly and day rate for a freelancer (zzp'er): (income + business costs) / billable hours, billable hours = (52 − weeksOff) × billableHoursPerWeek. With taxRatePercent the income is net and grossed up by that own effective rate; no tax rules are modelled. Excludes VAT.",
  resultView: { kind: 'figure', field: 'hourlyRate', label: 'Hourly rate', detail: ['dayRate'] },
  input: z.strictObject({
    targetIncome: z.number().min(0).max(MAX_AMOUNT).describe('Income wanted per year (net if taxRatePercent > 0, else before tax)'),
    businessCostsPerYear: z
      .number()
      .min(0)
      .max(MAX_AMOUNT)
      .default(0)
      .describe('Business costs per year (insurance, tools, office, pension)'),
    billableHoursPerWeek: z.number().positive().max(168).describe('Hours per working week billed to clients, greater than 0'),
    weeksOff: z.number().min(0).max(51).describe('Weeks per year without billable work (holidays, public holidays, sickness)'),
    taxRatePercent: z
      .number()
      .min(0)
      .max(99)
      .default(0)
      .describe('Effective income tax rate in percent to gross up a net target; default 0'),
    hoursPerDay: z.number().positive().max(24).default(8).describe('Hours in a billed day, for dayRate; default 8'),
  }),
  output: z.object({
    hourlyRate: z.number(),
    dayRate: z.number(),
    grossIncomeNeeded: z.number(),
    revenueNeeded: z.number().describe('Gross income + business costs'),
    workingWeeks: z.number(),
    billableHoursPerYear: z.number(),
    formula: z.string(),
  }),
  examples: [
    // Hand-checked: (50,000 + 10,000) / (46 × 25 = 1,150 h) = 52.1739… → 52.17; × 8 = 417.39.
    {
      name: '50,000 a year + 10,000 costs, 25 billable hours a week, 6 weeks off',
      input: { targetIncome: 50000, businessCostsPerYear: 10000, billableHoursPerWeek: 25, weeksOff: 6 },
      output: {
        hourlyRate: 52.17,
        dayRate: 417.39,
        grossIncomeNeeded: 50000,
        revenueNeeded: 60000,
        workingWeeks: 46,
        billableHoursPerYear: 1150,
        formula: FORMULA,
      },
    },
    {
      name: 'Net 40,000 at an effective 30 % tax, 5,000 costs, 30 h a week, 7 weeks off',
      input: { targetIncome: 40000, taxRatePercent: 30, businessCostsPerYear: 5000, billableHoursPerWeek: 30, weeksOff: 7 },
      output: {
        hourlyRate: 46.03,
        dayRate: 368.25,
        grossIncomeNeeded: 57142.86,
        revenueNeeded: 62142.86,
        workingWeeks: 45,
        billableHoursPerYear: 1350,
        formula: FORMULA,
      },
    },
  ],
  async run({ targetIncome, businessCostsPerYear, billableHoursPerWeek, weeksOff, taxRatePercent, hoursPerDay }) {
    const D = await loadDecimal();
    const weeks = new D(WEEKS_PER_YEAR).minus(weeksOff);
    const hours = weeks.times(billableHoursPerWeek);
    if (!hours.isPositive() || hours.isZero())
      throw new ToolError('`weeksOff` leaves no billable hours in the year', 400, { field: 'weeksOff' });
    const gross = new D(targetIncome).dividedBy(new D(1).minus(new D(taxRatePercent).dividedBy(100)));
    const revenue = gross.plus(businessCostsPerYear);
    const hourly = revenue.dividedBy(hours);
    return {
      hourlyRate: money(hourly),
      dayRate: money(hourly.times(hoursPerDay)),
      grossIncomeNeeded: money(gross),
      revenueNeeded: money(revenue),
      workingWeeks: sig(weeks),
      billableHoursPerYear: sig(hours),
      formula: FORMULA,
    };
  },
});
