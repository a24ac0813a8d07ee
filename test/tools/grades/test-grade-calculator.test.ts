import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/test-grade-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('test-grade-calculator', () => {
  it('published: 20 questions, 3 wrong → 85 % B; 33 of 40 → 82.5 %', async () => {
    expect(await runTool(tool, { total: 20, wrong: 3 })).toMatchObject({ correct: 17, percent: 85, letter: 'B' });
    const r = await runTool(tool, { total: 40, correct: 33 });
    expect(r).toMatchObject({ percent: 82.5, letter: 'B-' });
    expect((await runTool(tool, { total: 40, correct: 33, scale: 'simple' })).letter).toBe('B');
  });
  it('letter boundaries compare the unrounded percent unless asked', async () => {
    // 89.6 % is B+ (catalogue default), A- when rounded first
    expect((await runTool(tool, { total: 1000, correct: 896 })).letter).toBe('B+');
    expect((await runTool(tool, { total: 1000, correct: 896, roundBeforeLetter: true })).letter).toBe('A-');
    expect((await runTool(tool, { total: 1000, correct: 895, roundBeforeLetter: true })).letter).toBe('A-'); // 89.5 rounds half-up
    expect((await runTool(tool, { total: 1000, correct: 894, roundBeforeLetter: true })).letter).toBe('B+');
    expect((await runTool(tool, { total: 100, correct: 90 })).letter).toBe('A-');
    expect((await runTool(tool, { total: 10000, correct: 8999 })).letter).toBe('B+');
    expect((await runTool(tool, { total: 100, correct: 60 })).letter).toBe('D-');
    expect((await runTool(tool, { total: 10000, correct: 5999 })).letter).toBe('F');
    expect((await runTool(tool, { total: 100, correct: 64, scale: 'college-board' })).letter).toBe('F');
  });
  it('zero and full marks; fractional points', async () => {
    expect(await runTool(tool, { total: 7, correct: 0 })).toMatchObject({ percent: 0, letter: 'F', points: 0, wrong: 7 });
    expect(await runTool(tool, { total: 7, wrong: 0 })).toMatchObject({ percent: 100, letter: 'A+', points: 4 });
    expect((await runTool(tool, { total: 7, wrong: 0, scale: 'us-4.33' })).points).toBe(4.33);
    expect(await runTool(tool, { total: 12.5, correct: 10.5 })).toMatchObject({ percent: 84, wrong: 2 });
  });
  it('custom scale', async () => {
    const customScale = [
      { letter: 'Pass', minPercent: 55, points: 1 },
      { letter: 'Fail', minPercent: 0, points: 0 },
    ];
    expect((await runTool(tool, { total: 20, correct: 11, customScale })).letter).toBe('Pass');
    expect((await runTool(tool, { total: 20, correct: 10, customScale })).letter).toBe('Fail');
  });
  it('table: every score, largest table', async () => {
    const r = await runTool(tool, { total: 20, wrong: 3, table: true });
    expect(r.table).toHaveLength(21);
    expect(r.table[2]).toEqual({ wrong: 2, correct: 18, percent: 90, letter: 'A-' });
    const big = await runTool(tool, { total: 500, wrong: 1, table: true });
    expect(big.table).toHaveLength(501);
    expect(big.table[500]).toEqual({ wrong: 500, correct: 0, percent: 0, letter: 'F' });
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { total: 0, correct: 0 }, 400, /total/);
    await expectToolError(tool, { total: 10 }, 400, /correct.*wrong/);
    await expectToolError(tool, { total: 10, correct: 5, wrong: 5 }, 400, /exactly one/);
    await expectToolError(tool, { total: 10, correct: 11 }, 400, /correct.*exceed/);
    await expectToolError(tool, { total: 10, wrong: 10.5 }, 400, /wrong.*exceed/);
    await expectToolError(tool, { total: 501, wrong: 1, table: true }, 400, /table/);
    await expectToolError(tool, { total: 10.5, wrong: 1, table: true }, 400, /table/);
    await expectToolError(tool, { total: 10, wrong: 1, scale: 'uk' }, 400, /scale/);
  });
});
