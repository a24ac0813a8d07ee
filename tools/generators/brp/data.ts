/**
 * The generator's word lists and code tables (`assets/generators/brp/brp-data.json`),
 * read once on first use. Codes come from the RvIG landelijke tabellen; see the
 * asset's `_source` note and test/tools/generators-brp-data.test.ts.
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
}

let cached: BrpData | undefined;

export function brpData(): BrpData {
  cached ??= JSON.parse(readFileSync(assetPath('generators', 'brp', 'brp-data.json'), 'utf8')) as BrpData;
  return cached;
}
