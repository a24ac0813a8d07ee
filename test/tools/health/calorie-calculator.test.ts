import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/calorie-calculator.js';
import tdee from '../../../tools/health/tdee-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const man = { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'moderate' };

describe('calorie-calculator', () => {
  it('uses 7,700 kcal per kg: 0.5 kg/week is 550 kcal/day', async () => {
    const r = await runTool(tool, { ...man, weeklyChange: -0.5 });
    expect(r.dailyAdjustmentKcal).toBe(-550);
    expect(r.targetKcal).toBe(Math.round(1648.75 * 1.55 - 550));
    expect((await runTool(tool, { ...man, weeklyChange: 1 })).dailyAdjustmentKcal).toBe(1100);
  });

  it('maintain equals tdee-calculator', async () => {
    const r = await runTool(tool, man);
    expect(r.targetKcal).toBe((await runTool(tdee, man)).tdee);
    expect(r.dailyAdjustmentKcal).toBe(0);
    expect(r.goals.find((g: { weeklyChange: number }) => g.weeklyChange === 0).kcal).toBe(r.tdee);
  });

  it('converts pounds per week exactly (metric and imperial agree)', async () => {
    const imp = await runTool(tool, { ...man, unitSystem: 'imperial', height: 175 / 2.54, weight: 70 / 0.45359237, weeklyChange: -1 });
    const met = await runTool(tool, { ...man, weeklyChange: -0.45359237 });
    expect(imp.targetKcal).toBe(met.targetKcal);
    expect(imp.dailyAdjustmentKcal).toBe(-499);
    expect(imp.unit).toBe('lb');
    expect(imp.goals.map((g: { weeklyChange: number }) => g.weeklyChange)).toEqual([-2, -1, -0.5, 0, 0.5, 1, 2]);
  });

  it('flags the minimum intake at, just below and just above (women 1,200, men 1,500)', async () => {
    // woman with TDEE exactly 1,200 + x: find weights where the target straddles 1,200
    const woman = { sex: 'female', age: 30, height: 160, activityLevel: 'sedentary' };
    // Mifflin: 10w + 1000 − 150 − 161 = 10w + 689; × 1.2 = 12w + 826.8 → 1200 at w = 31.1
    expect((await runTool(tool, { ...woman, weight: 31.1 })).belowMinimum).toBe(false);
    expect((await runTool(tool, { ...woman, weight: 31.09 })).belowMinimum).toBe(true);
    expect((await runTool(tool, { ...woman, weight: 31.11 })).belowMinimum).toBe(false);
    // man: 10w + 1000 − 150 + 5 = 10w + 855; × 1.2 = 12w + 1026 → 1500 at w = 39.5
    const m = { sex: 'male', age: 30, height: 160, activityLevel: 'sedentary' };
    expect((await runTool(tool, { ...m, weight: 39.5 })).belowMinimum).toBe(false);
    expect((await runTool(tool, { ...m, weight: 39.49 })).warning).toMatch(/below 1500/);
  });

  it('returns achievable: false (200) when the deficit exceeds the TDEE', async () => {
    const r = await runTool(tool, { ...man, activityLevel: 'sedentary', weeklyChange: -2 });
    expect(r.achievable).toBe(false);
    expect(r.targetKcal).toBeLessThan(0);
    expect(r.warning).toMatch(/slower rate/);
  });

  it('refuses out-of-range weekly changes', async () => {
    await expectToolError(tool, { ...man, weeklyChange: -2.5 }, 400, /weeklyChange/);
    await expectToolError(tool, { ...man, weeklyChange: 3 }, 400, /weeklyChange/);
  });
});
