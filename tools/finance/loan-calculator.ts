import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT, fromCents, roundHalfAway, roundTo, toCents } from '../_lib/money.js';

/** Rows returned in `schedule` (the spec's limit); the totals always cover the whole term. */
const MAX_SCHEDULE = 360;
/** Longest term accepted: 100 years. */
const MAX_MONTHS = 1200;

const UNIT_ALIASES: Record<string, 'years' | 'months'> = {
  year: 'years', years: 'years', y: 'years', yr: 'years', yrs: 'years', jaar: 'years', jaren: 'years',
  month: 'months', months: 'months', m: 'months', mo: 'months', mos: 'months', maand: 'months', maanden: 'months',
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
  title: 'Loan (annuity) calculator',
  description:
    'Monthly payment and amortisation schedule of an annuity loan (equal monthly payments, interest monthly at annual rate / 12). ' +
    '`term` with `termUnit` `years` (default; aliases year, y, jaar) or `months` (month, m, maand); the term must come to a whole number of months, 1–1200. ' +
    'Rounding: the payment is the annuity formula rounded to cents; each month interest = round(balance × rate/12) to cents and principal = payment − interest; the last payment is adjusted (up or down by a few cents) to pay off the exact remaining balance, so the balance ends at exactly 0.00. At 0 % the payment is amount / months. ' +
    '`totalPaid`, `totalInterest` and `interestToPrincipalRatio` (totalInterest / amount, 4 decimals) cover the whole term; `schedule` lists at most the first 360 months, with `scheduleTruncated` true when the term is longer. ' +
    `Limits: amount 0.01–${MAX_AMOUNT.toExponential()}, rate 0–100 %.`,
  input: z.strictObject({
    amount: z.number().min(0.01).max(MAX_AMOUNT).describe('Loan amount (principal)'),
    annualRatePercent: z.number().min(0).max(100).describe('Annual interest rate in percent, 0–100'),
    term: z.number().positive().max(MAX_MONTHS).describe('Duration, in termUnit'),
    termUnit: z
      .preprocess((v) => (typeof v === 'string' ? (UNIT_ALIASES[v.trim().toLowerCase()] ?? v) : v), z.enum(['years', 'months']))
      .default('years')
      .describe('years or months'),
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
  ],
  run({ amount, annualRatePercent, term, termUnit }) {
    const months = termUnit === 'years' ? term * 12 : term;
    const termMonths = Math.round(months);
    if (Math.abs(months - termMonths) > 1e-9 || termMonths < 1)
      throw new ToolError(`\`term\` must come to a whole number of months (got ${term} ${termUnit} = ${months} months)`, 400, { field: 'term' });
    if (termMonths > MAX_MONTHS)
      throw new ToolError(`\`term\` may be at most ${MAX_MONTHS} months (100 years); got ${termMonths}`, 400, { field: 'term' });

    const rate = annualRatePercent / 100 / 12;
    const principalCents = toCents(amount);
    const paymentCents = roundHalfAway(
      rate === 0 ? principalCents / termMonths : (principalCents * rate) / (1 - (1 + rate) ** -termMonths),
    );

    const schedule: Row[] = [];
    let balance = principalCents;
    let paidCents = 0;
    for (let month = 1; month <= termMonths; month++) {
      const interest = roundHalfAway(balance * rate);
      const principal = month === termMonths ? balance : Math.min(paymentCents - interest, balance);
      const payment = principal + interest;
      balance -= principal;
      paidCents += payment;
      if (month <= MAX_SCHEDULE)
        schedule.push({ month, payment: fromCents(payment), principal: fromCents(principal), interest: fromCents(interest), balance: fromCents(balance) });
    }
    const interestCents = paidCents - principalCents;
    return {
      amount,
      annualRatePercent,
      termMonths,
      monthlyPayment: fromCents(paymentCents),
      totalPaid: fromCents(paidCents),
      totalInterest: fromCents(interestCents),
      interestToPrincipalRatio: roundTo(interestCents / principalCents, 4),
      schedule,
      scheduleTruncated: termMonths > MAX_SCHEDULE,
    };
  },
});
