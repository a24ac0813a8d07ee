import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/gpa-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('gpa-calculator', () => {
  it('credit-weighted GPA, all letters of the default scale', async () => {
    const letters = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F'];
    const pts = [4, 4, 3.7, 3.3, 3, 2.7, 2.3, 2, 1.7, 1.3, 1, 0.7, 0];
    for (let i = 0; i < letters.length; i++)
      expect((await runTool(tool, { courses: [{ grade: letters[i], credits: 3 }] })).gpa).toBe(pts[i]);
    expect((await runTool(tool, { courses: [{ grade: 'a−', credits: 3 }] })).gpa).toBe(3.7); // case and Unicode minus
  });
  it('4.33 and college-board scales', async () => {
    expect((await runTool(tool, { courses: [{ grade: 'A+', credits: 3 }], scale: 'us-4.33' })).gpa).toBe(4.33);
    expect((await runTool(tool, { courses: [{ grade: 'B-', credits: 3 }], scale: 'us-4.33' })).gpa).toBe(2.67);
    await expectToolError(
      tool,
      { courses: [{ grade: 'D-', credits: 3 }], scale: 'college-board' },
      400,
      /courses\[0\]\.grade.*college-board/,
    );
  });
  it('weighted: bonus on passing grades only', async () => {
    const r = await runTool(tool, {
      courses: [
        { grade: 'F', credits: 1, type: 'ap' },
        { grade: 'D-', credits: 1, type: 'honors' },
      ],
    });
    expect(r.courses.map((c: { weightedPoints: number }) => c.weightedPoints)).toEqual([0, 1.2]);
    expect(r.weightedGpa).toBe(0.6);
    expect(r.gpa).toBe(0.35);
  });
  it('points instead of letters; zero-credit courses', async () => {
    const r = await runTool(tool, {
      courses: [
        { points: 3.5, credits: 2 },
        { grade: 'A', credits: 0 },
      ],
    });
    expect(r).toMatchObject({ gpa: 3.5, gradedCredits: 2 });
  });
  it('only pass/fail with a prior GPA: term GPA null, cumulative = prior', async () => {
    const r = await runTool(tool, { courses: [{ grade: 'P', credits: 3 }], priorGpa: 3.1, priorCredits: 60 });
    expect(r).toMatchObject({ gpa: null, weightedGpa: null, cumulativeGpa: 3.1, cumulativeCredits: 60, excludedCredits: 3 });
  });
  it('cumulative GPA combines prior credits', async () => {
    const r = await runTool(tool, { courses: [{ grade: 'A', credits: 15 }], priorGpa: 3, priorCredits: 45 });
    expect(r.cumulativeGpa).toBe(3.25);
  });
  it('custom scale', async () => {
    const customScale = [
      { letter: 'HD', minPercent: 85, points: 7 },
      { letter: 'D', minPercent: 75, points: 6 },
      { letter: 'N', minPercent: 0, points: 0 },
    ];
    expect(
      (
        await runTool(tool, {
          courses: [
            { grade: 'hd', credits: 1 },
            { grade: 'D', credits: 1 },
          ],
          customScale,
        })
      ).gpa,
    ).toBe(6.5);
  });
  it('maximum size: 100 courses', async () => {
    const courses = Array.from({ length: 100 }, (_, i) => ({ grade: i % 2 ? 'A' : 'B', credits: 3 }));
    expect((await runTool(tool, { courses })).gpa).toBe(3.5);
    await expectToolError(tool, { courses: [...courses, { grade: 'A', credits: 1 }] }, 400, /courses/);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { courses: [{ grade: 'P', credits: 3 }] }, 400, /courses.*no graded course/);
    await expectToolError(tool, { courses: [{ grade: 'A', credits: 0 }] }, 400, /courses.*no graded course/);
    await expectToolError(tool, { courses: [{ grade: 'A', points: 4, credits: 3 }] }, 400, /courses\[0\].*exactly one/);
    await expectToolError(tool, { courses: [{ grade: 'Z', credits: 3 }] }, 400, /courses\[0\]\.grade/);
    await expectToolError(tool, { courses: [{ grade: 'A', credits: -1 }] }, 400, /credits/);
    await expectToolError(tool, { courses: [{ grade: 'A', credits: 3 }], priorGpa: 3 }, 400, /priorCredits/);
    await expectToolError(tool, { courses: [{ grade: 'A', credits: 3, type: 'college' }] }, 400, /type/);
  });
});
