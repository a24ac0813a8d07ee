import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT, roundTo, toCents } from '../_lib/money.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { REPAYMENTS, amortize } from '../_lib/annuity.js';

/** Rows returned in `schedule` (the spec's limit); the totals always cover the whole term. */
const MAX_SCHEDULE = 360;
/** Longest term accepted: 100 years (worst case 1,200 linear rows at 100 %: about 3 ms warm, 18 ms cold). */
const MAX_MONTHS = 1200;

const UNIT_ALIASES: Record<string, 'years' | 'months'> = {
  year: 'years',
  years: 'years',
  y: 'years',
  yr: 'years',
  yrs: 'years',
  jaar: 'years',
  jaren: 'years',
  month: 'months',
  months: 'months',
  m: 'months',
  mo: 'months',
  mos: 'months',
  maand: 'months',
  maanden: 'months',
};

interface Row {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

export default defineTool({
  slug: 'loan-calculator',
  title: 'Loan calculator (annuity, linear, interest-only)',
  summary: 'Monthly payment, total interest and repayment schedule of a loan.',
  featured: true,
  keywords: {
    en: ['personal loan', 'amortization schedule', 'repayment', 'installment', 'monthly payment', 'interest', 'loan', 'loans'],
    nl: ['lening', 'aflossing', 'aflossingsschema', 'persoonlijke lening', 'maandbedrag', 'rente', 'leningen', 'aflossen', 'maandlasten'],
  },
  mcpRows: { schedule: 12 },
  description:
    'Monthly payment and amortisation schedule of a loan (interest monthly at annual rate/12): annuity (equal payments), linear (equal principal, Dutch lineair) or interest-only (bullet). Term must be whole months, up to 1200; schedule shows the first 360. Rounded to cents; the last payment clears the balance exactly.',
  docs: [
    '- `termUnit` aliases: year, y, jaar; month, m, maand.',
    '- Rounding: the annuity payment is the annuity formula rounded to cents (linear principal: amount / months rounded); each month interest = round(balance × rate/12); the last payment pays off the exact remaining balance. At 0 % the annuity payment is amount / months.',
    '- `monthlyPayment` is the annuity payment, the first (largest) linear payment, or the monthly interest; linear and interest-only add `repayment`, `firstPayment`, `lastPayment`.',
    '- `totalPaid`, `totalInterest` and `interestToPrincipalRatio` (totalInterest / amount, 4 decimals) cover the whole term; `scheduleTruncated` is true when the term is longer than 360 months.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'monthlyPayment', label: 'Monthly payment', detail: ['totalInterest', 'totalPaid'] },
  input: z.strictObject({
    amount: z.number().min(0.01).max(MAX_AMOUNT).describe('Loan amount (principal)'),
    annualRatePercent: z.number().min(0).max(100).describe('Annual interest rate, percent'),
    term: z.number().positive().max(MAX_MONTHS).describe('Duration, in termUnit'),
    termUnit: aliasedEnum(['years', 'months'], { aliases: UNIT_ALIASES }).default('years').describe('Unit of term'),
    repayment: aliasedEnum(REPAYMENTS, {
      aliases: {
        lineair: 'linear',
        equalprincipal: 'linear',
        annuiteit: 'annuity',
        annuitair: 'annuity',
        bullet: 'interest-only',
        aflossingsvrij: 'interest-only',
        interest: 'interest-only',
      },
    })
      .default('annuity')
      .describe('Repayment type'),
  }),
  output: z.object({
    amount: z.number(),
    annualRatePercent: z.number(),
    termMonths: z.int(),
    monthlyPayment: z.number(),
    totalPaid: z.number(),
    totalInterest: z.number(),
    interestToPrincipalRatio: z.number(),
    schedule: z.array(z.object({ month: z.int(), payment: z.number(), principal: z.number(), interest: z.number(), balance: z.number() })),
    scheduleTruncated: z.boolean(),
    repayment: z.enum(REPAYMENTS).optional(),
    firstPayment: z.number().optional(),
    lastPayment: z.number().optional(),
  }),
  examples: [
    {
      name: '€1,000 at 12% over 3 months (last payment adjusted by one cent)',
      input: { amount: 1000, annualRatePercent: 12, term: 3, termUnit: 'months' },
      output: {
        amount: 1000,
        annualRatePercent: 12,
        termMonths: 3,
        monthlyPayment: 340.02,
        totalPaid: 1020.07,
        totalInterest: 20.07,
        interestToPrincipalRatio: 0.0201,
        schedule: [
          { month: 1, payment: 340.02, principal: 330.02, interest: 10, balance: 669.98 },
          { month: 2, payment: 340.02, principal: 333.32, interest: 6.7, balance: 336.66 },
          { month: 3, payment: 340.03, principal: 336.66, interest: 3.37, balance: 0 },
        ],
        scheduleTruncated: false,
      },
    },
    {
      name: '€1,000 interest-free over a quarter of a year',
      input: { amount: 1000, annualRatePercent: 0, term: 0.25 },
      output: {
        amount: 1000,
        annualRatePercent: 0,
        termMonths: 3,
        monthlyPayment: 333.33,
        totalPaid: 1000,
        totalInterest: 0,
        interestToPrincipalRatio: 0,
        schedule: [
          { month: 1, payment: 333.33, principal: 333.33, interest: 0, balance: 666.67 },
          { month: 2, payment: 333.33, principal: 333.33, interest: 0, balance: 333.34 },
          { month: 3, payment: 333.34, principal: 333.34, interest: 0, balance: 0 },
        ],
        scheduleTruncated: false,
      },
    },
    // Linear (equal principal): €1,200 at 12% over 3 months; principal 400 a month, interest 1% of the falling balance
    // (12 / 8 / 4), the textbook lineaire lening: total interest = P·r·(n+1)/2 = 1200 × 0.01 × 2 = 24.
    {
      name: 'Linear: €1,200 at 12% over 3 months (equal principal, falling payments)',
      input: { amount: 1200, annualRatePercent: 12, term: 3, termUnit: 'months', repayment: 'linear' },
      output: {
        amount: 1200,
        annualRatePercent: 12,
        termMonths: 3,
        monthlyPayment: 412,
        totalPaid: 1224,
        totalInterest: 24,
        interestToPrincipalRatio: 0.02,
        schedule: [
          { month: 1, payment: 412, principal: 400, interest: 12, balance: 800 },
          { month: 2, payment: 408, principal: 400, interest: 8, balance: 400 },
          { month: 3, payment: 404, principal: 400, interest: 4, balance: 0 },
        ],
        scheduleTruncated: false,
        repayment: 'linear',
        firstPayment: 412,
        lastPayment: 404,
      },
    },
    {
      name: 'Interest-only: €10,000 at 6% over 3 months (principal repaid at the end)',
      input: { amount: 10000, annualRatePercent: 6, term: 3, termUnit: 'months', repayment: 'interest-only' },
      output: {
        amount: 10000,
        annualRatePercent: 6,
        termMonths: 3,
        monthlyPayment: 50,
        totalPaid: 10150,
        totalInterest: 150,
        interestToPrincipalRatio: 0.015,
        schedule: [
          { month: 1, payment: 50, principal: 0, interest: 50, balance: 10000 },
          { month: 2, payment: 50, principal: 0, interest: 50, balance: 10000 },
          { month: 3, payment: 10050, principal: 10000, interest: 50, balance: 0 },
        ],
        scheduleTruncated: false,
        repayment: 'interest-only',
        firstPayment: 50,
        lastPayment: 10050,
      },
    },
  ],
  async run({ amount, annualRatePercent, term, termUnit, repayment }) {
    const months = termUnit === 'years' ? term * 12 : term;
    const termMonths = Math.round(months);
    if (Math.abs(months - termMonths) > 1e-9 || termMonths < 1)
      throw new ToolError(`\`term\` must come to a whole number of months (got ${term} ${termUnit} = ${months} months)`, 400, {
        field: 'term',
      });
    if (termMonths > MAX_MONTHS)
      throw new ToolError(`\`term\` may be at most ${MAX_MONTHS} months (100 years); got ${termMonths}`, 400, { field: 'term' });

    // The shared annuity engine (tools/_lib/annuity.ts): cents per row, remainder in the last row.
    const plan = await amortize({ principal: amount, annualRatePercent, periods: termMonths, periodsPerYear: 12, repayment });
    const principalCents = toCents(amount);
    const interestCents = toCents(plan.totalInterest);
    const schedule: Row[] = plan.rows
      .slice(0, MAX_SCHEDULE)
      .map(({ period, payment, principal, interest, balance }) => ({ month: period, payment, principal, interest, balance }));
    return {
      amount,
      annualRatePercent,
      termMonths,
      monthlyPayment: plan.payment,
      totalPaid: plan.totalPaid,
      totalInterest: plan.totalInterest,
      interestToPrincipalRatio: roundTo(interestCents / principalCents, 4),
      schedule,
      scheduleTruncated: termMonths > MAX_SCHEDULE,
      // Only for the non-default repayments, so today's annuity answers keep their exact shape.
      ...(repayment === 'annuity' ? {} : { repayment, firstPayment: plan.firstPayment, lastPayment: plan.lastPayment }),
    };
  },
});
