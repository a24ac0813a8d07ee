import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import base, { MAX_DIGITS } from '../../tools/dev/number-base-converter.js';
import chmod, { modeToSymbolic } from '../../tools/dev/chmod-calculator.js';
import { vectorsDir } from '../helpers/paths.js';
import { expectToolError, runTool } from '../helpers/run.js';

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
      cases: { description: string; input: { inputBase: number; digits: number[]; outputBase: number }; expected: number[] | { error: string } }[];
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
    console.log(`all-your-base: ${passed} passed, ${notApplicable.length} not applicable (${notApplicable.join('; ')}), of ${cases.length}`);
    expect(passed).toBe(17);
  });
});

describe('chmod-calculator', () => {
  it('every mode 0000-7777 round-trips octal → symbolic → octal', async () => {
    for (let mode = 0; mode <= 0o7777; mode++) {
      const octal = mode.toString(8).padStart(4, '0');
      const out = await runTool(chmod, { permissions: octal });
      const back = await runTool(chmod, { permissions: out.symbolic });
      expect(back.octal, octal).toBe(out.octal);
      expect(out.octal).toBe(mode > 0o777 ? octal : octal.slice(1));
    }
  });

  it('all 4,096 symbolic forms equal CPython stat.filemode (compared by digest)', () => {
    // python3 -c "import stat,hashlib; print(hashlib.sha256('\\n'.join(stat.filemode(0o100000|m)[1:] for m in range(4096)).encode()).hexdigest())"
    const all = Array.from({ length: 4096 }, (_, m) => modeToSymbolic(m)).join('\n');
    expect(createHash('sha256').update(all).digest('hex')).toBe('a95442c5714bf34b8f5be85baab810076104fbe603023eda05dacac2ac2b0cc1');
  });

  it('special bits follow ls -l (s/S, t/T)', () => {
    expect(modeToSymbolic(0o4755)).toBe('rwsr-xr-x');
    expect(modeToSymbolic(0o4644)).toBe('rwSr--r--');
    expect(modeToSymbolic(0o2755)).toBe('rwxr-sr-x');
    expect(modeToSymbolic(0o2705)).toBe('rwx--Sr-x');
    expect(modeToSymbolic(0o1777)).toBe('rwxrwxrwt');
    expect(modeToSymbolic(0o1776)).toBe('rwxrwxrwT');
    expect(modeToSymbolic(0o7000)).toBe('--S--S--T');
    expect(modeToSymbolic(0)).toBe('---------');
  });

  it('accepts the common spellings', async () => {
    const octal = async (permissions: string) => (await runTool(chmod, { permissions })).octal;
    expect(await octal('0755')).toBe('755');
    expect(await octal('0o644')).toBe('644');
    expect(await octal(' 600 ')).toBe('600');
    expect(await octal('-rw-r--r--')).toBe('644');
    expect(await octal('drwxr-xr-x')).toBe('755');
    expect(await octal('rwsr-xr-x')).toBe('4755');
    expect(await octal('u=rwx,g=rx,o=rx')).toBe('755');
    expect(await octal('u=rw, go=r')).toBe('644');
    expect(await octal('a=rx,u=rwx')).toBe('755');
    expect(await octal('ug=rwxs,o=')).toBe('6770');
    expect(await octal('a=')).toBe('000');
    const out = await runTool(chmod, { permissions: '4750' });
    expect(out).toMatchObject({
      symbolic: 'rwsr-x---',
      owner: { read: true, write: true, execute: true, octal: 7, symbolic: 'rws' },
      special: { setuid: true, setgid: false, sticky: false },
      command: 'chmod 4750 <file>',
    });
  });

  it('refuses malformed permissions with the reason', async () => {
    await expectToolError(chmod, { permissions: '789' }, 400, /"789" is not an octal mode/);
    await expectToolError(chmod, { permissions: '77' }, 400, /"77" is not an octal mode/);
    await expectToolError(chmod, { permissions: '17777' }, 400, /not an octal mode/);
    await expectToolError(chmod, { permissions: 'rwxr-xr-q' }, 400, /character 9 of "rwxr-xr-q" is "q"; at that place only "x" or "-", "t" or "T" fits/);
    await expectToolError(chmod, { permissions: 'wrxr-xr-x' }, 400, /character 1 .* only "r" or "-" fits/);
    await expectToolError(chmod, { permissions: 'xrwxr-xr-x' }, 400, /"x" is not a file-type character/);
    await expectToolError(chmod, { permissions: 'u+x' }, 400, /uses "\+".*no starting mode/);
    await expectToolError(chmod, { permissions: 'o=s' }, 400, /"s" in "o=s" does not apply to others/);
    await expectToolError(chmod, { permissions: 'u=rwx,z=r' }, 400, /"z=r" is not an assignment/);
    await expectToolError(chmod, { permissions: 'hello' }, 400, /neither an octal mode/);
    await expectToolError(chmod, { permissions: '' }, 400, /permissions.*at least 1/);
    await expectToolError(chmod, { permissions: 'r'.repeat(65) }, 400, /at most 64/);
  });
});
