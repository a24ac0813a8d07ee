import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/exam-grade-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const grade = async (input: object) => (await runTool(tool, input)).grade as number;

describe('exam-grade-calculator: CvTE N-term', () => {
  it('N = 1 is the straight line 1 + 9·S/L', async () => {
    expect(await grade({ score: 0, maxScore: 60 })).toBe(1);
    expect(await grade({ score: 60, maxScore: 60 })).toBe(10);
    expect(await grade({ score: 30, maxScore: 60 })).toBe(5.5);
    expect(await grade({ score: 45, maxScore: 60 })).toBe(7.8); // 7.75 rounds half up
  });
  it('rounds a decimal half up, without binary noise', async () => {
    // 9·49/90 + 0.55 = 4.9 + 0.55 = 5.45 → 5.5 (a float sum gives 5.449999…)
    const r = await runTool(tool, { score: 49, maxScore: 90, nTerm: 0.55 });
    expect(r.unroundedGrade).toBe(5.45);
    expect(r.grade).toBe(5.5);
  });
  it('N = 2 adds one point in the middle (half the points → 6.5)', async () => {
    expect(await grade({ score: 30, maxScore: 60, nTerm: 2 })).toBe(6.5);
  });
  it('N > 1: lower line 1 + 2·9S/L near zero, upper line near full marks', async () => {
    const low = await runTool(tool, { score: 2, maxScore: 60, nTerm: 2 });
    // basic 0.3 + 2 = 2.3; low line 1 + 0.6 = 1.6
    expect(low.grade).toBe(1.6);
    expect(low.rule).toMatch(/lower bound/);
    expect(await grade({ score: 0, maxScore: 60, nTerm: 2 })).toBe(1);
    expect(await grade({ score: 60, maxScore: 60, nTerm: 2 })).toBe(10);
    expect(await grade({ score: 55, maxScore: 60, nTerm: 2 })).toBe(9.6);
  });
  it('N < 1: raised to 1 + 0.5·9S/L near zero and 10 − 2·9(L−S)/L near full marks', async () => {
    const low = await runTool(tool, { score: 4, maxScore: 60, nTerm: 0 });
    // basic 0.6; low line 1 + 0.3 = 1.3
    expect(low.grade).toBe(1.3);
    expect(low.rule).toMatch(/N < 1, lower/);
    const high = await runTool(tool, { score: 58, maxScore: 60, nTerm: 0 });
    // basic 8.7; high line 10 − 2·9·2/60 = 9.4
    expect(high.grade).toBe(9.4);
    expect(high.rule).toMatch(/upper/);
    expect(await grade({ score: 30, maxScore: 60, nTerm: 0 })).toBe(4.5);
    expect(await grade({ score: 0, maxScore: 60, nTerm: 0 })).toBe(1);
    expect(await grade({ score: 60, maxScore: 60, nTerm: 0 })).toBe(10);
  });
  it('is monotone in the score and stays within 1–10 for random exams (property)', async () => {
    const rng = createRng('cvte');
    for (let i = 0; i < 200; i++) {
      const maxScore = rng.int(10, 120);
      const nTerm = rng.int(0, 30) / 10;
      const r = await runTool(tool, { score: 0, maxScore, nTerm, includeTable: true });
      const grades = r.table.map((row: { grade: number }) => row.grade);
      expect(grades[0]).toBe(1);
      expect(grades[grades.length - 1]).toBe(10);
      for (let s = 1; s < grades.length; s++) expect(grades[s]).toBeGreaterThanOrEqual(grades[s - 1]);
    }
  });
  it('table has maxScore + 1 rows at the maximum size', async () => {
    const r = await runTool(tool, { score: 500, maxScore: 1000, nTerm: 1.3, includeTable: true });
    expect(r.table).toHaveLength(1001);
    expect(r.grade).toBe(5.8);
  });
});

describe('exam-grade-calculator: cesuur', () => {
  it('pass grade exactly at the cesuur, linear on both sides', async () => {
    expect(await grade({ mode: 'cesuur', score: 24, maxScore: 40, cesuurPercent: 60 })).toBe(5.5);
    expect(await grade({ mode: 'cesuur', score: 12, maxScore: 40, cesuurPercent: 60 })).toBe(3.3); // 1 + 4.5·0.5 = 3.25
    expect(await grade({ mode: 'cesuur', score: 32, maxScore: 40, cesuurPercent: 60 })).toBe(7.8); // 5.5 + 4.5·8/16 = 7.75
    expect(await grade({ mode: 'cesuur', score: 0, maxScore: 40, cesuurPercent: 60 })).toBe(1);
    expect(await grade({ mode: 'cesuur', score: 40, maxScore: 40, cesuurPercent: 60 })).toBe(10);
    expect(await grade({ mode: 'cesuur', score: 24, maxScore: 40, cesuurPercent: 60, passGrade: 6 })).toBe(6);
  });
  it('just below and just above the cesuur', async () => {
    expect(await grade({ mode: 'cesuur', score: 23.5, maxScore: 40, cesuurPercent: 60 })).toBe(5.4);
    expect(await grade({ mode: 'cesuur', score: 24.5, maxScore: 40, cesuurPercent: 60 })).toBe(5.6);
  });
});

describe('exam-grade-calculator: refusals', () => {
  it('refuses impossible input naming the field', async () => {
    await expectToolError(tool, { score: 61, maxScore: 60 }, 400, /score.*maxScore/);
    await expectToolError(tool, { score: 1, maxScore: 0 }, 400, /maxScore/);
    await expectToolError(tool, { score: -1, maxScore: 10 }, 400, /score/);
    await expectToolError(tool, { score: 1, maxScore: 10, nTerm: 4.1 }, 400, /nTerm/);
    await expectToolError(tool, { score: 1, maxScore: 10, mode: 'cesuur', cesuurPercent: 100 }, 400, /cesuurPercent/);
    await expectToolError(tool, { score: 1, maxScore: 1001 }, 400, /maxScore/);
  });
});

describe('declared examples', () => {
  for (const ex of tool.examples)
    it(ex.name, async () => {
      const out = await runTool(tool, ex.input);
      if (ex.partial) expect(out).toMatchObject(ex.output);
      else expect(out).toEqual(ex.output);
    });
});
