/**
 * AOW age (pensioengerechtigde leeftijd) per calendar year in which it is
 * reached, Algemene Ouderdomswet art. 7a. Copied into the repo (never read from
 * the workplace research folder at run time). Each row names its source.
 *
 * Art. 7a lid 1 (text in force 2023, quoted in full in a public copy of the law):
 * before 2013: 65; 2013 65y1m; 2014 65y2m; 2015 65y3m; 2016 65y6m; 2017 65y9m;
 * 2018 66y; 2019–2021 66y4m; 2022 66y7m; 2023 66y10m; 2024, 2025 67y;
 * "in 2026 en de kalenderjaren daarna" set yearly by lid 2 (Staatscourant).
 * Art. 7a lid 1, last sentence: once reached in a calendar year, later years'
 * ages do not apply to that person.
 *
 * Art. 7a lid 2: the increase for year Y is fixed each year, five years ahead
 * (lid 3), by V = 2/3 · (L − 20.64) − (P − 67), L = CBS-projected average
 * remaining life expectancy at 65 in year Y, P = the AOW age of year Y − 1;
 * V < 0.25 → 0, V ≥ 0.25 → 3 months. So the age never goes down.
 */
export const AOW_LAW = 'Algemene Ouderdomswet art. 7a';
export const AOW_LAW_URL = 'https://wetten.overheid.nl/BWBR0002221/2024-01-01#HoofdstukIII_Artikel7a';

export interface AowYear {
  year: number;
  years: number;
  months: number;
  source: string;
}

const LAW = `${AOW_LAW} lid 1`;
const RO =
  'Rijksoverheid, "Wanneer gaat mijn AOW in?" (rijksoverheid.nl/onderwerpen/algemene-ouderdomswet-aow/vraag-en-antwoord/wanneer-gaat-mijn-aow-in), vastgesteld per art. 7a lid 2';

/** Age reached before 2013 (art. 7a lid 1 sub a). */
export const AOW_BEFORE_2013 = { years: 65, months: 0, source: `${LAW} sub a` };

export const AOW_TABLE: readonly AowYear[] = [
  { year: 2013, years: 65, months: 1, source: `${LAW} sub b` },
  { year: 2014, years: 65, months: 2, source: `${LAW} sub c` },
  { year: 2015, years: 65, months: 3, source: `${LAW} sub d` },
  { year: 2016, years: 65, months: 6, source: `${LAW} sub e` },
  { year: 2017, years: 65, months: 9, source: `${LAW} sub f` },
  { year: 2018, years: 66, months: 0, source: `${LAW} sub g` },
  { year: 2019, years: 66, months: 4, source: `${LAW} sub h` },
  { year: 2020, years: 66, months: 4, source: `${LAW} sub i` },
  { year: 2021, years: 66, months: 4, source: `${LAW} sub j` },
  { year: 2022, years: 66, months: 7, source: `${LAW} sub k` },
  { year: 2023, years: 66, months: 10, source: `${LAW} sub l` },
  { year: 2024, years: 67, months: 0, source: `${LAW} sub m` },
  { year: 2025, years: 67, months: 0, source: `${LAW} sub n` },
  { year: 2026, years: 67, months: 0, source: RO },
  { year: 2027, years: 67, months: 0, source: RO },
  { year: 2028, years: 67, months: 3, source: RO },
  { year: 2029, years: 67, months: 3, source: RO },
  // Kamerbrief minister Van Hijum (SZW), reported by inhetnieuws.nl: "In 2028 … 67 jaar en drie maanden en dat blijft onveranderd in de twee jaren daarna".
  { year: 2030, years: 67, months: 3, source: 'Kamerbrief SZW (minister Van Hijum) vaststelling AOW-leeftijd 2030, per art. 7a lid 2' },
  // syfers.nl "AOW-leeftijd blijft 67 jaar en drie maanden in 2031": the minister of SZW has fixed the AOW age for 2031.
  {
    year: 2031,
    years: 67,
    months: 3,
    source:
      'Vaststelling AOW-leeftijd 2031 door de minister van SZW (syfers.nl, "AOW-leeftijd blijft 67 jaar en drie maanden in 2031"), per art. 7a lid 2',
  },
];

/** Last calendar year whose AOW age is fixed. */
export const AOW_LAST_FIXED_YEAR = AOW_TABLE[AOW_TABLE.length - 1].year;
