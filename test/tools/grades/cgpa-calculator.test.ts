import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/cgpa-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('cgpa-calculator', () => {
  it('CBSE ×9.5: 8.0 → 76, 10 → 95', async () => {
    expect((await runTool(tool, { semesters: [{ sgpa: 8 }] })).percent).toBe(76);
    expect((await runTool(tool, { semesters: [{ sgpa: 10 }, { sgpa: 10 }] })).percent).toBe(95);
  });
  it('credit-weighted vs equal', async () => {
    const w = await runTool(tool, {
      semesters: [
        { sgpa: 9, credits: 30 },
        { sgpa: 6, credits: 10 },
      ],
    });
    expect(w).toMatchObject({ cgpa: 8.25, weighting: 'credits', totalCredits: 40 });
    const e = await runTool(tool, { semesters: [{ sgpa: 9 }, { sgpa: 6 }] });
    expect(e).toMatchObject({ cgpa: 7.5, weighting: 'equal', totalCredits: null });
  });
  it('zero SGPA and a 4-point scale', async () => {
    expect((await runTool(tool, { semesters: [{ sgpa: 0 }] })).percent).toBe(0);
    expect((await runTool(tool, { semesters: [{ sgpa: 4 }], maxGpa: 4, percentMultiplier: 25 })).percent).toBe(100);
  });
  it('rounds half-up for display only', async () => {
    const r = await runTool(tool, { semesters: [{ sgpa: 8.125 }] });
    expect(r).toMatchObject({ cgpa: 8.125, cgpaRounded: 8.13 });
  });
  it('maximum size: 50 semesters', async () => {
    const semesters = Array.from({ length: 50 }, (_, i) => ({ sgpa: (i % 10) + 0.5, credits: 20 }));
    expect((await runTool(tool, { semesters })).cgpa).toBe(5);
    await expectToolError(tool, { semesters: [...semesters, { sgpa: 1, credits: 1 }] }, 400, /semesters/);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { semesters: [] }, 400, /semesters/);
    await expectToolError(tool, { semesters: [{ sgpa: 10.1 }] }, 400, /semesters\[0\]\.sgpa.*maxGpa/);
    await expectToolError(tool, { semesters: [{ sgpa: 5, credits: 0 }] }, 400, /credits/);
    await expectToolError(tool, { semesters: [{ sgpa: 5, credits: 3 }, { sgpa: 5 }] }, 400, /semesters.*every semester or on none/);
    await expectToolError(tool, { semesters: [{ sgpa: 5 }], maxGpa: 0 }, 400, /maxGpa/);
  });
});
