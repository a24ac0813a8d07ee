import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { allocateCents } from '../_lib/sales-tax.js';
import { centsOf, loadDecimal, sig } from './_decimal.js';

/** People to split between; the shares list is grouped by amount, so its size stays ≤ 2 rows whatever the count. */
const MAX_PEOPLE = 1000;

/** Equal shares that sum to the total exactly: [{ amount, people }] grouped, larger share first. */
export async function equalShares(totalCents: number, people: number) {
  const parts = await allocateCents(totalCents, Array(people).fill(1));
  const groups: { amount: number; people: number }[] = [];
  for (const c of parts) {
    const g = groups.find((x) => x.amount === c / 100);
    if (g) g.people++;
    else groups.push({ amount: c / 100 + 0, people: 1 });
  }
  return groups;
}

export default defineTool({
  slug: 'tip-calculator',
  title: 'Tip calculator',
  summary: "The tip and total for a bill, and each person's share.",
  keywords: {
    en: ['gratuity', 'tip percentage', 'restaurant', 'service', 'bill total', 'tip', 'tipping', 'how much to tip'],
    nl: ['fooi', 'fooi berekenen', 'restaurant', 'bediening', 'fooi geven', 'drinkgeld'],
  },
  description:
    'Tip and total for a bill, split between people; the tip is on the pre-tax amount when taxAmount is given. roundUp rounds the total or each share up to whole units (the tip absorbs it). Shares sum to the total exactly; leftover cents go to the first people.',
  resultView: { kind: 'figure', field: 'perPerson', label: 'Per person', detail: ['tip', 'total'] },
  input: z.strictObject({
    bill: z.number().min(0).max(MAX_AMOUNT).describe('Bill amount (including any tax)'),
    tipPercent: z.number().min(0).max(100).default(15).describe('Tip in percent; default 15'),
    people: z.int().min(1).max(MAX_PEOPLE).default(1).describe('People splitting the bill'),
    taxAmount: z.number().min(0).max(MAX_AMOUNT).default(0).describe('Tax included in the bill; the tip is then on bill − taxAmount'),
    roundUp: z.enum(['none', 'total', 'perPerson']).default('none').describe('Round up to whole currency units'),
  }),
  output: z.object({
    bill: z.number(),
    tipBase: z.number().describe('Amount the tip percent applies to'),
    tip: z.number(),
    total: z.number(),
    effectiveTipPercent: z.number().nullable().describe('tip / tipBase × 100 after rounding up; null when tipBase is 0'),
    people: z.int(),
    perPerson: z.number().describe('The largest share'),
    tipPerPerson: z.number().describe('tip / people, rounded half-up'),
    shares: z.array(z.object({ amount: z.number(), people: z.int() })).describe('Shares grouped by amount; they sum to the total'),
  }),
  examples: [
    // metugpa.com/finance/tip-calculator.html, example 1: bill 350, 10 %, 4 people → tip 35, total 385, 96.25 each, tip 8.75 each.
    {
      name: 'Bill 350, 10 %, 4 people',
      input: { bill: 350, tipPercent: 10, people: 4 },
      output: {
        bill: 350,
        tipBase: 350,
        tip: 35,
        total: 385,
        effectiveTipPercent: 10,
        people: 4,
        perPerson: 96.25,
        tipPerPerson: 8.75,
        shares: [{ amount: 96.25, people: 4 }],
      },
    },
    // theprimecalculator.com tip & split worked example: 86.50 at 18 % for 4 → tip 15.57, total 102.07, "25.52" each
    // (4 × 25.52 = 102.08 overpays by a cent; here the shares sum to 102.07 exactly).
    {
      name: 'Bill 86.50, 18 %, 4 people: shares sum exactly',
      input: { bill: 86.5, tipPercent: 18, people: 4 },
      output: {
        bill: 86.5,
        tipBase: 86.5,
        tip: 15.57,
        total: 102.07,
        effectiveTipPercent: 18,
        people: 4,
        perPerson: 25.52,
        tipPerPerson: 3.89,
        shares: [
          { amount: 25.52, people: 3 },
          { amount: 25.51, people: 1 },
        ],
      },
    },
    {
      name: 'Tip on the pre-tax amount, each person pays whole units',
      input: { bill: 108.25, taxAmount: 8.25, tipPercent: 20, people: 3, roundUp: 'perPerson' },
      output: {
        bill: 108.25,
        tipBase: 100,
        tip: 20.75,
        total: 129,
        effectiveTipPercent: 20.75,
        people: 3,
        perPerson: 43,
        tipPerPerson: 6.92,
        shares: [{ amount: 43, people: 3 }],
      },
    },
  ],
  async run({ bill, tipPercent, people, taxAmount, roundUp }) {
    if (taxAmount > bill) throw new ToolError(`\`taxAmount\` (${taxAmount}) cannot exceed \`bill\` (${bill})`, 400, { field: 'taxAmount' });
    const D = await loadDecimal();
    const billCents = centsOf(new D(bill));
    const baseCents = billCents - centsOf(new D(taxAmount));
    let tipCents = centsOf(new D(baseCents).times(tipPercent).dividedBy(100).dividedBy(100));
    let totalCents = billCents + tipCents;
    if (roundUp === 'total') totalCents = Math.ceil(totalCents / 100) * 100;
    if (roundUp === 'perPerson') totalCents = Math.ceil(totalCents / 100 / people) * 100 * people;
    tipCents = totalCents - billCents;
    const shares = await equalShares(totalCents, people);
    return {
      bill: billCents / 100,
      tipBase: baseCents / 100,
      tip: tipCents / 100,
      total: totalCents / 100,
      effectiveTipPercent: baseCents === 0 ? null : sig(new D(tipCents).dividedBy(baseCents).times(100)),
      people,
      perPerson: shares[0].amount,
      tipPerPerson: centsOf(new D(tipCents).dividedBy(people).dividedBy(100)) / 100,
      shares,
    };
  },
});
