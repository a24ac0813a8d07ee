import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/bmr-calculator.js';
import { computeBmr } from '../../../tools/_lib/energy.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('bmr-calculator', () => {
  it('matches the published Mifflin-St Jeor worked example (1648.75 kcal)', async () => {
    const p = { sex: 'male', age: 30, height: 175, weight: 70, unitSystem: 'metric', formula: 'mifflin-st-jeor' } as const;
    expect(computeBmr(p).bmr).toBe(1648.75);
    expect(computeBmr({ ...p, sex: 'female' }).bmr).toBe(1648.75 - 166);
    expect((await runTool(tool, p)).bmr).toBe(1649);
  });

  it('uses the Roza-Shizgal revision of Harris-Benedict, not the 1919 coefficients', () => {
    const base = { age: 30, height: 175, weight: 70, unitSystem: 'metric', formula: 'harris-benedict' } as const;
    expect(computeBmr({ ...base, sex: 'male' }).bmr).toBeCloseTo(88.362 + 13.397 * 70 + 4.799 * 175 - 5.677 * 30, 9);
    expect(computeBmr({ ...base, sex: 'female' }).bmr).toBeCloseTo(447.593 + 9.247 * 70 + 3.098 * 175 - 4.33 * 30, 9);
    // 1919 original would be 66.5 + 13.75·70 + 5.003·175 − 6.755·30 = 1700.4
    expect(computeBmr({ ...base, sex: 'male' }).bmr).not.toBeCloseTo(1700.4, 0);
  });

  it('Katch-McArdle uses lean mass and needs body fat', async () => {
    const r = await runTool(tool, { sex: 'male', age: 30, height: 175, weight: 80, formula: 'katch-mcardle', bodyFatPercent: 20 });
    expect(r.bmr).toBe(Math.round(370 + 21.6 * 64)); // 1752.4
    expect(r.byFormula.katchMcArdle).toBe(1752);
    await expectToolError(
      tool,
      { sex: 'male', age: 30, height: 175, weight: 80, formula: 'katch-mcardle' },
      400,
      /bodyFatPercent.*required/,
    );
  });

  it('metric and imperial agree for every formula', async () => {
    const rng = createRng(5);
    for (let i = 0; i < 200; i++) {
      const inches = rng.int(560, 800) / 10;
      const lb = rng.int(900, 3500) / 10;
      const formula = rng.pick(['mifflin-st-jeor', 'harris-benedict', 'katch-mcardle'] as const);
      const common = { sex: rng.pick(['male', 'female'] as const), age: rng.int(18, 90), formula, bodyFatPercent: rng.int(5, 45) };
      const imp = computeBmr({ ...common, unitSystem: 'imperial', height: inches, weight: lb });
      const met = computeBmr({ ...common, unitSystem: 'metric', height: inches * 2.54, weight: lb * 0.45359237 });
      expect(imp.bmr).toBeCloseTo(met.bmr, 8);
    }
  });

  it('refuses bad input naming the field', async () => {
    const ok = { sex: 'male', age: 30, height: 175, weight: 70 };
    await expectToolError(tool, { ...ok, age: 14 }, 400, /age/);
    await expectToolError(tool, { ...ok, age: 121 }, 400, /age/);
    await expectToolError(tool, { ...ok, sex: 'x' }, 400, /sex/);
    await expectToolError(tool, { ...ok, height: 0 }, 400, /height/);
    await expectToolError(tool, { ...ok, weight: 701 }, 400, /`weight` must be/);
    await expectToolError(tool, { ...ok, formula: 'cunningham' }, 400, /formula/);
    await expectToolError(tool, { ...ok, bodyFatPercent: 90 }, 400, /bodyFatPercent/);
    const { sex: _s, ...noSex } = ok;
    await expectToolError(tool, noSex, 400, /sex/);
  });

  it('refuses combinations that give an impossible BMR', async () => {
    // a 2 kg, 50 cm, 120-year-old woman: 20 + 312.5 − 600 − 161 < 0
    await expectToolError(tool, { sex: 'female', age: 120, height: 50, weight: 2 }, 400, /impossible/);
  });
});
