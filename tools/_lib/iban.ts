/**
 * IBAN helpers (ISO 13616): normalisation, the mod-97 check (ISO 7064 MOD 97-10),
 * per-country length and BBAN structure, national check digits where a country
 * has them, and building an IBAN from a BBAN.
 *
 * Country structures come from `ibantools` (the SWIFT IBAN registry, plus the
 * partial-IBAN countries it lists), which also runs the national BBAN checks it
 * knows (e.g. BE, ES, FR, IT, PT, NO, FI, HR, HU, PL, CZ, SK, SI, EE, ME, MK, RS, TL).
 */
import { countrySpecs, isValidBBAN } from 'ibantools';

export interface IbanNormalisation {
  /** Upper case, without separators. */
  compact: string;
  /** What was changed to get there, in words (empty when the input was already compact). */
  changes: string[];
}

/** Strip spaces, dashes and dots, drop an "IBAN" prefix, upper-case; say what was done. */
export function normaliseIban(raw: string): IbanNormalisation {
  const changes: string[] = [];
  let s = raw.trim();
  if (s !== raw) changes.push('trimmed surrounding whitespace');
  if (/^IBAN[\s:]/i.test(s)) {
    s = s.replace(/^IBAN[\s:]*/i, '');
    changes.push('removed the "IBAN" prefix');
  }
  const separators = s.match(/[\s.-]/g)?.length ?? 0;
  if (separators) {
    s = s.replace(/[\s.-]/g, '');
    changes.push(`removed ${separators} separator${separators === 1 ? '' : 's'} (spaces, dashes or dots)`);
  }
  if (/[a-z]/.test(s)) {
    s = s.toUpperCase();
    changes.push('converted to upper case');
  }
  return { compact: s, changes };
}

/** `digits` (letters already expanded or not) mod 97, A=10 … Z=35, computed in chunks. */
export function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? code - 55 : code - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

/** The two IBAN check digits for a country code and BBAN (upper case, compact). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  return String(98 - mod97(`${bban}${countryCode}00`)).padStart(2, '0');
}

/** Build the IBAN for a country code and BBAN. */
export function composeIban(countryCode: string, bban: string): string {
  return `${countryCode}${ibanCheckDigits(countryCode, bban)}${bban}`;
}

/** Groups of four, as printed on paper. */
export function formatIban(compact: string): string {
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface IbanCountry {
  /** Total IBAN length. */
  length: number;
  /** Regular expression of the BBAN. */
  bbanPattern: string;
  /** Where the bank identifier sits in the BBAN: [start, end) offsets, or null when the registry gives none. */
  bankCode: [number, number] | null;
}

interface SpecEntry {
  chars?: number;
  bban_regexp?: string;
  bank_identifier?: string;
}

/** The IBAN structure of a country, or undefined when the country does not use IBANs. */
export function ibanCountry(countryCode: string): IbanCountry | undefined {
  const spec = (countrySpecs as Record<string, SpecEntry>)[countryCode];
  if (!spec?.chars || !spec.bban_regexp) return undefined;
  const range = /^(\d+)-(\d+)$/.exec(spec.bank_identifier ?? ''); // inclusive positions, e.g. "0-3"
  return {
    length: spec.chars,
    bbanPattern: spec.bban_regexp,
    bankCode: range ? [Number(range[1]), Number(range[2]) + 1] : null,
  };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** English country name of an ISO 3166 alpha-2 code ("" when unknown). */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : '';
  } catch {
    return '';
  }
}

export interface IbanCheck {
  valid: boolean;
  /** Normalised form (upper case, no separators). */
  compact: string;
  countryCode: string;
  bankCode: string;
  checkDigits: string;
  /** Why it is invalid (empty when valid), checked in order: characters, country, length, structure, mod 97, national check digits. */
  errors: string[];
}

/** Validate an IBAN (already normalised with `normaliseIban`). */
export function checkIban(compact: string): IbanCheck {
  const countryCode = /^[A-Z]{2}/.test(compact) ? compact.slice(0, 2) : '';
  const checkDigits = /^[A-Z]{2}\d{2}/.test(compact) ? compact.slice(2, 4) : '';
  const result = (errors: string[], bankCode = ''): IbanCheck => ({
    valid: errors.length === 0,
    compact,
    countryCode,
    bankCode,
    checkDigits,
    errors,
  });
  if (compact === '') return result(['the IBAN is empty']);
  if (!/^[A-Z0-9]+$/.test(compact)) return result(['an IBAN holds only letters A–Z and digits']);
  if (!countryCode) return result(['an IBAN starts with a two-letter country code']);
  if (!checkDigits) return result(['the country code must be followed by two check digits']);
  const country = ibanCountry(countryCode);
  if (!country) return result([`${countryCode} is not a country that uses IBANs`]);
  if (compact.length !== country.length)
    return result([`an IBAN from ${countryCode} has ${country.length} characters, this one has ${compact.length}`]);
  const bban = compact.slice(4);
  if (!new RegExp(country.bbanPattern).test(bban))
    return result([`the account part (BBAN) does not have the ${countryCode} structure ${country.bbanPattern}`]);
  const bankCode = country.bankCode ? bban.slice(...country.bankCode) : '';
  if (mod97(bban + compact.slice(0, 4)) !== 1) return result(['the check digits are wrong (mod-97 check failed)'], bankCode);
  if (!isValidBBAN(bban, countryCode))
    return result([`the national check digits of the ${countryCode} account number are wrong`], bankCode);
  return result([], bankCode);
}
