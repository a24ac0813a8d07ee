import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT, roundTo } from '../_lib/money.js';
import { project, solveContribution, solvePeriods, type FvPlan } from '../_lib/future-value.js';

/** 100 years = 1,200 months; worst case (time to goal, daily compounding) measured 10–14 ms. */
const MAX_YEARS = 100;
const COMPOUNDING = { monthly: 12, quarterly: 4, annually: 1, daily: 365 } as const;
const money = z.number().min(0).max(MAX_AMOUNT);

export default defineTool({
  slug: 'savings-calculator',
  title: 'Savings calculator (balance, deposit needed, time to goal)',
  summary: 'How your savings grow, the deposit you need, or how long to reach a goal.',
  keywords: {
    en: ['savings goal', 'monthly deposit', 'save money', 'time to goal', 'piggy bank', 'save', 'savings', 'saving goal', 'save per month'],
    nl: ['sparen', 'spaardoel', 'spaarrekening', 'maandelijks sparen', 'spaargeld', 'per maand sparen'],
  },
  mcpRows: { yearly: 10 },
  description:
    'Savings growth with an initial and monthly deposits; solves futureValue, monthlyDeposit (needed to reach goal in years, like Excel PMT) or timeToGoal (months until goal). Unreachable goals give achievable: false. Rounded to cents at the end, so a solved deposit can miss by cents.',
  resultView: {
    kind: 'figure',
    field: 'futureValue',
    label: 'Result',
    detail: ['interest', 'totalDeposits'],
    choose: { by: 'solvedFor', fields: { monthlyDeposit: 'requiredMonthlyDeposit', timeToGoal: 'monthsToGoal' } },
    or: { kind: 'text', field: 'note' },
  },
  input: z.strictObject({
    solveFor: z.enum(['futureValue', 'monthlyDeposit', 'timeToGoal']).default('futureValue').describe('What to compute'),
    initialDeposit: money.default(0).describe('Balance at the start'),
    monthlyDeposit: money.default(0).describe('Deposit every month'),
    annualRatePercent: z.number().min(0).max(100).describe('Nominal annual rate, percent'),
    compounding: z.enum(['monthly', 'quarterly', 'annually', 'daily']).default('monthly').describe('How often interest is added'),
    depositTiming: z.enum(['end', 'start']).default('end').describe('Deposits at end or start of month'),
    years: z.number().positive().max(MAX_YEARS).optional().describe('Duration in years (not for timeToGoal)'),
    goal: money.optional().describe('Target balance'),
  }),
  output: z.object({
    solvedFor: z.enum(['futureValue', 'monthlyDeposit', 'timeToGoal']),
    achievable: z.boolean(),
    note: z.string().optional(),
    futureValue: z.number().nullable(),
    totalDeposits: z.number().nullable(),
    interest: z.number().nullable(),
    monthlyDeposit: z.number(),
    months: z.int().nullable(),
    requiredMonthlyDeposit: z.number().optional(),
    monthsToGoal: z.int().nullable().optional(),
    yearly: z.array(z.object({ year: z.int(), deposits: z.number(), interest: z.number(), balance: z.number() })),
  }),
  examples: [
    // Excel PMT example (catalogue §2): saving $50,000 in 18 years at 6 % a year, monthly: PMT(6%/12, 216, 0, 50000) = 129.08.
    {
      name: 'Monthly deposit to have $50,000 in 18 years at 6% (Excel PMT: 129.08)',
      input: { solveFor: 'monthlyDeposit', annualRatePercent: 6, years: 18, goal: 50000 },
      output: {
        solvedFor: 'monthlyDeposit',
        achievable: true,
        futureValue: 49999.55,
        totalDeposits: 27881.28,
        interest: 22118.27,
        monthlyDeposit: 129.08,
        months: 216,
        requiredMonthlyDeposit: 129.08,
        yearly: [
          { year: 1, deposits: 1548.96, interest: 43.31, balance: 1592.27 },
          { year: 2, deposits: 1548.96, interest: 141.53, balance: 3282.76 },
          { year: 3, deposits: 1548.96, interest: 245.78, balance: 5077.5 },
          { year: 4, deposits: 1548.96, interest: 356.49, balance: 6982.95 },
          { year: 5, deposits: 1548.96, interest: 474.01, balance: 9005.92 },
          { year: 6, deposits: 1548.96, interest: 598.78, balance: 11153.66 },
          { year: 7, deposits: 1548.96, interest: 731.24, balance: 13433.86 },
          { year: 8, deposits: 1548.96, interest: 871.89, balance: 15854.71 },
          { year: 9, deposits: 1548.96, interest: 1021.2, balance: 18424.87 },
          { year: 10, deposits: 1548.96, interest: 1179.72, balance: 21153.55 },
          { year: 11, deposits: 1548.96, interest: 1348.01, balance: 24050.52 },
          { year: 12, deposits: 1548.96, interest: 1526.7, balance: 27126.18 },
          { year: 13, deposits: 1548.96, interest: 1716.4, balance: 30391.54 },
          { year: 14, deposits: 1548.96, interest: 1917.8, balance: 33858.3 },
          { year: 15, deposits: 1548.96, interest: 2131.62, balance: 37538.88 },
          { year: 16, deposits: 1548.96, interest: 2358.63, balance: 41446.47 },
          { year: 17, deposits: 1548.96, interest: 2599.64, balance: 45595.07 },
          { year: 18, deposits: 1548.96, interest: 2855.52, balance: 49999.55 },
        ],
      },
    },
    {
      name: '€10,000 plus €200 a month at 3% for 3 years',
      input: { initialDeposit: 10000, monthlyDeposit: 200, annualRatePercent: 3, years: 3 },
      output: {
        solvedFor: 'futureValue',
        achievable: true,
        futureValue: 18464.63,
        totalDeposits: 17200,
        interest: 1264.63,
        monthlyDeposit: 200,
        months: 36,
        yearly: [
          { year: 1, deposits: 2400, interest: 337.44, balance: 12737.44 },
          { year: 2, deposits: 2400, interest: 420.69, balance: 15558.13 },
          { year: 3, deposits: 2400, interest: 506.5, balance: 18464.63 },
        ],
      },
    },
    {
      name: 'Months until €5,000 + €250 a month reaches €20,000 at 4%',
      input: { solveFor: 'timeToGoal', initialDeposit: 5000, monthlyDeposit: 250, annualRatePercent: 4, goal: 20000 },
      output: {
        solvedFor: 'timeToGoal',
        achievable: true,
        futureValue: 20113.58,
        totalDeposits: 18000,
        interest: 2113.58,
        monthlyDeposit: 250,
        months: 52,
        monthsToGoal: 52,
        yearly: [
          { year: 1, deposits: 3000, interest: 259.32, balance: 8259.32 },
          { year: 2, deposits: 3000, interest: 392.12, balance: 11651.44 },
          { year: 3, deposits: 3000, interest: 530.31, balance: 15181.75 },
          { year: 4, deposits: 3000, interest: 674.14, balance: 18855.89 },
          { year: 5, deposits: 1000, interest: 257.69, balance: 20113.58 },
        ],
      },
    },
  ],
  async run(input) {
    const { solveFor } = input;
    const base = {
      startAmount: input.initialDeposit,
      contribution: input.monthlyDeposit,
      annualRatePercent: input.annualRatePercent,
      compoundsPerYear: COMPOUNDING[input.compounding],
      contributionsPerYear: 12,
      timing: input.depositTiming,
    };
    const need = <T>(v: T | undefined, field: string): T => {
      if (v === undefined) throw new ToolError(`\`${field}\` is required when solveFor is ${solveFor}`, 400, { field });
      return v;
    };
    const monthsOf = (years: number) => {
      const n = Math.round(years * 12);
      if (Math.abs(years * 12 - n) > 1e-9 || n < 1)
        throw new ToolError(`\`years\` must come to a whole number of months (got ${years})`, 400, { field: 'years' });
      return n;
    };
    const report = async (plan: FvPlan, extra: Record<string, unknown> = {}) => {
      const r = await project(plan);
      return {
        solvedFor: solveFor,
        achievable: true,
        futureValue: r.endBalance,
        totalDeposits: roundTo(r.startAmount + r.totalContributions, 2),
        interest: r.totalInterest,
        monthlyDeposit: plan.contribution,
        months: plan.periods,
        ...extra,
        yearly: r.yearly.map((y) => ({ year: y.year, deposits: y.contributions, interest: y.interest, balance: y.balance })),
      };
    };
    if (solveFor === 'futureValue') return report({ ...base, periods: monthsOf(need(input.years, 'years')) });
    const goal = need(input.goal, 'goal');
    if (solveFor === 'monthlyDeposit') {
      const periods = monthsOf(need(input.years, 'years'));
      const s = await solveContribution({ ...base, periods }, goal);
      return report(
        { ...base, periods, contribution: s.value },
        { requiredMonthlyDeposit: s.value, ...(s.targetMetWithoutIt ? { note: 'The initial deposit alone reaches the goal.' } : {}) },
      );
    }
    const s = await solvePeriods(base, goal, MAX_YEARS * 12);
    if (!s.achievable)
      return {
        solvedFor: solveFor,
        achievable: false,
        note: `The goal is not reached within ${MAX_YEARS} years with these deposits and rate.`,
        futureValue: null,
        totalDeposits: null,
        interest: null,
        monthlyDeposit: input.monthlyDeposit,
        months: null,
        monthsToGoal: null,
        yearly: [],
      };
    return report({ ...base, periods: s.periods! }, { monthsToGoal: s.periods! });
  },
});
