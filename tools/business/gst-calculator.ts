import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { solveTax } from '../_lib/sales-tax.js';

/**
 * Default rates, each with its source:
 * - IN 18 %: the standard slab. India's goods rates from 22 Sep 2025 are 0 (nil/exempt), 0.25, 1.5, 3, 5, 18, 28
 *   (tobacco, until the compensation cess ends) and 40 %: Notification No. 9/2025-Integrated Tax (Rate), 17 Sep 2025,
 *   G.S.R. 642(E), Gazette of India CG-DL-E-17092025-266211, Schedules I–VII (CGST = SGST = half:
 *   Notification No. 9/2025-Central Tax (Rate), G.S.R. 641(E)). Services rates are in separate notifications.
 * - AU 10 %: taxsuperandyou.gov.au/gstcalculator (ATO education site; "Current GST Rate (%) in Australia is 10 %").
 * - NZ 15 %: Inland Revenue, ird.govt.nz/changes-2010/gst/businesses/calculating (15 % since 1 Oct 2010; fraction 3/23).
 * Canada (GST 5 % plus provincial HST/PST/QST) is not modelled: its provincial rates were not sourced here.
 */
const DEFAULT_RATE = { IN: 18, AU: 10, NZ: 15 } as const;
/** IGST rates notified for goods from 22 Sep 2025 (Notification 9/2025-IT(Rate)), plus 0 for nil-rated/exempt goods. */
const INDIA_SLABS_2025 = [0, 0.25, 1.5, 3, 5, 18, 28, 40];

const MODES = ['exclusive', 'inclusive'] as const;

export default defineTool({
  slug: 'gst-calculator',
  title: 'GST calculator (India, Australia, New Zealand)',
  summary: 'Add GST to a price or take it out, for India, Australia or New Zealand.',
  keywords: {
    en: [
      'goods and services tax',
      'India',
      'Australia',
      'New Zealand',
      'inclusive',
      'exclusive',
      'tax invoice',
      'GST inclusive',
      'add GST',
      'remove GST',
      'GST included',
      'AUD',
      'NZD',
      'INR',
    ],
    nl: ['gst', 'India', 'Australie', 'belasting', 'gst erbij', 'gst eraf'],
  },
  description:
    'Adds GST to a net amount (exclusive) or extracts it from a gross one (inclusive) for IN, AU or NZ (default rate 18/10/15). India: intra-state splits CGST + SGST, inter-state is IGST; indiaNotifiedSlab says whether the rate is a current slab. Net + GST = total exactly; no Canada.',
  docs: [
    'India goods slabs in force from 22 Sep 2025: 0, 0.25, 1.5, 3, 5, 18, 28, 40. Intra-state: half each, an odd paisa goes to CGST. GST is rounded once, half-up to the cent/paisa; inclusive: net = amount × 100 / (100 + rate).',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'gst', label: 'GST', detail: ['net', 'total'] },
  input: z.strictObject({
    amount: z.number().min(0).max(MAX_AMOUNT).describe('Net amount (exclusive) or GST-inclusive amount (inclusive)'),
    mode: aliasedEnum(MODES, {
      aliases: { add: 'exclusive', excl: 'exclusive', extract: 'inclusive', incl: 'inclusive', remove: 'inclusive' },
    })
      .default('exclusive')
      .describe('exclusive: amount is before GST; inclusive: amount includes GST'),
    ratePercent: z.number().min(0).max(100).optional().describe('GST rate in percent; default by country'),
    country: aliasedEnum(['IN', 'AU', 'NZ'], { aliases: { india: 'IN', australia: 'AU', newzealand: 'NZ' } })
      .default('IN')
      .describe('IN, AU or NZ'),
    supply: aliasedEnum(['intra', 'inter'], { aliases: { intrastate: 'intra', interstate: 'inter' } })
      .default('intra')
      .describe('India only: intra-state (CGST + SGST) or inter-state (IGST)'),
  }),
  output: z.object({
    country: z.enum(['IN', 'AU', 'NZ']),
    mode: z.enum(MODES),
    ratePercent: z.number(),
    net: z.number(),
    gst: z.number(),
    total: z.number(),
    cgst: z.number().nullable().describe('India intra-state only'),
    sgst: z.number().nullable().describe('India intra-state only'),
    igst: z.number().nullable().describe('India inter-state only'),
    supply: z.enum(['intra', 'inter']).nullable().describe('India only'),
    indiaNotifiedSlab: z.boolean().nullable().describe('India only: rate is a goods slab notified from 22 Sep 2025'),
    formula: z.string(),
  }),
  examples: [
    // Intra-state supply at the 18 % standard slab (Notification 9/2025-CT(Rate): CGST 9 % + SGST 9 %).
    {
      name: '₹1,000 + 18 % GST within a state → CGST 90 + SGST 90',
      input: { amount: 1000, ratePercent: 18 },
      output: {
        country: 'IN',
        mode: 'exclusive',
        ratePercent: 18,
        net: 1000,
        gst: 180,
        total: 1180,
        cgst: 90,
        sgst: 90,
        igst: null,
        supply: 'intra',
        indiaNotifiedSlab: true,
        formula: 'gst = round(amount × rate / 100); total = amount + gst',
      },
    },
    {
      name: '₹1,050 inclusive of 5 % GST, inter-state → IGST 50',
      input: { amount: 1050, ratePercent: 5, mode: 'inclusive', supply: 'inter' },
      output: {
        country: 'IN',
        mode: 'inclusive',
        ratePercent: 5,
        net: 1000,
        gst: 50,
        total: 1050,
        cgst: null,
        sgst: null,
        igst: 50,
        supply: 'inter',
        indiaNotifiedSlab: true,
        formula: 'net = round(amount × 100 / (100 + rate)); gst = amount − net',
      },
    },
    // Inland Revenue's worked example (ird.govt.nz/changes-2010/gst/businesses/calculating): $1,500.00 + GST 15 % $225.00 = $1,725.00.
    {
      name: 'NZ: $1,500 + 15 % = $1,725 (Inland Revenue example)',
      input: { amount: 1500, country: 'NZ' },
      output: {
        country: 'NZ',
        mode: 'exclusive',
        ratePercent: 15,
        net: 1500,
        gst: 225,
        total: 1725,
        cgst: null,
        sgst: null,
        igst: null,
        supply: null,
        indiaNotifiedSlab: null,
        formula: 'gst = round(amount × rate / 100); total = amount + gst',
      },
    },
    // taxsuperandyou.gov.au/gstcalculator: price incl. GST $1,000 at 10 % → price excl. GST $909.09.
    {
      name: 'AU: GST in a $1,000 GST-inclusive price',
      input: { amount: 1000, country: 'AU', mode: 'inclusive' },
      output: {
        country: 'AU',
        mode: 'inclusive',
        ratePercent: 10,
        net: 909.09,
        gst: 90.91,
        total: 1000,
        cgst: null,
        sgst: null,
        igst: null,
        supply: null,
        indiaNotifiedSlab: null,
        formula: 'net = round(amount × 100 / (100 + rate)); gst = amount − net',
      },
    },
  ],
  async run({ amount, mode, ratePercent, country, supply }) {
    const rate = ratePercent ?? DEFAULT_RATE[country];
    const india = country === 'IN';
    const intra = india && supply === 'intra';
    const rates = intra ? [rate / 2, rate / 2] : [rate];
    const r = await solveTax(mode === 'exclusive' ? { net: amount, ratesPercent: rates } : { gross: amount, ratesPercent: rates });
    return {
      country,
      mode,
      ratePercent: rate,
      net: r.net,
      gst: r.tax,
      total: r.gross,
      cgst: intra ? r.components[0].tax : null,
      sgst: intra ? r.components[1].tax : null,
      igst: india && !intra ? r.tax : null,
      supply: india ? supply : null,
      indiaNotifiedSlab: india ? INDIA_SLABS_2025.includes(rate) : null,
      formula:
        mode === 'exclusive'
          ? 'gst = round(amount × rate / 100); total = amount + gst'
          : 'net = round(amount × 100 / (100 + rate)); gst = amount − net',
    };
  },
});
