import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/macro-calculator.js';
import calorie from '../../../tools/health/calorie-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('macro-calculator', () => {
  it('splits with Atwater 4/4/9 for each preset', async () => {
    const splits: Record<string, [number, number, number]> = {
      balanced: [50, 20, 30],
      'low-fat': [60, 20, 20],
      'low-carb': [25, 35, 40],
      'high-protein': [30, 40, 30],
    };
    for (const [diet, [c, p, f]] of Object.entries(splits)) {
      const r = await runTool(tool, { calories: 1800, diet });
      expect(r.carbs).toEqual({ grams: Math.round((1800 * c) / 400), kcal: 18 * c, percent: c });
      expect(r.protein.grams).toBe(Math.round((1800 * p) / 400));
      expect(r.fat.grams).toBe(Math.round((1800 * f) / 900));
    }
  });

  it('takes the calorie-calculator target when calories are omitted', async () => {
    const person = { sex: 'female', age: 41, height: 168, weight: 72, activityLevel: 'light', weeklyChange: -0.25 };
    const target = (await runTool(calorie, person)).targetKcal;
    const r = await runTool(tool, person);
    expect(r.calories).toBe(target);
    expect(r.caloriesFrom).toBe('calorie-target');
  });

  it('custom percents must sum to 100', async () => {
    const r = await runTool(tool, { calories: 2400, diet: 'custom', carbPercent: 40, proteinPercent: 30, fatPercent: 30 });
    expect([r.carbs.grams, r.protein.grams, r.fat.grams]).toEqual([240, 180, 80]);
    await expectToolError(
      tool,
      { calories: 2400, diet: 'custom', carbPercent: 40, proteinPercent: 30, fatPercent: 29.9 },
      400,
      /sum to 100 \(got 99\.9\)/,
    );
    await expectToolError(tool, { calories: 2400, diet: 'custom', carbPercent: 40, proteinPercent: 60 }, 400, /`fatPercent` is required/);
    await expectToolError(tool, { calories: 2400, carbPercent: 40 }, 400, /only used with `diet`: custom/);
  });

  it('protein per kg fixes protein and keeps the carb:fat ratio', async () => {
    const r = await runTool(tool, { calories: 2000, unitSystem: 'imperial', weight: 200, proteinPerKg: 1.6, diet: 'low-carb' });
    const proteinG = 1.6 * 200 * 0.45359237; // 145.15 g
    expect(r.protein.grams).toBe(Math.round(proteinG));
    const rest = 2000 - proteinG * 4;
    expect(r.carbs.kcal).toBe(Math.round((rest * 25) / 65));
    expect(r.fat.kcal).toBe(Math.round((rest * 40) / 65));
    await expectToolError(tool, { calories: 600, weight: 100, proteinPerKg: 2 }, 400, /proteinPerKg/);
    await expectToolError(tool, { calories: 2000, proteinPerKg: 2 }, 400, /`weight` is required/);
  });

  it('names the missing person field when calories are omitted', async () => {
    await expectToolError(tool, {}, 400, /`sex` is required/);
    await expectToolError(tool, { sex: 'male', age: 30, height: 180 }, 400, /`weight` is required/);
    await expectToolError(tool, { calories: 499 }, 400, /calories/);
    await expectToolError(tool, { sex: 'female', age: 80, height: 150, weight: 40, weeklyChange: -1 }, 400, /weeklyChange/);
  });
});
