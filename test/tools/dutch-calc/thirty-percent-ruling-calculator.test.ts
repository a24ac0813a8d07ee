import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/thirty-percent-ruling-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const base = { startDate: '2025-01-01' };

describe('thirty-percent-ruling-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('norm edges: taxable wage exactly at the norm, and one cent above (2026 standard 48,013)', async () => {
    const at = await runTool(tool, { ...base, year: 2026, annualSalary: 68590 }); // 70% = 48,013.00
    expect(at).toMatchObject({ normMetWithFullAllowance: false, eligible: true, reducedToMeetNorm: true, taxFreeAllowance: 20576.99, taxableWage: 48013.01 });
    const above = await runTool(tool, { ...base, year: 2026, annualSalary: 68590.01 });
    expect(above).toMatchObject({ normMetWithFullAllowance: true, reducedToMeetNorm: false, taxFreeAllowance: 20577, taxableWage: 48013.01 });
    const none = await runTool(tool, { ...base, year: 2026, annualSalary: 48013 });
    expect(none).toMatchObject({ eligible: false, taxFreeAllowance: 0, taxableWage: 48013 });
    const cent = await runTool(tool, { ...base, year: 2026, annualSalary: 48013.02 });
    expect(cent).toMatchObject({ eligible: true, taxFreeAllowance: 0.01 });
  });

  it('uses each year’s norms and cap', async () => {
    expect(await runTool(tool, { ...base, year: 2025, annualSalary: 1_000_000 })).toMatchObject({ salaryNorm: 46660, wntNorm: 246000, taxFreeAllowance: 73800 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 1_000_000 })).toMatchObject({ salaryNorm: 48013, wntNorm: 262000, taxFreeAllowance: 78600 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 262000 })).toMatchObject({ taxFreeAllowance: 78600 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 262000.01 })).toMatchObject({ taxFreeAllowance: 78600 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 60000, group: 'youngMaster' })).toMatchObject({ salaryNorm: 36497, taxFreeAllowance: 18000 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 10000, group: 'researcher' })).toMatchObject({ salaryNorm: null, eligible: true, taxFreeAllowance: 3000 });
  });

  it('duration: 60 months, shortened by earlier Dutch months; month-end clamping; not active in the year', async () => {
    const r = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2021-08-31' });
    expect(r).toMatchObject({ endDate: '2026-08-30', activeInYear: { from: '2026-01-01', to: '2026-08-30' }, remainingMonthsAtYearStart: 7 });
    const gone = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2020-01-01' });
    expect(gone).toMatchObject({ endDate: '2024-12-31', activeInYear: null, remainingMonthsAtYearStart: 0, taxFreeAllowance: 0, taxableWage: 80000 });
    const later = await runTool(tool, { year: 2025, annualSalary: 80000, startDate: '2027-01-01' });
    expect(later.activeInYear).toBeNull();
    const leap = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2024-02-29', previousNlMonths: 24 });
    expect(leap).toMatchObject({ durationMonths: 36, endDate: '2027-02-27' });
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { ...base, year: 2027, annualSalary: 80000 }, 400, /`year`.*2027.*available years: 2025, 2026/);
    await expectToolError(tool, { ...base, year: 2024, annualSalary: 80000 }, 400, /year/);
    await expectToolError(tool, { year: 2026, annualSalary: 80000, startDate: '2026-02-30' }, 400, /startDate/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 80000, previousNlMonths: 60 }, 400, /previousNlMonths/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 80000, previousNlMonths: 61 }, 400, /previousNlMonths/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: -5 }, 400, /annualSalary/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 5, group: 'phd' }, 400, /group/);
  });
});
