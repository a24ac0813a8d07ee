import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/overtime-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const ot = (input: Record<string, unknown>) => runTool(tool, input);

describe('overtime-calculator', () => {
  it('reproduces published FLSA examples', async () => {
    // US DOL (Handy Reference Guide / 29 CFR 778): $8.00 an hour, 44 hours = $320 + $48 = $368.
    expect(await ot({ hourlyRate: 8, hoursWorked: 44 })).toMatchObject({ regularPay: 320, overtimePay: 48, totalPay: 368 });
    // US DOL quoted by wfrn.org: $6 an hour, 46 hours = $294.
    expect(await ot({ hourlyRate: 6, hoursWorked: 46 })).toMatchObject({ overtimeHours: 6, totalPay: 294 });
    // pearson.com overtime calculator example 1: $20/h, 45 hours = 800 + 150 = $950.
    expect(await ot({ hourlyRate: 20, hoursWorked: 45 })).toMatchObject({ regularPay: 800, overtimePay: 150, totalPay: 950 });
  });

  it('is exact at and around the threshold, and zero is zero', async () => {
    expect(await ot({ hourlyRate: 15, hoursWorked: 40 })).toMatchObject({ regularHours: 40, overtimeHours: 0, totalPay: 600 });
    expect(await ot({ hourlyRate: 15, hoursWorked: 40.01 })).toMatchObject({ overtimeHours: 0.01, overtimePay: 0.23 }); // 0.225 → 0.23 half-up
    expect(await ot({ hourlyRate: 15, hoursWorked: 39.99 })).toMatchObject({ overtimeHours: 0, totalPay: 599.85 });
    expect(await ot({ hourlyRate: 15, hoursWorked: 0 })).toMatchObject({ totalHours: 0, totalPay: 0 });
    expect(await ot({ hourlyRate: 0, hoursWorked: 60 })).toMatchObject({ overtimeHours: 20, totalPay: 0 });
  });

  it('rounds each pay line half-up to cents and sums the rounded lines', async () => {
    const r = await ot({ hourlyRate: 10.01, hoursWorked: 40.5 });
    // 0.5 h × 15.015 = 7.5075 → 7.51; 40 × 10.01 = 400.40.
    expect(r).toMatchObject({ overtimeRate: 15.015, overtimePay: 7.51, regularPay: 400.4, totalPay: 407.91 });
    expect(r.totalPay).toBe(Math.round((r.regularPay + r.overtimePay + r.doubleTimePay) * 100) / 100);
  });

  it('California daily rules (Labor Code §510)', async () => {
    // legalclarity.org: $20/h, a 10-hour shift = 8 × $20 + 2 × $30.
    expect(await ot({ hourlyRate: 20, dailyHours: [10], preset: 'california' })).toMatchObject({
      regularHours: 8,
      overtimeHours: 2,
      totalPay: 220,
    });
    // Over 12 h a day: double time.
    expect(await ot({ hourlyRate: 20, dailyHours: [14], preset: 'california' })).toMatchObject({
      regularHours: 8,
      overtimeHours: 4,
      doubleTimeHours: 2,
      totalPay: 160 + 120 + 80,
    });
    // Five 9-hour days: 5 daily OT hours; regular 40, so no extra weekly OT.
    expect(await ot({ hourlyRate: 10, dailyHours: [9, 9, 9, 9, 9], preset: 'california' })).toMatchObject({
      regularHours: 40,
      overtimeHours: 5,
    });
    // Six 8-hour days = 48 h: no daily OT, 8 weekly OT hours taken from the last day.
    const six = await ot({ hourlyRate: 10, dailyHours: [8, 8, 8, 8, 8, 8], preset: 'california' });
    expect(six).toMatchObject({ regularHours: 40, overtimeHours: 8 });
    expect(six.days[5]).toEqual({ day: 6, hours: 8, regular: 0, overtime: 8, doubleTime: 0 });
    // Seventh consecutive day: first 8 h at 1.5×, beyond 8 at 2×.
    const seven = await ot({ hourlyRate: 10, dailyHours: [5, 5, 5, 5, 5, 5, 10], preset: 'california' });
    expect(seven.days[6]).toEqual({ day: 7, hours: 10, regular: 0, overtime: 8, doubleTime: 2 });
    expect(seven).toMatchObject({ regularHours: 30, overtimeHours: 8, doubleTimeHours: 2 });
    // Not all seven days worked: no seventh-day rule.
    expect((await ot({ hourlyRate: 10, dailyHours: [0, 5, 5, 5, 5, 5, 10], preset: 'california' })).days[6]).toMatchObject({
      regular: 8,
      overtime: 2,
      doubleTime: 0,
    });
    // Same hours under FLSA with daily hours: only the weekly rule.
    expect(await ot({ hourlyRate: 10, dailyHours: [5, 5, 5, 5, 5, 5, 10] })).toMatchObject({ regularHours: 40, overtimeHours: 0 });
  });

  it('takes custom thresholds and multipliers (e.g. a Dutch CAO)', async () => {
    const r = await ot({ hourlyRate: 20, hoursWorked: 42, weeklyThresholdHours: 36, overtimeMultiplier: 1.25 });
    expect(r).toMatchObject({
      regularHours: 36,
      overtimeHours: 6,
      overtimeRate: 25,
      overtimePay: 150,
      totalPay: 870,
      rules: 'overtime (×1.25) after 36 h/week',
    });
    expect(await ot({ hourlyRate: 20, dailyHours: [11], dailyThresholdHours: 9, doubleTimeAfterDailyHours: 10 })).toMatchObject({
      regularHours: 9,
      overtimeHours: 1,
      doubleTimeHours: 1,
    });
    expect(await ot({ hourlyRate: 20, dailyHours: [168 / 7, 24, 24, 24, 24, 24, 24] })).toMatchObject({
      totalHours: 168,
      overtimeHours: 128,
    });
  });

  it('refuses contradictory or missing input naming the field', async () => {
    await expectToolError(tool, { hourlyRate: 10 }, 400, /hoursWorked/);
    await expectToolError(tool, { hourlyRate: 10, hoursWorked: 40, dailyHours: [8] }, 400, /exactly one/);
    await expectToolError(tool, { hourlyRate: 10, hoursWorked: 40, preset: 'california' }, 400, /dailyHours/);
    await expectToolError(tool, { hourlyRate: 10, hoursWorked: 169 }, 400, /hoursWorked/);
    await expectToolError(tool, { hourlyRate: 10, dailyHours: [25] }, 400, /dailyHours/);
    await expectToolError(tool, { hourlyRate: 10, dailyHours: [1, 1, 1, 1, 1, 1, 1, 1] }, 400, /dailyHours/);
    await expectToolError(tool, { hourlyRate: -1, hoursWorked: 1 }, 400, /hourlyRate/);
    await expectToolError(tool, { hourlyRate: 10, hoursWorked: 1, overtimeMultiplier: 0.5 }, 400, /overtimeMultiplier/);
  });
});
