import { describe, expect, it } from 'vitest';
import roman from '../../../tools/text/roman-numeral-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
    expect(await runTool(roman, { value: ' mcmxc ', mode: 'from-roman' })).toMatchObject({
      direction: 'toNumber',
      roman: 'MCMXC',
      number: 1990,
    });
    expect(await runTool(roman, { value: '0042', mode: 'to-roman' })).toMatchObject({ direction: 'toRoman', roman: 'XLII', number: 42 });
    const { parts, breakdown } = await runTool(roman, { value: '3888' });
    expect(parts.map((p: { symbol: string }) => p.symbol).join('')).toBe('MMMDCCCLXXXVIII');
    expect(breakdown).toBe(
      'M (1000) + M (1000) + M (1000) + D (500) + C (100) + C (100) + C (100) + L (50) + X (10) + X (10) + X (10) + V (5) + I (1) + I (1) + I (1) = 3888',
    );
  });
});
