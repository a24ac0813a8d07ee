import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_AMOUNT, fromCents, roundTo, toCents } from '../_lib/money.js';

const MAX_YEARS = 100;

export default defineTool({
  slug: 'compound-interest-calculator',
  title: 'Compound interest calculator',
  summary: 'How savings grow with compound interest and monthly deposits, year by year.',
  keywords: {
    en: [
      'interest on interest',
      'savings growth',
      'compounding',
      'annual return',
      'future value',
      'compound interest',
      'interest',
      'grow savings',
    ],
    nl: ['rente op rente', 'samengestelde rente', 'rente', 'spaargeld groei', 'groei'],
  },
  mcpRows: { yearly: 10 },
  description:
    'Grows a starting amount plus a fixed monthly contribution at an annual interest rate, with a year-by-year table and total contributed, interest and interest percent. Interest accrues monthly and is added each compounding period; contributions at the end of each month.',
  docs: [
    '- Interest accrues every month on the balance at the start of that month (annual rate / 12) and is added at the end of each compounding period; contributions are paid at the end of each month.',
    "- Computed in full precision; amounts are rounded to cents only for the output, and each year's `interest` is the difference of the rounded balances, so the table adds up exactly.",
    '- `totalContributed` = principal + all contributions; `totalInterest` = futureValue − totalContributed; `interestPercent` = totalInterest / totalContributed × 100 (2 decimals; 0 when nothing was contributed).',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'futureValue', label: 'Future value', detail: ['totalInterest', 'totalContributed'] },
  input: z.strictObject({
    principal: z.number().min(0).max(MAX_AMOUNT).describe('Starting amount'),
    annualRatePercent: z.number().min(0).max(100).describe('Annual interest rate, percent'),
    years: z.int().min(1).max(MAX_YEARS).describe('Duration in whole years'),
    compoundsPerYear: z
      .union([z.literal(12), z.literal(4), z.literal(1)])
      .default(12)
      .describe('Interest additions per year'),
    monthlyContribution: z.number().min(0).max(MAX_AMOUNT).default(0).describe('Amount added at the end of every month'),
  }),
  output: z.object({
    principal: z.number(),
    annualRatePercent: z.number(),
    years: z.int(),
    compoundsPerYear: z.int(),
    monthlyContribution: z.number(),
    futureValue: z.number(),
    totalContributed: z.number(),
    totalInterest: z.number(),
    interestPercent: z.number(),
    yearly: z.array(z.object({ year: z.int(), contributions: z.number(), interest: z.number(), balance: z.number() })),
  }),
  examples: [
    {
      name: '€1,000 at 5% compounded monthly for one year',
      input: { principal: 1000, annualRatePercent: 5, years: 1 },
      output: {
        principal: 1000,
        annualRatePercent: 5,
        years: 1,
        compoundsPerYear: 12,
        monthlyContribution: 0,
        futureValue: 1051.16,
        totalContributed: 1000,
        totalInterest: 51.16,
        interestPercent: 5.12,
        yearly: [{ year: 1, contributions: 0, interest: 51.16, balance: 1051.16 }],
      },
    },
    {
      name: '€10,000 plus €100 a month at 4%, interest added yearly, two years',
      input: { principal: 10000, annualRatePercent: 4, years: 2, compoundsPerYear: 1, monthlyContribution: 100 },
      output: {
        principal: 10000,
        annualRatePercent: 4,
        years: 2,
        compoundsPerYear: 1,
        monthlyContribution: 100,
        futureValue: 13308.88,
        totalContributed: 12400,
        totalInterest: 908.88,
        interestPercent: 7.33,
        yearly: [
          { year: 1, contributions: 1200, interest: 422, balance: 11622 },
          { year: 2, contributions: 1200, interest: 486.88, balance: 13308.88 },
        ],
      },
    },
  ],
  run({ principal, annualRatePercent, years, compoundsPerYear, monthlyContribution }) {
    const monthlyRate = annualRatePercent / 100 / 12;
    const monthsPerPeriod = 12 / compoundsPerYear;
    const yearlyContributionCents = toCents(monthlyContribution * 12);
    const yearly: { year: number; contributions: number; interest: number; balance: number }[] = [];

    let balance = principal;
    let accrued = 0;
    let previousCents = toCents(principal);
    for (let month = 1; month <= years * 12; month++) {
      accrued += balance * monthlyRate; // on the balance at the start of the month
      balance += monthlyContribution; // paid at the end of the month
      if (month % monthsPerPeriod === 0) {
        balance += accrued;
        accrued = 0;
      }
      if (month % 12 === 0) {
        const balanceCents = toCents(balance);
        yearly.push({
          year: month / 12,
          contributions: fromCents(yearlyContributionCents),
          interest: fromCents(balanceCents - previousCents - yearlyContributionCents),
          balance: fromCents(balanceCents),
        });
        previousCents = balanceCents;
      }
    }
    const contributedCents = toCents(principal) + yearlyContributionCents * years;
    const interestCents = previousCents - contributedCents;
    return {
      principal,
      annualRatePercent,
      years,
      compoundsPerYear,
      monthlyContribution,
      futureValue: fromCents(previousCents),
      totalContributed: fromCents(contributedCents),
      totalInterest: fromCents(interestCents),
      interestPercent: contributedCents === 0 ? 0 : roundTo((interestCents / contributedCents) * 100, 2),
      yearly,
    };
  },
});
