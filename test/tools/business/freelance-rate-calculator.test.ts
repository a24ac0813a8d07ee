import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/freelance-rate-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('freelance-rate-calculator', () => {
  it('divides income plus costs by the billable hours of the year', async () => {
    expect(await runTool(tool, { targetIncome: 50000, businessCostsPerYear: 10000, billableHoursPerWeek: 25, weeksOff: 6 })).toMatchObject({
      hourlyRate: 52.17,
      billableHoursPerYear: 1150,
      revenueNeeded: 60000,
    });
    expect(await runTool(tool, { targetIncome: 52000, billableHoursPerWeek: 40, weeksOff: 0 })).toMatchObject({
      hourlyRate: 25,
      dayRate: 200,
      workingWeeks: 52,
    });
  });
  it('grosses a net target up by the effective tax rate', async () => {
    const r = await runTool(tool, { targetIncome: 35000, taxRatePercent: 30, billableHoursPerWeek: 25, weeksOff: 12 });
    expect(r).toMatchObject({ grossIncomeNeeded: 50000, billableHoursPerYear: 1000, hourlyRate: 50 });
    expect(
      (await runTool(tool, { targetIncome: 35000, taxRatePercent: 30, billableHoursPerWeek: 25, weeksOff: 12, hoursPerDay: 7.5 })).dayRate,
    ).toBe(375);
  });
  it('handles zero income, fractional weeks and the 51-week boundary', async () => {
    expect((await runTool(tool, { targetIncome: 0, businessCostsPerYear: 1000, billableHoursPerWeek: 10, weeksOff: 2 })).hourlyRate).toBe(
      2,
    );
    expect(await runTool(tool, { targetIncome: 1000, billableHoursPerWeek: 10, weeksOff: 51 })).toMatchObject({
      workingWeeks: 1,
      hourlyRate: 100,
    });
    expect(await runTool(tool, { targetIncome: 1000, billableHoursPerWeek: 10, weeksOff: 51.5 }).catch((e) => e.message)).toMatch(
      /weeksOff/,
    );
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { targetIncome: 1, billableHoursPerWeek: 0, weeksOff: 1 }, 400, /billableHoursPerWeek/);
    await expectToolError(tool, { targetIncome: 1, billableHoursPerWeek: 169, weeksOff: 1 }, 400, /billableHoursPerWeek/);
    await expectToolError(tool, { targetIncome: 1, billableHoursPerWeek: 20, weeksOff: 52 }, 400, /weeksOff/);
    await expectToolError(tool, { targetIncome: 1, billableHoursPerWeek: 20 }, 400, /weeksOff/);
    await expectToolError(tool, { targetIncome: 1, billableHoursPerWeek: 20, weeksOff: 1, taxRatePercent: 100 }, 400, /taxRatePercent/);
  });
});
