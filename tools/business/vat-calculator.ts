import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_AMOUNT, fromCents, roundHalfAway, toCents } from '../_lib/money.js';

const MODES = ['add', 'extract'] as const;
/** Other words a caller may use for the two modes. */
const MODE_ALIASES: Record<string, (typeof MODES)[number]> = {
  exclusive: 'add',
  excl: 'add',
  net: 'add',
  fromnet: 'add',
  addvat: 'add',
  plus: 'add',
  inclusive: 'extract',
  incl: 'extract',
  gross: 'extract',
  fromgross: 'extract',
  remove: 'extract',
  removevat: 'extract',
  subtract: 'extract',
  minus: 'extract',
};
const modeKey = (v: unknown) => (typeof v === 'string' ? v.toLowerCase().replace(/[\s_-]/g, '') : v);

export default defineTool({
  slug: 'vat-calculator',
  title: 'VAT calculator',
  summary: 'Add VAT to a price or take it out, at the Dutch rates of 21%, 9% or 0%.',
  featured: true,
  keywords: {
    en: [
      'value added tax',
      'VAT inclusive',
      'VAT exclusive',
      'net to gross',
      'tax amount',
      '21%',
      'VAT',
      'add VAT',
      'remove VAT',
      'price incl VAT',
    ],
    nl: [
      'btw',
      'btw berekenen',
      'inclusief btw',
      'exclusief btw',
      'omzetbelasting',
      'incl',
      'excl',
      'btw erbij',
      'btw eraf',
      'btw bedrag',
      'prijs incl btw',
    ],
  },
  description:
    'Adds VAT to a net amount (add) or extracts it from a gross amount (extract); Dutch rates 21, 9, 0. Rounded once, half away from zero, so net + vat = gross; negative amounts (credit notes) allowed.',
  docs: [
    'Mode aliases: exclusive, excl, net → add; inclusive, incl, gross, remove → extract. add: vat = round(net × rate), gross = net + vat; extract: net = round(gross / (1 + rate)), vat = gross − net.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'vat', label: 'VAT', detail: ['net', 'gross'] },
  input: z.strictObject({
    amount: z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT).describe('The amount: net for mode add, gross for mode extract'),
    rate: z.number().min(0).max(100).default(21).describe('VAT rate in percent, 0–100 (NL: 21, 9 or 0)'),
    mode: z
      .preprocess((v) => MODE_ALIASES[modeKey(v) as string] ?? modeKey(v), z.enum(MODES))
      .default('add')
      .describe('add: amount excludes VAT; extract: amount includes VAT'),
  }),
  output: z.object({
    net: z.number(),
    vat: z.number(),
    gross: z.number(),
    rate: z.number(),
    mode: z.enum(MODES),
  }),
  examples: [
    {
      name: 'Add 21% to €100',
      input: { amount: 100, rate: 21, mode: 'add' },
      output: { net: 100, vat: 21, gross: 121, rate: 21, mode: 'add' },
    },
    {
      name: 'Extract 9% from €10.00 gross',
      input: { amount: 10, rate: 9, mode: 'extract' },
      output: { net: 9.17, vat: 0.83, gross: 10, rate: 9, mode: 'extract' },
    },
    {
      name: 'Alias "inclusive", default rate 21%',
      input: { amount: 19.99, mode: 'inclusive' },
      output: { net: 16.52, vat: 3.47, gross: 19.99, rate: 21, mode: 'extract' },
    },
  ],
  run({ amount, rate, mode }) {
    const cents = toCents(amount);
    let net: number, vat: number, gross: number;
    if (mode === 'add') {
      net = cents;
      vat = roundHalfAway((cents * rate) / 100);
      gross = net + vat;
    } else {
      gross = cents;
      net = roundHalfAway((cents * 100) / (100 + rate));
      vat = gross - net;
    }
    return { net: fromCents(net), vat: fromCents(vat), gross: fromCents(gross), rate, mode };
  },
});
