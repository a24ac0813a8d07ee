import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { assetPath } from '../../src/core/paths.js';
import { composeIban } from '../_lib/iban.js';
import { createRng } from '../_lib/rng.js';

const MAX_COUNT = 100;
const COUNTRIES = ['NL', 'DE', 'BE', 'FR', 'GB'] as const;
type Country = (typeof COUNTRIES)[number];

/** Integer in [min, max] (both inclusive). */
type RandomInt = (min: number, max: number) => number;

/** Dutch bank identifiers (Betaalvereniging list, third-party copy; first CSV column). */
const NL_BANK_CODES = readFileSync(assetPath('dutch', 'nl-bank-identifiers.csv'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z]{4}),/.exec(line)?.[1])
  .filter((code): code is string => code !== undefined);

/** Bank identifiers of large UK banks (NatWest, Barclays, Lloyds, HSBC UK, HSBC). */
const GB_BANK_CODES = ['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL'];

const digits = (n: number, int: RandomInt) => Array.from({ length: n }, () => int(0, 9)).join('');

/** BBAN generators, one per country: national structure and national check digits. */
const BBAN: Record<Country, (int: RandomInt) => string> = {
  // Bank code + 10-digit account "0" + 9 digits passing the old bank 11-proof (Σ dᵢ·(10−i) ≡ 0 mod 11).
  NL(int) {
    for (;;) {
      const account = '0' + digits(8, int);
      let sum = 0;
      for (let i = 0; i < 9; i++) sum += (10 - i) * Number(account[i]);
      const check = (11 - (sum % 11)) % 11;
      if (check === 10 || /^0+$/.test(account + check)) continue;
      return NL_BANK_CODES[int(0, NL_BANK_CODES.length - 1)] + account + check;
    }
  },
  // 8-digit Bankleitzahl (first digit 1–8, the clearing areas) + 10-digit account.
  DE: (int) => String(int(1, 8)) + digits(7, int) + digits(10, int),
  // 3-digit bank + 7-digit account + 2 check digits: the first 10 digits mod 97 (0 → 97).
  BE(int) {
    const first = digits(10, int);
    return first + String(Number(first) % 97 || 97).padStart(2, '0');
  },
  // 5-digit bank + 5-digit branch (guichet) + 11-digit account + RIB key 97 − (89·bank + 15·branch + 3·account) mod 97.
  FR(int) {
    const [bank, branch, account] = [digits(5, int), digits(5, int), digits(11, int)];
    const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97);
    return bank + branch + account + String(key).padStart(2, '0');
  },
  // 4-letter bank code + 6-digit sort code + 8-digit account.
  GB: (int) => GB_BANK_CODES[int(0, GB_BANK_CODES.length - 1)] + digits(6, int) + digits(8, int),
};

const NOTE =
  'Test IBANs: correct mod-97 check digits and national structure, randomly generated and not issued to anyone, but a random number can by chance equal a real account: never send money to them. ' +
  'NL: a real bank code with a 10-digit account passing the old 11-proof; DE: no per-bank account check method applied; BE and FR: national check digits included; GB: no sort-code modulus check applied.';

export default defineTool({
  slug: 'test-iban-generator',
  title: 'Test IBAN generator',
  summary: 'Test IBANs with correct check digits for NL, DE, BE, FR or GB.',
  keywords: {
    en: ['fake IBAN', 'test bank account', 'dummy account number', 'sample IBAN', 'IBAN', 'test IBAN', 'fake bank account'],
    nl: ['test iban', 'rekeningnummer', 'bankrekening', 'nep iban', 'iban', 'bankrekeningnummer'],
  },
  description:
    'Generates test IBANs for NL, DE, BE, FR or GB with correct ISO 13616 mod-97 check digits and a valid national structure (NL: a real bank code and an 11-proof account). ' +
    'Distinct within a response; random unless `seed` is given (same seed, same IBANs). Not linked to real accounts; never use them for payments.',
  docs: 'National structure: NL = one of 71 real Dutch bank codes (ABNA, RABO, INGB, …) + a 10-digit account passing the old bank 11-proof; DE = 8-digit Bankleitzahl + 10-digit account; BE = bank + account + mod-97 national check digits; FR = bank + branch + account + RIB key; GB = bank code (NWBK, BARC, LOYD, HBUK, MIDL) + sort code + account.',
  resultView: { kind: 'list', field: 'ibans' },
  input: z.strictObject({
    country: z
      .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(COUNTRIES))
      .default('NL')
      .describe('Country: NL, DE, BE, FR or GB'),
    count: z.int().min(1).max(MAX_COUNT).default(1).describe(`How many IBANs, 1–${MAX_COUNT}`),
    seed: z
      .union([z.int(), z.string().max(LIMITS.short)])
      .optional()
      .describe('Optional seed for reproducible output (same seed, same IBANs)'),
  }),
  output: z.object({
    count: z.int(),
    country: z.enum(COUNTRIES),
    ibans: z.array(z.string()),
    note: z.string(),
  }),
  examples: [
    { name: 'Two Dutch test IBANs', input: { country: 'NL', count: 2 }, output: { count: 2, country: 'NL', note: NOTE }, partial: true },
    {
      name: 'A Belgian test IBAN (lower-case country)',
      input: { country: 'be' },
      output: { count: 1, country: 'BE', note: NOTE },
      partial: true,
    },
  ],
  run({ country, count, seed }) {
    const rng = seed === undefined ? undefined : createRng(seed);
    const int: RandomInt = rng ? (min, max) => rng.int(min, max) : (min, max) => randomInt(min, max + 1);
    const ibans = new Set<string>();
    while (ibans.size < count) ibans.add(composeIban(country, BBAN[country](int)));
    return { count, country, ibans: [...ibans], note: NOTE };
  },
});
