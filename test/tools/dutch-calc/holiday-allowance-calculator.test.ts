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
    expect(await runTool(tool, { year: 2026, wage: 3000, periods: 7.5 })).toMatchObject({
      wageExcludingAllowance: 22500,
      holidayAllowance: 1800,
    });
    expect(await runTool(tool, { year: 2026, wage: 800, wagePeriod: 'week' })).toMatchObject({ periods: 52, holidayAllowance: 3328 });
    expect(await runTool(tool, { year: 2026, wage: 50000, wagePeriod: 'year' })).toMatchObject({ periods: 1, holidayAllowance: 4000 });
    expect(await runTool(tool, { year: 2026, wage: 2000, wagePeriod: 'fourWeeks' })).toMatchObject({ periods: 13, holidayAllowance: 2080 });
  });

  it('rounds half-up once and keeps base + allowance = total', async () => {
    expect((await runTool(tool, { year: 2026, wage: 1, wagePeriod: 'year', ratePercent: 8.5 })).holidayAllowance).toBe(0.09); // 0.085 → 0.09
    for (let w = 0; w < 5000; w += 123.457) {
      const r = await runTool(tool, { year: 2026, wage: w, wageIncludesAllowance: true, ratePercent: 8.33 });
      expect(Math.round(r.wageExcludingAllowance * 100) + Math.round(r.holidayAllowance * 100)).toBe(
        Math.round(r.totalIncludingAllowance * 100),
      );
    }
  });

  it('flags a rate below the statutory 8% and accepts a higher CAO rate', async () => {
    expect(await runTool(tool, { year: 2025, wage: 3000, ratePercent: 7.99 })).toMatchObject({ belowStatutoryMinimum: true });
    expect(await runTool(tool, { year: 2025, wage: 3000, ratePercent: 8 })).toMatchObject({ belowStatutoryMinimum: false });
    expect(await runTool(tool, { year: 2026, wage: 3000, ratePercent: 8 })).toMatchObject({ belowStatutoryMinimum: false });
    expect(await runTool(tool, { year: 2026, wage: 3000, ratePercent: 8.33 })).toMatchObject({ holidayAllowance: 2998.8 });
    expect(await runTool(tool, { year: 2026, wage: 3000, periods: 0 })).toMatchObject({ holidayAllowance: 0, allowancePerPeriod: 0 });
  });

  it('WML art. 15: the published rules example, three months of €8,000 from March 2026 → 8% of 3 × € 2,294.40 × 3 = € 1,651.97', async () => {
    // The WML art. 15 rules transcription (2026-07-01 text): € 24,000 is above 3 × € 2,294.40 × 3 = € 20,649.60, so the
    // minimum allowance is 8% of € 20,649.60 = € 1,651.97, not € 1,920; exactly at the ceiling nothing is cut off.
    const r = await runTool(tool, { year: 2026, wage: 8000, periods: 3, firstMonth: 3 });
    expect(r).toMatchObject({
      threeTimesMinimumWage: 20649.6,
      statutoryMinimumAllowance: 1651.97,
      holidayAllowance: 1920,
      belowStatutoryMinimum: false,
    });
    const at = await runTool(tool, { year: 2026, wage: 6883.2, periods: 3, firstMonth: 3 });
    expect(at).toMatchObject({ statutoryMinimumAllowance: 1651.97, notes: [] });
    // 1,651.97 / 24,000 = 6.8832%: a rate of 6.89% is enough for € 8,000 a month, 6.88% is not.
    expect(await runTool(tool, { year: 2026, wage: 8000, periods: 3, firstMonth: 3, ratePercent: 6.89 })).toMatchObject({
      holidayAllowance: 1653.6,
      belowStatutoryMinimum: false,
    });
    const low = await runTool(tool, { year: 2026, wage: 8000, periods: 3, firstMonth: 3, ratePercent: 6.88 });
    expect(low).toMatchObject({ holidayAllowance: 1651.2, belowStatutoryMinimum: true });
    expect(low.notes.at(-1)).toMatch(/collective agreement \(CAO\) may lawfully set a lower allowance.*art\. 16 lid 1.*art\. 16 lid 5/);
  });

  it("the three-times ceiling per half year (boundaries at each year's minimum wage), and high earners at 5–7%", async () => {
    // 2024: January–June € 2,069.40, July–December € 2,133.60 → a year: 3 × (6 × 2,069.40 + 6 × 2,133.60) = 75,654.
    const y24 = await runTool(tool, { year: 2024, wage: 10000, ratePercent: 5 });
    expect(y24).toMatchObject({
      threeTimesMinimumWage: 75654,
      statutoryMinimumAllowance: 6052.32,
      holidayAllowance: 6000,
      belowStatutoryMinimum: true,
    });
    expect(await runTool(tool, { year: 2024, wage: 10000, ratePercent: 6 })).toMatchObject({ belowStatutoryMinimum: false });
    // 2025: 3 × (6 × 2,191.80 + 6 × 2,245.80) = 79,876.80; a month in the second half counts 3 × 2,245.80 = 6,737.40.
    expect(await runTool(tool, { year: 2025, wage: 6737.4, periods: 1, firstMonth: 7 })).toMatchObject({
      threeTimesMinimumWage: 6737.4,
      notes: [],
    });
    expect((await runTool(tool, { year: 2025, wage: 6737.41, periods: 1, firstMonth: 7 })).notes[0]).toMatch(
      /above three times the minimum wage/,
    );
    expect(await runTool(tool, { year: 2025, wage: 6737.4, periods: 1, firstMonth: 6 })).toMatchObject({ threeTimesMinimumWage: 6575.4 }); // 3 × 2,191.80
    // Weeks count 3/13 of a month (art. 15 lid 2: 4 1/3 weeks a month): 52 weeks = 12 months.
    expect(await runTool(tool, { year: 2025, wage: 2000, wagePeriod: 'week' })).toMatchObject({ threeTimesMinimumWage: 79876.8 });
    // A high earner at 7% of € 150,000 (2025) is lawful: 10,500 ≥ 8% × 79,876.80 = 6,390.14.
    expect(await runTool(tool, { year: 2025, wage: 150000, wagePeriod: 'year', ratePercent: 7 })).toMatchObject({
      belowStatutoryMinimum: false,
      statutoryMinimumAllowance: 6390.14,
    });
    // 2026: January–June € 2,294.40, July–December € 2,337.00 (WML art. 8 lid 1 onder b per 1 juli 2026) → a year:
    // 3 × (6 × 2,294.40 + 6 × 2,337.00) = 83,365.20; 8% of it = 6,669.216 → 6,669.22 > 5% × 120,000 = 6,000.
    const y26 = await runTool(tool, { year: 2026, wage: 10000, ratePercent: 5 });
    expect(y26).toMatchObject({ threeTimesMinimumWage: 83365.2, statutoryMinimumAllowance: 6669.22, belowStatutoryMinimum: true });
    expect(y26.source).toMatch(/per 1 januari 2026.*2\.294,40.*per 1 juli 2026.*2\.337,00/);
    expect(await runTool(tool, { year: 2026, wage: 10000, ratePercent: 5, periods: 6 })).toMatchObject({
      threeTimesMinimumWage: 41299.2,
      statutoryMinimumAllowance: 3303.94,
      belowStatutoryMinimum: true,
    });
    // The 1 July 2026 boundary: June counts 3 × 2,294.40 = 6,883.20, July 3 × 2,337.00 = 7,011.00.
    expect(await runTool(tool, { year: 2026, wage: 7011, periods: 1, firstMonth: 7 })).toMatchObject({
      threeTimesMinimumWage: 7011,
      notes: [],
    });
    expect((await runTool(tool, { year: 2026, wage: 7011.01, periods: 1, firstMonth: 7 })).notes[0]).toMatch(
      /above three times the minimum wage/,
    );
    expect(await runTool(tool, { year: 2026, wage: 7011, periods: 1, firstMonth: 6 })).toMatchObject({ threeTimesMinimumWage: 6883.2 });
    // 2027: the minimum wage of 1 January 2027 is not published here: at 8% the answer stands, below it is not decided.
    expect(await runTool(tool, { year: 2027, wage: 3000 })).toMatchObject({
      belowStatutoryMinimum: false,
      statutoryMinimumAllowance: null,
    });
    const y27 = await runTool(tool, { year: 2027, wage: 10000, ratePercent: 5 });
    expect(y27).toMatchObject({ belowStatutoryMinimum: null, statutoryMinimumAllowance: null, threeTimesMinimumWage: null });
    expect(y27.notes[0]).toMatch(/January–June 2027/);
    expect(tool.description).toMatch(/minimum wage held from January–June 2024 to July–December 2026/);
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2026, wage: 1, firstMonth: 13 }, 400, /firstMonth/);
    await expectToolError(tool, { year: 2023, wage: 3000 }, 400, /`year`.*2023.*available years: 2024, 2025, 2026, 2027/);
    await expectToolError(tool, { year: 2028, wage: 3000 }, 400, /year/);
    await expectToolError(tool, { year: 2026, wage: -1 }, 400, /wage/);
    await expectToolError(tool, { year: 2026, wage: 1, ratePercent: 101 }, 400, /ratePercent/);
    await expectToolError(tool, { year: 2026, wage: 1, periods: 54 }, 400, /periods/);
    await expectToolError(tool, { year: 2026, wage: 1, wagePeriod: 'day' }, 400, /wagePeriod/);
  });
});
