import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/water-intake-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('water-intake-calculator', () => {
  it('gives the EFSA adequate intakes and their beverage share', async () => {
    expect(await runTool(tool, { sex: 'female' })).toMatchObject({
      totalLitres: 2,
      fromDrinksLitres: 1.6,
      baseLitres: 2,
      exerciseLitres: 0,
    });
    expect(await runTool(tool, { sex: 'male' })).toMatchObject({ totalLitres: 2.5, fromDrinksLitres: 2 });
    expect((await runTool(tool, { sex: 'female', status: 'pregnant' })).totalLitres).toBe(2.3);
    expect((await runTool(tool, { sex: 'female', status: 'lactating' })).totalLitres).toBe(2.7);
  });

  it('adds 0.5 L per hour of exercise, pro rata', async () => {
    expect((await runTool(tool, { sex: 'female', exerciseMinutes: 30 })).totalLitres).toBe(2.25);
    expect((await runTool(tool, { sex: 'female', exerciseMinutes: 720 })).exerciseLitres).toBe(6);
    expect((await runTool(tool, { sex: 'female', exerciseMinutes: 0 })).exerciseLitres).toBe(0);
  });

  it('weight method: metric and imperial agree; converts to US fl oz exactly', async () => {
    const met = await runTool(tool, { method: 'weight', weight: 80, mlPerKg: 30 });
    expect(met.totalLitres).toBe(2.4);
    expect(met.usFluidOunces).toBe(Math.round((2400 / 29.5735295625) * 10) / 10);
    const imp = await runTool(tool, { method: 'weight', unitSystem: 'imperial', weight: 80 / 0.45359237, mlPerKg: 30 });
    expect(imp.totalLitres).toBe(met.totalLitres);
  });

  it('refuses missing or inconsistent fields', async () => {
    await expectToolError(tool, {}, 400, /`sex` is required/);
    await expectToolError(tool, { method: 'weight' }, 400, /`weight` is required/);
    await expectToolError(tool, { sex: 'male', status: 'pregnant' }, 400, /status/);
    await expectToolError(tool, { sex: 'male', exerciseMinutes: -1 }, 400, /exerciseMinutes/);
    await expectToolError(tool, { method: 'weight', weight: 80, mlPerKg: 60 }, 400, /mlPerKg/);
    await expectToolError(tool, { method: 'weight', weight: 1 }, 400, /`weight` must be/);
  });
});
