import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/severance-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('severance-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('pro rata to the day, counted from the start date', async () => {
    // 1 July 2019 – 15 January 2020 style: 6 full months + 15 of 31 days
    const r = await runTool(tool, { startDate: '2024-07-01', endDate: '2025-01-15', monthlySalary: 3000, holidayAllowancePercent: 0 });
    expect(r.service).toEqual({ years: 0, months: 6, days: 15, daysInLastMonth: 31 });
    // 1,000/12 × 6 = 500; 1,000/12 × 15/31 = 40.32
    expect(r.parts).toEqual({ years: 0, months: 500, days: 40.32 });
    expect(r.transitionPayment).toBe(540.32);
    const oneDay = await runTool(tool, { startDate: '2026-03-10', endDate: '2026-03-10', monthlySalary: 3100, holidayAllowancePercent: 0 });
    expect(oneDay.service).toEqual({ years: 0, months: 0, days: 1, daysInLastMonth: 31 });
    expect(oneDay.transitionPayment).toBe(2.78); // 3,100 / 3 / 12 / 31
    const year = await runTool(tool, { startDate: '2025-01-01', endDate: '2025-12-31', monthlySalary: 3000, holidayAllowancePercent: 0 });
    expect(year).toMatchObject({ service: { years: 1, months: 0, days: 0 }, transitionPayment: 1000 });
    // A 29 February start completes its first year on 1 March of a common year.
    const leap = await runTool(tool, { startDate: '2024-02-29', endDate: '2025-02-27', monthlySalary: 3000, holidayAllowancePercent: 0 });
    expect(leap.service).toEqual({ years: 0, months: 11, days: 30, daysInLastMonth: 31 }); // 29 Jan → 28 Feb (excl.), month to 1 Mar
    const leapYear = await runTool(tool, {
      startDate: '2024-02-29',
      endDate: '2025-02-28',
      monthlySalary: 3000,
      holidayAllowancePercent: 0,
    });
    expect(leapYear.service).toMatchObject({ years: 1, months: 0, days: 0 });
    const jan31 = await runTool(tool, { startDate: '2025-01-31', endDate: '2025-02-28', monthlySalary: 3000, holidayAllowancePercent: 0 });
    expect(jan31.service).toMatchObject({ years: 0, months: 1, days: 0 });
  });

  it('salary components per the Besluit loonbegrip', async () => {
    const r = await runTool(tool, {
      startDate: '2016-01-01',
      endDate: '2025-12-31',
      monthlySalary: 4000,
      fixedYearEndBonus: 4000,
      fixedComponentsLast12Months: 1200,
      variablePayLast3Years: 7200,
    });
    expect(r.salaryComponents).toEqual({ base: 4000, holidayAllowance: 320, yearEndBonus: 333.33, fixedComponents: 100, variablePay: 200 });
    expect(r.monthlySalary).toBe(4953.33);
    expect(r.transitionPayment).toBe(16511.11); // 10 × 4,953.333… / 3
  });

  it('cap: the year’s maximum, or one annual salary if higher; exactly at the cap', async () => {
    // 2026 cap 102,000; 12 × 8,500 = 102,000 as well. 30 years × 8,500/3 = 85,000 (under); 36 years = 102,000 (at).
    const at = await runTool(tool, { startDate: '1990-01-01', endDate: '2025-12-31', monthlySalary: 8500, holidayAllowancePercent: 0 });
    expect(at).toMatchObject({ endYear: 2025, uncapped: 102000, cap: 102000, capped: false, transitionPayment: 102000 });
    const over = await runTool(tool, { startDate: '1990-01-01', endDate: '2026-01-01', monthlySalary: 8500, holidayAllowancePercent: 0 });
    expect(over).toMatchObject({ cap: 102000, capped: true, transitionPayment: 102000 });
    for (const [year, cap] of [
      [2024, 94000],
      [2025, 98000],
      [2026, 102000],
    ])
      expect((await runTool(tool, { startDate: '1970-01-01', endDate: `${year}-06-30`, monthlySalary: 5000 })).cap).toBe(cap);
  });

  it('refuses unknown end years and invalid input', async () => {
    await expectToolError(
      tool,
      { startDate: '2020-01-01', endDate: '2027-01-01', monthlySalary: 3000 },
      400,
      /`endDate`.*2027.*available years: 2024, 2025, 2026/,
    );
    await expectToolError(tool, { startDate: '2020-01-01', endDate: '2023-12-31', monthlySalary: 3000 }, 400, /endDate/);
    await expectToolError(tool, { startDate: '2026-01-02', endDate: '2026-01-01', monthlySalary: 3000 }, 400, /endDate.*before/);
    await expectToolError(tool, { startDate: '2026-01-01', endDate: '2026-01-01', monthlySalary: -1 }, 400, /monthlySalary/);
    await expectToolError(tool, { startDate: '2026-01-01', endDate: '2026-13-01', monthlySalary: 1 }, 400, /endDate/);
  });
});
