import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { isoDateField } from '../_lib/calendar.js';
import { DUO_PERIODS, type DuoPeriod } from './_duo.js';

// A lookup in a table of six rows: constant time.

const money = (xs: (number | null)[]) =>
  xs
    .reduce<Decimal>((s, x) => (x === null ? s : s.plus(x)), new Decimal(0))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber() + 0;

const label = (p: DuoPeriod) => `${p.group === 'ho' ? 'hbo/wo' : 'mbo'} ${p.from} to ${p.to}`;

export default defineTool({
  slug: 'student-finance-calculator',
  title: 'Dutch student finance (DUO studiefinanciering) monthly maxima',
  summary: 'The most DUO student finance you can get per month: grant, loan and supplement.',
  keywords: {
    en: ['student finance', 'student loan', 'grant', 'DUO', 'university', 'college', 'student grant', 'study loan', 'student allowance'],
    nl: ['studiefinanciering', 'stufi', 'studielening', 'basisbeurs', 'aanvullende beurs', 'mbo', 'hbo', 'wo', 'studie', 'student'],
  },
  description:
    'Maximum DUO studiefinanciering per month for mbo or hbo/wo, thuiswonend or uitwonend: basisbeurs, aanvullende beurs (the maximum: the real amount depends on the parents’ income, which DUO computes and this tool does not model), rentedragende lening, collegegeldkrediet (hbo/wo) and totals. ' +
    'Give `date` or `year` + `month`; the DUO period follows (mbo January–July / August–December, hbo/wo January–August / September–December). ' +
    `Periods held: ${DUO_PERIODS.map(label).join('; ')}. Any other month is refused (400), never estimated.`,
  resultView: { kind: 'figure', field: 'totalMax', unit: 'EUR', label: 'Most per month', detail: ['grantsMax', 'loansMax'] },
  input: z.strictObject({
    level: z.enum(['mbo', 'hbo', 'wo']).describe('Education level (hbo and wo have the same amounts)'),
    livingSituation: z.enum(['thuiswonend', 'uitwonend']).describe('Living with a parent (thuiswonend) or not (uitwonend)'),
    date: isoDateField('A day in the month asked about (yyyy-mm-dd); or give year and month').optional(),
    year: z.int().min(2000).max(2100).optional().describe('Year (with month, instead of date)'),
    month: z.int().min(1).max(12).optional().describe('Month 1–12 (with year)'),
  }),
  output: z.object({
    level: z.enum(['mbo', 'hbo', 'wo']),
    livingSituation: z.enum(['thuiswonend', 'uitwonend']),
    month: z.string().describe('yyyy-mm asked about'),
    period: z.object({ id: z.string(), from: z.string(), to: z.string() }).describe('DUO period (months, inclusive)'),
    basisbeurs: z.number(),
    aanvullendeBeursMax: z.number().describe('Maximum; the actual amount depends on parental income'),
    aanvullendeBeursMaxWithoutLesgeld: z.number().nullable().describe('mbo: maximum when no lesgeld is due yet (under 18)'),
    rentedragendeLening: z.number(),
    collegegeldkrediet: z.number().nullable().describe('hbo/wo: regular collegegeldkrediet (wettelijk collegegeld / 12); null for mbo'),
    grantsMax: z.number().describe('basisbeurs + maximum aanvullende beurs'),
    loansMax: z.number().describe('rentedragende lening + collegegeldkrediet'),
    totalMax: z.number().describe('All components at their maximum, per month'),
    rule: z.string(),
    notes: z.array(z.string()),
    source: z.string(),
  }),
  examples: [
    // duo.nl "Bedragen" (2024): mbo August–December 2024, uitwonend: basisbeurs € 326,16, aanvullende beurs € 439,62,
    // rentedragende lening € 217,72, totaal € 983,50; without lesgeld the aanvullende beurs is € 118,25 lower.
    {
      name: 'mbo, uitwonend, September 2024',
      input: { level: 'mbo', livingSituation: 'uitwonend', date: '2024-09-15' },
      output: {
        level: 'mbo',
        livingSituation: 'uitwonend',
        month: '2024-09',
        period: { id: 'mbo-2024-08-12', from: '2024-08', to: '2024-12' },
        basisbeurs: 326.16,
        aanvullendeBeursMax: 439.62,
        aanvullendeBeursMaxWithoutLesgeld: 321.37,
        rentedragendeLening: 217.72,
        collegegeldkrediet: null,
        grantsMax: 765.78,
        loansMax: 217.72,
        totalMax: 983.5,
        rule: 'basisbeurs 326.16 + aanvullende beurs (max) 439.62 + rentedragende lening 217.72 = 983.5 per month',
        notes: [
          'The aanvullende beurs is a maximum: DUO computes the actual amount from the parents’ income; whatever is not granted may be borrowed on top of the loan.',
        ],
        source: 'duo.nl/particulier/studiefinanciering/bedragen.jsp (2024 version)',
      },
    },
    // duo.nl "Bedragen" (2024): mbo January–July 2024, thuiswonend: basisbeurs € 99,94, aanvullende beurs € 408,07,
    // lening € 217,72, totaal € 725,73.
    {
      name: 'mbo, thuiswonend, July 2024 (last month of the period)',
      input: { level: 'mbo', livingSituation: 'thuiswonend', year: 2024, month: 7 },
      output: {
        level: 'mbo',
        livingSituation: 'thuiswonend',
        month: '2024-07',
        period: { id: 'mbo-2024-01-07', from: '2024-01', to: '2024-07' },
        basisbeurs: 99.94,
        aanvullendeBeursMax: 408.07,
        aanvullendeBeursMaxWithoutLesgeld: 294.99,
        rentedragendeLening: 217.72,
        collegegeldkrediet: null,
        grantsMax: 508.01,
        loansMax: 217.72,
        totalMax: 725.73,
        rule: 'basisbeurs 99.94 + aanvullende beurs (max) 408.07 + rentedragende lening 217.72 = 725.73 per month',
        notes: [
          'The aanvullende beurs is a maximum: DUO computes the actual amount from the parents’ income; whatever is not granted may be borrowed on top of the loan.',
        ],
        source: 'duo.nl/particulier/studiefinanciering/bedragen.jsp (2024 version)',
      },
    },
  ],
  run({ level, livingSituation, date, year, month }) {
    let ym: string;
    if (date !== undefined) {
      if (year !== undefined || month !== undefined)
        throw new ToolError('give either `date` or `year` + `month`, not both', 400, { field: year !== undefined ? 'year' : 'month' });
      ym = date.slice(0, 7);
    } else {
      if (year === undefined) throw new ToolError('`year` is required (with `month`) when no `date` is given', 400, { field: 'year' });
      if (month === undefined) throw new ToolError('`month` is required (with `year`) when no `date` is given', 400, { field: 'month' });
      ym = `${year}-${String(month).padStart(2, '0')}`;
    }
    const field = date !== undefined ? 'date' : 'year';
    const group = level === 'mbo' ? 'mbo' : 'ho';
    const held = DUO_PERIODS.filter((p) => p.group === group);
    const p = held.find((x) => x.from <= ym && ym <= x.to);
    if (!p)
      throw new ToolError(
        `\`${field}\`: no complete official DUO figures for ${group === 'ho' ? 'hbo/wo' : 'mbo'} in ${ym}; available periods: ${held.map((x) => `${x.from} to ${x.to}`).join(', ')}. Amounts are never estimated.`,
        400,
        { field },
      );
    const a = p.amounts[livingSituation];
    const parts: [string, number | null][] = [
      ['basisbeurs', a.basisbeurs],
      ['aanvullende beurs (max)', a.aanvullendeBeursMax],
      ['rentedragende lening', a.rentedragendeLening],
      ['collegegeldkrediet', a.collegegeldkrediet],
    ];
    const totalMax = money(parts.map(([, x]) => x));
    const notes = [
      'The aanvullende beurs is a maximum: DUO computes the actual amount from the parents’ income; whatever is not granted may be borrowed on top of the loan.',
    ];
    if (p.note && (p.noteFor === undefined || p.noteFor === livingSituation)) notes.push(p.note);
    if (p.source.includes('one copy only'))
      notes.push(
        'The loan and the mbo aanvullende beurs come from a single copy of the duo.nl page (the basisbeurs was confirmed in others): check duo.nl before relying on them.',
      );
    return {
      level,
      livingSituation,
      month: ym,
      period: { id: p.id, from: p.from, to: p.to },
      basisbeurs: a.basisbeurs,
      aanvullendeBeursMax: a.aanvullendeBeursMax,
      aanvullendeBeursMaxWithoutLesgeld: p.aanvullendeBeursMaxWithoutLesgeld?.[livingSituation] ?? null,
      rentedragendeLening: a.rentedragendeLening,
      collegegeldkrediet: a.collegegeldkrediet,
      grantsMax: money([a.basisbeurs, a.aanvullendeBeursMax]),
      loansMax: money([a.rentedragendeLening, a.collegegeldkrediet]),
      totalMax,
      rule: `${parts
        .filter(([, x]) => x !== null)
        .map(([n, x]) => `${n} ${x}`)
        .join(' + ')} = ${totalMax} per month`,
      notes,
      source: p.source,
    };
  },
});
