import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { INHERITANCE_GIFT, INHERITANCE_GIFT_REFUSED } from './_figures.js';
import { availableYears, d, eur, forYear, successionTax, type TariffGroup } from './_tax.js';

const RELATIONS = ['child', 'partner', 'grandchild', 'parent', 'other'] as const;
const GROUP: Record<(typeof RELATIONS)[number], TariffGroup> = { child: 'I', partner: 'I', grandchild: 'IA', parent: 'II', other: 'II' };

const band = z.object({ from: z.number(), to: z.number().nullable(), ratePercent: z.number(), taxedAmount: z.number(), tax: z.number() });

export default defineTool({
  slug: 'gift-tax-calculator',
  title: 'Dutch gift tax (schenkbelasting)',
  summary: 'Dutch gift tax (schenkbelasting) on a gift, with the exemption that applies.',
  keywords: {
    en: ['gift tax', 'donation', 'parents gift', 'exemption', 'tax-free gift', 'gift', 'gifts', 'give money', 'gift from parents'],
    nl: ['schenkbelasting', 'schenking', 'schenken', 'vrijstelling', 'belasting op schenking', 'schenking aan kind', 'geld geven'],
  },
  description:
    'Dutch gift tax on the gifts from one donor to one recipient in a calendar year (Successiewet 1956; two parents count as one donor). Exemption: parent → child the yearly child exemption, anyone else the general one; ' +
    'oneOffExemption replaces the child exemption once: general or study (expensive study), for a child aged 18–39 (or whose partner is). The home-purchase exemption (jubelton) was abolished in 2024. ' +
    'Rates: child and partner 10%/20%, grandchild 18%/36%, others 30%/40%, second band above the year’s limit. ' +
    `Years: ${availableYears(INHERITANCE_GIFT).join(', ')}.`,
  resultView: { kind: 'figure', field: 'tax', unit: 'EUR', label: 'Gift tax', detail: ['netReceived', 'exemptionUsed'] },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Year of the gift'),
    amount: z.number().min(0).max(10_000_000_000).describe('Total given this year by this donor, euros'),
    relationship: z.enum(RELATIONS).describe('Recipient’s relationship to the donor (child = donor’s (step)child)'),
    oneOffExemption: z.enum(['none', 'general', 'study']).default('none').describe('Use the one-off increased child exemption'),
    recipientAge: z.int().min(0).max(150).optional().describe('Age of the child (or of the child’s partner); needed for oneOffExemption'),
  }),
  output: z.object({
    year: z.int(),
    relationship: z.enum(RELATIONS),
    tariffGroup: z.enum(['I', 'IA', 'II']),
    exemptionKind: z.enum(['child', 'childOneOffGeneral', 'childOneOffStudy', 'other']),
    exemption: z.number(),
    exemptionUsed: z.number(),
    taxableAmount: z.number(),
    bands: z.array(band),
    tax: z.number(),
    netReceived: z.number(),
    rule: z.string(),
    source: z.string(),
  }),
  examples: [
    // slimgeldbeheer.nl "Erfbelasting en schenken 2026", rekenvoorbeeld: parents give €50,000 to a child of 25
    // with the one-off exemption €33,129 → 16,871 × 10% = 1,687.10 (page: €1,687).
    {
      name: '€50,000 to a 25-year-old child with the one-off exemption, 2026',
      input: { year: 2026, amount: 50000, relationship: 'child', oneOffExemption: 'general', recipientAge: 25 },
      output: {
        year: 2026,
        relationship: 'child',
        tariffGroup: 'I',
        exemptionKind: 'childOneOffGeneral',
        exemption: 33129,
        exemptionUsed: 33129,
        taxableAmount: 16871,
        bands: [{ from: 0, to: 158669, ratePercent: 10, taxedAmount: 16871, tax: 1687.1 }],
        tax: 1687.1,
        netReceived: 48312.9,
        rule: '50000 − childOneOffGeneral exemption 33129 = 16871; tariff group I: 10% to 158669, 20% above; tax 1687.1',
        source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2026',
      },
    },
    // cooster.nl 2025 figures: general exemption €2,690, grandchild 18%: (10,000 − 2,690) × 18% = 1,315.80.
    {
      name: '€10,000 to a grandchild in 2025',
      input: { year: 2025, amount: 10000, relationship: 'grandchild' },
      output: {
        year: 2025,
        relationship: 'grandchild',
        tariffGroup: 'IA',
        exemptionKind: 'other',
        exemption: 2690,
        exemptionUsed: 2690,
        taxableAmount: 7310,
        bands: [{ from: 0, to: 154197, ratePercent: 18, taxedAmount: 7310, tax: 1315.8 }],
        tax: 1315.8,
        netReceived: 8684.2,
        rule: '10000 − other exemption 2690 = 7310; tariff group IA: 18% to 154197, 36% above; tax 1315.8',
        source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2025',
      },
    },
  ],
  run({ year, amount, relationship, oneOffExemption, recipientAge }) {
    const fig = forYear(INHERITANCE_GIFT, year, 'gift tax', 'year', INHERITANCE_GIFT_REFUSED);
    let kind: 'child' | 'childOneOffGeneral' | 'childOneOffStudy' | 'other' = relationship === 'child' ? 'child' : 'other';
    if (oneOffExemption !== 'none') {
      if (relationship !== 'child')
        throw new ToolError(
          '`oneOffExemption` applies only to gifts from a parent to a child (the home-purchase exemption for others was abolished in 2024)',
          400,
          {
            field: 'oneOffExemption',
          },
        );
      if (recipientAge === undefined || recipientAge < 18 || recipientAge >= 40)
        throw new ToolError(
          '`recipientAge`: the one-off exemption needs a child (or child’s partner) aged 18 or older and younger than 40',
          400,
          { field: 'recipientAge' },
        );
      kind = oneOffExemption === 'general' ? 'childOneOffGeneral' : 'childOneOffStudy';
    }
    const exemption = fig.gift[kind];
    const group = GROUP[relationship];
    const rates = fig.rates[group];
    const r = successionTax(year, d(amount), exemption, group, fig.band1UpTo, rates);
    return {
      year,
      relationship,
      tariffGroup: group,
      exemptionKind: kind,
      exemption,
      exemptionUsed: eur(r.exemptionUsed),
      taxableAmount: eur(r.taxable),
      bands: r.rows,
      tax: eur(r.tax),
      netReceived: eur(r.net),
      rule: `${eur(d(amount))} − ${kind} exemption ${exemption} = ${eur(r.taxable)}; tariff group ${group}: ${rates[0]}% to ${fig.band1UpTo}, ${rates[1]}% above; tax ${eur(r.tax)}`,
      source: fig.source,
    };
  },
});
