/**
 * numbers-to-words against two English suites, through an explicit normaliser.
 *
 * Our style: lower case, hyphenated tens ("twenty-three"), no commas, "minus" for negatives, American by default
 * ("one hundred twenty-three"), British "and" with `british: true`; decimals read digit by digit in plain mode;
 * currency rounds to cents and omits zero cents.
 *
 * - num2words (savoirfairelinux, tests/test_en.py; British style): cardinal cases (`kwargs` empty) run with
 *   `british: true`; USD currency cases without `adjective` and with `cents: true` run in currency mode. Normalised:
 *   commas removed. Ordinal, ordinal_num, year, other currencies (MXN, UZS, JPY, KRW), `cents: false` (cents as
 *   digits) and `adjective` ("US dollars") are not applicable: the spec has no such modes.
 * - to-words (mastermunj, en-US and en-GB; Title Case, no hyphens, no British "and", "Only" suffix): run with
 *   `british: false`, dollars (en-US, and euros for the euro set) or pounds (en-GB). Normalised: lower case,
 *   hyphens → spaces, a trailing " only" removed, "eurocents" → "cents". Ordinals and the fraction style
 *   ("one and five tenths") are not applicable.
 * Expected differences are listed with our exact output and the reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../tools/text/numbers-to-words.js';
import { vectorsDir } from '../helpers/paths.js';
import { runTool } from '../helpers/run.js';

/** num2words: number → [our words, reason]. */
const NUM2WORDS_DIFFERENCES: Record<string, [string, string]> = {
  '4778.00': [
    'four thousand seven hundred and seventy-eight dollars',
    'currency mode omits zero cents ("twelve dollars", as to-words does); num2words says "and zero cents"',
  ],
};

/**
 * to-words: number → our normalised words. Reason for all: the spec reads plain-mode decimals digit by digit
 * ("three point one four"); to-words reads a decimal part that does not start with 0 as a number ("point fourteen").
 */
const TOWORDS_DIFFERENCES: Record<string, string> = {
  '0.63': 'zero point six three',
  '0.973': 'zero point nine seven three',
  '0.999': 'zero point nine nine nine',
  '37.68': 'thirty seven point six eight',
  '37.683': 'thirty seven point six eight three',
  '-0.25': 'minus zero point two five',
  '-0.99': 'minus zero point nine nine',
  '-3.14': 'minus three point one four',
  '-99.99': 'minus ninety nine point nine nine',
  '-1000.999': 'minus one thousand point nine nine nine',
  '3.14': 'three point one four',
};

/** Exact counts per locale: [passed, expected differences, not applicable]. */
const TOWORDS_COUNTS = { 'en-US': [158, 12, 66], 'en-GB': [107, 12, 71] } as const;

const read = (path: string) => JSON.parse(readFileSync(join(vectorsDir, path), 'utf8'));

async function words(input: Record<string, unknown>): Promise<string> {
  return (await runTool(tool, input)).words;
}

describe('num2words English conformance (numbers-to-words, British style)', () => {
  interface Case {
    test: string;
    number: number | string;
    kwargs: Record<string, unknown>;
    expected: string;
  }
  const cases = read('num2words/num2words_en_cases.json') as Case[];
  const normalise = (s: string) => s.replace(/,/g, '');

  it('matches every applicable case', async () => {
    let passed = 0;
    let notApplicable = 0;
    const failures: string[] = [];
    for (const c of cases) {
      const k = c.kwargs;
      let input: Record<string, unknown>;
      if (Object.keys(k).length === 0) input = { number: String(c.number), british: true };
      else if (k.to === 'currency' && k.currency === 'USD' && k.cents === true && !k.adjective)
        input = { number: String(c.number), mode: 'currency', currency: 'dollars', british: true };
      else {
        notApplicable++;
        continue;
      }
      const got = await words(input);
      const expected = normalise(c.expected);
      const difference = NUM2WORDS_DIFFERENCES[`${c.number}`];
      if (difference) {
        console.log(`  expected difference: ${c.number}: ${difference[1]}`);
        expect(got).toBe(difference[0]);
        expect(got).not.toBe(expected);
      } else if (got === expected) passed++;
      else failures.push(`${c.number} ${JSON.stringify(k)} → ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
    }
    const differences = Object.keys(NUM2WORDS_DIFFERENCES).length;
    console.log(
      `num2words: ${passed} passed, ${failures.length} failed, ${differences} expected difference(s), ${notApplicable} not applicable, of ${cases.length}`,
    );
    expect(failures).toEqual([]);
    expect(passed).toBe(8);
    expect(notApplicable).toBe(41);
  });
});

describe('to-words English conformance (numbers-to-words)', () => {
  const { locales } = read('to-words/to-words_en_cases.json') as {
    locales: Record<string, Record<string, [number | string | { bigint: string }, string][]>>;
  };
  const normalise = (s: string) =>
    s
      .toLowerCase()
      .replace(/-/g, ' ')
      .replace(/ only$/, '')
      .replace(/eurocents/g, 'cents')
      .replace(/\s+/g, ' ')
      .trim();
  const NOT_APPLICABLE = /^test(OrdinalNumbers|FractionStyle)/;

  for (const locale of ['en-US', 'en-GB'] as const) {
    it(`${locale}: matches every applicable case`, async () => {
      let passed = 0;
      let notApplicable = 0;
      const failures: string[] = [];
      const differences: string[] = [];
      for (const [set, rows] of Object.entries(locales[locale])) {
        if (NOT_APPLICABLE.test(set)) {
          notApplicable += rows.length;
          continue;
        }
        const currency = !/Currency/.test(set) ? undefined : /Euro/.test(set) ? 'euros' : locale === 'en-GB' ? 'pounds' : 'dollars';
        for (const [raw, expectedRaw] of rows) {
          const number = typeof raw === 'object' ? raw.bigint : String(raw);
          const got = normalise(await words(currency ? { number, mode: 'currency', currency } : { number }));
          const expected = normalise(expectedRaw);
          const difference = currency ? undefined : TOWORDS_DIFFERENCES[number];
          if (difference) {
            expect(got).not.toBe(expected);
            expect(got, `expected difference for ${number}`).toBe(difference);
            differences.push(number);
          } else if (got === expected) passed++;
          else failures.push(`${set} ${number} → ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
        }
      }
      console.log(
        `to-words ${locale}: ${passed} passed, ${failures.length} failed, ${differences.length} expected difference(s), ${notApplicable} not applicable`,
      );
      expect(failures).toEqual([]);
      expect([passed, differences.length, notApplicable]).toEqual(TOWORDS_COUNTS[locale]);
    });
  }
});
