/**
 * python-stdnum's public number lists (vectors/python-stdnum/stdnum_number_lists.json):
 * IBAN valid/invalid lists and the EU, GB and CH VAT valid/invalid lists, run
 * through the tools exactly as a caller would send them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import ibanValidator from '../../tools/validation/iban-validator.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

interface NumberList {
  context: string;
  expect_valid: boolean;
  expected_exception: string | null;
  numbers: string[];
}
const lists = JSON.parse(readFileSync(resolve(vectorsDir, 'python-stdnum', 'stdnum_number_lists.json'), 'utf8')) as Record<
  string,
  NumberList[]
>;

export async function runList(name: string, list: NumberList, check: (n: string) => Promise<boolean>): Promise<string[]> {
  const failures: string[] = [];
  for (const n of list.numbers) if ((await check(n)) !== list.expect_valid) failures.push(n);
  const label = list.expect_valid ? 'valid' : `invalid${list.expected_exception ? ` (${list.expected_exception})` : ''}`;
  console.log(`stdnum ${name} ${label}: ${list.numbers.length - failures.length}/${list.numbers.length} pass`);
  return failures;
}

describe('conformance: python-stdnum IBAN lists', () => {
  const iban = lists.test_iban;
  it('has the five lists (194 valid, 21 invalid)', () => {
    expect(iban.map((l) => l.numbers.length)).toEqual([194, 11, 4, 4, 2]);
  });
  for (const [i, list] of iban.entries())
    it(`${list.expect_valid ? 'accepts' : 'rejects'}: ${list.context.slice(0, 60)}`, async () => {
      const failures = await runList(`IBAN list ${i + 1}`, list, async (n) => (await runTool(ibanValidator, { iban: n })).valid);
      expect(failures).toEqual([]);
    });
  it('passes the docstring calls (compact form, check digits, unknown country)', async () => {
    expect(await runTool(ibanValidator, { iban: 'GR16 0110 1050 0000 1054 7023 795' })).toMatchObject({
      valid: true,
      iban: 'GR1601101050000010547023795',
      formatted: 'GR16 0110 1050 0000 1054 7023 795',
    });
    expect(await runTool(ibanValidator, { iban: 'BE31435411161155' })).toMatchObject({ valid: true, checksum: '31' });
    expect((await runTool(ibanValidator, { iban: '0001' })).valid).toBe(false);
    expect((await runTool(ibanValidator, { iban: 'XX431234' })).valid).toBe(false);
  });
});
