import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT, roundTo } from '../_lib/money.js';
import { project, solveContribution, solvePeriods, solveRate, solveStartAmount, type FvPlan } from '../_lib/future-value.js';

/** 100 years = 1,200 monthly periods; worst case (rate solve with an increase, daily compounding) measured 12–19 ms. */
const MAX_YEARS = 100;
const SOLVE = ['endAmount', 'startAmount', 'contribution', 'returnRate', 'years'] as const;
const COMPOUNDING = { annually: 1, semiannually: 2, quarterly: 4, monthly: 12, weekly: 52, daily: 365 } as const;
const FREQUENCY = { monthly: 12, annually: 1 } as const;

const money = z.number().min(0).max(MAX_AMOUNT);

export default defineTool({
  slug: 'investment-calculator',
  title: 'Investment calculator (solve for any unknown)',
  summary: 'What an investment grows to, or the deposit, return or time needed to reach a goal.',
  keywords: {
    en: ['investing', 'portfolio growth', 'future value', 'required return', 'contributions', 'stocks', 'investment', 'invest', 'returns'],
    nl: ['beleggen', 'belegging', 'vermogen', 'rendement', 'inleg', 'investeren'],
  },
  mcpRows: { yearly: 10 },
  description:
    'Future value of a starting amount plus regular contributions, or solves solveFor (startAmount, contribution, returnRate, years) from the others and targetAmount. Contributions monthly or annually, at start or end, optionally rising yearly; returns compound at a nominal annual rate. Unreachable targets give achievable: false.',
  docs: [
    '- When contribution and compounding frequencies differ, the equivalent effective rate per contribution period is used (compounding default annually, like calculator.net).',
    '- The rate is found by bisection between −99 % and 1000 %; years are whole contribution periods (plus the exact fraction when no increase is set).',
    '- Money rounded half-up to cents at the end.',
  ].join('\n'),
  resultView: {
    kind: 'figure',
    field: 'endAmount',
    label: 'Result',
    detail: ['totalInterest', 'totalContributions'],
    choose: {
      by: 'solvedFor',
      fields: { startAmount: 'startAmount', contribution: 'contribution', returnRate: 'annualReturnPercent', years: 'yearsExact' },
    },
    or: { kind: 'text', field: 'note' },
  },
  input: z.strictObject({
    solveFor: z.enum(SOLVE).default('endAmount').describe('Which value to compute'),
    startAmount: money.default(0).describe('Amount invested at the start'),
    contribution: money.default(0).describe('Amount added every contribution period'),
    contributionFrequency: z.enum(['monthly', 'annually']).default('monthly').describe('How often the contribution is added'),
    contributionTiming: z.enum(['end', 'start']).default('end').describe('Contribution at end or start of period'),
    contributionIncreasePercent: z.number().min(0).max(100).default(0).describe('Yearly contribution increase, percent'),
    annualReturnPercent: z.number().min(-50).max(100).optional().describe('Annual return, percent (not for returnRate)'),
    compounding: z
      .enum(Object.keys(COMPOUNDING) as [keyof typeof COMPOUNDING])
      .default('annually')
      .describe('How often returns compound'),
    years: z.number().positive().max(MAX_YEARS).optional().describe('Duration in years (not for solving years)'),
    targetAmount: money.optional().describe('Wanted end amount (unless solving endAmount)'),
  }),
  output: z.object({
    solvedFor: z.enum(SOLVE),
    achievable: z.boolean(),
    note: z.string().optional(),
    endAmount: z.number().nullable(),
    startAmount: z.number().nullable(),
    contribution: z.number().nullable(),
    annualReturnPercent: z.number().nullable(),
    years: z.number().nullable(),
    yearsExact: z.number().nullable().optional(),
    totalContributions: z.number().nullable(),
    totalInterest: z.number().nullable(),
    periodicRatePercent: z.number().nullable(),
    yearly: z.array(z.object({ year: z.int(), contributions: z.number(), interest: z.number(), balance: z.number() })),
  }),
  examples: [
    // calculator.net Investment Calculator defaults (as mirrored by morinitools.com): $20,000 start, $1,000 a month at
    // the end of each month, 6 % compounded annually, 10 years → end balance $198,290.40, interest $58,290.40.
    {
      name: 'calculator.net default: $20,000 + $1,000/month, 6% compounded annually, 10 years',
      input: { startAmount: 20000, contribution: 1000, annualReturnPercent: 6, years: 10 },
      output: {
        solvedFor: 'endAmount',
        achievable: true,
        endAmount: 198290.4,
        startAmount: 20000,
        contribution: 1000,
        annualReturnPercent: 6,
        years: 10,
        totalContributions: 120000,
        totalInterest: 58290.4,
        periodicRatePercent: 0.486755,
        yearly: [
          { year: 1, contributions: 12000, interest: 1526.53, balance: 33526.53 },
          { year: 2, contributions: 12000, interest: 2338.12, balance: 47864.65 },
          { year: 3, contributions: 12000, interest: 3198.41, balance: 63063.06 },
          { year: 4, contributions: 12000, interest: 4110.31, balance: 79173.37 },
          { year: 5, contributions: 12000, interest: 5076.93, balance: 96250.3 },
          { year: 6, contributions: 12000, interest: 6101.54, balance: 114351.84 },
          { year: 7, contributions: 12000, interest: 7187.64, balance: 133539.48 },
          { year: 8, contributions: 12000, interest: 8338.9, balance: 153878.38 },
          { year: 9, contributions: 12000, interest: 9559.23, balance: 175437.61 },
          { year: 10, contributions: 12000, interest: 10852.79, balance: 198290.4 },
        ],
      },
    },
    // The reverse question on the same plan: which return turns it into $198,290.40? (≈ 6 %)
    {
      name: 'Solve the return rate that reaches $198,290.40',
      input: { solveFor: 'returnRate', startAmount: 20000, contribution: 1000, years: 10, targetAmount: 198290.4 },
      output: {
        solvedFor: 'returnRate',
        achievable: true,
        endAmount: 198290.4,
        startAmount: 20000,
        contribution: 1000,
        annualReturnPercent: 6,
        years: 10,
        totalContributions: 120000,
        totalInterest: 58290.4,
        periodicRatePercent: 0.486755,
        yearly: [
          { year: 1, contributions: 12000, interest: 1526.53, balance: 33526.53 },
          { year: 2, contributions: 12000, interest: 2338.12, balance: 47864.65 },
          { year: 3, contributions: 12000, interest: 3198.41, balance: 63063.06 },
          { year: 4, contributions: 12000, interest: 4110.31, balance: 79173.37 },
          { year: 5, contributions: 12000, interest: 5076.93, balance: 96250.3 },
          { year: 6, contributions: 12000, interest: 6101.55, balance: 114351.85 },
          { year: 7, contributions: 12000, interest: 7187.63, balance: 133539.48 },
          { year: 8, contributions: 12000, interest: 8338.9, balance: 153878.38 },
          { year: 9, contributions: 12000, interest: 9559.23, balance: 175437.61 },
          { year: 10, contributions: 12000, interest: 10852.79, balance: 198290.4 },
        ],
      },
    },
    {
      name: 'Yearly contribution needed to grow $10,000 into $100,000 in 15 years at 7%',
      input: {
        solveFor: 'contribution',
        startAmount: 10000,
        contributionFrequency: 'annually',
        annualReturnPercent: 7,
        years: 15,
        targetAmount: 100000,
      },
      output: {
        solvedFor: 'contribution',
        achievable: true,
        endAmount: 100000.09,
        startAmount: 10000,
        contribution: 2881.52,
        annualReturnPercent: 7,
        years: 15,
        totalContributions: 43222.8,
        totalInterest: 46777.29,
        periodicRatePercent: 7,
        yearly: [
          { year: 1, contributions: 2881.52, interest: 700, balance: 13581.52 },
          { year: 2, contributions: 2881.52, interest: 950.71, balance: 17413.75 },
          { year: 3, contributions: 2881.52, interest: 1218.96, balance: 21514.23 },
          { year: 4, contributions: 2881.52, interest: 1505.99, balance: 25901.74 },
          { year: 5, contributions: 2881.52, interest: 1813.13, balance: 30596.39 },
          { year: 6, contributions: 2881.52, interest: 2141.74, balance: 35619.65 },
          { year: 7, contributions: 2881.52, interest: 2493.38, balance: 40994.55 },
          { year: 8, contributions: 2881.52, interest: 2869.62, balance: 46745.69 },
          { year: 9, contributions: 2881.52, interest: 3272.2, balance: 52899.41 },
          { year: 10, contributions: 2881.52, interest: 3702.95, balance: 59483.88 },
          { year: 11, contributions: 2881.52, interest: 4163.88, balance: 66529.28 },
          { year: 12, contributions: 2881.52, interest: 4657.05, balance: 74067.85 },
          { year: 13, contributions: 2881.52, interest: 5184.75, balance: 82134.12 },
          { year: 14, contributions: 2881.52, interest: 5749.38, balance: 90765.02 },
          { year: 15, contributions: 2881.52, interest: 6353.55, balance: 100000.09 },
        ],
      },
    },
  ],
  async run(input) {
    const { solveFor } = input;
    const p = FREQUENCY[input.contributionFrequency];
    const need = <T>(v: T | undefined, field: string): T => {
      if (v === undefined) throw new ToolError(`\`${field}\` is required when solveFor is ${solveFor}`, 400, { field });
      return v;
    };
    const base = {
      startAmount: input.startAmount,
      contribution: input.contribution,
      compoundsPerYear: COMPOUNDING[input.compounding],
      contributionsPerYear: p,
      timing: input.contributionTiming,
      contributionIncreasePercent: input.contributionIncreasePercent,
    };
    const periodsOf = (years: number) => {
      const n = Math.round(years * p);
      if (Math.abs(years * p - n) > 1e-9 || n < 1)
        throw new ToolError(`\`years\` must come to a whole number of ${input.contributionFrequency} contributions (got ${years})`, 400, {
          field: 'years',
        });
      return n;
    };
    const target = solveFor === 'endAmount' ? 0 : need(input.targetAmount, 'targetAmount');
    const done = async (plan: FvPlan, extra: { achievable?: boolean; note?: string; yearsExact?: number | null } = {}) => {
      const r = await project(plan);
      return {
        solvedFor: solveFor,
        achievable: extra.achievable ?? true,
        ...(extra.note ? { note: extra.note } : {}),
        endAmount: r.endBalance,
        startAmount: plan.startAmount,
        contribution: plan.contribution,
        annualReturnPercent: solveFor === 'returnRate' ? roundTo(plan.annualRatePercent, 6) : plan.annualRatePercent,
        years: roundTo(plan.periods / p, 6),
        ...(extra.yearsExact !== undefined ? { yearsExact: extra.yearsExact === null ? null : roundTo(extra.yearsExact, 4) } : {}),
        totalContributions: r.totalContributions,
        totalInterest: r.totalInterest,
        periodicRatePercent: roundTo(r.periodicRatePercent, 6),
        yearly: r.yearly,
      };
    };
    const unreachable = (note: string) => ({
      solvedFor: solveFor,
      achievable: false,
      note,
      endAmount: null,
      startAmount: input.startAmount,
      contribution: input.contribution,
      annualReturnPercent: input.annualReturnPercent ?? null,
      years: input.years ?? null,
      totalContributions: null,
      totalInterest: null,
      periodicRatePercent: null,
      yearly: [],
    });

    if (solveFor === 'returnRate') {
      const periods = periodsOf(need(input.years, 'years'));
      if (input.startAmount === 0 && input.contribution === 0)
        throw new ToolError('`startAmount` or `contribution` must be greater than 0 to solve for the return rate', 400, {
          field: 'startAmount',
        });
      const s = solveRate({ ...base, periods }, target);
      if (!s.achievable)
        return unreachable(
          s.reason === 'target-below-lowest-rate'
            ? 'The target is below what the plan keeps even at −99 % a year.'
            : 'The target needs more than 1000 % a year.',
        );
      return done({ ...base, periods, annualRatePercent: s.annualRatePercent! });
    }
    const annualRatePercent = need(input.annualReturnPercent, 'annualReturnPercent');
    if (solveFor === 'years') {
      const s = await solvePeriods({ ...base, annualRatePercent }, target, MAX_YEARS * p);
      if (!s.achievable) return unreachable(`The target is not reached within ${MAX_YEARS} years.`);
      return done({ ...base, annualRatePercent, periods: s.periods! }, { yearsExact: s.periodsExact === null ? null : s.periodsExact / p });
    }
    const periods = periodsOf(need(input.years, 'years'));
    if (solveFor === 'endAmount') return done({ ...base, annualRatePercent, periods });
    if (solveFor === 'startAmount') {
      const s = await solveStartAmount({ ...base, annualRatePercent, periods }, target);
      return done(
        { ...base, annualRatePercent, periods, startAmount: s.value },
        s.targetMetWithoutIt ? { note: 'The contributions alone reach the target; no starting amount is needed.' } : {},
      );
    }
    const s = await solveContribution({ ...base, annualRatePercent, periods }, target);
    return done(
      { ...base, annualRatePercent, periods, contribution: s.value },
      s.targetMetWithoutIt ? { note: 'The starting amount alone reaches the target; no contribution is needed.' } : {},
    );
  },
});
