import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import base, { MAX_DIGITS } from '../../../tools/dev/number-base-converter.js';
import { vectorsDir } from '../../helpers/paths.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('number-base-converter', () => {
  // Expected values computed independently with Python integers.
  it.each([
    ['1' + '0'.repeat(60), 10, 36, '793M2F9FD0KQJCV18M41GD52I58JT8BRJ30V3LS'],
    ['9007199254740993', 10, 2, '1' + '0'.repeat(52) + '1'],
    ['-18446744073709551615', 10, 16, '-FFFFFFFFFFFFFFFF'],
    [
      '3345525513100203135645351250632246010402236441155023664423651140235422530065205126512115322253066102440060',
      7,
      31,
      'JIN86KBH6ES1R7QELIR6MPLB5TGU136SPOPSEFE8MH0M3L1L922BCBO09J01',
    ],
    ['1' + '0'.repeat(200), 3, 10, '265613988875874769338781322035779626829233452653394495974574961739092490901302182994384699044001'],
  ])('%s (base %i → %i) is exact', async (value, fromBase, toBase, output) => {
    const out = await runTool(base, { value, fromBase, toBase });
    expect(out.output).toBe(output);
    expect(out.negative).toBe(value.startsWith('-'));
  });

  it('takes 10,000 digits, and round-trips ~3,000 decimal digits (~9,960 bits) through other bases', async () => {
    const longest = '9' + '876543210'.repeat(1111);
    expect(longest).toHaveLength(MAX_DIGITS);
    expect((await runTool(base, { value: longest, toBase: 36 })).decimal).toBe(longest);
    const value = '9' + '876543210'.repeat(333);
    for (const toBase of [2, 3, 7, 16, 36]) {
      const there = await runTool(base, { value, toBase });
      const back = await runTool(base, { value: there.output, fromBase: toBase, toBase: 10 });
      expect(back.output).toBe(value);
    }
  });

  it('prefixes, separators, signs, case and zero', async () => {
    expect((await runTool(base, { value: '0xff', fromBase: 16, toBase: 10 })).output).toBe('255');
    expect((await runTool(base, { value: '-0B1010', fromBase: 2, toBase: 10 })).output).toBe('-10');
    expect((await runTool(base, { value: '0o17', fromBase: 8, toBase: 10 })).output).toBe('15');
    expect((await runTool(base, { value: '0b1', fromBase: 16, toBase: 10 })).output).toBe('177'); // b is a hex digit here
    expect((await runTool(base, { value: '1111_0000 1111', fromBase: 2, toBase: 16 })).output).toBe('F0F');
    expect((await runTool(base, { value: '+Zz', fromBase: 36, toBase: 10 })).output).toBe('1295');
    expect(await runTool(base, { value: '-0' })).toMatchObject({ output: '0', negative: false, binary: '0', decimal: '0' });
    expect((await runTool(base, { value: '000', fromBase: 10, toBase: 2 })).output).toBe('0');
  });

  it('names the bad digit', async () => {
    await expectToolError(base, { value: '102', fromBase: 2 }, 400, /"2" is not a digit in base 2 \(allowed: 0-1\)/);
    await expectToolError(base, { value: 'FG', fromBase: 16 }, 400, /"g" is not a digit in base 16 \(allowed: 0-9 and a-f, either case\)/);
    await expectToolError(base, { value: '12.5' }, 400, /"\." is not a digit in base 10/);
    await expectToolError(base, { value: '0x1F' }, 400, /"x" is not a digit in base 10/);
    await expectToolError(base, { value: '-' }, 400, /no digits/);
    await expectToolError(base, { value: '0x', fromBase: 16 }, 400, /no digits/);
    await expectToolError(base, { value: '' }, 400, /value.*at least 1/);
    await expectToolError(base, { value: '1'.repeat(MAX_DIGITS + 1) }, 400, /at most 10000/);
  });

  it('bases 2 to 36', async () => {
    expect((await runTool(base, { value: '10', fromBase: 2, toBase: 36 })).output).toBe('2');
    expect((await runTool(base, { value: 'z', fromBase: 36, toBase: 2 })).output).toBe('100011');
    await expectToolError(base, { value: '1', fromBase: 1 }, 400, /fromBase.*≥ 2/);
    await expectToolError(base, { value: '1', toBase: 37 }, 400, /toBase.*≤ 36/);
    await expectToolError(base, { value: '1', toBase: 2.5 }, 400, /toBase/);
  });

  it('exercism all-your-base: every case expressible as a base 2-36 string', async () => {
    const file = join(vectorsDir, 'exercism/all-your-base.canonical-data.json');
    const { cases } = JSON.parse(readFileSync(file, 'utf8')) as {
      cases: {
        description: string;
        input: { inputBase: number; digits: number[]; outputBase: number };
        expected: number[] | { error: string };
      }[];
    };
    const D = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let passed = 0;
    const notApplicable: string[] = [];
    for (const c of cases) {
      const { inputBase, digits, outputBase } = c.input;
      const inRange = (b: number) => b >= 2 && b <= 36;
      if (digits.length === 0 || digits.some((d) => d < 0) || ((!inRange(inputBase) || !inRange(outputBase)) && !('error' in c.expected))) {
        notApplicable.push(c.description); // empty digit list, negative digit, or bases above 36: not expressible as text
        continue;
      }
      const input = { value: digits.map((d) => D[d] ?? '?').join(''), fromBase: inputBase, toBase: outputBase };
      if ('error' in c.expected) await expectToolError(base, input, 400);
      else expect((await runTool(base, input)).output, c.description).toBe(c.expected.map((d) => D[d]).join(''));
      passed++;
    }
    console.log(
      `all-your-base: ${passed} passed, ${notApplicable.length} not applicable (${notApplicable.join('; ')}), of ${cases.length}`,
    );
    expect(passed).toBe(17);
  });
});
