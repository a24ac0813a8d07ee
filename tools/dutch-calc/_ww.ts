/**
 * WW (Werkloosheidswet) duration rules, as UWV publishes them. Copied into the
 * repo with their sources; rules, not yearly figures, so the table is a list of
 * the periods of first unemployment days the rules are verified for.
 *
 * - Wekeneis: worked in at least 26 of the 36 weeks before the first day of
 *   unemployment → 3 months WW (UWV; WW art. 17).
 * - Jareneis: in at least 4 of the 5 calendar years before the year of the first
 *   unemployment day, a counting year of work (WW art. 42 lid 2 sub a: "in de
 *   periode van vijf kalenderjaren onmiddellijk voorafgaande aan het kalenderjaar
 *   waarin zijn eerste werkloosheidsdag is gelegen, in tenminste vier
 *   kalenderjaren") → longer WW.
 * - Counting year (UWV "Wat telt als arbeidsverleden"): until 2012 ≥ 52 days of
 *   SV-loon, from 2013 ≥ 208 hours; the year unemployment begins never counts.
 * - Fictief arbeidsverleden: the calendar years from the year you turned 18 up
 *   to and including 1997, worked or not (UWV; WW art. 42 lid 4 sub b).
 * - Duration (UWV "Arbeidsverleden van 11 jaar of langer"): the first 10 full
 *   calendar years 1 month each; further years before 2016 also 1 month each;
 *   full calendar years from 1 January 2016 0.5 month each; maximum 24 months.
 */
export const WW_SOURCES = {
  duration:
    'https://www.uwv.nl/particulieren/werkloos/ik-word-werkloos/detail/hoelang-kan-ik-een-ww-uitkering-krijgen/hoe-berekenen-we-de-duur-van-uw-ww/arbeidsverleden-van-11-jaar-of-langer',
  countingYears:
    'https://www.uwv.nl/particulieren/werkloos/ik-word-werkloos/detail/hoelang-kan-ik-een-ww-uitkering-krijgen/hoe-berekenen-we-de-duur-van-uw-ww/wat-telt-als-arbeidsverleden',
  law: 'Werkloosheidswet art. 17 (wekeneis), art. 42 (duur, jareneis, arbeidsverleden)',
} as const;

/** Weeks worked needed in the last 36 (wekeneis). */
export const WEKENEIS = { needed: 26, of: 36 } as const;
/** Counting years needed in the 5 calendar years before the unemployment year (jareneis). */
export const JARENEIS = { needed: 4, of: 5 } as const;
/** Months for the wekeneis alone. */
export const BASE_MONTHS = 3;
/** Years of arbeidsverleden at 1 month each regardless of when worked. */
export const FIRST_YEARS_FULL = 10;
/** From this year on, years beyond the first 10 give half a month. */
export const HALF_MONTH_FROM = 2016;
/** Fictive arbeidsverleden runs up to and including this year. */
export const FICTIVE_UNTIL = 1997;
/** Maximum WW duration in months (reached 1 April 2019 after the 2016–2019 phase-down, WW art. 42d). */
export const MAX_MONTHS = 24;

/**
 * First unemployment days these rules are verified for. Before 1 April 2019 the
 * maximum was still being phased down per quarter (art. 42d WW, not modelled);
 * after 2026 the rules have not been checked yet.
 */
export const WW_PERIOD = { from: '2019-04-01', to: '2026-12-31' } as const;
