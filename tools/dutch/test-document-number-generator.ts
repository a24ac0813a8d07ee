import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { createRng } from '../_lib/rng.js';

/**
 * Dutch travel-document numbers (paspoort, identiteitskaart), test data only.
 *
 * Format (RvIG, via python-stdnum `nl.identiteitskaartnummer`, LGPL, read
 * 2024 version): 9 characters, 2 letters + 6 letters or digits + 1 digit; the
 * letter O is never used (it is confused with 0); zeros are allowed but not used
 * in numbers issued after December 2019.
 *
 * Check digit (ICAO Doc 9303 part 3, §4.9): each character's value (0–9 as is,
 * A=10 … Z=35, filler `<` = 0) times the repeating weights 7, 3, 1; the sum mod
 * 10. ICAO specimen: document number L898902C3 → 6.
 */

const MAX_COUNT = 1000;
const LETTERS = 'ABCDEFGHIJKLMNPQRSTUVWXYZ'; // no O
const DIGITS_NO_ZERO = '123456789';
const DIGITS = '0123456789';
const FORMAT = /^[A-Z]{2}[0-9A-Z]{6}[0-9]$/;

const NOTE =
  'Test data: random numbers in the official format of Dutch passports and identity cards, not checked against any register; ' +
  'there is no official test range, so a generated number may exist on a real document. Never use them as real identity data.';

/** ICAO 9303 check digit of an MRZ field (digits, A–Z, `<`). */
export function icaoCheckDigit(field: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field.charCodeAt(i);
    const value = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0; // '<' = 0
    sum += value * weights[i % 3];
  }
  return sum % 10;
}

const KINDS = ['passport', 'id-card'] as const;

type Pick = (chars: string) => string;

/**
 * The first letter by kind: N for passports, I for identity cards, as on the RvIG's GBA-V test persons
 * (20220502 test set, element 12.35.20: 67 of 89 PN numbers start with N, 68 of 69 NI numbers with I).
 */
const FIRST_LETTER: Record<(typeof KINDS)[number], string> = { passport: 'N', 'id-card': 'I' };

function generate(pick: Pick, noZero: boolean, kind: (typeof KINDS)[number]): string {
  const digits = noZero ? DIGITS_NO_ZERO : DIGITS;
  const mixed = LETTERS + digits;
  let s = FIRST_LETTER[kind] + pick(LETTERS);
  for (let i = 0; i < 6; i++) s += pick(mixed);
  return s + pick(digits);
}

const validationOut = z.object({
  input: z.string(),
  documentNumber: z.string().describe('The 9-character number, spaces removed, upper case'),
  valid: z.boolean().describe('Format holds (and the check digit matches when one was given)'),
  problems: z.array(z.string()),
  checkDigit: z.int().nullable().describe('ICAO 9303 check digit of the 9 characters'),
  givenCheckDigit: z.int().nullable().describe('The 10th character, when given'),
  containsZero: z.boolean().describe('Zeros are not used in numbers issued after December 2019'),
});

export default defineTool({
  slug: 'test-document-number-generator',
  title: 'Dutch passport / ID card number generator (test data)',
  summary: 'Dutch passport and ID card numbers for testing, or a check of one.',
  keywords: {
    en: [
      'passport number',
      'ID card',
      'identity document',
      'document number',
      'test data',
      'passport',
      'ID card number',
      'validate document number',
    ],
    nl: ['paspoortnummer', 'identiteitskaart', 'id-kaart', 'documentnummer', 'paspoort', 'identiteitsbewijs', 'documentnummer controleren'],
  },
  description:
    'Generates or validates Dutch passport and identity card numbers for testing: 9 characters (2 letters, 6 letters or digits, 1 digit; never the letter O; passports start with N, identity cards with I), each with its ICAO 9303 MRZ check digit. ' +
    'Random test data (`seed` makes it reproducible), not checked against any register. Mode `validate` checks a `number` (a 10th character as the check digit).',
  docs: 'Check digit: ICAO 9303 weights 7-3-1, A=10…Z=35, sum mod 10; `mrz` = number + check digit. `noZero` (default true) avoids the digit 0, as in numbers issued since 2020. There is no official test range for Dutch document numbers.',
  resultView: { kind: 'list', field: 'documents[].mrz', or: { kind: 'record', field: 'validation' } },
  input: z.strictObject({
    mode: z.enum(['generate', 'validate']).default('generate').describe('generate or validate'),
    kind: z.enum(KINDS).default('passport').describe('Document kind: passport (numbers start with N) or id-card (with I)'),
    count: z.int().min(1).max(MAX_COUNT).default(1).describe(`How many numbers, 1–${MAX_COUNT}`),
    noZero: z.boolean().default(true).describe('Avoid the digit 0 (not used since December 2019)'),
    seed: z
      .union([z.int(), z.string().max(LIMITS.short)])
      .optional()
      .describe('Optional seed for reproducible output'),
    number: z.string().max(40).optional().describe('Mode validate: the document number, optionally with its check digit'),
  }),
  output: z.object({
    mode: z.enum(['generate', 'validate']),
    kind: z.enum(KINDS),
    testData: z.boolean(),
    documents: z
      .array(z.object({ documentNumber: z.string(), checkDigit: z.int(), mrz: z.string().describe('Number + check digit, as in the MRZ') }))
      .describe('Mode generate'),
    validation: validationOut.nullable().describe('Mode validate'),
    note: z.string(),
  }),
  examples: [
    // ICAO Doc 9303 part 3 specimen: document number L898902C3 has check digit 6.
    {
      name: 'Validate the ICAO 9303 specimen number with its check digit',
      input: { mode: 'validate', number: 'L898902C36' },
      output: {
        mode: 'validate',
        kind: 'passport',
        testData: true,
        documents: [],
        validation: {
          input: 'L898902C36',
          documentNumber: 'L898902C3',
          valid: false,
          problems: ['must be 2 letters + 6 letters or digits + 1 digit (9 characters)'],
          checkDigit: 6,
          givenCheckDigit: 6,
          containsZero: true,
        },
        note: NOTE,
      },
    },
    // python-stdnum doctest: XR1001R58 is a valid Dutch passport number.
    {
      name: 'Validate a Dutch number (python-stdnum example)',
      input: { mode: 'validate', number: 'XR 1001R5 8' },
      output: {
        mode: 'validate',
        kind: 'passport',
        testData: true,
        documents: [],
        validation: {
          input: 'XR 1001R5 8',
          documentNumber: 'XR1001R58',
          valid: true,
          problems: [],
          checkDigit: 6,
          givenCheckDigit: null,
          containsZero: true,
        },
        note: NOTE,
      },
    },
    {
      name: 'Three reproducible ID card numbers',
      input: { kind: 'id-card', count: 3, seed: 42 },
      output: { mode: 'generate', kind: 'id-card', testData: true, validation: null, note: NOTE },
      partial: true,
    },
  ],
  run({ mode, kind, count, noZero, seed, number }) {
    if (mode === 'validate') {
      if (number === undefined) throw new ToolError('mode `validate` needs `number`', 400, { field: 'number' });
      const compact = number.replace(/[\s-]/g, '').toUpperCase();
      const problems: string[] = [];
      let documentNumber = compact;
      let givenCheckDigit: number | null = null;
      if (compact.length === 10) {
        documentNumber = compact.slice(0, 9);
        if (/^[0-9]$/.test(compact[9])) givenCheckDigit = Number(compact[9]);
        else problems.push('the 10th character (MRZ check digit) must be a digit');
      } else if (compact.length !== 9) problems.push(`must be 9 characters (or 10 with the check digit), got ${compact.length}`);
      const wellFormed = /^[0-9A-Z<]*$/.test(documentNumber);
      if (!wellFormed) problems.push('only letters A–Z and digits are allowed');
      else if (documentNumber.length === 9 && !FORMAT.test(documentNumber))
        problems.push('must be 2 letters + 6 letters or digits + 1 digit (9 characters)');
      if (documentNumber.includes('O')) problems.push('the letter O is never used in Dutch document numbers');
      const checkDigit = wellFormed && documentNumber.length === 9 ? icaoCheckDigit(documentNumber) : null;
      if (givenCheckDigit !== null && checkDigit !== null && givenCheckDigit !== checkDigit)
        problems.push(`check digit ${givenCheckDigit} does not match the computed ${checkDigit}`);
      return {
        mode,
        kind,
        testData: true,
        documents: [],
        validation: {
          input: number,
          documentNumber,
          valid: problems.length === 0,
          problems,
          checkDigit,
          givenCheckDigit,
          containsZero: documentNumber.includes('0'),
        },
        note: NOTE,
      };
    }
    // Without a seed: a fresh crypto-random seed (test data, not secrets; one crypto call instead of 9 per number).
    const rng = createRng(seed ?? randomInt(0, 2 ** 32 - 1));
    const pick: Pick = (chars) => chars[rng.int(0, chars.length - 1)];
    // 25² · 34⁶ · 9 distinct numbers: duplicates are rare, the loop ends quickly (1000 in ~2 ms).
    const seen = new Set<string>();
    while (seen.size < count) seen.add(generate(pick, noZero, kind));
    const documents = [...seen].map((documentNumber) => {
      const checkDigit = icaoCheckDigit(documentNumber);
      return { documentNumber, checkDigit, mrz: documentNumber + checkDigit };
    });
    return { mode, kind, testData: true, documents, validation: null, note: NOTE };
  },
});
