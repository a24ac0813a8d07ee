import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/tdee-calculator.js';
import bmr from '../../../tools/health/bmr-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('tdee-calculator', () => {
  it('multiplies the unrounded BMR by the standard factors', async () => {
    const r = await runTool(tool, { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'very' });
    expect(r.levels.map((l: { factor: number }) => l.factor)).toEqual([1.2, 1.375, 1.55, 1.725, 1.9]);
    expect(r.tdee).toBe(Math.round(1648.75 * 1.725)); // 2844.09
    expect(r.tdee).toBe(r.levels[3].kcal);
    expect(r.factor).toBe(1.725);
  });

  it('is the same model as bmr-calculator', async () => {
    for (const formula of ['mifflin-st-jeor', 'harris-benedict', 'katch-mcardle']) {
      const input = { sex: 'female', age: 52, height: 160, weight: 61, formula, bodyFatPercent: 31 };
      expect((await runTool(tool, input)).bmr).toBe((await runTool(bmr, input)).bmr);
    }
  });

  it('defaults to sedentary and agrees across unit systems', async () => {
    const met = await runTool(tool, { sex: 'female', age: 40, height: 165.1, weight: 68.0388555 });
    const imp = await runTool(tool, { sex: 'female', age: 40, unitSystem: 'imperial', height: 65, weight: 150 });
    expect(met.activityLevel).toBe('sedentary');
    expect(imp.levels).toEqual(met.levels);
  });

  it('refuses unknown activity levels and missing fields', async () => {
    await expectToolError(tool, { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'athlete' }, 400, /activityLevel/);
    await expectToolError(tool, { sex: 'male', age: 30, height: 175 }, 400, /weight/);
  });
});
