import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { checkIban, countryName, formatIban, normaliseIban } from '../_lib/iban.js';

export default defineTool({
  slug: 'iban-validator',
  title: 'IBAN validator',
  summary: 'Check an IBAN and see its country and bank code.',
  keywords: {
    en: ['IBAN check', 'bank account number', 'validate IBAN', 'SEPA', 'IBAN', 'check IBAN', 'verify', 'validate', 'valid IBAN'],
    nl: ['iban controleren', 'rekeningnummer', 'bankrekening', 'iban check', 'iban', 'valideren', 'geldig', 'klopt'],
  },
  description:
    'Checks an IBAN (ISO 13616): the country code, the per-country length and BBAN structure (SWIFT IBAN registry), the mod-97 check digits, and the national account check digits where a country has them (e.g. BE, ES, FR, IT, PT, NO, FI). ' +
    'Spaces, dashes, dots, an "IBAN" prefix and lower case are accepted and reported in `normalizations`. Returns the country, the bank code (bank identifier from the BBAN, e.g. ABNA for NL, the Bankleitzahl for DE) and the two check digits, also when invalid, as far as they can be read. ' +
    'Fields: `valid`, `country` (English name), `country_code`, `bank_code`, `checksum` (the two check digits), plus `iban` (compact form), `formatted` (groups of four), `normalizations` and `errors` (why it is invalid; empty when valid). It does not check that the account exists.',
  resultView: { kind: 'figure', field: 'valid', label: 'Valid IBAN', detail: ['formatted', 'errors'] },
  input: z.strictObject({
    iban: z.string().max(100).describe('The IBAN, with or without spaces, any case'),
  }),
  output: z.object({
    valid: z.boolean(),
    country: z.string().describe('English country name ("" when the code is unknown)'),
    country_code: z.string().describe('ISO 3166 alpha-2 code from the first two characters'),
    bank_code: z.string().describe('Bank identifier from the BBAN ("" when it cannot be read)'),
    checksum: z.string().describe('The two IBAN check digits ("" when absent)'),
    iban: z.string().describe('Normalised IBAN: upper case, no separators'),
    formatted: z.string().describe('Normalised IBAN in groups of four'),
    normalizations: z.array(z.string()).describe('What was changed to normalise the input'),
    errors: z.array(z.string()).describe('Why the IBAN is invalid; empty when valid'),
  }),
  examples: [
    {
      name: 'Dutch IBAN with spaces, lower case',
      input: { iban: 'nl91 abna 0417 1643 00' },
      output: {
        valid: true,
        country: 'Netherlands',
        country_code: 'NL',
        bank_code: 'ABNA',
        checksum: '91',
        iban: 'NL91ABNA0417164300',
        formatted: 'NL91 ABNA 0417 1643 00',
        normalizations: ['removed 4 separators (spaces, dashes or dots)', 'converted to upper case'],
        errors: [],
      },
    },
    {
      name: 'Wrong check digits',
      input: { iban: 'DE89370400440532013001' },
      output: {
        valid: false,
        country: 'Germany',
        country_code: 'DE',
        bank_code: '37040044',
        checksum: '89',
        iban: 'DE89370400440532013001',
        formatted: 'DE89 3704 0044 0532 0130 01',
        normalizations: [],
        errors: ['the check digits are wrong (mod-97 check failed)'],
      },
    },
    {
      name: 'Belgian IBAN',
      input: { iban: 'BE71 0961 2345 6769' },
      output: {
        valid: true,
        country: 'Belgium',
        country_code: 'BE',
        bank_code: '096',
        checksum: '71',
        iban: 'BE71096123456769',
        formatted: 'BE71 0961 2345 6769',
        normalizations: ['removed 3 separators (spaces, dashes or dots)'],
        errors: [],
      },
    },
  ],
  run({ iban }) {
    const { compact, changes } = normaliseIban(iban);
    const check = checkIban(compact);
    return {
      valid: check.valid,
      country: countryName(check.countryCode),
      country_code: check.countryCode,
      bank_code: check.bankCode,
      checksum: check.checkDigits,
      iban: compact,
      formatted: formatIban(compact),
      normalizations: changes,
      errors: check.errors,
    };
  },
});
