/**
 * DUO studiefinanciering: maximum amounts per month, per period, as published on duo.nl
 * ("Bedragen", https://duo.nl/particulier/studiefinanciering/bedragen.jsp). Euros per month.
 *
 * Periods follow DUO's own split: mbo January–July and August–December (the aanvullende beurs follows the school
 * year's lesgeld), hbo/wo January–August and September–December (the collegegeldkrediet follows the academic year's
 * wettelijk collegegeld). The aanvullende beurs is the MAXIMUM; the real amount depends on the parents' income, which
 * DUO computes (not modelled here).
 *
 * Only complete periods are listed; everything else is refused with a 400 naming the available periods.
 *
 * 2024, mbo [A]: duo.nl "Bedragen" page, 2024 version (archived copy read via the research `pages` corpus):
 *   Jan–Jul 2024: basisbeurs 99.94 / 490.46 (uitwonend incl. the temporary 2023-2024 increase of 164.30),
 *   aanvullende beurs 408.07 / 434.45, rentedragende lening 217.72 / 217.72, totaal 725.73 / 1,142.63;
 *   "geen lesgeld": aanvullende beurs 113.08 lower.
 *   Aug–Dec 2024: basisbeurs 99.94 / 326.16 (increase ended), aanvullende beurs 413.24 / 439.62, lening 217.72,
 *   totaal 730.90 / 983.50; "geen lesgeld": 118.25 lower.
 * 2024, hbo/wo: NOT listed. The same page's ho table was only partly readable (basisbeurs 121.33 / 466.69, aanvullende
 *   beurs 457.60, lening 293.67 thuiswonend; the uitwonend loan, collegegeldkrediet and totals were cut off).
 * 2025 (mbo and hbo/wo): NOT listed; no copy of the 2025 figures was found.
 * 2026 (mbo and hbo/wo) [C: one copy]: the duo.nl "Bedragen" page (2026 version) as copied in a public repository's
 *   `lib/financial-constants/duo-student-finance-amounts-2026.ts` (code-index ids 58816158558 and 59062731277, two
 *   revisions of one file, "retrievedAt 2026-07-31", source URL duo.nl/particulier/studiefinanciering/bedragen.jsp).
 *   Every total in that copy equals the sum of its parts (checked in the tests); the hbo/wo collegegeldkrediet equals
 *   the wettelijk collegegeld / 12 (€ 2,601 for 2025-2026 → 216.75; € 2,694 for 2026-2027 → 224.50), as DUO defines it.
 *   Cross-checked (Nov 2026) against independent public copies of the same duo.nl page: the hbo/wo basisbeurs 130.21 /
 *   324.52 and aanvullende beurs 491.08 (September–December 2026), and the mbo basisbeurs 107.26 / 350.03
 *   (August–December 2026), in a household-finance site's source list ("Hbo en universiteit, september t/m december
 *   2026: basisbeurs thuiswonend €130,21, uitwonend €324,52; aanvullende beurs maximaal €491,08. Mbo augustus t/m
 *   december 2026: basisbeurs €107,26 thuis, €350,03 uit"); 324.52 also in two study-abroad guides (one checked
 *   2026-04-16, so the January–August period too) and 324.52 / 491.08 in a third. The loans, the mbo aanvullende beurs
 *   and the amounts without lesgeld were found in the one copy only; the answer says so.
 * Searched again (Nov 2026) for hbo/wo September–December 2024 and for all of 2025 (mbo and hbo/wo): no copy of
 *   those duo.nl tables was found, so they stay refused.
 */

export type EducationGroup = 'mbo' | 'ho';
export type Living = 'thuiswonend' | 'uitwonend';

export interface DuoAmounts {
  basisbeurs: number;
  aanvullendeBeursMax: number;
  rentedragendeLening: number;
  /** hbo/wo only (regular collegegeldkrediet = wettelijk collegegeld / 12); null for mbo. */
  collegegeldkrediet: number | null;
  /** The total DUO prints for this period (mbo: without collegegeldkrediet, which mbo does not have). */
  publishedTotal: number | null;
}

export interface DuoPeriod {
  id: string;
  group: EducationGroup;
  /** First and last month, yyyy-mm, inclusive. */
  from: string;
  to: string;
  amounts: Record<Living, DuoAmounts>;
  /** mbo: the maximum aanvullende beurs when no lesgeld is due yet (under 18), where DUO publishes it. */
  aanvullendeBeursMaxWithoutLesgeld: Record<Living, number> | null;
  source: string;
  note: string | null;
  /** The note concerns only this living situation (null: both). */
  noteFor?: Living;
}

const DUO_2024 = 'duo.nl/particulier/studiefinanciering/bedragen.jsp (2024 version)';
const DUO_2026 =
  'duo.nl/particulier/studiefinanciering/bedragen.jsp (2026 version), as copied in lib/financial-constants/duo-student-finance-amounts-2026.ts of a public repository; basisbeurs and hbo/wo aanvullende beurs confirmed by independent copies, the other amounts in one copy only';

const mbo = (b: number, a: number, l: number, t: number | null): DuoAmounts => ({
  basisbeurs: b,
  aanvullendeBeursMax: a,
  rentedragendeLening: l,
  collegegeldkrediet: null,
  publishedTotal: t,
});
const ho = (b: number, a: number, l: number, c: number, t: number | null): DuoAmounts => ({
  basisbeurs: b,
  aanvullendeBeursMax: a,
  rentedragendeLening: l,
  collegegeldkrediet: c,
  publishedTotal: t,
});

export const DUO_PERIODS: DuoPeriod[] = [
  {
    id: 'mbo-2024-01-07',
    group: 'mbo',
    from: '2024-01',
    to: '2024-07',
    amounts: { thuiswonend: mbo(99.94, 408.07, 217.72, 725.73), uitwonend: mbo(490.46, 434.45, 217.72, 1142.63) },
    aanvullendeBeursMaxWithoutLesgeld: { thuiswonend: 294.99, uitwonend: 321.37 }, // 113.08 lower (DUO)
    source: DUO_2024,
    note: 'The uitwonend basisbeurs includes the temporary 2023-2024 increase of € 164.30 per month.',
    noteFor: 'uitwonend',
  },
  {
    id: 'mbo-2024-08-12',
    group: 'mbo',
    from: '2024-08',
    to: '2024-12',
    amounts: { thuiswonend: mbo(99.94, 413.24, 217.72, 730.9), uitwonend: mbo(326.16, 439.62, 217.72, 983.5) },
    aanvullendeBeursMaxWithoutLesgeld: { thuiswonend: 294.99, uitwonend: 321.37 }, // 118.25 lower (DUO)
    source: DUO_2024,
    note: null,
  },
  {
    id: 'mbo-2026-01-07',
    group: 'mbo',
    from: '2026-01',
    to: '2026-07',
    amounts: { thuiswonend: mbo(107.26, 438.08, 233.65, 778.99), uitwonend: mbo(350.03, 466.4, 233.65, 1050.08) },
    aanvullendeBeursMaxWithoutLesgeld: { thuiswonend: 316.58, uitwonend: 344.9 },
    source: DUO_2026,
    note: null,
  },
  {
    id: 'mbo-2026-08-12',
    group: 'mbo',
    from: '2026-08',
    to: '2026-12',
    amounts: { thuiswonend: mbo(107.26, 442.5, 233.65, 783.41), uitwonend: mbo(350.03, 470.82, 233.65, 1054.5) },
    aanvullendeBeursMaxWithoutLesgeld: { thuiswonend: 316.58, uitwonend: 344.9 },
    source: DUO_2026,
    note: null,
  },
  {
    id: 'ho-2026-01-08',
    group: 'ho',
    from: '2026-01',
    to: '2026-08',
    // The copy gives totals without collegegeldkrediet (936.46 / 1,130.77); the tool adds the credit itself.
    amounts: { thuiswonend: ho(130.21, 491.08, 315.17, 216.75, null), uitwonend: ho(324.52, 491.08, 315.17, 216.75, null) },
    aanvullendeBeursMaxWithoutLesgeld: null,
    source: DUO_2026,
    note: 'Collegegeldkrediet = wettelijk collegegeld 2025-2026 (€ 2,601) / 12; paying instellingscollegegeld allows more.',
  },
  {
    id: 'ho-2026-09-12',
    group: 'ho',
    from: '2026-09',
    to: '2026-12',
    amounts: { thuiswonend: ho(130.21, 491.08, 315.17, 224.5, null), uitwonend: ho(324.52, 491.08, 315.17, 224.5, null) },
    aanvullendeBeursMaxWithoutLesgeld: null,
    source: DUO_2026,
    note: 'Collegegeldkrediet = wettelijk collegegeld 2026-2027 (€ 2,694) / 12; paying instellingscollegegeld allows more.',
  },
];

/** Totals the source prints without collegegeldkrediet, for the hbo/wo 2026 cross-check in the tests. */
export const HO_2026_TOTALS_WITHOUT_CREDIT: Record<Living, number> = { thuiswonend: 936.46, uitwonend: 1130.77 };
