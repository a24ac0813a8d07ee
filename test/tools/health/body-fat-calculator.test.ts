import { describe, expect, it } from 'vitest';
import tool, { aceCategory } from '../../../tools/health/body-fat-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('body-fat-calculator', () => {
  it('places every ACE band boundary at, just below and just above', () => {
    const men: [number, string][] = [
      [5.99, 'essential fat'],
      [6, 'athletes'],
      [6.01, 'athletes'],
      [13.99, 'athletes'],
      [14, 'fitness'],
      [14.01, 'fitness'],
      [17.99, 'fitness'],
      [18, 'average'],
      [18.01, 'average'],
      [24.99, 'average'],
      [25, 'obese'],
      [25.01, 'obese'],
    ];
    const women: [number, string][] = [
      [13.99, 'essential fat'],
      [14, 'athletes'],
      [14.01, 'athletes'],
      [20.99, 'athletes'],
      [21, 'fitness'],
      [21.01, 'fitness'],
      [24.99, 'fitness'],
      [25, 'average'],
      [25.01, 'average'],
      [31.99, 'average'],
      [32, 'obese'],
      [32.01, 'obese'],
    ];
    for (const [p, c] of men) expect(aceCategory('male', p), `men ${p}`).toBe(c);
    for (const [p, c] of women) expect(aceCategory('female', p), `women ${p}`).toBe(c);
    // the integer table's gaps (men 5–6, 13–14 …) close upward
    expect(aceCategory('male', 5.5)).toBe('essential fat');
    expect(aceCategory('male', 13.5)).toBe('athletes');
  });

  it('reads the band from the unrounded value at the tool level (BMI method)', async () => {
    // 200 cm: BMI = w/4; man 20 y: % = 0.3·w + 4.6 − 16.2. Find a weight just under 25 %.
    const r = await runTool(tool, { method: 'bmi', sex: 'male', height: 200, weight: 121.9, age: 20 });
    expect(r.bodyFatExact).toBeCloseTo(24.97, 9);
    expect(r.bodyFatPercent).toBe(25);
    expect(r.category).toBe('average');
    expect((await runTool(tool, { method: 'bmi', sex: 'male', height: 200, weight: 122.1, age: 20 })).category).toBe('obese');
  });

  it('uses the cm form of the Navy equations for both sexes', async () => {
    const m = await runTool(tool, { sex: 'male', height: 180, neck: 42, waist: 92 });
    expect(m.bodyFatExact).toBeCloseTo(495 / (1.0324 - 0.19077 * Math.log10(50) + 0.15456 * Math.log10(180)) - 450, 10);
    expect(m.fatMass).toBeNull();
    const f = await runTool(tool, { sex: 'female', height: 165, neck: 32, waist: 72, hip: 98, weight: 60 });
    const pct = 495 / (1.29579 - 0.35004 * Math.log10(72 + 98 - 32) + 0.221 * Math.log10(165)) - 450;
    expect(f.bodyFatExact).toBeCloseTo(pct, 10);
    expect(f.fatMass).toBe(Math.round(0.6 * pct * 10) / 10);
    expect(f.fatMass + f.leanMass).toBeCloseTo(60, 1);
  });

  it('metric and imperial agree', async () => {
    const rng = createRng(9);
    for (let i = 0; i < 200; i++) {
      const sex = rng.pick(['male', 'female'] as const);
      const [h, n, w, hip] = [rng.int(600, 780) / 10, rng.int(130, 170) / 10, rng.int(320, 460) / 10, rng.int(340, 480) / 10];
      const imp = await runTool(tool, { sex, unitSystem: 'imperial', height: h, neck: n, waist: w, hip });
      const met = await runTool(tool, { sex, height: h * 2.54, neck: n * 2.54, waist: w * 2.54, hip: hip * 2.54 });
      expect(imp.bodyFatExact).toBeCloseTo(met.bodyFatExact, 8);
      expect(imp.category).toBe(met.category);
    }
  });

  it('refuses impossible measurements naming the field', async () => {
    await expectToolError(tool, { sex: 'male', height: 180, neck: 40, waist: 40 }, 400, /`waist` must be larger than `neck`/);
    await expectToolError(tool, { sex: 'male', height: 180, neck: 40, waist: 30 }, 400, /waist/);
    await expectToolError(tool, { sex: 'female', height: 165, neck: 32, waist: 72 }, 400, /`hip` is required/);
    await expectToolError(tool, { sex: 'male', height: 180, waist: 90 }, 400, /`neck` is required/);
    await expectToolError(tool, { sex: 'male', height: 180, neck: 5, waist: 90 }, 400, /`neck` must be 10–300 cm/);
    await expectToolError(tool, { sex: 'male', height: 180, neck: 40, waist: 41 }, 400, /impossible/);
    await expectToolError(tool, { method: 'bmi', sex: 'male', height: 180, age: 30 }, 400, /`weight` is required/);
    await expectToolError(tool, { method: 'bmi', sex: 'male', height: 180, weight: 80 }, 400, /`age` is required/);
    await expectToolError(tool, { method: 'bmi', sex: 'male', height: 200, weight: 20, age: 20 }, 400, /weight/);
    await expectToolError(tool, { method: 'caliper', sex: 'male', height: 180 }, 400, /method/);
  });
});
