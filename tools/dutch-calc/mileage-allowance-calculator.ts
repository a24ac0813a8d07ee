import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool } from '../../src/core/tool.js';
import { MILEAGE } from './_figures.js';
import { availableYears, d, eur, forYear, provisionalStep } from './_tax.js';

export default defineTool({
  slug: 'mileage-allowance-calculator',
  title: 'Dutch tax-free mileage allowance (kilometervergoeding)',
  summary: 'The tax-free kilometre allowance you may get in the Netherlands for business travel.',
  keywords: {
    en: [
      'travel allowance',
      'commute',
      'mileage reimbursement',
      'per km',
      'business kilometres',
      'car',
      'per kilometre',
      'mileage',
      'travel costs',
      'commuting',
    ],
    nl: [
      'kilometervergoeding',
      'reiskostenvergoeding',
      'woon-werkverkeer',
      'onbelast',
      'per kilometer',
      'reiskosten',
      'woon-werk',
      'per km',
    ],
  },
  description:
    'Dutch tax-free travel allowance for business kilometres with one’s own transport, commuting included (Wet LB 1964 art. 31a): the employer may pay up to the year’s rate per km tax-free; anything paid above it is taxable wage (or falls in the work-related costs scheme). ' +
    'Give the kilometres (or commuteKmOneWay × commuteDays, both ways added) and what the employer pays per km (default: the tax-free rate). ' +
    `Years: ${availableYears(MILEAGE).join(', ')} (€0.25 from 2026 by the besluit of 17 May 2026, retroactive to 1 January; ${availableYears(
      MILEAGE,
    )
      .filter((y) => MILEAGE[y].provisional)
      .join(', ')} provisional: the Belastingplan bill, answered with provisional: true).`,
  resultView: { kind: 'figure', field: 'reimbursement', unit: 'EUR', label: 'Reimbursement', detail: ['taxFree', 'taxableExcess'] },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Year the kilometres were driven'),
    kilometres: z.number().min(0).max(10_000_000).default(0).describe('Business kilometres, commuting included'),
    commuteKmOneWay: z.number().min(0).max(1000).default(0).describe('One-way home–work distance, km (counted twice per day)'),
    commuteDays: z.int().min(0).max(366).default(0).describe('Days travelled to work'),
    paidPerKm: z.number().min(0).max(100).optional().describe('Reimbursement per km in euros (default: the tax-free rate)'),
  }),
  output: z.object({
    year: z.int(),
    taxFreeRatePerKm: z.number(),
    paidPerKm: z.number(),
    kilometres: z.number(),
    reimbursement: z.number(),
    taxFree: z.number(),
    taxableExcess: z.number(),
    provisional: z.boolean().describe('true: the rate is in a bill (Belastingplan), not law yet; `rule` says so'),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // Wet LB 1964 art. 31a, €0.23 in 2025: 15 km one way × 2 × 214 days = 6,420 km → €1,476.60 tax-free.
    {
      name: 'Commuting 15 km one way on 214 days in 2025',
      input: { year: 2025, commuteKmOneWay: 15, commuteDays: 214 },
      output: {
        year: 2025,
        taxFreeRatePerKm: 0.23,
        paidPerKm: 0.23,
        kilometres: 6420,
        reimbursement: 1476.6,
        taxFree: 1476.6,
        taxableExcess: 0,
        provisional: false,
        rule: '6420 km × 0.23 = 1476.6 tax-free',
        source: 'Wet LB 1964 art. 31a lid 2 onder b (€ 0,23, unchanged since 2024)',
      },
    },
    // Paid €0.35 per km: 10,000 km → €3,500 paid, €2,300 tax-free, €1,200 taxable.
    {
      name: '10,000 business km in 2024 at €0.35 per km',
      input: { year: 2024, kilometres: 10000, paidPerKm: 0.35 },
      output: {
        year: 2024,
        taxFreeRatePerKm: 0.23,
        paidPerKm: 0.35,
        kilometres: 10000,
        reimbursement: 3500,
        taxFree: 2300,
        taxableExcess: 1200,
        provisional: false,
        rule: '10000 km × 0.23 = 2300 tax-free; paid 3500, excess 1200 is taxable wage',
        source: 'Wet LB 1964 art. 31a lid 2 onder b (Belastingplan 2024: € 0,23)',
      },
    },
    // The same commute in 2026 at €0.25 (besluit of 17 May 2026, retroactive to 1 January): 6,420 km → €1,605.
    {
      name: 'Commuting 15 km one way on 214 days in 2026',
      input: { year: 2026, commuteKmOneWay: 15, commuteDays: 214 },
      output: {
        year: 2026,
        taxFreeRatePerKm: 0.25,
        paidPerKm: 0.25,
        kilometres: 6420,
        reimbursement: 1605,
        taxFree: 1605,
        taxableExcess: 0,
        provisional: false,
        rule: '6420 km × 0.25 = 1605 tax-free',
        source: 'Besluit Staatssecretaris van Financiën 17 mei 2026, nr. 2026-8260 (Stcrt. 2026-18302): € 0,25 per km from 1 January 2026',
      },
    },
  ],
  run({ year, kilometres, commuteKmOneWay, commuteDays, paidPerKm }) {
    const fig = forYear(MILEAGE, year, 'tax-free mileage');
    const km = d(kilometres).plus(d(commuteKmOneWay).times(2).times(commuteDays));
    const paidRate = paidPerKm ?? fig.perKm;
    const paid = d(eur(km.times(paidRate)));
    const taxFree = d(eur(km.times(Decimal.min(paidRate, fig.perKm))));
    const excess = paid.minus(taxFree);
    return {
      year,
      taxFreeRatePerKm: fig.perKm,
      paidPerKm: paidRate,
      kilometres: km.toNumber(),
      reimbursement: eur(paid),
      taxFree: eur(taxFree),
      taxableExcess: eur(excess),
      provisional: fig.provisional !== undefined,
      rule: [
        provisionalStep(fig.provisional),
        `${km.toNumber()} km × ${Math.min(paidRate, fig.perKm)} = ${eur(taxFree)} tax-free`,
        excess.gt(0) ? `paid ${eur(paid)}, excess ${eur(excess)} is taxable wage` : null,
      ]
        .filter(Boolean)
        .join('; '),
      source: fig.source,
    };
  },
});
