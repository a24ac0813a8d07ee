import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/pto-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const pto = (input: Record<string, unknown>) => runTool(tool, input);

describe('pto-calculator', () => {
  it('per pay period: annual hours spread evenly', async () => {
    expect(await pto({ annualAccrualHours: 80, periodsElapsed: 26 })).toMatchObject({
      accruedHours: 80,
      balanceHours: 80,
      balanceDays: 10,
    });
    expect(await pto({ annualAccrualHours: 120, payFrequency: 'semimonthly', periodsElapsed: 6 })).toMatchObject({
      accrualPerPeriodHours: 5,
      accruedHours: 30,
    });
    expect(await pto({ annualAccrualHours: 96, payFrequency: 'monthly', periodsElapsed: 0 })).toMatchObject({
      accruedHours: 0,
      balanceHours: 0,
    });
    // 80 / 26 × 13 is exactly 40 in decimal arithmetic (not 39.99999…).
    expect((await pto({ annualAccrualHours: 80, periodsElapsed: 13 })).accruedHours).toBe(40);
    await expectToolError(tool, { annualAccrualHours: 80, payFrequency: 'monthly', periodsElapsed: 13 }, 400, /periodsElapsed.*12/);
    await expectToolError(tool, { periodsElapsed: 3 }, 400, /annualAccrualHours.*required/);
    await expectToolError(tool, { annualAccrualHours: 80 }, 400, /periodsElapsed/);
  });

  it('per hour worked: 1 hour per 30 (California Labor Code §246(b)(1)) and other ratios', async () => {
    expect(await pto({ mode: 'per-hour-worked', hoursWorked: 30 })).toMatchObject({ accruedHours: 1 });
    expect(await pto({ mode: 'per-hour-worked', hoursWorked: 29 })).toMatchObject({ accruedHours: 29 / 30 });
    expect(await pto({ mode: 'per-hour-worked', hoursWorked: 2080, accrueHours: 1, perHoursWorked: 40 })).toMatchObject({
      accruedHours: 52,
    });
    // An employer may cap accrual (California: at least 48 hours / 6 days).
    expect(await pto({ mode: 'per-hour-worked', hoursWorked: 2080, accrualCapHours: 48 })).toMatchObject({
      accruedHours: 48,
      accrualCapped: true,
    });
    await expectToolError(tool, { mode: 'per-hour-worked' }, 400, /hoursWorked/);
  });

  it('Dutch statutory minimum: 4 × weekly hours, pro rata by days employed (BW 7:634)', async () => {
    expect(await pto({ mode: 'nl-statutory', weeklyHours: 32, year: 2025 })).toMatchObject({ accruedHours: 128, balanceDays: 16 });
    // Employed from 1 July 2025: 184 of 365 days → 160 × 184 / 365.
    const half = await pto({ mode: 'nl-statutory', weeklyHours: 40, employedFrom: '2025-07-01' });
    expect(half.accruedHours).toBeCloseTo((160 * 184) / 365, 12);
    expect(half.formula).toBe(`4 × 40 h/week × 184/365 days employed = ${half.accruedHours} h`);
    // Leap year: 366 days.
    expect(
      (await pto({ mode: 'nl-statutory', weeklyHours: 36.6, employedFrom: '2024-01-01', employedTo: '2024-01-01' })).accruedHours,
    ).toBeCloseTo(0.4, 12);
    await expectToolError(tool, { mode: 'nl-statutory', weeklyHours: 40 }, 400, /year/);
    await expectToolError(
      tool,
      { mode: 'nl-statutory', weeklyHours: 40, year: 2025, employedFrom: '2024-12-01' },
      400,
      /employedFrom.*2025/,
    );
    await expectToolError(
      tool,
      { mode: 'nl-statutory', weeklyHours: 40, employedFrom: '2025-06-01', employedTo: '2025-05-01' },
      400,
      /employedTo/,
    );
    await expectToolError(tool, { mode: 'nl-statutory', employedFrom: '2025-06-01' }, 400, /weeklyHours/);
  });

  it('caps the carry-over, forfeits the rest and flags an overdrawn balance', async () => {
    expect(await pto({ annualAccrualHours: 80, periodsElapsed: 0, carriedOverHours: 50, carryOverCapHours: 40 })).toMatchObject({
      carriedOverHours: 40,
      forfeitedHours: 10,
      balanceHours: 40,
    });
    expect(await pto({ annualAccrualHours: 80, periodsElapsed: 0, carriedOverHours: 40, carryOverCapHours: 40 })).toMatchObject({
      forfeitedHours: 0,
    });
    const over = await pto({ annualAccrualHours: 80, periodsElapsed: 2, usedHours: 16, hoursPerDay: 7.6 });
    expect(over.balanceHours).toBeCloseTo(80 / 13 - 16, 12);
    expect(over).toMatchObject({ overdrawn: true });
    expect(over.balanceDays).toBeCloseTo((80 / 13 - 16) / 7.6, 12);
    await expectToolError(tool, { annualAccrualHours: 80, periodsElapsed: 1, usedHours: -1 }, 400, /usedHours/);
    await expectToolError(tool, { annualAccrualHours: 100_001, periodsElapsed: 1 }, 400, /annualAccrualHours/);
  });
});
