import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/thirty-percent-ruling-calculator.js';
import { rulingCapApplies, rulingRate } from '../../../tools/dutch-calc/_tax.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const base = { startDate: '2025-01-01' };

describe('thirty-percent-ruling-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('norm edges: taxable wage exactly at the norm, and one cent above (2026 standard 48,013)', async () => {
    const at = await runTool(tool, { ...base, year: 2026, annualSalary: 68590 }); // 70% = 48,013.00
    expect(at).toMatchObject({
      normMetWithFullAllowance: false,
      eligible: true,
      reducedToMeetNorm: true,
      taxFreeAllowance: 20576.99,
      taxableWage: 48013.01,
    });
    const above = await runTool(tool, { ...base, year: 2026, annualSalary: 68590.01 });
    expect(above).toMatchObject({
      normMetWithFullAllowance: true,
      reducedToMeetNorm: false,
      taxFreeAllowance: 20577,
      taxableWage: 48013.01,
    });
    const none = await runTool(tool, { ...base, year: 2026, annualSalary: 48013 });
    expect(none).toMatchObject({ eligible: false, taxFreeAllowance: 0, taxableWage: 48013 });
    const cent = await runTool(tool, { ...base, year: 2026, annualSalary: 48013.02 });
    expect(cent).toMatchObject({ eligible: true, taxFreeAllowance: 0.01 });
  });

  it('uses each year’s norms and cap', async () => {
    expect(await runTool(tool, { ...base, year: 2025, annualSalary: 1_000_000 })).toMatchObject({
      salaryNorm: 46660,
      wntNorm: 246000,
      taxFreeAllowance: 73800,
    });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 1_000_000 })).toMatchObject({
      salaryNorm: 48013,
      wntNorm: 262000,
      taxFreeAllowance: 78600,
    });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 262000 })).toMatchObject({ taxFreeAllowance: 78600 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 262000.01 })).toMatchObject({ taxFreeAllowance: 78600 });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 60000, group: 'youngMaster' })).toMatchObject({
      salaryNorm: 36497,
      taxFreeAllowance: 18000,
    });
    expect(await runTool(tool, { ...base, year: 2026, annualSalary: 10000, group: 'researcher' })).toMatchObject({
      salaryNorm: null,
      eligible: true,
      taxFreeAllowance: 3000,
    });
  });

  it('duration: 60 months, shortened by earlier Dutch months; month-end clamping; not active in the year', async () => {
    const r = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2021-08-31' });
    expect(r).toMatchObject({
      endDate: '2026-08-30',
      activeInYear: { from: '2026-01-01', to: '2026-08-30' },
      remainingMonthsAtYearStart: 7,
    });
    const gone = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2020-01-01' });
    expect(gone).toMatchObject({
      endDate: '2024-12-31',
      activeInYear: null,
      remainingMonthsAtYearStart: 0,
      taxFreeAllowance: 0,
      taxableWage: 80000,
    });
    const later = await runTool(tool, { year: 2025, annualSalary: 80000, startDate: '2027-01-01' });
    expect(later.activeInYear).toBeNull();
    const leap = await runTool(tool, { year: 2026, annualSalary: 80000, startDate: '2024-02-29', previousNlMonths: 24 });
    expect(leap).toMatchObject({ durationMonths: 36, endDate: '2027-02-27' });
  });

  it('2024: norms €46,107 / €35,048 and the WNT 2024 cap (30% × €233,000 = €69,900)', async () => {
    expect(await runTool(tool, { year: 2024, annualSalary: 1_000_000, startDate: '2024-01-01' })).toMatchObject({
      ratePercent: 30,
      salaryNorm: 46107,
      wntNorm: 233000,
      allowanceCap: 69900,
      taxFreeAllowance: 69900,
    });
    expect(await runTool(tool, { year: 2024, annualSalary: 60000, group: 'youngMaster', startDate: '2024-01-01' })).toMatchObject({
      salaryNorm: 35048,
      taxFreeAllowance: 18000,
    });
    // 65,867.14 − 19,760.14 = 46,107.00: not MORE than the norm → allowance lowered by a cent; a cent more meets it.
    const at = await runTool(tool, { year: 2024, annualSalary: 65867.14, startDate: '2024-01-01' });
    expect(at).toMatchObject({
      normMetWithFullAllowance: false,
      reducedToMeetNorm: true,
      taxFreeAllowance: 19760.13,
      taxableWage: 46107.01,
    });
    const above = await runTool(tool, { year: 2024, annualSalary: 65867.15, startDate: '2024-01-01' });
    expect(above).toMatchObject({ normMetWithFullAllowance: true, taxFreeAllowance: 19760.14 });
  });

  it('WNT-cap transitional rule (Nieuwsbrief Loonheffingen 2023 §10.2): applied in the last pay period of 2022 → uncapped until 2026', async () => {
    // The Belastingdienst worked example: ruling from 1 July 2022, €500,000 a year → €150,000 tax-free through 2025.
    for (const year of [2024, 2025])
      expect(await runTool(tool, { year, annualSalary: 500000, startDate: '2022-07-01' })).toMatchObject({
        allowanceCap: null,
        taxFreeAllowance: 150000,
      });
    expect(await runTool(tool, { year: 2026, annualSalary: 500000, startDate: '2022-07-01' })).toMatchObject({
      allowanceCap: 78600,
      taxFreeAllowance: 78600,
      transitional: [],
    });
    // Boundary: a ruling starting 31 December 2022 ran in the last pay period of 2022; one starting 1 January 2023 did not.
    expect(await runTool(tool, { year: 2025, annualSalary: 500000, startDate: '2022-12-31' })).toMatchObject({ taxFreeAllowance: 150000 });
    expect(await runTool(tool, { year: 2025, annualSalary: 500000, startDate: '2023-01-01' })).toMatchObject({
      allowanceCap: 73800,
      taxFreeAllowance: 73800,
    });
    // A reported case: €150,000 once gave €73,800.
    const r = await runTool(tool, { year: 2025, annualSalary: 500000, startDate: '2022-12-01' });
    expect(r.taxFreeAllowance).toBe(150000);
    expect(r.rule).toMatch(/no cap in 2025; no WNT cap until 2026/);
  });

  it('2027: 27%, but 30% kept by a ruling applied before 2024 (boundary 2024-01-01); refused until the 2027 figures are published', async () => {
    expect(rulingRate(2026, '2024-06-01')).toBe(30);
    expect(rulingRate(2026)).toBe(30);
    expect(rulingRate(2027, '2023-12-31')).toBe(30);
    expect(rulingRate(2027, '2024-01-01')).toBe(27);
    expect(rulingRate(2027)).toBe(27);
    expect(rulingRate(2028, '2023-06-01')).toBe(30);
    expect(rulingCapApplies(2025, '2022-12-31')).toBe(false);
    expect(rulingCapApplies(2025, '2023-01-01')).toBe(true);
    expect(rulingCapApplies(2026, '2022-12-31')).toBe(true);
    expect(rulingCapApplies(2025)).toBe(true);
    await expectToolError(
      tool,
      { year: 2027, annualSalary: 80000, startDate: '2023-06-01' },
      400,
      /2027.*27%, or 30% for a ruling applied before 2024.*not published yet.*available years: 2024, 2025, 2026/,
    );
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { ...base, year: 2027, annualSalary: 80000 }, 400, /`year`.*2027.*available years: 2024, 2025, 2026/);
    await expectToolError(tool, { ...base, year: 2023, annualSalary: 80000 }, 400, /year/);
    await expectToolError(tool, { year: 2026, annualSalary: 80000, startDate: '2026-02-30' }, 400, /startDate/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 80000, previousNlMonths: 60 }, 400, /previousNlMonths/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 80000, previousNlMonths: 61 }, 400, /previousNlMonths/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: -5 }, 400, /annualSalary/);
    await expectToolError(tool, { ...base, year: 2026, annualSalary: 5, group: 'phd' }, 400, /group/);
  });
});
