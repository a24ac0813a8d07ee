import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT, roundTo } from '../_lib/money.js';
import { project, solveContribution, solvePeriods } from '../_lib/future-value.js';

const money = z.number().min(0).max(MAX_AMOUNT);

export default defineTool({
  slug: 'retirement-calculator',
  title: 'Retirement savings calculator (accumulate, then withdraw)',
  summary: 'How much you will have saved by retirement and how long it lasts.',
  keywords: {
    en: ['retirement savings', 'nest egg', 'pension pot', 'withdrawals', 'retire', '4% rule', 'retirement', 'savings last'],
    nl: ['pensioensparen', 'oudedagsvoorziening', 'pensioen', 'sparen voor later', 'oude dag', 'sparen voor pensioen'],
  },
  mcpRows: { yearly: 10 },
  description:
    "Retirement savings in two phases: savings and monthly contributions grow until retirementAge; then inflation-indexed yearly withdrawals while the rest keeps earning. Returns the balance at retirement (nominal and today's money), the withdrawal that lasts to lifeExpectancy, the 4 % rule figure, and how long annualWithdrawal lasts. No taxes or AOW.",
  docs: [
    '- Saving: contributions at the end of each month, optionally rising yearly; monthly compounding of `annualReturnPercent`.',
    '- Withdrawing: at the start of each retirement year, raised with `inflationPercent`; the rest earns `retirementReturnPercent`.',
    '- The 4 % rule is Bengen (1994). Ages are whole years; returns are assumptions.',
  ].join('\n'),
  resultView: {
    kind: 'figure',
    field: 'balanceAtRetirement',
    label: 'Savings at retirement',
    detail: ['balanceAtRetirementTodaysMoney', 'sustainableWithdrawal.firstYear'],
  },
  input: z.strictObject({
    currentAge: z.int().min(0).max(99).describe('Age now, whole years'),
    retirementAge: z.int().min(1).max(100).describe('Age at retirement, above currentAge'),
    lifeExpectancy: z.int().min(2).max(120).default(90).describe('Age the money must last to'),
    currentSavings: money.default(0).describe('Savings now'),
    monthlyContribution: money.default(0).describe('Saved every month until retirement'),
    contributionIncreasePercent: z.number().min(0).max(50).default(0).describe('Yearly contribution increase, percent'),
    annualReturnPercent: z.number().min(-50).max(50).describe('Annual return before retirement, percent'),
    retirementReturnPercent: z.number().min(-50).max(50).optional().describe('Annual return in retirement (default: annualReturnPercent)'),
    inflationPercent: z.number().min(0).max(50).default(0).describe('Yearly inflation, percent'),
    annualWithdrawal: money.optional().describe("Wanted yearly income, today's money"),
  }),
  output: z.object({
    yearsToRetirement: z.int(),
    retirementYears: z.int(),
    balanceAtRetirement: z.number(),
    balanceAtRetirementTodaysMoney: z.number(),
    totalContributions: z.number(),
    totalGrowth: z.number(),
    sustainableWithdrawal: z.object({ firstYear: z.number(), firstYearTodaysMoney: z.number() }),
    fourPercentRule: z.object({ firstYear: z.number(), firstYearTodaysMoney: z.number() }),
    withdrawalPlan: z
      .object({
        firstYear: z.number(),
        lastsToLifeExpectancy: z.boolean(),
        fullyFundedYears: z.int(),
        runsOutAtAge: z.int().nullable(),
        balanceAtLifeExpectancy: z.number().nullable(),
      })
      .optional(),
    yearly: z.array(z.object({ age: z.int(), contributions: z.number(), growth: z.number(), balance: z.number() })),
  }),
  examples: [
    {
      name: 'Age 30 → 67, €10,000 saved, €500 a month at 6%, 2% inflation, €30,000 a year wanted',
      input: {
        currentAge: 30,
        retirementAge: 67,
        currentSavings: 10000,
        monthlyContribution: 500,
        annualReturnPercent: 6,
        inflationPercent: 2,
        annualWithdrawal: 30000,
      },
      output: {
        yearsToRetirement: 37,
        retirementYears: 23,
        balanceAtRetirement: 907219.45,
        balanceAtRetirementTodaysMoney: 436019.59,
        totalContributions: 222000,
        totalGrowth: 675219.45,
        sustainableWithdrawal: { firstYear: 59167.89, firstYearTodaysMoney: 28436.73 },
        fourPercentRule: { firstYear: 36288.78, firstYearTodaysMoney: 17440.78 },
        withdrawalPlan: {
          firstYear: 62420.55,
          lastsToLifeExpectancy: false,
          fullyFundedYears: 21,
          runsOutAtAge: 88,
          balanceAtLifeExpectancy: null,
        },
        yearly: [
          { age: 31, contributions: 6000, growth: 784.56, balance: 16784.56 },
          { age: 32, contributions: 6000, growth: 1203.02, balance: 23987.58 },
          { age: 33, contributions: 6000, growth: 1647.28, balance: 31634.86 },
          { age: 34, contributions: 6000, growth: 2118.95, balance: 39753.81 },
          { age: 35, contributions: 6000, growth: 2619.71, balance: 48373.52 },
          { age: 36, contributions: 6000, growth: 3151.35, balance: 57524.87 },
          { age: 37, contributions: 6000, growth: 3715.79, balance: 67240.66 },
          { age: 38, contributions: 6000, growth: 4315.04, balance: 77555.7 },
          { age: 39, contributions: 6000, growth: 4951.24, balance: 88506.94 },
          { age: 40, contributions: 6000, growth: 5626.7, balance: 100133.64 },
          { age: 41, contributions: 6000, growth: 6343.81, balance: 112477.45 },
          { age: 42, contributions: 6000, growth: 7105.14, balance: 125582.59 },
          { age: 43, contributions: 6000, growth: 7913.44, balance: 139496.03 },
          { age: 44, contributions: 6000, growth: 8771.59, balance: 154267.62 },
          { age: 45, contributions: 6000, growth: 9682.67, balance: 169950.29 },
          { age: 46, contributions: 6000, growth: 10649.95, balance: 186600.24 },
          { age: 47, contributions: 6000, growth: 11676.87, balance: 204277.11 },
          { age: 48, contributions: 6000, growth: 12767.15, balance: 223044.26 },
          { age: 49, contributions: 6000, growth: 13924.66, balance: 242968.92 },
          { age: 50, contributions: 6000, growth: 15153.57, balance: 264122.49 },
          { age: 51, contributions: 6000, growth: 16458.28, balance: 286580.77 },
          { age: 52, contributions: 6000, growth: 17843.46, balance: 310424.23 },
          { age: 53, contributions: 6000, growth: 19314.07, balance: 335738.3 },
          { age: 54, contributions: 6000, growth: 20875.38, balance: 362613.68 },
          { age: 55, contributions: 6000, growth: 22533, balance: 391146.68 },
          { age: 56, contributions: 6000, growth: 24292.85, balance: 421439.53 },
          { age: 57, contributions: 6000, growth: 26161.25, balance: 453600.78 },
          { age: 58, contributions: 6000, growth: 28144.89, balance: 487745.67 },
          { age: 59, contributions: 6000, growth: 30250.86, balance: 523996.53 },
          { age: 60, contributions: 6000, growth: 32486.74, balance: 562483.27 },
          { age: 61, contributions: 6000, growth: 34860.52, balance: 603343.79 },
          { age: 62, contributions: 6000, growth: 37380.71, balance: 646724.5 },
          { age: 63, contributions: 6000, growth: 40056.33, balance: 692780.83 },
          { age: 64, contributions: 6000, growth: 42896.99, balance: 741677.82 },
          { age: 65, contributions: 6000, growth: 45912.84, balance: 793590.66 },
          { age: 66, contributions: 6000, growth: 49114.72, balance: 848705.38 },
          { age: 67, contributions: 6000, growth: 52514.07, balance: 907219.45 },
        ],
      },
    },
    // 4 % rule check (Bengen 1994; e.g. $1,000,000 → $40,000 in the first year). No saving phase left: retire now.
    {
      name: '$1,000,000 at 65, 4% rule and a withdrawal lasting to 90 at 5% (no inflation)',
      input: {
        currentAge: 64,
        retirementAge: 65,
        currentSavings: 1000000,
        annualReturnPercent: 0,
        retirementReturnPercent: 5,
        annualWithdrawal: 80000,
      },
      output: {
        yearsToRetirement: 1,
        retirementYears: 25,
        balanceAtRetirement: 1000000,
        balanceAtRetirementTodaysMoney: 1000000,
        totalContributions: 0,
        totalGrowth: 0,
        sustainableWithdrawal: { firstYear: 68287.26, firstYearTodaysMoney: 68287.26 },
        fourPercentRule: { firstYear: 40000, firstYearTodaysMoney: 40000 },
        withdrawalPlan: {
          firstYear: 80000,
          lastsToLifeExpectancy: false,
          fullyFundedYears: 18,
          runsOutAtAge: 83,
          balanceAtLifeExpectancy: null,
        },
        yearly: [{ age: 65, contributions: 0, growth: 0, balance: 1000000 }],
      },
    },
  ],
  async run(input) {
    const { currentAge, retirementAge, lifeExpectancy, inflationPercent } = input;
    if (retirementAge <= currentAge)
      throw new ToolError('`retirementAge` must be greater than `currentAge`', 400, { field: 'retirementAge' });
    if (lifeExpectancy <= retirementAge)
      throw new ToolError('`lifeExpectancy` must be greater than `retirementAge`', 400, { field: 'lifeExpectancy' });
    const yearsToRetirement = retirementAge - currentAge;
    const retirementYears = lifeExpectancy - retirementAge;
    const deflate = (amount: number, years: number) => roundTo(amount / (1 + inflationPercent / 100) ** years, 2);

    const saving = await project({
      startAmount: input.currentSavings,
      contribution: input.monthlyContribution,
      annualRatePercent: input.annualReturnPercent,
      compoundsPerYear: 12,
      contributionsPerYear: 12,
      periods: yearsToRetirement * 12,
      timing: 'end',
      contributionIncreasePercent: input.contributionIncreasePercent,
    });
    const balance = saving.endBalance;
    // Withdrawals: one a year at the start of the year, growing with inflation; the monthly-compounded return
    // becomes its effective yearly rate (the engine's equivalent-rate rule).
    const drawdown = {
      startAmount: balance,
      annualRatePercent: input.retirementReturnPercent ?? input.annualReturnPercent,
      compoundsPerYear: 12,
      contributionsPerYear: 1,
      timing: 'start' as const,
      contributionIncreasePercent: inflationPercent,
    };
    const sustainable = balance > 0 ? -(await solveContribution({ ...drawdown, periods: retirementYears }, 0)).exact : 0;
    const sustainableFirst = roundTo(sustainable, 2);
    const fourPercent = roundTo(balance * 0.04, 2);

    let withdrawalPlan;
    if (input.annualWithdrawal !== undefined) {
      const firstYear = roundTo(input.annualWithdrawal * (1 + inflationPercent / 100) ** yearsToRetirement, 2);
      const plan = { ...drawdown, contribution: -firstYear };
      const gone = await solvePeriods(plan, 0, retirementYears, 'down');
      // `gone.periods` = the first year whose start-of-year withdrawal empties the pot; it was paid in full only
      // when the balance lands on exactly 0.00.
      const emptied = gone.periods === null ? null : (await project({ ...plan, periods: gone.periods })).endBalance;
      const full = gone.periods === null ? retirementYears : emptied === 0 ? gone.periods : gone.periods - 1;
      if (full >= retirementYears) {
        const end = emptied ?? (await project({ ...plan, periods: retirementYears })).endBalance;
        withdrawalPlan = {
          firstYear,
          lastsToLifeExpectancy: true,
          fullyFundedYears: retirementYears,
          runsOutAtAge: null,
          balanceAtLifeExpectancy: end,
        };
      } else {
        withdrawalPlan = {
          firstYear,
          lastsToLifeExpectancy: false,
          fullyFundedYears: full,
          runsOutAtAge: retirementAge + full,
          balanceAtLifeExpectancy: null,
        };
      }
    }
    return {
      yearsToRetirement,
      retirementYears,
      balanceAtRetirement: balance,
      balanceAtRetirementTodaysMoney: deflate(balance, yearsToRetirement),
      totalContributions: saving.totalContributions,
      totalGrowth: saving.totalInterest,
      sustainableWithdrawal: { firstYear: sustainableFirst, firstYearTodaysMoney: deflate(sustainableFirst, yearsToRetirement) },
      fourPercentRule: { firstYear: fourPercent, firstYearTodaysMoney: deflate(fourPercent, yearsToRetirement) },
      ...(withdrawalPlan ? { withdrawalPlan } : {}),
      yearly: saving.yearly.map((y) => ({
        age: currentAge + y.year,
        contributions: y.contributions,
        growth: y.interest,
        balance: y.balance,
      })),
    };
  },
});
