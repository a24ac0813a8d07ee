import { describe, expect, it } from 'vitest';
import rng from '../../../tools/security/random-number-generator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('random-number-generator', () => {
  it('stays in the inclusive range and reaches both ends', async () => {
    const r = await runTool(rng, { min: -2, max: 2, count: 2000 });
    expect(Math.min(...r.numbers)).toBe(-2);
    expect(Math.max(...r.numbers)).toBe(2);
    expect(r.numbers).toHaveLength(2000);
  });
  it('draws distinct numbers when asked, also when count equals the range size', async () => {
    const all = await runTool(rng, { min: 1, max: 10, count: 10, allowDuplicates: false });
    expect([...all.numbers].sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(all.unique).toBe(true);
    const many = await runTool(rng, { min: 0, max: 2 ** 40, count: 10000, allowDuplicates: false });
    expect(new Set(many.numbers).size).toBe(10000);
  });
  it('refuses impossible requests', async () => {
    await expectToolError(rng, { min: 1, max: 5, count: 6, allowDuplicates: false }, 400, /count.*larger than the 5 numbers/);
    await expectToolError(rng, { min: 5, max: 1 }, 400, /max.*≥.*min/);
    await expectToolError(rng, { min: 0, max: 2 ** 48 }, 400, /2\^48/);
    await expectToolError(rng, { min: 0.5, max: 3 }, 400, /min/);
    await expectToolError(rng, { count: 10001 }, 400, /count/);
    await expectToolError(rng, { min: 0, max: 2 ** 53 }, 400, /max/);
  });
  it('handles the widest allowed span and negative safe integers', async () => {
    const r = await runTool(rng, { min: -(2 ** 47), max: 2 ** 47 - 2, count: 5 });
    await expectToolError(rng, { min: -(2 ** 47), max: 2 ** 47 - 1 }, 400, /at most 2\^48 − 1 numbers/);
    for (const n of r.numbers) expect(Number.isSafeInteger(n)).toBe(true);
  });
});
