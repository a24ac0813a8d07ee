import { describe, expect, it } from 'vitest';
import tool, { limitDenominator } from '../../../tools/math/fraction-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { createRng } from '../../../tools/_lib/rng.js';

const res = async (input: object) => (await runTool(tool, input)).result;

describe('fraction-calculator', () => {
  it('the four operations, reduced, with mixed numbers', async () => {
    expect((await res({ operation: 'add', a: '1/2', b: '1/3' })).fraction).toBe('5/6');
    expect((await res({ operation: 'subtract', a: '1 1/2', b: '2 3/4' })).mixed).toBe('-1 1/4');
    expect((await res({ operation: 'multiply', a: '-1 1/2', b: '2/3' })).fraction).toBe('-1');
    expect((await res({ operation: 'divide', a: '3/4', b: '−1 1/2' })).fraction).toBe('-1/2');
    expect((await res({ a: '6/8' })).fraction).toBe('3/4');
    expect((await res({ a: '-1 1/2' })).fraction).toBe('-3/2'); // the sign covers the whole mixed number
  });
  it('decimals literal by default, approximated on request', async () => {
    expect((await res({ a: '0.333333' })).fraction).toBe('333333/1000000');
    expect((await res({ a: '0.333333', approximate: true })).fraction).toBe('1/3');
    expect((await res({ a: '3.14159', approximate: true, maxDenominator: 1000 })).fraction).toBe('355/113');
    expect((await res({ a: '3.14159', approximate: true, maxDenominator: 100 })).fraction).toBe('311/99');
    expect((await res({ a: '-0.125', approximate: true })).fraction).toBe('-1/8');
    expect((await res({ a: '3/7', approximate: true, maxDenominator: 2 })).fraction).toBe('3/7'); // fractions are never approximated
  });
  it('repeating decimals both ways', async () => {
    expect((await res({ a: '0.(3)' })).fraction).toBe('1/3');
    expect((await res({ a: '0.1(6)' })).fraction).toBe('1/6');
    expect((await res({ a: '1.(142857)' })).fraction).toBe('8/7');
    expect((await res({ a: '1/7' })).decimal).toBe('0.(142857)');
    const long = (await res({ a: '1/97' })).decimal; // period 96 > 60 digits: cut
    expect(long).toBe(`0.${'010309278350515463917525773195876288659793814432989690721649'}…`);
    expect(long.length).toBe(2 + 60 + 1);
    expect((await res({ a: '.5' })).fraction).toBe('1/2');
    expect((await res({ a: '5.' })).fraction).toBe('5');
  });
  it('zero', async () => {
    expect(await res({ a: '0' })).toMatchObject({ fraction: '0', mixed: '0', decimal: '0', decimalValue: 0 });
    expect((await res({ operation: 'multiply', a: '-3/4', b: '0' })).fraction).toBe('0');
    expect((await res({ a: '0/5' })).fraction).toBe('0');
  });
  it('big exact integers (100 digits)', async () => {
    const big = '9'.repeat(100);
    const r = await res({ operation: 'multiply', a: big, b: big });
    expect(r.numerator).toBe((BigInt(big) ** 2n).toString());
    expect(r.denominator).toBe('1');
  });
  it('limitDenominator agrees with brute force (seeded)', () => {
    const rng = createRng('limit-denominator');
    for (let i = 0; i < 300; i++) {
      const d = BigInt(rng.int(1, 100000)),
        n = BigInt(rng.int(-200000, 200000)),
        max = rng.int(1, 60);
      const [p, q] = limitDenominator(n, d, BigInt(max));
      const x = Number(n) / Number(d);
      let best = Infinity;
      for (let qq = 1; qq <= max; qq++) best = Math.min(best, Math.abs(Math.round(x * qq) / qq - x));
      expect(Math.abs(Number(p) / Number(q) - x)).toBeLessThanOrEqual(best + 1e-12);
      expect(q <= BigInt(max)).toBe(true);
    }
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { a: '1/0' }, 400, /`a`.*denominator must not be 0/);
    await expectToolError(tool, { a: '1 1/0' }, 400, /`a`.*denominator/);
    await expectToolError(tool, { operation: 'divide', a: '1', b: '0/3' }, 400, /`b`.*division by zero/);
    await expectToolError(tool, { operation: 'add', a: '1' }, 400, /`b` is required/);
    await expectToolError(tool, { a: '1', b: '2' }, 400, /`b` is not used/);
    await expectToolError(tool, { a: 'abc' }, 400, /`a`.*not a number/);
    await expectToolError(tool, { a: '1e5' }, 400, /`a`/);
    await expectToolError(tool, { operation: 'add', a: '1', b: '1/2/3' }, 400, /`b`/);
    await expectToolError(tool, { a: '1'.repeat(101) }, 400, /a/);
    await expectToolError(tool, { a: '1', maxDenominator: 0 }, 400, /maxDenominator/);
  });
});
