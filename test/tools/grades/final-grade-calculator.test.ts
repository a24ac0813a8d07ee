import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/final-grade-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { createRng } from '../../../tools/_lib/rng.js';

describe('final-grade-calculator', () => {
  it('published example: 70 % now, 80 % wanted, final 50 % → 90 %', async () => {
    const r = await runTool(tool, { currentPercent: 70, targetPercent: 80, finalWeightPercent: 50 });
    expect(r).toMatchObject({ requiredFinalPercent: 90, achievable: true, alreadySecured: false });
  });
  it('unreachable (needs 101.7 %) is a 200 with achievable: false', async () => {
    // (100·90 − 70·85) / 30 = 101.67 (shown as 101.7 %)
    const r = await runTool(tool, { currentPercent: 85, targetPercent: 90, finalWeightPercent: 30 });
    expect(r.requiredFinalPercent).toBeCloseTo(305 / 3, 10);
    expect(r.achievable).toBe(false);
    const extra = await runTool(tool, { currentPercent: 85, targetPercent: 90, finalWeightPercent: 30, maxFinalPercent: 110 });
    expect(extra.achievable).toBe(true);
  });
  it('exactly 100 is achievable, exactly 0 is secured', async () => {
    // (100·85 − 80·81.25) / 20 = 100
    expect(await runTool(tool, { currentPercent: 81.25, targetPercent: 85, finalWeightPercent: 20 })).toMatchObject({
      requiredFinalPercent: 100,
      achievable: true,
    });
    // (100·40 − 60·(200/3)) / 40 = 0 → secured
    const z = await runTool(tool, { currentPercent: 100, targetPercent: 60, finalWeightPercent: 40 });
    expect(z).toMatchObject({ requiredFinalPercent: 0, alreadySecured: true, achievable: true });
    expect((await runTool(tool, { currentPercent: 0, targetPercent: 0, finalWeightPercent: 10 })).requiredFinalPercent).toBe(0);
  });
  it('final worth 100 %: needed = target', async () => {
    expect((await runTool(tool, { currentPercent: 12, targetPercent: 77, finalWeightPercent: 100 })).requiredFinalPercent).toBe(77);
  });
  it('target by letter uses the scale cut-off', async () => {
    const r = await runTool(tool, { currentPercent: 70, targetLetter: 'b−', finalWeightPercent: 50 });
    expect(r).toMatchObject({ targetPercent: 80, requiredFinalPercent: 90 });
    const cb = await runTool(tool, { currentPercent: 70, targetLetter: 'D', finalWeightPercent: 50, scale: 'college-board' });
    expect(cb.targetPercent).toBe(65);
  });
  it('result mode: plugging the required score back gives the target (property)', async () => {
    const rng = createRng('final-grade');
    for (let i = 0; i < 300; i++) {
      const current = rng.int(0, 10000) / 100,
        target = rng.int(0, 10000) / 100,
        w = rng.int(1, 1000) / 10;
      const need = await runTool(tool, { currentPercent: current, targetPercent: target, finalWeightPercent: w, maxFinalPercent: 200 });
      if (need.requiredFinalPercent < 0 || need.requiredFinalPercent > 200) continue;
      const back = await runTool(tool, {
        mode: 'result',
        currentPercent: current,
        finalPercent: need.requiredFinalPercent,
        finalWeightPercent: w,
      });
      expect(Math.abs(back.resultPercent - target)).toBeLessThan(1e-9);
    }
  });
  it('result mode gives a letter, compared unrounded', async () => {
    const r = await runTool(tool, { mode: 'result', currentPercent: 89.9, finalPercent: 89.99, finalWeightPercent: 50 });
    expect(r.resultPercent).toBeCloseTo(89.945, 12);
    expect(r.resultLetter).toBe('B+');
    expect((await runTool(tool, { mode: 'result', currentPercent: 90, finalPercent: 90, finalWeightPercent: 50 })).resultLetter).toBe('A-');
  });
  it('refuses impossible input naming the field', async () => {
    await expectToolError(tool, { currentPercent: 70, finalWeightPercent: 0, targetPercent: 80 }, 400, /finalWeightPercent/);
    await expectToolError(tool, { currentPercent: 70, finalWeightPercent: 100.1, targetPercent: 80 }, 400, /finalWeightPercent/);
    await expectToolError(tool, { currentPercent: -1, finalWeightPercent: 50, targetPercent: 80 }, 400, /currentPercent/);
    await expectToolError(tool, { currentPercent: 70, finalWeightPercent: 50 }, 400, /targetPercent/);
    await expectToolError(tool, { mode: 'result', currentPercent: 70, finalWeightPercent: 50 }, 400, /finalPercent/);
    await expectToolError(tool, { currentPercent: 70, finalWeightPercent: 50, targetLetter: 'Z' }, 400, /targetLetter/);
    await expectToolError(
      tool,
      { currentPercent: 70, finalWeightPercent: 50, targetPercent: 80, customScale: [{ letter: 'P', minPercent: 50, points: 1 }] },
      400,
      /customScale.*minPercent 0/,
    );
    await expectToolError(
      tool,
      {
        currentPercent: 70,
        finalWeightPercent: 50,
        targetPercent: 80,
        customScale: [
          { letter: 'P', minPercent: 0, points: 1 },
          { letter: 'p', minPercent: 50, points: 1 },
        ],
      },
      400,
      /customScale.*twice/,
    );
  });
});
