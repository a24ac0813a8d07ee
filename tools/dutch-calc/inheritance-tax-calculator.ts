import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { INHERITANCE_GIFT, INHERITANCE_GIFT_REFUSED } from './_figures.js';
import { availableYears, d, eur, forYear, successionTax, type TariffGroup } from './_tax.js';

const RELATIONS = ['partner', 'child', 'disabledChild', 'grandchild', 'greatGrandchild', 'parent', 'sibling', 'other'] as const;
type Relation = (typeof RELATIONS)[number];

/** Exemption (Successiewet art. 32) and tariff group (art. 24) per relationship. */
const RULES: Record<Relation, { exemption: 'partner' | 'child' | 'disabledChild' | 'parent' | 'other'; group: TariffGroup }> = {
  partner: { exemption: 'partner', group: 'I' },
  child: { exemption: 'child', group: 'I' },
  disabledChild: { exemption: 'disabledChild', group: 'I' },
  grandchild: { exemption: 'child', group: 'IA' },
  greatGrandchild: { exemption: 'other', group: 'IA' },
  parent: { exemption: 'parent', group: 'II' },
  sibling: { exemption: 'other', group: 'II' },
  other: { exemption: 'other', group: 'II' },
};

const band = z.object({ from: z.number(), to: z.number().nullable(), ratePercent: z.number(), taxedAmount: z.number(), tax: z.number() });

export default defineTool({
  slug: 'inheritance-tax-calculator',
  title: 'Dutch inheritance tax (erfbelasting)',
  summary: 'Dutch inheritance tax (erfbelasting) for one heir, after the exemption.',
  keywords: {
    en: ['inheritance tax', 'estate', 'heir', 'inheritance', 'death duty', 'inherit', 'estate tax', 'inheriting', 'inherited'],
    nl: ['erfbelasting', 'erfenis', 'erven', 'successierecht', 'erfgenaam'],
  },
  description:
    'Dutch inheritance tax for one heir (Successiewet 1956): the year’s exemption for the relationship to the deceased is deducted, the rest is taxed in two bands: partner and (step/foster) children 10%/20%, grandchildren and further descendants 18%/36%, everyone else (parents, siblings, others) 30%/40%. ' +
    'amount = the heir’s share after debts and funeral costs. Not modelled: the partner exemption’s reduction for survivor’s pension, business-succession and other special exemptions. ' +
    `Year of death: ${availableYears(INHERITANCE_GIFT).join(', ')}.`,
  resultView: { kind: 'figure', field: 'tax', unit: 'EUR', label: 'Inheritance tax', detail: ['netReceived', 'exemptionUsed'] },
  input: z.strictObject({
    year: z.number().int().min(2000).max(2100).describe('Year of death'),
    amount: z.number().min(0).max(10_000_000_000).describe('Value the heir receives, euros'),
    relationship: z.enum(RELATIONS).describe('The heir’s relationship to the deceased'),
  }),
  output: z.object({
    year: z.int(),
    relationship: z.enum(RELATIONS),
    tariffGroup: z.enum(['I', 'IA', 'II']),
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
    // slimgeldbeheer.nl "Erfbelasting vrijstellingen 2026", rekenvoorbeeld "Kind erft €100.000":
    // 100,000 − 26,230 = 73,770 taxable × 10% = 7,377.
    {
      name: 'A child inherits €100,000 in 2026',
      input: { year: 2026, amount: 100000, relationship: 'child' },
      output: {
        year: 2026,
        relationship: 'child',
        tariffGroup: 'I',
        exemption: 26230,
        exemptionUsed: 26230,
        taxableAmount: 73770,
        bands: [{ from: 0, to: 158669, ratePercent: 10, taxedAmount: 73770, tax: 7377 }],
        tax: 7377,
        netReceived: 92623,
        rule: '100000 − exemption 26230 = 73770; tariff group I: 10% to 158669, 20% above; tax 7377',
        source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2026',
      },
    },
    // Same page, "Vriend erft €50.000": 50,000 − 2,769 = 47,231 × 30% = 14,169.30 (the page rounds to 14,169).
    {
      name: 'A friend inherits €50,000 in 2026',
      input: { year: 2026, amount: 50000, relationship: 'other' },
      output: {
        year: 2026,
        relationship: 'other',
        tariffGroup: 'II',
        exemption: 2769,
        exemptionUsed: 2769,
        taxableAmount: 47231,
        bands: [{ from: 0, to: 158669, ratePercent: 30, taxedAmount: 47231, tax: 14169.3 }],
        tax: 14169.3,
        netReceived: 35830.7,
        rule: '50000 − exemption 2769 = 47231; tariff group II: 30% to 158669, 40% above; tax 14169.3',
        source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2026',
      },
    },
  ],
  run({ year, amount, relationship }) {
    const fig = forYear(INHERITANCE_GIFT, year, 'inheritance tax', 'year', INHERITANCE_GIFT_REFUSED);
    const rule = RULES[relationship];
    const exemption = fig.inherit[rule.exemption];
    const rates = fig.rates[rule.group];
    const r = successionTax(year, d(amount), exemption, rule.group, fig.band1UpTo, rates);
    const notes = relationship === 'parent' ? ' (one exemption for both parents together)' : '';
    return {
      year,
      relationship,
      tariffGroup: rule.group,
      exemption,
      exemptionUsed: eur(r.exemptionUsed),
      taxableAmount: eur(r.taxable),
      bands: r.rows,
      tax: eur(r.tax),
      netReceived: eur(r.net),
      rule: `${eur(d(amount))} − exemption ${exemption}${notes} = ${eur(r.taxable)}; tariff group ${rule.group}: ${rates[0]}% to ${fig.band1UpTo}, ${rates[1]}% above; tax ${eur(r.tax)}`,
      source: fig.source,
    };
  },
});
