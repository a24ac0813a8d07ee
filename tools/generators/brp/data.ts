/**
 * The generator's word lists and code tables (`assets/generators/brp/brp-data.json`),
 * read once on first use. Codes come from the RvIG landelijke tabellen; see the
 * asset's `_source` note and test/tools/generators/brp-data.test.ts.
 */
import { readFileSync } from 'node:fs';
import { assetPath } from '../../../src/core/paths.js';

/** [Tabel 33 code, name, first postcode area, last postcode area, year the municipality started (0 = long before 1900)]. */
export type Municipality = [code: string, name: string, pcFrom: number, pcTo: number, since: number];

export interface AbroadCountry {
  /** Tabel 34 code. */
  country: string;
  iso2: string;
  streets: string[];
  /** Postal code + town, as written in that country. */
  cities: string[];
  region: string;
}

export interface BrpData {
  maleFirstNames: string[];
  femaleFirstNames: string[];
  exoticMaleFirstNames: string[];
  exoticFemaleFirstNames: string[];
  surnames: string[];
  exoticSurnames: string[];
  /** [prefix, surname] */
  affixSurnames: [string, string][];
  exoticAffixSurnames: [string, string][];
  streets: string[];
  exoticStreets: string[];
  houseAdditions: string[];
  municipalities: Municipality[];
  nationalities: { dutch: string; other: string[] };
  /** [Tabel 34 code, place name] */
  foreignBirthCountries: [string, string][];
  abroad: AbroadCountry[];
  /** Tabel 32/33/34 code → [Datum ingang, Datum einde] (yyyymmdd, '' = open; the end day is no longer valid). */
  codeDates: Record<'32' | '33' | '34', Record<string, [string, string]>>;
  /** Tabel 34 code → the code of the same territory before it started. */
  countryPredecessors: Record<string, string>;
  /** Descriptions (omschrijving) of the Tabel 32/33/34 codes used, beside the municipality names. */
  codeNames: Record<'32' | '33' | '34', Record<string, string>>;
}

let cached: BrpData | undefined;

export function brpData(): BrpData {
  cached ??= JSON.parse(readFileSync(assetPath('generators', 'brp', 'brp-data.json'), 'utf8')) as BrpData;
  return cached;
}

/**
 * Is `code` of table 32, 33 or 34 valid on the LO date `on` (yyyymmdd)? Codes
 * without a dated entry in `codeDates` have no start or end date in the RvIG table.
 */
export function validOn(table: '32' | '33' | '34', code: string, on: string): boolean {
  const d = brpData().codeDates[table][code];
  if (!d) return true;
  return (d[0] === '' || d[0] <= on) && (d[1] === '' || on < d[1]);
}

/** The Tabel 34 code for a territory on `on`: the code itself or a predecessor valid then; undefined when none is. */
export function countryOn(code: string, on: string): string | undefined {
  const pred = brpData().countryPredecessors;
  for (let c: string | undefined = code; c !== undefined; c = pred[c]) if (validOn('34', c, on)) return c;
  return undefined;
}
