import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { BOX1 } from './_figures.js';
import { isoDateField } from '../_lib/calendar.js';
import { aowYears, availableYears, box1, d, eur, provisionalStep, thirtyPercent, type Dec } from './_tax.js';

const APPROXIMATION =
  'Annual estimate: box 1 tax and national-insurance premiums on the whole year’s wage, credits at their annual amounts, amounts in cents. ' +
  'Payroll withholding (loonheffing, witte/groene tabel) is computed per pay period and rounds differently (wage rounded down to a table step, credits rounded up and tax floored to whole euros), ' +
  'so a payslip can differ by some euros; the final assessment also uses income from boxes 2 and 3 for the general credit. ' +
  'Not included: pension contributions, other deductions, allowances in kind; employee insurance premiums and the Zvw contribution are paid by the employer.';

/** Years whose box 1 figures are a bill, not law yet. */
const provisionalYears = () => availableYears(BOX1).filter((y) => BOX1[y].provisional);

const row = z.object({ from: z.number(), to: z.number().nullable(), ratePercent: z.number(), taxedAmount: z.number(), tax: z.number() });

export default defineTool({
  slug: 'salary-calculator',
  title: 'Dutch gross-to-net salary (bruto-netto)',
  summary: 'Your Dutch net salary from your gross pay (bruto-netto) for a tax year.',
  featured: true,
  keywords: {
    en: ['net salary', 'take-home pay', 'gross to net', 'income tax', 'payroll', 'wage', 'net pay', 'after tax', 'gross salary'],
    nl: [
      'nettoloon',
      'bruto netto',
      'nettosalaris',
      'loonheffing',
      'inkomstenbelasting',
      'salaris',
      'netto',
      'bruto',
      'netto salaris',
      'bruto naar netto',
    ],
  },
  description:
    'Estimates Dutch annual net pay from a gross wage for a tax year: box 1 tax and premiums, general and labour tax credits, AOW-age rules, holiday allowance, optional 30% ruling. An approximation, not a payslip (payroll tables can differ by some euros); no pension deductions. ' +
    `Years: ${availableYears(BOX1).join(', ')} (AOW age: ${aowYears().join(', ')}; ${provisionalYears().join(', ')} provisional: the Belastingplan bill, answered with provisional: true until the final tables); others are refused by name. ` +
    'The 30% ruling follows rulingStartDate: no WNT cap before 2026 for a ruling applied in 2022 or earlier.',
  resultView: {
    kind: 'figure',
    field: 'netMonthlyAverage',
    unit: 'EUR',
    label: 'Net pay per month (average)',
    detail: ['netAnnual', 'effectiveTaxPercent'],
  },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Tax year'),
    grossAmount: z.number().min(0).max(100_000_000).describe('Gross wage in euros per `period`'),
    period: z.enum(['month', 'year']).default('month').describe('Period of grossAmount'),
    holidayAllowance: z
      .enum(['separate', 'included', 'none'])
      .default('separate')
      .describe('separate: 8% is paid on top of grossAmount; included: grossAmount already contains it; none'),
    ageGroup: z
      .enum(['belowAow', 'aow', 'aowBornBefore1946'])
      .default('belowAow')
      .describe('Below AOW age, at AOW age, or at AOW age born before 1946'),
    thirtyPercentRuling: z
      .enum(['none', 'standard', 'youngMaster', 'researcher'])
      .default('none')
      .describe('Apply the 30% ruling with this salary norm: standard, youngMaster (under 30 with a master’s), researcher (no norm)'),
    rulingStartDate: isoDateField(
      'With the 30% ruling: its first day (yyyy-mm-dd); a ruling of 2022 or earlier is not capped before 2026',
    ).optional(),
    singleElderly: z.boolean().default(false).describe('At AOW age: single person’s AOW, adds the alleenstaande-ouderenkorting'),
    applyTaxCredits: z.boolean().default(true).describe('Apply the tax credits (false for a second job)'),
  }),
  output: z.object({
    year: z.int(),
    annualGross: z.number().describe('Total gross wage of the year, holiday allowance included'),
    holidayAllowance: z.number(),
    thirtyPercentAllowance: z.number().describe('Tax-free 30% ruling allowance (0 without the ruling)'),
    thirtyPercent: z
      .object({
        ratePercent: z.number(),
        salaryNorm: z.number().nullable(),
        normMetWithFullAllowance: z.boolean(),
        eligible: z.boolean(),
        reducedToMeetNorm: z.boolean(),
        cap: z.number().nullable().describe('pct% of the WNT norm; null when the transitional rule leaves it uncapped'),
        transitional: z.array(z.string()).describe('Transitional rules applied (empty when none)'),
      })
      .nullable(),
    taxableWage: z.number(),
    brackets: z.array(row),
    taxBeforeCredits: z.number(),
    generalTaxCredit: z.number(),
    labourCredit: z.number(),
    elderlyCredit: z.number(),
    singleElderlyCredit: z.number(),
    creditsApplied: z.number().describe('Credits actually used (never more than the tax)'),
    creditsCapped: z.boolean(),
    incomeTax: z.number().describe('Box 1 tax and premiums after credits'),
    netAnnual: z.number(),
    netMonthlyAverage: z.number().describe('netAnnual / 12 (holiday allowance spread over the year)'),
    effectiveTaxPercent: z.number(),
    approximation: z.string(),
    provisional: z.boolean().describe('true: the year’s figures are a bill (Belastingplan), not law yet; `rule` says so'),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // No official worked bruto-netto example exists for these tables; both are worked by hand from the official
    // 2026 figures (Belastingdienst Rekenvoorschriften 2026 tabel 2, 3, 6; see _figures.ts) and re-derived in the test:
    // 48,000 + 8% = 51,840; 38,883 × 35.75% = 13,900.67; 12,957 × 37.56% = 4,866.65;
    // AHK 3,115 − 6.398% × (51,840 − 29,736) = 1,700.79; AK 5,685 − 6.51% × (51,840 − 45,592) = 5,278.26.
    {
      name: '€4,000 a month in 2026, 8% holiday allowance on top',
      input: { year: 2026, grossAmount: 4000 },
      output: {
        year: 2026,
        annualGross: 51840,
        holidayAllowance: 3840,
        thirtyPercentAllowance: 0,
        thirtyPercent: null,
        taxableWage: 51840,
        brackets: [
          { from: 0, to: 38883, ratePercent: 35.75, taxedAmount: 38883, tax: 13900.67 },
          { from: 38883, to: 78426, ratePercent: 37.56, taxedAmount: 12957, tax: 4866.65 },
        ],
        taxBeforeCredits: 18767.32,
        generalTaxCredit: 1700.79,
        labourCredit: 5278.26,
        elderlyCredit: 0,
        singleElderlyCredit: 0,
        creditsApplied: 6979.04,
        creditsCapped: false,
        incomeTax: 11788.28,
        netAnnual: 40051.72,
        netMonthlyAverage: 3337.64,
        effectiveTaxPercent: 22.74,
        approximation: APPROXIMATION,
        provisional: false,
        rule: 'annual gross 51840 (incl. 8% holiday allowance); box 1 18767.32 − credits 6979.04 = 11788.28; net 40051.72',
        source: 'Belastingdienst: Rekenvoorschriften loonadministratie 2026 (tabel 2, 3, 4, 6); Tabel arbeidskorting 2026',
      },
    },
    // 90,720 × 30% = 27,216 tax-free (below the cap 30% × 262,000 = 78,600); taxable 63,504 > norm 48,013.
    {
      name: '€7,000 a month in 2026 with the 30% ruling (standard norm)',
      input: { year: 2026, grossAmount: 7000, thirtyPercentRuling: 'standard' },
      output: {
        year: 2026,
        annualGross: 90720,
        holidayAllowance: 6720,
        thirtyPercentAllowance: 27216,
        thirtyPercent: {
          ratePercent: 30,
          salaryNorm: 48013,
          normMetWithFullAllowance: true,
          eligible: true,
          reducedToMeetNorm: false,
          cap: 78600,
          transitional: [],
        },
        taxableWage: 63504,
        brackets: [
          { from: 0, to: 38883, ratePercent: 35.75, taxedAmount: 38883, tax: 13900.67 },
          { from: 38883, to: 78426, ratePercent: 37.56, taxedAmount: 24621, tax: 9247.65 },
        ],
        taxBeforeCredits: 23148.32,
        generalTaxCredit: 954.52,
        labourCredit: 4518.93,
        elderlyCredit: 0,
        singleElderlyCredit: 0,
        creditsApplied: 5473.45,
        creditsCapped: false,
        incomeTax: 17674.87,
        netAnnual: 73045.13,
        netMonthlyAverage: 6087.09,
        effectiveTaxPercent: 19.48,
        approximation: APPROXIMATION,
        provisional: false,
        rule: 'annual gross 90720 (incl. 8% holiday allowance); 30% ruling: tax-free 27216, taxable 63504; box 1 23148.32 − credits 5473.45 = 17674.87; net 73045.13',
        source:
          'Belastingdienst: Rekenvoorschriften loonadministratie 2026 (tabel 2, 3, 4, 6); Tabel arbeidskorting 2026; Belastingdienst Nieuwsbrief Loonheffingen 2026 (salary norms); WNT 2026 (Stcrt. 2025-27439)',
      },
    },
    // 2027 from the Belastingplan 2027 bill (provisional; _figures.ts gives the sources), worked by hand:
    // 39,247 × 36.23% = 14,219.19; 12,593 × 38.16% = 4,805.49; AHK 3,154 − 6.638% × (51,840 − 30,910) = 1,764.67;
    // AK 5,929 − 6.51% × (51,840 − 47,834) = 5,668.21; tax 19,024.68 − 7,432.88 = 11,591.80.
    {
      name: '€4,000 a month in 2027 (provisional: the Belastingplan 2027 bill)',
      input: { year: 2027, grossAmount: 4000 },
      output: {
        year: 2027,
        annualGross: 51840,
        holidayAllowance: 3840,
        thirtyPercentAllowance: 0,
        thirtyPercent: null,
        taxableWage: 51840,
        brackets: [
          { from: 0, to: 39247, ratePercent: 36.23, taxedAmount: 39247, tax: 14219.19 },
          { from: 39247, to: 78426, ratePercent: 38.16, taxedAmount: 12593, tax: 4805.49 },
        ],
        taxBeforeCredits: 19024.68,
        generalTaxCredit: 1764.67,
        labourCredit: 5668.21,
        elderlyCredit: 0,
        singleElderlyCredit: 0,
        creditsApplied: 7432.88,
        creditsCapped: false,
        incomeTax: 11591.8,
        netAnnual: 40248.2,
        netMonthlyAverage: 3354.02,
        effectiveTaxPercent: 22.36,
        approximation: APPROXIMATION,
        provisional: true,
        rule: 'PROVISIONAL (Belastingplan 2027 as proposed on Prinsjesdag (15 September 2026): provisional until the law is adopted and the Belastingdienst publishes the final 2027 tables); annual gross 51840 (incl. 8% holiday allowance); box 1 19024.68 − credits 7432.88 = 11591.8; net 40248.2',
        source:
          'Belastingplan 2027 (wetsvoorstel, Prinsjesdag 2026), memorie van toelichting Tabel 1 and Fiscale sleuteltabel 2027 (rijksfinancien.nl): brackets, algemene heffingskorting, arbeidskorting; provisional',
      },
    },
  ],
  run({ year, grossAmount, period, holidayAllowance, ageGroup, thirtyPercentRuling, rulingStartDate, singleElderly, applyTaxCredits }) {
    const base = d(grossAmount).times(period === 'month' ? 12 : 1);
    const holiday: Dec =
      holidayAllowance === 'separate' ? base.times(8).div(100) : holidayAllowance === 'included' ? base.times(8).div(108) : d(0);
    const annualGross = holidayAllowance === 'separate' ? base.plus(holiday) : base;
    const grossCents = d(eur(annualGross));
    if (thirtyPercentRuling === 'none' && rulingStartDate !== undefined)
      throw new ToolError('`rulingStartDate` needs `thirtyPercentRuling` (standard, youngMaster or researcher)', 400, {
        field: 'rulingStartDate',
      });
    if (rulingStartDate !== undefined && Number(rulingStartDate.slice(0, 4)) > year)
      throw new ToolError(`\`rulingStartDate\` ${rulingStartDate} is after ${year}: the ruling does not apply in that year`, 400, {
        field: 'rulingStartDate',
      });
    const ruling = thirtyPercentRuling === 'none' ? null : thirtyPercent(year, grossCents, thirtyPercentRuling, rulingStartDate);
    const taxable = ruling ? ruling.taxableWage : grossCents;
    const b = box1(year, taxable, ageGroup, applyTaxCredits, singleElderly);
    const tax = eur(b.tax);
    const net = d(eur(grossCents)).minus(tax);
    const steps = [
      provisionalStep(b.provisional),
      `annual gross ${eur(grossCents)}${holidayAllowance === 'separate' ? ' (incl. 8% holiday allowance)' : ''}`,
      ruling
        ? `${ruling.pct}% ruling: tax-free ${eur(ruling.allowance)}, taxable ${eur(taxable)}${ruling.transitional.length ? ` (${ruling.transitional.join('; ')})` : ''}`
        : null,
      `box 1 ${eur(b.taxBeforeCredits)} − credits ${eur(b.creditsUsed)} = ${tax}`,
      `net ${eur(net)}`,
    ].filter(Boolean);
    return {
      year,
      annualGross: eur(grossCents),
      holidayAllowance: eur(holiday),
      thirtyPercentAllowance: ruling ? eur(ruling.allowance) : 0,
      thirtyPercent: ruling
        ? {
            ratePercent: ruling.pct,
            salaryNorm: ruling.norm,
            normMetWithFullAllowance: ruling.normMetWithFullAllowance,
            eligible: ruling.eligible,
            reducedToMeetNorm: ruling.reducedToMeetNorm,
            cap: ruling.maxAllowance ? eur(ruling.maxAllowance) : null,
            transitional: ruling.transitional,
          }
        : null,
      taxableWage: eur(taxable),
      brackets: b.rows,
      taxBeforeCredits: eur(b.taxBeforeCredits),
      generalTaxCredit: eur(b.generalCredit),
      labourCredit: eur(b.labourCredit),
      elderlyCredit: eur(b.elderlyCredit),
      singleElderlyCredit: eur(b.singleElderlyCredit),
      creditsApplied: eur(b.creditsUsed),
      creditsCapped: b.creditsCapped,
      incomeTax: tax,
      netAnnual: eur(net),
      netMonthlyAverage: eur(net.div(12)),
      effectiveTaxPercent: grossCents.isZero() ? 0 : eur(d(tax).div(grossCents).times(100)),
      approximation: APPROXIMATION,
      provisional: b.provisional !== undefined,
      rule: steps.join('; '),
      source: b.source + (ruling ? `; ${ruling.source}` : ''),
    };
  },
});
