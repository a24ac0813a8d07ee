/**
 * Dutch school holidays (schoolvakanties) per school year and region, as published by the Rijksoverheid
 * (ministerie van OCW) in "Overzicht schoolvakanties <yyyy>-<yyyy>":
 *   https://www.rijksoverheid.nl/onderwerpen/schoolvakanties/overzicht-schoolvakanties-per-schooljaar/overzicht-schoolvakanties-<yyyy>-<yyyy>
 * also served as open data (opendata.rijksoverheid.nl/v1/sources/rijksoverheid/infotypes/schoolholidays/schoolyear/<yyyy>-<yyyy>).
 * Dates are inclusive (Saturday start … Sunday end, "t/m"). Government information, public domain (Rijksoverheid open data, CC0).
 *
 * Compulsory or advice: the open data flags `compulsorydates` per vacation: kerst and zomer "true" (fixed by the Regeling
 * vaststelling schoolvakanties), herfst, voorjaar and mei "false" (OCW advice dates; schools may deviate, e.g. a second
 * week of meivakantie). The 2025-2026 open-data copy below shows exactly this pattern; the same rule is applied to 2024-2025.
 *
 * A school year is listed only when all five vacations for all three regions agree in two independent copies of the
 * official table. Sources read (public GitHub code and archived public web pages, via the research tools):
 *
 * 2025-2026:
 *   (a) a JS file holding the open-data JSON of the Rijksoverheid for 2025-2026 (canonical URL above, id
 *       94f2a45a-eefe-44a4-b4bb-33be9c260047, `compulsorydates` per vacation) — code-index id 56675409168;
 *   (b) a Python test fixture copying the HTML table of rijksoverheid.nl/…/overzicht-schoolvakanties-2025-2026
 *       ("Regio Noord / Midden / Zuid") — code-index id 55518721623;
 *   (c) cross-checks: pinkelotje.nl/schoolvakanties.php?y=2025 (herfst, kerst), bijles.eu (herfst noord/midden).
 * 2024-2025 (the official table as copied by schools and press, citing OCW):
 *   (a) simonscholen.nl/Over-SIMON "Vakantierooster schooljaar 2024-2025" (all five, per region);
 *   (b) kekmama.nl/artikel/kind/schoolvakanties-van-2024-2025 (herfst, kerst, voorjaar, per region; "adviesdata OCW");
 *   (c) pinkelotje.nl/schoolvakanties.php?y=2025 and bijles.eu/plan-je-jaar-schoolvakanties-in-2025 (voorjaar, mei,
 *       zomer 2025 per region); edumarevpr.nl (regio midden, all five).
 *   The JS file (a) of 2025-2026 also holds a partial "2024-2025" fallback (herfst, kerst only) that contradicts all of
 *   these (herfst noord 12–20 Oct, kerst from Monday 23 Dec); it is not a copy of the official table and was not used.
 *
 * Not listed (refused with 400): 2026-2027 and later. Third-party copies found disagree with each other (herfst 2026
 * noord 10–18 or 17–25 Oct; meivakantie 2027 24 Apr–2 May or 1–9 May; voorjaar 2027 per region), and no copy of the
 * official table was available. Add a year here only from the Rijksoverheid table.
 */

export const REGIONS = ['noord', 'midden', 'zuid'] as const;
export type Region = (typeof REGIONS)[number];

export const VACATIONS = ['herfst', 'kerst', 'voorjaar', 'mei', 'zomer'] as const;
export type VacationType = (typeof VACATIONS)[number];

export const VACATION_NAMES: Record<VacationType, string> = {
  herfst: 'Herfstvakantie',
  kerst: 'Kerstvakantie',
  voorjaar: 'Voorjaarsvakantie',
  mei: 'Meivakantie',
  zomer: 'Zomervakantie',
};

/** Compulsory (fixed by regulation) or OCW advice dates, as flagged in the Rijksoverheid open data. */
export const COMPULSORY: Record<VacationType, boolean> = {
  herfst: false,
  kerst: true,
  voorjaar: false,
  mei: false,
  zomer: true,
};

/** [first day, last day], inclusive, yyyy-mm-dd. */
type Span = readonly [string, string];

export interface SchoolYearTable {
  source: string;
  vacations: Record<VacationType, Record<Region, Span>>;
}

const url = (y: string) =>
  `https://www.rijksoverheid.nl/onderwerpen/schoolvakanties/overzicht-schoolvakanties-per-schooljaar/overzicht-schoolvakanties-${y}`;

const all = (s: string, e: string): Record<Region, Span> => ({ noord: [s, e], midden: [s, e], zuid: [s, e] });

export const SCHOOL_HOLIDAYS: Record<string, SchoolYearTable> = {
  '2024-2025': {
    source: url('2024-2025'),
    vacations: {
      herfst: { noord: ['2024-10-26', '2024-11-03'], midden: ['2024-10-26', '2024-11-03'], zuid: ['2024-10-19', '2024-10-27'] },
      kerst: all('2024-12-21', '2025-01-05'),
      voorjaar: { noord: ['2025-02-15', '2025-02-23'], midden: ['2025-02-22', '2025-03-02'], zuid: ['2025-02-22', '2025-03-02'] },
      mei: all('2025-04-26', '2025-05-04'),
      zomer: { noord: ['2025-07-12', '2025-08-24'], midden: ['2025-07-19', '2025-08-31'], zuid: ['2025-07-05', '2025-08-17'] },
    },
  },
  '2025-2026': {
    source: url('2025-2026'),
    vacations: {
      herfst: { noord: ['2025-10-18', '2025-10-26'], midden: ['2025-10-18', '2025-10-26'], zuid: ['2025-10-11', '2025-10-19'] },
      kerst: all('2025-12-20', '2026-01-04'),
      voorjaar: { noord: ['2026-02-21', '2026-03-01'], midden: ['2026-02-14', '2026-02-22'], zuid: ['2026-02-14', '2026-02-22'] },
      mei: all('2026-04-25', '2026-05-03'),
      zomer: { noord: ['2026-07-04', '2026-08-16'], midden: ['2026-07-18', '2026-08-30'], zuid: ['2026-07-11', '2026-08-23'] },
    },
  },
};

export const SCHOOL_YEARS = Object.keys(SCHOOL_HOLIDAYS).sort();
