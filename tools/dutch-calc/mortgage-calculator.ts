import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { addMonths, dayFromIso, isoDate, isoDateField } from '../_lib/calendar.js';
import { fromCents, roundTo, toCents } from '../_lib/money.js';
import { amortize } from '../_lib/annuity.js';
import { AVAILABLE_YEARS, DEDUCTIBLE_MONTHS, DEDUCTION_YEARS, LAST_KNOWN_YEAR, maxRateFor } from './_mortgage.js';

const MAX_LOAN = 1e8;
/** 40 years = 480 monthly rows (measured 1.3 ms with the monthly schedule). */
const MAX_YEARS = 40;

/** The loan: `loanAmount`, or `homePrice` minus the down payment (in euros or percent of the price). */
function loanOf(input: { loanAmount?: number; homePrice?: number; downPayment?: number; downPaymentPercent?: number }) {
  const { loanAmount, homePrice, downPayment, downPaymentPercent } = input;
  if (homePrice === undefined) {
    if (downPayment !== undefined || downPaymentPercent !== undefined)
      throw new ToolError('`homePrice` is required with a down payment (the loan is the price minus the down payment)', 400, {
        field: 'homePrice',
      });
    if (loanAmount === undefined)
      throw new ToolError('`loanAmount` is required (or give `homePrice` and a down payment)', 400, { field: 'loanAmount' });
    return { loanAmount, purchase: {} };
  }
  if (loanAmount !== undefined)
    throw new ToolError('Give `loanAmount` or `homePrice` (with a down payment), not both', 400, { field: 'loanAmount' });
  if (downPayment !== undefined && downPaymentPercent !== undefined)
    throw new ToolError('Give `downPayment` or `downPaymentPercent`, not both', 400, { field: 'downPaymentPercent' });
  const down =
    downPaymentPercent !== undefined ? fromCents(Math.round((toCents(homePrice) * downPaymentPercent) / 100)) : (downPayment ?? 0);
  const loan = fromCents(toCents(homePrice) - toCents(down));
  if (loan < 1)
    throw new ToolError(`The down payment (${down}) leaves no loan on a home price of ${homePrice}`, 400, {
      field: downPaymentPercent !== undefined ? 'downPaymentPercent' : 'downPayment',
    });
  return { loanAmount: loan, purchase: { homePrice, downPayment: down } };
}

export default defineTool({
  slug: 'mortgage-calculator',
  title: 'Dutch mortgage calculator (annuïteit / lineair, hypotheekrenteaftrek estimate)',
  summary: 'Monthly payments of a Dutch mortgage, annuity or linear, with an estimate of the interest deduction.',
  featured: true,
  keywords: {
    en: [
      'home loan',
      'house',
      'monthly costs',
      'annuity mortgage',
      'linear mortgage',
      'mortgage interest deduction',
      'mortgage',
      'monthly mortgage payment',
      'house loan',
    ],
    nl: [
      'hypotheek',
      'maandlasten',
      'huis kopen',
      'annuiteitenhypotheek',
      'lineaire hypotheek',
      'hypotheekrente',
      'maandlasten hypotheek',
      'woning',
    ],
  },
  mcpRows: { yearly: 10, monthly: 12 },
  description:
    "Monthly payments of a Dutch hypotheek, annuity (annuïteitenhypotheek) or linear (lineair), with totals, payoff date (with startDate) and a yearly or monthly table. The loan is loanAmount, or homePrice minus downPayment (euros) or downPaymentPercent; propertyTaxPerYear and insurancePerYear are shown per month beside the payment. With year (the tax year of the first loan year) it adds an ESTIMATE of the hypotheekrenteaftrek: each year's interest × deductionRatePercent capped at that year's maximum, for at most 30 years.",
  docs: [
    '- Interest monthly at annual rate / 12; cents rounded per row with the remainder in the last payment.',
    '- Maximum deduction rate per tax year: 36.97 % (2024), 37.48 % (2025), 37.56 % (2026); later years use the last published rate, and the answer says so. Loan year k is tax year `year` + k − 1; with startDate each payment counts in its own calendar year. Eigenwoningforfait and Hillen are not modelled.',
  ].join('\n'),
  resultView: {
    kind: 'figure',
    field: ['monthlyPayment', 'firstPayment'],
    unit: 'EUR',
    label: 'Monthly payment',
    detail: ['totalInterest', 'totalPaid'],
  },
  input: z.strictObject({
    loanAmount: z.number().min(1).max(MAX_LOAN).optional().describe('Mortgage amount in euros (or give homePrice and a down payment)'),
    homePrice: z.number().min(1).max(MAX_LOAN).optional().describe('Purchase price in euros: the loan is the price minus the down payment'),
    downPayment: z.number().min(0).max(MAX_LOAN).optional().describe('With homePrice: own money put in, in euros'),
    downPaymentPercent: z.number().min(0).max(100).optional().describe('With homePrice: own money put in, percent of the price'),
    propertyTaxPerYear: z
      .number()
      .min(0)
      .max(1e6)
      .optional()
      .describe('Yearly property tax (OZB) in euros, shown per month beside the payment'),
    insurancePerYear: z.number().min(0).max(1e6).optional().describe('Yearly home insurance in euros, shown per month beside the payment'),
    annualRatePercent: z.number().min(0).max(20).describe('Annual interest rate in percent'),
    termYears: z.int().min(1).max(MAX_YEARS).default(30).describe('Term in whole years (default 30)'),
    repayment: z.enum(['annuity', 'linear']).default('annuity').describe('annuity (default) or linear'),
    year: z
      .int()
      .min(1900)
      .max(2100)
      .optional()
      .describe('Tax year of the first loan year, for the interest-deduction estimate (2024 or later)'),
    deductionRatePercent: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("Your box-1 rate in percent; default and cap: each year's maximum"),
    startDate: isoDateField('Date of the first payment, yyyy-mm-dd (optional)').optional(),
    schedule: z.enum(['yearly', 'monthly']).default('yearly').describe('yearly table only, or also the monthly rows'),
  }),
  output: z.object({
    homePrice: z.number().optional(),
    downPayment: z.number().optional().describe('In euros'),
    loanAmount: z.number(),
    annualRatePercent: z.number(),
    termYears: z.int(),
    repayment: z.enum(['annuity', 'linear']),
    monthlyPayment: z.number().nullable(),
    firstPayment: z.number(),
    lastPayment: z.number(),
    totalInterest: z.number(),
    totalPaid: z.number(),
    payoffDate: z.string().optional(),
    monthlyCosts: z
      .object({
        propertyTax: z.number(),
        insurance: z.number(),
        total: z.number(),
        firstMonthTotal: z.number().describe('First payment + these costs'),
      })
      .optional()
      .describe('With propertyTaxPerYear or insurancePerYear: each a twelfth of the year, rounded to cents'),
    interestDeduction: z
      .object({
        estimate: z.boolean(),
        taxYear: z.int(),
        ratePercent: z.number(),
        maxRatePercent: z.number(),
        firstYearInterest: z.number(),
        firstYearDeduction: z.number(),
        firstMonthNetPayment: z.number(),
        totalDeduction: z.number(),
        rates: z
          .array(
            z.object({
              fromTaxYear: z.int(),
              toTaxYear: z.int(),
              ratePercent: z.number(),
              maxRatePercent: z.number(),
              published: z.boolean(),
            }),
          )
          .describe('The rate per tax year of the schedule; published false: the last published maximum, assumed'),
        note: z.string(),
        source: z.string(),
      })
      .optional(),
    yearly: z.array(
      z.object({
        year: z.int(),
        paid: z.number(),
        principal: z.number(),
        interest: z.number(),
        balance: z.number(),
        deduction: z.number().optional(),
      }),
    ),
    monthly: z
      .array(z.object({ month: z.int(), payment: z.number(), principal: z.number(), interest: z.number(), balance: z.number() }))
      .optional(),
  }),
  examples: [
    // A Dutch online "Annuïteitenhypotheek berekenen" result page (found via search): €200,000 at 3 % nominal over
    // 360 months → bruto maandlast €843,21, first month €500,00 rente + €343,21 aflossing (= 200000·0.0025/(1 − 1.0025^−360)).
    {
      name: '€200,000 annuity at 3% for 30 years',
      input: { loanAmount: 200000, annualRatePercent: 3 },
      output: {
        loanAmount: 200000,
        annualRatePercent: 3,
        termYears: 30,
        repayment: 'annuity',
        monthlyPayment: 843.21,
        firstPayment: 843.21,
        lastPayment: 842.14,
        totalInterest: 103554.53,
        totalPaid: 303554.53,
        yearly: [
          { year: 1, paid: 10118.52, principal: 4175.62, interest: 5942.9, balance: 195824.38 },
          { year: 2, paid: 10118.52, principal: 4302.63, interest: 5815.89, balance: 191521.75 },
          { year: 3, paid: 10118.52, principal: 4433.51, interest: 5685.01, balance: 187088.24 },
          { year: 4, paid: 10118.52, principal: 4568.36, interest: 5550.16, balance: 182519.88 },
          { year: 5, paid: 10118.52, principal: 4707.29, interest: 5411.23, balance: 177812.59 },
          { year: 6, paid: 10118.52, principal: 4850.49, interest: 5268.03, balance: 172962.1 },
          { year: 7, paid: 10118.52, principal: 4998, interest: 5120.52, balance: 167964.1 },
          { year: 8, paid: 10118.52, principal: 5150.03, interest: 4968.49, balance: 162814.07 },
          { year: 9, paid: 10118.52, principal: 5306.67, interest: 4811.85, balance: 157507.4 },
          { year: 10, paid: 10118.52, principal: 5468.09, interest: 4650.43, balance: 152039.31 },
          { year: 11, paid: 10118.52, principal: 5634.4, interest: 4484.12, balance: 146404.91 },
          { year: 12, paid: 10118.52, principal: 5805.78, interest: 4312.74, balance: 140599.13 },
          { year: 13, paid: 10118.52, principal: 5982.34, interest: 4136.18, balance: 134616.79 },
          { year: 14, paid: 10118.52, principal: 6164.31, interest: 3954.21, balance: 128452.48 },
          { year: 15, paid: 10118.52, principal: 6351.8, interest: 3766.72, balance: 122100.68 },
          { year: 16, paid: 10118.52, principal: 6545, interest: 3573.52, balance: 115555.68 },
          { year: 17, paid: 10118.52, principal: 6744.08, interest: 3374.44, balance: 108811.6 },
          { year: 18, paid: 10118.52, principal: 6949.21, interest: 3169.31, balance: 101862.39 },
          { year: 19, paid: 10118.52, principal: 7160.57, interest: 2957.95, balance: 94701.82 },
          { year: 20, paid: 10118.52, principal: 7378.37, interest: 2740.15, balance: 87323.45 },
          { year: 21, paid: 10118.52, principal: 7602.77, interest: 2515.75, balance: 79720.68 },
          { year: 22, paid: 10118.52, principal: 7834.04, interest: 2284.48, balance: 71886.64 },
          { year: 23, paid: 10118.52, principal: 8072.3, interest: 2046.22, balance: 63814.34 },
          { year: 24, paid: 10118.52, principal: 8317.83, interest: 1800.69, balance: 55496.51 },
          { year: 25, paid: 10118.52, principal: 8570.85, interest: 1547.67, balance: 46925.66 },
          { year: 26, paid: 10118.52, principal: 8831.52, interest: 1287, balance: 38094.14 },
          { year: 27, paid: 10118.52, principal: 9100.13, interest: 1018.39, balance: 28994.01 },
          { year: 28, paid: 10118.52, principal: 9376.92, interest: 741.6, balance: 19617.09 },
          { year: 29, paid: 10118.52, principal: 9662.14, interest: 456.38, balance: 9954.95 },
          { year: 30, paid: 10117.45, principal: 9954.95, interest: 162.5, balance: 0 },
        ],
      },
    },
    // vastelastenbesparing.nl "Maandlasten hypotheek €300.000": at 4 % the gross annuity payment is about €1,432;
    // linear: first payment 833.33 + 1,000.00 interest = €1,833.33. Deduction estimate per tax year from the first
    // payment in February 2024: 36.97 % (2024), 37.48 % (2025), 37.56 % (2026), then the 2026 maximum, assumed.
    {
      name: '€300,000 linear at 4% for 30 years from February 2024, deduction per tax year',
      input: { loanAmount: 300000, annualRatePercent: 4, repayment: 'linear', year: 2024, startDate: '2024-02-01' },
      output: {
        loanAmount: 300000,
        annualRatePercent: 4,
        termYears: 30,
        repayment: 'linear',
        monthlyPayment: null,
        firstPayment: 1833.33,
        lastPayment: 837.31,
        totalInterest: 180500.71,
        totalPaid: 480500.71,
        payoffDate: '2054-01-01',
        interestDeduction: {
          estimate: true,
          taxYear: 2024,
          ratePercent: 36.97,
          maxRatePercent: 36.97,
          firstYearInterest: 11816.66,
          firstYearDeduction: 4373.56,
          firstMonthNetPayment: 1463.63,
          totalDeduction: 67722.96,
          rates: [
            { fromTaxYear: 2024, toTaxYear: 2024, ratePercent: 36.97, maxRatePercent: 36.97, published: true },
            { fromTaxYear: 2025, toTaxYear: 2025, ratePercent: 37.48, maxRatePercent: 37.48, published: true },
            { fromTaxYear: 2026, toTaxYear: 2026, ratePercent: 37.56, maxRatePercent: 37.56, published: true },
            { fromTaxYear: 2027, toTaxYear: 2054, ratePercent: 37.56, maxRatePercent: 37.56, published: false },
          ],
          note: "Estimate: each tax year's interest × that year's rate (at most its maximum); from 2027 the 2026 maximum of 37.56 %, the last published, is assumed; deductible for at most 30 years; the eigenwoningforfait (added to income), Wet Hillen and your actual bracket are not modelled. Not tax advice.",
          source:
            'Aftrekbeperking (Wet IB 2001): max. 36.97 % in 2024; Consumentenbond "Hypotheekrenteaftrek" (2024); Aftrekbeperking (Wet IB 2001): max. 37.48 % in 2025; Consumentenbond "Hypotheekrenteaftrek" (2025), NIBC (2025); Aftrekbeperking (Wet IB 2001): max. 37.56 % in 2026 = box-1 bracket 2; jan.nl "De woning – Belastingplan" (2026)',
        },
        yearly: [
          { year: 1, paid: 21816.62, principal: 9999.96, interest: 11816.66, balance: 290000.04, deduction: 4373.56 },
          { year: 2, paid: 21416.63, principal: 9999.96, interest: 11416.67, balance: 280000.08, deduction: 4279.72 },
          { year: 3, paid: 21016.63, principal: 9999.96, interest: 11016.67, balance: 270000.12, deduction: 4137.86 },
          { year: 4, paid: 20616.62, principal: 9999.96, interest: 10616.66, balance: 260000.16, deduction: 3987.62 },
          { year: 5, paid: 20216.64, principal: 9999.96, interest: 10216.68, balance: 250000.2, deduction: 3837.39 },
          { year: 6, paid: 19816.64, principal: 9999.96, interest: 9816.68, balance: 240000.24, deduction: 3687.15 },
          { year: 7, paid: 19416.64, principal: 9999.96, interest: 9416.68, balance: 230000.28, deduction: 3536.91 },
          { year: 8, paid: 19016.64, principal: 9999.96, interest: 9016.68, balance: 220000.32, deduction: 3386.67 },
          { year: 9, paid: 18616.64, principal: 9999.96, interest: 8616.68, balance: 210000.36, deduction: 3236.43 },
          { year: 10, paid: 18216.64, principal: 9999.96, interest: 8216.68, balance: 200000.4, deduction: 3086.19 },
          { year: 11, paid: 17816.64, principal: 9999.96, interest: 7816.68, balance: 190000.44, deduction: 2935.95 },
          { year: 12, paid: 17416.64, principal: 9999.96, interest: 7416.68, balance: 180000.48, deduction: 2785.71 },
          { year: 13, paid: 17016.65, principal: 9999.96, interest: 7016.69, balance: 170000.52, deduction: 2635.47 },
          { year: 14, paid: 16616.65, principal: 9999.96, interest: 6616.69, balance: 160000.56, deduction: 2485.23 },
          { year: 15, paid: 16216.66, principal: 9999.96, interest: 6216.7, balance: 150000.6, deduction: 2334.99 },
          { year: 16, paid: 15816.65, principal: 9999.96, interest: 5816.69, balance: 140000.64, deduction: 2184.75 },
          { year: 17, paid: 15416.65, principal: 9999.96, interest: 5416.69, balance: 130000.68, deduction: 2034.51 },
          { year: 18, paid: 15016.66, principal: 9999.96, interest: 5016.7, balance: 120000.72, deduction: 1884.27 },
          { year: 19, paid: 14616.65, principal: 9999.96, interest: 4616.69, balance: 110000.76, deduction: 1734.03 },
          { year: 20, paid: 14216.65, principal: 9999.96, interest: 4216.69, balance: 100000.8, deduction: 1583.79 },
          { year: 21, paid: 13816.66, principal: 9999.96, interest: 3816.7, balance: 90000.84, deduction: 1433.55 },
          { year: 22, paid: 13416.67, principal: 9999.96, interest: 3416.71, balance: 80000.88, deduction: 1283.32 },
          { year: 23, paid: 13016.66, principal: 9999.96, interest: 3016.7, balance: 70000.92, deduction: 1133.07 },
          { year: 24, paid: 12616.67, principal: 9999.96, interest: 2616.71, balance: 60000.96, deduction: 982.84 },
          { year: 25, paid: 12216.67, principal: 9999.96, interest: 2216.71, balance: 50001, deduction: 832.6 },
          { year: 26, paid: 11816.66, principal: 9999.96, interest: 1816.7, balance: 40001.04, deduction: 682.35 },
          { year: 27, paid: 11416.67, principal: 9999.96, interest: 1416.71, balance: 30001.08, deduction: 532.12 },
          { year: 28, paid: 11016.67, principal: 9999.96, interest: 1016.71, balance: 20001.12, deduction: 381.88 },
          { year: 29, paid: 10616.66, principal: 9999.96, interest: 616.7, balance: 10001.16, deduction: 231.63 },
          { year: 30, paid: 10217.88, principal: 10001.16, interest: 216.72, balance: 0, deduction: 81.4 },
        ],
      },
    },
  ],
  async run(input) {
    const {
      annualRatePercent,
      termYears,
      repayment,
      year,
      deductionRatePercent,
      startDate,
      schedule,
      propertyTaxPerYear,
      insurancePerYear,
    } = input;
    const { loanAmount, purchase } = loanOf(input);
    if (year === undefined && deductionRatePercent !== undefined)
      throw new ToolError(`\`year\` is required with \`deductionRatePercent\` (available years: ${AVAILABLE_YEARS.join(', ')})`, 400, {
        field: 'year',
      });
    const figures = year === undefined ? undefined : DEDUCTION_YEARS[year];
    if (year !== undefined && !figures)
      throw new ToolError(
        `\`year\` ${year} is not supported: the deduction cap is known for ${AVAILABLE_YEARS.join(', ')}` +
          (year > LAST_KNOWN_YEAR ? ` (the ${year} maximum is not published yet)` : ''),
        400,
        { field: 'year' },
      );
    const start = startDate ? dayFromIso(startDate) : undefined;

    const months = termYears * 12;
    const a = await amortize({ principal: loanAmount, annualRatePercent, periods: months, periodsPerYear: 12, repayment });
    // Tax year of payment i (0-based): its calendar year with startDate, else loan year k counts as tax year `year` + k − 1.
    const taxYearOf = (i: number) => (start !== undefined ? Number(isoDate(addMonths(start, i)).slice(0, 4)) : year! + Math.floor(i / 12));
    const rateOf = (ty: number) => {
      const m = maxRateFor(ty)!;
      return { ...m, ratePercent: Math.min(deductionRatePercent ?? m.maxRatePercent, m.maxRatePercent) };
    };
    // Deduction per month on the interest of deductible months (first 360) at that month's tax-year rate, summed and
    // rounded to cents per loan year. With startDate, payments in tax years before `year` are not estimated.
    const counted = (i: number) => i < DEDUCTIBLE_MONTHS && taxYearOf(i) >= year!;
    const monthDeduction = (i: number) => (counted(i) ? (toCents(a.rows[i].interest) * rateOf(taxYearOf(i)).ratePercent) / 100 : 0);
    const deductionOver = (from: number, to: number) => {
      let c = 0;
      for (let i = from; i < Math.min(to, a.rows.length); i++) c += monthDeduction(i);
      return roundTo(c / 100, 2);
    };
    const yearly = a.yearly.map((y) => ({
      year: y.year,
      paid: y.payment,
      principal: y.principal,
      interest: y.interest,
      balance: y.balance,
      ...(figures ? { deduction: deductionOver((y.year - 1) * 12, y.year * 12) } : {}),
    }));
    // The rate per tax year of the deductible months, merged into runs of equal rates.
    const rates: { fromTaxYear: number; toTaxYear: number; ratePercent: number; maxRatePercent: number; published: boolean }[] = [];
    if (figures)
      for (let i = 0; i < Math.min(a.rows.length, DEDUCTIBLE_MONTHS); i++) {
        if (!counted(i)) continue;
        const ty = taxYearOf(i);
        const r = rateOf(ty);
        const last = rates[rates.length - 1];
        if (
          last &&
          last.toTaxYear >= ty - 1 &&
          last.ratePercent === r.ratePercent &&
          last.maxRatePercent === r.maxRatePercent &&
          last.published === r.published
        )
          last.toTaxYear = ty;
        else if (!last || last.toTaxYear < ty)
          rates.push({
            fromTaxYear: ty,
            toTaxYear: ty,
            ratePercent: r.ratePercent,
            maxRatePercent: r.maxRatePercent,
            published: r.published,
          });
      }
    const firstRate = figures ? rateOf(year!) : undefined;
    const assumedFrom = rates.find((r) => !r.published)?.fromTaxYear;
    const skipped = figures && start !== undefined && taxYearOf(0) < year!;
    const costs =
      propertyTaxPerYear === undefined && insurancePerYear === undefined
        ? undefined
        : { propertyTax: roundTo((propertyTaxPerYear ?? 0) / 12, 2), insurance: roundTo((insurancePerYear ?? 0) / 12, 2) };
    const out = {
      ...purchase,
      loanAmount,
      annualRatePercent,
      termYears,
      repayment,
      monthlyPayment: repayment === 'annuity' ? a.payment : null,
      firstPayment: a.firstPayment,
      lastPayment: a.lastPayment,
      totalInterest: a.totalInterest,
      totalPaid: a.totalPaid,
      ...(startDate ? { payoffDate: isoDate(addMonths(dayFromIso(startDate), months - 1)) } : {}),
      ...(costs
        ? {
            monthlyCosts: {
              ...costs,
              total: roundTo(costs.propertyTax + costs.insurance, 2),
              firstMonthTotal: roundTo(a.firstPayment + costs.propertyTax + costs.insurance, 2),
            },
          }
        : {}),
      ...(figures
        ? {
            interestDeduction: {
              estimate: true,
              taxYear: year!,
              ratePercent: firstRate!.ratePercent,
              maxRatePercent: firstRate!.maxRatePercent,
              firstYearInterest: yearly[0].interest,
              firstYearDeduction: yearly[0].deduction!,
              firstMonthNetPayment: roundTo(a.firstPayment - roundTo(monthDeduction(0) / 100, 2), 2),
              totalDeduction: roundTo(
                yearly.reduce((s, y) => s + (y.deduction ?? 0), 0),
                2,
              ),
              rates,
              note:
                "Estimate: each tax year's interest × that year's rate (at most its maximum)" +
                (assumedFrom !== undefined
                  ? `; from ${assumedFrom} the ${LAST_KNOWN_YEAR} maximum of ${DEDUCTION_YEARS[LAST_KNOWN_YEAR].maxRatePercent} %, the last published, is assumed`
                  : '') +
                (skipped ? `; payments before ${year} are not estimated` : '') +
                '; deductible for at most 30 years; the eigenwoningforfait (added to income), Wet Hillen and your actual bracket are not modelled. Not tax advice.',
              source: [
                ...new Set(
                  rates.filter((r) => r.published).flatMap((r) => AVAILABLE_YEARS.filter((y) => y >= r.fromTaxYear && y <= r.toTaxYear)),
                ),
              ]
                .map((y) => DEDUCTION_YEARS[y].source)
                .join('; '),
            },
          }
        : {}),
      yearly,
    };
    if (schedule === 'yearly') return out;
    return {
      ...out,
      monthly: a.rows.map((r) => ({
        month: r.period,
        payment: r.payment,
        principal: r.principal,
        interest: r.interest,
        balance: r.balance,
      })),
    };
  },
});
