import { describe, expect, it } from 'vitest';
import numbersToWords from '../../../tools/text/numbers-to-words.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
    const cur = (number: string, currency = 'dollars', british = false) => say({ number, mode: 'currency', currency, british });
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
