import { describe, expect, it } from 'vitest';
import numbersToWords from '../../tools/text/numbers-to-words.js';
import roman from '../../tools/text/roman-numeral-converter.js';
import { expectToolError, runTool } from '../helpers/run.js';

const say = async (input: Record<string, unknown>) => (await runTool(numbersToWords, input)).words as string;

describe('numbers-to-words', () => {
  it('reads whole numbers, American and British', async () => {
    expect(await say({ number: '0' })).toBe('zero');
    expect(await say({ number: '15' })).toBe('fifteen');
    expect(await say({ number: '40' })).toBe('forty');
    expect(await say({ number: '101' })).toBe('one hundred one');
    expect(await say({ number: '101', british: true })).toBe('one hundred and one');
    expect(await say({ number: '1005', british: true })).toBe('one thousand and five');
    expect(await say({ number: '1100', british: true })).toBe('one thousand one hundred');
    expect(await say({ number: '1000000050', british: true })).toBe('one billion and fifty');
    expect(await say({ number: '1000000' })).toBe('one million');
  });

  it('is exact up to 999 quadrillion and refuses more', async () => {
    expect(await say({ number: '999999999999999999' })).toBe(
      'nine hundred ninety-nine quadrillion nine hundred ninety-nine trillion nine hundred ninety-nine billion ' +
        'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine',
    );
    expect(await say({ number: '9007199254740993' })).toBe(
      'nine quadrillion seven trillion one hundred ninety-nine billion two hundred fifty-four million seven hundred forty thousand nine hundred ninety-three',
    );
    await expectToolError(numbersToWords, { number: '1000000000000000000' }, 400, /999 quadrillion/);
    await expectToolError(numbersToWords, { number: '999999999999999999.995', mode: 'currency' }, 400, /too large/);
  });

  it('reads negatives and decimals digit by digit', async () => {
    expect(await runTool(numbersToWords, { number: ' -0012.50 ' })).toEqual({
      words: 'minus twelve point five zero',
      number: '-12.50',
    });
    expect(await runTool(numbersToWords, { number: '-0' })).toEqual({ words: 'zero', number: '0' });
    expect(await say({ number: '.5' })).toBe('zero point five');
    expect(await say({ number: '+7' })).toBe('seven');
  });

  it('accepts thousands separators but not decimal commas or exponents', async () => {
    expect(await say({ number: '1,234,567' })).toBe('one million two hundred thirty-four thousand five hundred sixty-seven');
    expect(await say({ number: '1 000_000' })).toBe('one million');
    await expectToolError(numbersToWords, { number: '1,5' }, 400, /dot for decimals/);
    for (const bad of ['', '1e6', 'abc', '5.', '--5', '1.2.3', 'NaN', 'Infinity', '٣'])
      await expectToolError(numbersToWords, { number: bad }, 400, /`number`/);
    await expectToolError(numbersToWords, { number: 5 }, 400, /`number` must be a string/);
    await expectToolError(numbersToWords, { number: '1'.repeat(101) }, 400, /at most 100/);
  });

  it('currency mode: units, singular and plural, rounding, zero cents', async () => {
    const cur = (number: string, currency = 'dollars', british = false) =>
      say({ number, mode: 'currency', currency, british });
    expect(await cur('1')).toBe('one dollar');
    expect(await cur('1.01')).toBe('one dollar and one cent');
    expect(await cur('2.5')).toBe('two dollars and fifty cents');
    expect(await cur('12.00')).toBe('twelve dollars');
    expect(await cur('0.07', 'euros')).toBe('zero euros and seven cents');
    expect(await cur('1', 'euros')).toBe('one euro');
    expect(await cur('1.01', 'pounds')).toBe('one pound and one penny');
    expect(await cur('3.99', 'pounds', true)).toBe('three pounds and ninety-nine pence');
    expect(await cur('120.5', 'pounds', true)).toBe('one hundred and twenty pounds and fifty pence');
    expect(await cur('0.995')).toBe('one dollar');
    expect(await cur('0.994')).toBe('zero dollars and ninety-nine cents');
    expect(await cur('-1.5')).toBe('minus one dollar and fifty cents');
    expect(await cur('-0.001')).toBe('zero dollars');
    expect(await runTool(numbersToWords, { number: '9.999', mode: 'currency' })).toEqual({ words: 'ten dollars', number: '10.00' });
  });

  it('accepts aliases and refuses unknown modes and currencies', async () => {
    expect(await say({ number: '2', mode: 'money', currency: 'GBP' })).toBe('two pounds');
    expect(await say({ number: '2', mode: 'Currency', currency: '€' })).toBe('two euros');
    await expectToolError(numbersToWords, { number: '2', mode: 'ordinal' }, 400, /`mode` must be one of "plain", "currency"/);
    await expectToolError(numbersToWords, { number: '2', currency: 'yen' }, 400, /`currency`/);
  });
});

describe('roman-numeral-converter', () => {
  it('converts both ways across the range', async () => {
    expect((await runTool(roman, { value: '1' })).roman).toBe('I');
    expect((await runTool(roman, { value: '3999' })).roman).toBe('MMMCMXCIX');
    expect((await runTool(roman, { value: 'MMMCMXCIX' })).number).toBe(3999);
    for (let n = 1; n <= 3999; n++) {
      const { roman: r } = await runTool(roman, { value: String(n), mode: 'toRoman' });
      expect((await runTool(roman, { value: r, mode: 'toNumber' })).number).toBe(n);
    }
  });

  it('refuses non-standard numerals, saying why', async () => {
    await expectToolError(roman, { value: 'IIII' }, 400, /I may appear at most three times in a row/);
    await expectToolError(roman, { value: 'VV' }, 400, /V may appear only once/);
    await expectToolError(roman, { value: 'VIV' }, 400, /V may appear only once/);
    await expectToolError(roman, { value: 'IC' }, 400, /I may only be subtracted from V and X \(IC is not allowed\)/);
    await expectToolError(roman, { value: 'XM' }, 400, /X may only be subtracted from L and C/);
    await expectToolError(roman, { value: 'VX' }, 400, /V is never subtracted/);
    await expectToolError(roman, { value: 'MMMM' }, 400, /up to 3999/);
    await expectToolError(roman, { value: 'IIV' }, 400, /largest value to the smallest \(did you mean V = 5\?\)/);
    await expectToolError(roman, { value: 'IXIX' }, 400, /largest value to the smallest/);
    await expectToolError(roman, { value: 'ABC' }, 400, /"A" is not one of I, V, X, L, C, D, M/);
  });

  it('refuses numbers outside 1–3999 and other input', async () => {
    await expectToolError(roman, { value: '0' }, 400, /from 1 to 3999/);
    await expectToolError(roman, { value: '4000' }, 400, /from 1 to 3999/);
    await expectToolError(roman, { value: '-5' }, 400, /whole number from 1 to 3999/);
    await expectToolError(roman, { value: '3.5' }, 400, /not a whole number/);
    await expectToolError(roman, { value: '99999999999999999999999' }, 400, /from 1 to 3999/);
    await expectToolError(roman, { value: '   ' }, 400, /at least 1/);
    await expectToolError(roman, { value: '12', mode: 'toNumber' }, 400, /is a number, not a Roman numeral/);
    await expectToolError(roman, { value: 'XII', mode: 'toRoman' }, 400, /whole number/);
    await expectToolError(roman, { value: 'XII', mode: 'sideways' }, 400, /`mode` must be one of/);
  });

  it('accepts case-insensitive numerals, spaces around and mode aliases', async () => {
    expect(await runTool(roman, { value: ' mcmxc ', mode: 'from-roman' })).toMatchObject({ direction: 'toNumber', roman: 'MCMXC', number: 1990 });
    expect(await runTool(roman, { value: '0042', mode: 'to-roman' })).toMatchObject({ direction: 'toRoman', roman: 'XLII', number: 42 });
    const { parts, breakdown } = await runTool(roman, { value: '3888' });
    expect(parts.map((p: { symbol: string }) => p.symbol).join('')).toBe('MMMDCCCLXXXVIII');
    expect(breakdown).toBe('M (1000) + M (1000) + M (1000) + D (500) + C (100) + C (100) + C (100) + L (50) + X (10) + X (10) + X (10) + V (5) + I (1) + I (1) + I (1) = 3888');
  });
});
