import { describe, expect, it } from 'vitest';
import tool from '../../../tools/math/ratio-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { createRng } from '../../../tools/_lib/rng.js';

describe('ratio-calculator', () => {
  it('simplify: integers, decimals, many terms, zero terms', async () => {
    expect((await runTool(tool, { mode: 'simplify', terms: [12, 18] })).ratio).toBe('2:3');
    expect((await runTool(tool, { mode: 'simplify', terms: [0.1, 0.25] })).ratio).toBe('2:5');
    expect((await runTool(tool, { mode: 'simplify', terms: [6, 9, 15] })).ratio).toBe('2:3:5');
    expect((await runTool(tool, { mode: 'simplify', terms: [0, 5] })).ratio).toBe('0:1');
    expect((await runTool(tool, { mode: 'simplify', terms: [1e-7, 3e-7] })).ratio).toBe('1:3');
    expect((await runTool(tool, { mode: 'simplify', terms: [1e15, 3] })).ratio).toBe('1000000000000000:3');
    expect((await runTool(tool, { mode: 'simplify', terms: [7, 7] })).oneTo).toBe('1:1');
  });
  it('solve: each position, and plugging back satisfies A·D = B·C (seeded)', async () => {
    expect((await runTool(tool, { mode: 'solve', b: 4, c: 15, d: 20 })).solved).toEqual({ term: 'a', value: 3 });
    expect((await runTool(tool, { mode: 'solve', a: 3, c: 15, d: 20 })).solved).toEqual({ term: 'b', value: 4 });
    expect((await runTool(tool, { mode: 'solve', a: 3, b: 4, c: 15 })).solved).toEqual({ term: 'd', value: 20 });
    const rng = createRng('ratio');
    for (let i = 0; i < 200; i++) {
      const [a, b, d] = [rng.int(1, 1e6) / 100, rng.int(1, 1e6) / 100, rng.int(1, 1e6) / 100];
      const c = (await runTool(tool, { mode: 'solve', a, b, d })).solved.value;
      expect(Math.abs(a * d - b * c) / (a * d)).toBeLessThan(1e-13);
    }
  });
  it('solve: zero where it divides is refused, elsewhere fine', async () => {
    await expectToolError(tool, { mode: 'solve', a: 3, c: 0, d: 20 }, 400, /`c` is 0/);
    await expectToolError(tool, { mode: 'solve', a: 0, b: 4, c: 5 }, 400, /`a` is 0/);
    expect((await runTool(tool, { mode: 'solve', a: 0, b: 4, d: 20 })).solved.value).toBe(0);
  });
  it('divide: parts sum to the total', async () => {
    expect((await runTool(tool, { mode: 'divide', terms: [1, 1, 1], total: 100 })).parts).toEqual([
      33.3333333333333, 33.3333333333333, 33.3333333333333,
    ]);
    expect((await runTool(tool, { mode: 'divide', terms: [0, 1], total: 7 })).parts).toEqual([0, 7]);
    expect((await runTool(tool, { mode: 'divide', terms: [2, 3], total: -10 })).parts).toEqual([-4, -6]);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { mode: 'simplify' }, 400, /terms/);
    await expectToolError(tool, { mode: 'simplify', terms: [0, 0] }, 400, /terms.*all 0/);
    await expectToolError(tool, { mode: 'simplify', terms: [1] }, 400, /terms/);
    await expectToolError(tool, { mode: 'simplify', terms: Array(21).fill(1) }, 400, /terms/);
    await expectToolError(tool, { mode: 'simplify', terms: [-1, 2] }, 400, /terms/);
    await expectToolError(tool, { mode: 'divide', terms: [1, 2] }, 400, /total/);
    await expectToolError(tool, { mode: 'solve', a: 1, b: 2 }, 400, /exactly three.*c, d/);
    await expectToolError(tool, { mode: 'solve', a: 1, b: 2, c: 3, d: 4 }, 400, /exactly three.*none/);
  });
});
