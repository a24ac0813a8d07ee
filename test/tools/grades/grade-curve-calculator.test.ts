import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/grade-curve-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const curved = (r: { results: { curvedPercent: number }[] }) => r.results.map((x) => x.curvedPercent);
const letters = (r: { results: { letter: string }[] }) => r.results.map((x) => x.letter);

describe('grade-curve-calculator', () => {
  it('flat: explicit points, capped at 100 unless allowed over', async () => {
    expect(curved(await runTool(tool, { scores: [50, 95], method: 'flat', addPoints: 10 }))).toEqual([60, 100]);
    expect(curved(await runTool(tool, { scores: [50, 95], method: 'flat', addPoints: 10, allowOver100: true }))).toEqual([60, 105]);
    expect(curved(await runTool(tool, { scores: [5, 95], method: 'flat', addPoints: -10 }))).toEqual([0, 85]);
    expect(curved(await runTool(tool, { scores: [0, 0], method: 'flat' }))).toEqual([100, 100]);
  });
  it('highest-to-100 scales by the best score', async () => {
    expect(curved(await runTool(tool, { scores: [40, 80], method: 'highest-to-100' }))).toEqual([50, 100]);
    await expectToolError(tool, { scores: [0, 0], method: 'highest-to-100' }, 400, /scores.*best score is 0/);
  });
  it('square-root: 81 → 90, 0 → 0, 100 → 100', async () => {
    expect(curved(await runTool(tool, { scores: [0, 81, 100], method: 'square-root' }))).toEqual([0, 90, 100]);
  });
  it('linear: hits the target mean and population SD', async () => {
    const r = await runTool(tool, { scores: [50, 60, 70, 80], method: 'linear', targetMean: 75, targetSd: 5 });
    expect(r.after.mean).toBeCloseTo(75, 12);
    expect(r.after.sd).toBeCloseTo(5, 12);
    const shift = await runTool(tool, { scores: [50, 60, 70, 80], method: 'linear', targetMean: 70 });
    expect(curved(shift)).toEqual([55, 65, 75, 85]);
    expect(curved(await runTool(tool, { scores: [60, 60], method: 'linear', targetMean: 72 }))).toEqual([72, 72]);
    await expectToolError(tool, { scores: [60], method: 'linear' }, 400, /targetMean/);
  });
  it('bell: 10 students → 1 A, 2 B, 4 C, 2 D, 1 F; ties share the better letter', async () => {
    const r = await runTool(tool, { scores: [100, 90, 80, 70, 65, 60, 55, 50, 40, 30], method: 'bell' });
    expect(letters(r)).toEqual(['A', 'B', 'B', 'C', 'C', 'C', 'C', 'D', 'D', 'F']);
    expect(curved(r)).toEqual([100, 90, 80, 70, 65, 60, 55, 50, 40, 30]);
    const tie = await runTool(tool, { scores: [90, 80, 80, 70, 60, 50, 40, 30, 20, 10], method: 'bell' });
    expect(letters(tie).slice(0, 3)).toEqual(['A', 'B', 'B']);
    const allSame = await runTool(tool, { scores: [70, 70, 70], method: 'bell' });
    expect(letters(allSame)).toEqual(['A', 'A', 'A']);
    const custom = await runTool(tool, { scores: [9, 8, 7, 6], method: 'bell', distribution: [50, 0, 0, 0, 50] });
    expect(letters(custom)).toEqual(['A', 'A', 'F', 'F']);
    await expectToolError(tool, { scores: [1], method: 'bell', distribution: [10, 10, 10, 10, 10] }, 400, /distribution.*sum to 100/);
  });
  it('maximum size and refusals', async () => {
    const scores = Array.from({ length: 2000 }, (_, i) => i % 101);
    expect((await runTool(tool, { scores, method: 'bell' })).results).toHaveLength(2000);
    await expectToolError(tool, { scores: [...scores, 1], method: 'flat' }, 400, /scores/);
    await expectToolError(tool, { scores: [], method: 'flat' }, 400, /scores/);
    await expectToolError(tool, { scores: [-1], method: 'flat' }, 400, /scores/);
    await expectToolError(tool, { scores: [1], method: 'curve' }, 400, /method/);
    await expectToolError(tool, { scores: [1], method: 'flat', maxScore: 0 }, 400, /maxScore/);
  });
});
