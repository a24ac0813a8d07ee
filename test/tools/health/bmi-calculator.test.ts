import { describe, expect, it } from 'vitest';
import tool, { bmiCategory } from '../../../tools/health/bmi-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

// At 200 cm, h² = 4 m², so weight/4 hits the WHO boundaries exactly in binary floating point.
describe('bmi-calculator', () => {
  it('places every WHO boundary at, just below and just above (unrounded)', async () => {
    const cases: [number, string, string | null][] = [
      [73.99, 'underweight', null],
      [74, 'normal weight', null],
      [74.01, 'normal weight', null],
      [99.99, 'normal weight', null],
      [100, 'overweight', null],
      [100.01, 'overweight', null],
      [119.99, 'overweight', null],
      [120, 'obese', 'I'],
      [120.01, 'obese', 'I'],
      [139.99, 'obese', 'I'],
      [140, 'obese', 'II'],
      [159.99, 'obese', 'II'],
      [160, 'obese', 'III'],
    ];
    for (const [weight, category, cls] of cases) {
      const r = await runTool(tool, { height: 200, weight });
      expect(r.category, `${weight} kg`).toBe(category);
      expect(r.obesityClass).toBe(cls);
    }
    expect(bmiCategory(18.5)).toBe('normal weight');
    expect(bmiCategory(18.499999)).toBe('underweight');
    expect(bmiCategory(25)).toBe('overweight');
    expect(bmiCategory(29.999999)).toBe('overweight');
    expect(bmiCategory(30)).toBe('obese');
  });

  it('uses the unrounded value: 24.96 displays as 25.0 but is normal weight', async () => {
    const r = await runTool(tool, { height: 200, weight: 99.84 });
    expect(r.bmi).toBe(25);
    expect(r.bmiExact).toBeCloseTo(24.96, 10);
    expect(r.category).toBe('normal weight');
  });

  it("puts a BMI exactly on a boundary on the boundary's upper side (no binary noise: 64 kg at 160 cm is 25)", async () => {
    // Each is exactly the boundary in decimal; kg / m² in binary lands just below it.
    for (const [height, weight, bmi, category, obesityClass] of [
      [160, 64, 25, 'overweight', null],
      [180, 59.94, 18.5, 'normal weight', null],
      [160, 76.8, 30, 'obese', 'I'],
      [155, 84.0875, 35, 'obese', 'II'],
      [155, 96.1, 40, 'obese', 'III'],
    ] as const) {
      const r = await runTool(tool, { height, weight });
      expect([r.bmiExact, r.category, r.obesityClass]).toEqual([bmi, category, obesityClass]);
    }
  });

  it('gives the normal-weight range 18.5·h² to 25·h²', async () => {
    const r = await runTool(tool, { height: 200, weight: 80 });
    expect(r.normalWeightRange).toEqual({ min: 74, max: 100, unit: 'kg' });
    expect(r.bmi).toBe(20);
  });

  it('metric and imperial agree (exact conversion, not 703)', async () => {
    const rng = createRng(17);
    for (let i = 0; i < 300; i++) {
      const inches = rng.int(480, 900) / 10;
      const lb = rng.int(800, 4000) / 10;
      const imp = await runTool(tool, { unitSystem: 'imperial', height: inches, weight: lb });
      const met = await runTool(tool, { height: inches * 2.54, weight: lb * 0.45359237 });
      expect(imp.bmiExact).toBeCloseTo(met.bmiExact, 9);
      expect(imp.category).toBe(met.category);
      expect(imp.normalWeightRange.min).toBeCloseTo(met.normalWeightRange.min / 0.45359237, 0);
    }
    // 703 shortcut would give 22.9551; exact gives 22.9574
    expect((await runTool(tool, { unitSystem: 'imperial', height: 70, weight: 160 })).bmiExact).toBeCloseTo(22.957374, 6);
  });

  it('refuses impossible input naming the field', async () => {
    await expectToolError(tool, { height: 0, weight: 70 }, 400, /height/);
    await expectToolError(tool, { height: 180, weight: -1 }, 400, /weight/);
    await expectToolError(tool, { height: 20, weight: 70 }, 400, /`height` must be 50–280 cm/);
    await expectToolError(tool, { unitSystem: 'imperial', height: 180, weight: 70 }, 400, /`height` must be 19\.69–110\.24 inches/);
    await expectToolError(tool, { height: 180, weight: 800 }, 400, /`weight` must be 2–700 kg/);
    await expectToolError(tool, { height: 180 }, 400, /weight/);
    await expectToolError(tool, { height: 180, weight: 70, unitSystem: 'us' }, 400, /unitSystem/);
    await expectToolError(tool, { height: 180, weight: 70, heightUnit: 'cm' }, 400, /heightUnit/);
  });

  it('handles the extremes of the accepted range', async () => {
    expect((await runTool(tool, { height: 50, weight: 700 })).bmi).toBe(2800);
    expect((await runTool(tool, { height: 280, weight: 2 })).category).toBe('underweight');
  });
});
