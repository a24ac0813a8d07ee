import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/holiday-allowance-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('holiday-allowance-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('8% in every supported year, per period and for part of a year', async () => {
    for (const year of [2024, 2025, 2026, 2027])
      expect(await runTool(tool, { year, wage: 2500 })).toMatchObject({ holidayAllowance: 2400, statutoryMinimumPercent: 8 });
    expect(await runTool(tool, { year: 2026, wage: 3000, periods: 7.5 })).toMatchObject({ wageExcludingAllowance: 22500, holidayAllowance: 1800 });
    expect(await runTool(tool, { year: 2026, wage: 800, wagePeriod: 'week' })).toMatchObject({ periods: 52, holidayAllowance: 3328 });
    expect(await runTool(tool, { year: 2026, wage: 50000, wagePeriod: 'year' })).toMatchObject({ periods: 1, holidayAllowance: 4000 });
    expect(await runTool(tool, { year: 2026, wage: 2000, wagePeriod: 'fourWeeks' })).toMatchObject({ periods: 13, holidayAllowance: 2080 });
  });

  it('rounds half-up once and keeps base + allowance = total', async () => {
    expect((await runTool(tool, { year: 2026, wage: 1, wagePeriod: 'year', ratePercent: 8.5 })).holidayAllowance).toBe(0.09); // 0.085 → 0.09
    for (let w = 0; w < 5000; w += 123.457) {
      const r = await runTool(tool, { year: 2026, wage: w, wageIncludesAllowance: true, ratePercent: 8.33 });
      expect(Math.round(r.wageExcludingAllowance * 100) + Math.round(r.holidayAllowance * 100)).toBe(Math.round(r.totalIncludingAllowance * 100));
    }
  });

  it('flags a rate below the statutory 8% and accepts a higher CAO rate', async () => {
    expect(await runTool(tool, { year: 2026, wage: 3000, ratePercent: 7.99 })).toMatchObject({ belowStatutoryMinimum: true });
    expect(await runTool(tool, { year: 2026, wage: 3000, ratePercent: 8 })).toMatchObject({ belowStatutoryMinimum: false });
    expect(await runTool(tool, { year: 2026, wage: 3000, ratePercent: 8.33 })).toMatchObject({ holidayAllowance: 2998.8 });
    expect(await runTool(tool, { year: 2026, wage: 3000, periods: 0 })).toMatchObject({ holidayAllowance: 0, allowancePerPeriod: 0 });
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2023, wage: 3000 }, 400, /`year`.*2023.*available years: 2024, 2025, 2026, 2027/);
    await expectToolError(tool, { year: 2028, wage: 3000 }, 400, /year/);
    await expectToolError(tool, { year: 2026, wage: -1 }, 400, /wage/);
    await expectToolError(tool, { year: 2026, wage: 1, ratePercent: 101 }, 400, /ratePercent/);
    await expectToolError(tool, { year: 2026, wage: 1, periods: 54 }, 400, /periods/);
    await expectToolError(tool, { year: 2026, wage: 1, wagePeriod: 'day' }, 400, /wagePeriod/);
  });
});
