/**
 * python-stdnum's public number lists (vectors/python-stdnum/stdnum_number_lists.json):
 * IBAN valid/invalid lists and the EU, GB and CH VAT valid/invalid lists, run
 * through the tools exactly as a caller would send them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import ibanValidator from '../../tools/validation/iban-validator.js';
import vatCheck from '../../tools/validation/vat-number-check.js';
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

/**
 * Numbers python-stdnum rejects that we accept, with the reason. jsvat does not
 * verify the alphanumeric French check keys (new-style SIREN keys K/L...), nor the
 * Latvian personal-code checksum (it checks only the birth date).
 */
const VAT_EXPECTED_DIFFERENCES: Record<string, string> = {
  'FR K 7399859312': 'alphanumeric French key: checksum not verified by jsvat',
  'FR L 7399859412': 'alphanumeric French key: checksum not verified by jsvat',
  'LV-10103241337': 'Latvian personal code: checksum not verified by jsvat',
  'BE 0220,764.971': 'we ignore commas for every country; stdnum only for some (e.g. DE)',
};

describe('conformance: python-stdnum EU, GB and CH VAT lists', () => {
  const isValid = async (n: string) => (await runTool(vatCheck, { vatNumber: n })).validFormat as boolean;
  const all = [
    ...lists.test_eu_vat.map((l) => ['EU VAT', l] as const),
    ...lists.test_gb_vat.map((l) => ['GB VAT', l] as const),
    ...lists.test_ch_vat.map((l) => ['CH VAT', l] as const),
  ];
  it('has the lists the README describes', () => {
    expect(all.map(([, l]) => l.numbers.length)).toEqual([641, 56, 17, 6, 7, 28, 39, 22]);
  });
  for (const [name, list] of all)
    it(`${name} ${list.expect_valid ? 'valid' : `invalid ${list.expected_exception ?? '(must not validate)'}`}`, async () => {
      const failures = await runList(name, list, isValid);
      const expected = list.numbers.filter((n) => n in VAT_EXPECTED_DIFFERENCES);
      expect(failures).toEqual(expected);
    });
  it('normalises the way stdnum compacts (doctest calls)', async () => {
    const norm = async (n: string) => (await runTool(vatCheck, { vatNumber: n })).normalized;
    expect(await norm('FR 40 303 265 045')).toBe('FR40303265045');
    expect(await norm('DE136,695 976')).toBe('DE136695976');
    expect(await norm('el-082857563')).toBe('EL082857563');
    expect(await norm('CHE-109.298.651 TVA')).toBe('CHE109298651TVA');
    expect(await norm('XI 432525179')).toBe('XI432525179');
    expect(await norm('RO 21996566')).toBe('RO21996566');
    expect(await isValid('NL002455799B11')).toBe(true);
    expect(await isValid('NL123456789B90')).toBe(false);
    expect(await isValid('BE2000021323')).toBe(false);
  });
});
