import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/appliance-energy-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('appliance-energy-calculator', () => {
  it('matches the DOE example (270 W × 4 h × 365 d = 394.2 kWh) and the 10 A × 120 V heater (2.4 kWh in 2 h)', async () => {
    expect((await runTool(tool, { watts: 270, hoursPerDay: 4, pricePerKwh: 0.2 })).kwhPerYear).toBe(394.2);
    expect((await runTool(tool, { amps: 10, volts: 120, hoursPerDay: 2, daysPerYear: 1, pricePerKwh: 0.1 })).kwhPerYear).toBe(2.4);
  });
  it('adds standby power for the hours and days not in use', async () => {
    // TV: 100 W for 5 h, 1 W standby: per day 0.5 + 0.019 kWh; per year 365 × 0.519 = 189.435 kWh
    const r = await runTool(tool, { watts: 100, hoursPerDay: 5, standbyWatts: 1, pricePerKwh: 0.25 });
    expect(r).toMatchObject({ kwhPerUseDay: 0.519, kwhPerYear: 189.435, costPerYear: 47.36 });
    // used 0 days: standby all year, 8.76 kWh per watt
    expect((await runTool(tool, { watts: 100, hoursPerDay: 5, daysPerYear: 0, standbyWatts: 1, pricePerKwh: 1 })).kwhPerYear).toBe(8.76);
  });
  it('boundaries: 24 h a day, 0 hours, free electricity', async () => {
    expect(await runTool(tool, { watts: 1000, hoursPerDay: 24, standbyWatts: 5, pricePerKwh: 0.3 })).toMatchObject({
      kwhPerUseDay: 24,
      kwhPerYear: 8760,
      kwhPerMonth: 730,
      costPerYear: 2628,
    });
    expect((await runTool(tool, { watts: 1000, hoursPerDay: 0, pricePerKwh: 0.3 })).kwhPerYear).toBe(0);
    expect((await runTool(tool, { watts: 1000, hoursPerDay: 3, pricePerKwh: 0 })).costPerYear).toBe(0);
  });
  it('refuses incomplete or conflicting power input with a 400 naming the field', async () => {
    await expectToolError(tool, { hoursPerDay: 1, pricePerKwh: 0.2 }, 400, /either `watts`/);
    await expectToolError(tool, { watts: 5, amps: 1, volts: 230, hoursPerDay: 1, pricePerKwh: 0.2 }, 400, /either `watts`/);
    await expectToolError(tool, { amps: 1, hoursPerDay: 1, pricePerKwh: 0.2 }, 400, /`volts` is missing/);
    await expectToolError(tool, { watts: 5, hoursPerDay: 25, pricePerKwh: 0.2 }, 400, /hoursPerDay/);
    await expectToolError(tool, { watts: 5, hoursPerDay: 1 }, 400, /pricePerKwh/);
    await expectToolError(tool, { watts: 5, hoursPerDay: 1, pricePerKwh: 0.2, daysPerYear: 366 }, 400, /daysPerYear/);
  });
});
