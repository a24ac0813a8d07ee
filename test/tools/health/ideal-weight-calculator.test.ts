import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/ideal-weight-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('ideal-weight-calculator', () => {
  it('gives the base weights at exactly 5 ft', async () => {
    expect(await runTool(tool, { sex: 'male', height: 152.4 })).toMatchObject({
      devine: 50,
      robinson: 52,
      miller: 56.2,
      hamwi: 48,
      warning: null,
    });
    expect(await runTool(tool, { sex: 'female', height: 152.4 })).toMatchObject({ devine: 45.5, robinson: 49, miller: 53.1, hamwi: 45.5 });
  });

  it('adds the per-inch factors', async () => {
    const r = await runTool(tool, { sex: 'female', unitSystem: 'imperial', height: 70 });
    expect(r).toMatchObject({ unit: 'lb' });
    expect(r.devine).toBeCloseTo((45.5 + 23) / 0.45359237, 1);
    expect(r.hamwi).toBeCloseTo((45.5 + 22) / 0.45359237, 1);
    const m = await runTool(tool, { sex: 'male', height: 180 });
    expect(m.miller).toBeCloseTo(56.2 + 1.41 * (180 / 2.54 - 60), 1);
  });

  it('warns below 5 ft and refuses below 4 ft', async () => {
    expect((await runTool(tool, { sex: 'female', height: 152.39 })).warning).toMatch(/extrapolated/);
    expect((await runTool(tool, { sex: 'male', unitSystem: 'imperial', height: 48 })).hamwi).toBeCloseTo((48 - 2.7 * 12) / 0.45359237, 1);
    await expectToolError(tool, { sex: 'male', unitSystem: 'imperial', height: 47.99 }, 400, /`height` must be at least 48 inches/);
    await expectToolError(tool, { sex: 'male', height: 300 }, 400, /height/);
    await expectToolError(tool, { height: 170 }, 400, /sex/);
  });

  it('metric and imperial agree', async () => {
    for (const inches of [60, 63.5, 68, 72.25, 79]) {
      const imp = await runTool(tool, { sex: 'male', unitSystem: 'imperial', height: inches });
      const met = await runTool(tool, { sex: 'male', height: inches * 2.54 });
      expect(imp.devine).toBeCloseTo(met.devine / 0.45359237, 0);
      expect(imp.heightInches).toBe(met.heightInches);
    }
  });
});
