import { describe, expect, it } from 'vitest';
import tool from '../../../tools/math/average-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('average-calculator', () => {
  it('published example (calculator.net): 10, 2, 38, 23, 38, 23, 21', async () => {
    const r = await runTool(tool, { numbers: [10, 2, 38, 23, 38, 23, 21] });
    expect(r).toMatchObject({ mean: 22.1428571428571, median: 23, modes: [23, 38], range: 36 });
  });
  it('median of an even count; modes none / all tied', async () => {
    expect((await runTool(tool, { numbers: [4, 1, 3, 2] })).median).toBe(2.5);
    expect((await runTool(tool, { numbers: [1, 2, 3] })).modes).toEqual([]);
    expect((await runTool(tool, { numbers: [2, 1, 1, 2] })).modes).toEqual([1, 2]);
    expect((await runTool(tool, { numbers: [-0, 0, 5] })).modes).toEqual([0]);
    expect((await runTool(tool, { numbers: [1e150, 1e150] })).median).toBe(1e150);
  });
  it('geometric and harmonic means (Wikipedia) and their refusal as null', async () => {
    expect((await runTool(tool, { numbers: [2, 8] })).geometricMean).toBe(4);
    expect((await runTool(tool, { numbers: [4, 1, 1 / 32] })).geometricMean).toBe(0.5);
    expect((await runTool(tool, { numbers: [1, 4, 4] })).harmonicMean).toBe(2);
    expect(await runTool(tool, { numbers: [0, 4] })).toMatchObject({ geometricMean: null, harmonicMean: null, mean: 2 });
    expect(await runTool(tool, { numbers: [-1, 4] })).toMatchObject({ geometricMean: null, harmonicMean: null });
  });
  it('a single value and zero', async () => {
    expect(await runTool(tool, { numbers: [0] })).toMatchObject({ count: 1, mean: 0, median: 0, range: 0, modes: [], modeCount: 1 });
  });
  it('text input: separators, signs, exponents', async () => {
    const r = await runTool(tool, { text: ' 1,2;3\n4\t-5 +6 .5 1e2 ' });
    expect(r).toMatchObject({ count: 8, sum: 111.5 });
    await expectToolError(tool, { text: '1, 2, x' }, 400, /text.*value 3 "x"/);
    await expectToolError(tool, { text: '1,5 2,5 3,x' }, 400, /text.*"x"/);
    await expectToolError(tool, { text: ' , ' }, 400, /text.*at least 1/);
  });
  it('compensated sum: 0.1 ten times is 1', async () => {
    expect((await runTool(tool, { numbers: Array(10).fill(0.1) })).sum).toBe(1);
    expect((await runTool(tool, { numbers: [1e16, 1, -1e16] })).sum).toBe(1);
  });
  it('weighted mean', async () => {
    expect((await runTool(tool, { numbers: [80, 90], weights: [0.4, 0.6] })).weightedMean).toBe(86);
    await expectToolError(tool, { numbers: [80, 90], weights: [1] }, 400, /weights.*one per value/);
    await expectToolError(tool, { numbers: [80, 90], weights: [0, 0] }, 400, /weights.*sum to 0/);
    await expectToolError(tool, { numbers: [80, 90], weights: [-1, 2] }, 400, /weights/);
  });
  it('maximum size: 20 000 values; one more is refused', async () => {
    const numbers = Array.from({ length: 20000 }, (_, i) => i % 100);
    expect((await runTool(tool, { numbers })).modes).toHaveLength(100);
    await expectToolError(tool, { numbers: [...numbers, 1] }, 400, /numbers/);
    await expectToolError(tool, { text: Array(20001).fill('1').join(' ') }, 400, /text.*at most 20000/);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, {}, 400, /numbers.*text/);
    await expectToolError(tool, { numbers: [1], text: '1' }, 400, /exactly one/);
    await expectToolError(tool, { numbers: [] }, 400, /numbers.*at least 1/);
    await expectToolError(tool, { numbers: [1e151] }, 400, /numbers/);
  });
});
