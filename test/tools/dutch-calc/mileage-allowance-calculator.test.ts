import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/mileage-allowance-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('mileage-allowance-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('each supported year’s rate', async () => {
    for (const [year, rate] of [
      [2023, 0.21],
      [2024, 0.23],
      [2025, 0.23],
      [2026, 0.25],
      [2027, 0.25],
    ])
      expect(await runTool(tool, { year, kilometres: 1000 })).toMatchObject({
        taxFreeRatePerKm: rate,
        taxFree: rate * 1000,
        taxableExcess: 0,
      });
  });

  it('2026: € 0.25 (besluit 17 May 2026, Stcrt. 2026-18302, retroactive to 1 January); 2027 provisional', async () => {
    // A public bookkeeping tool's 2026 example: "4.200 zakelijke kilometers = € 1.050 aftrekbaar. € 0,25 per kilometer in 2026".
    const y26 = await runTool(tool, { year: 2026, kilometres: 4200 });
    expect(y26).toMatchObject({ taxFree: 1050, provisional: false, rule: '4200 km × 0.25 = 1050 tax-free' });
    expect(y26.source).toMatch(/Stcrt\. 2026-18302/);
    // Paid the old € 0.23: all of it tax-free in 2026; paid € 0.26: one cent a km taxable.
    expect(await runTool(tool, { year: 2026, kilometres: 100, paidPerKm: 0.23 })).toMatchObject({ taxFree: 23, taxableExcess: 0 });
    expect(await runTool(tool, { year: 2026, kilometres: 100, paidPerKm: 0.26 })).toMatchObject({ taxFree: 25, taxableExcess: 1 });
    // The same € 0.25 paid in 2025 is two cents a km over that year's rate.
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.25 })).toMatchObject({ taxFree: 23, taxableExcess: 2 });
    const y27 = await runTool(tool, { year: 2027, kilometres: 100 });
    expect(y27).toMatchObject({ taxFree: 25, provisional: true });
    expect(y27.rule).toMatch(/^PROVISIONAL \(Belastingplan 2027 as proposed.*\); 100 km × 0\.25 = 25 tax-free$/);
    expect(y27.source).toMatch(/Belastingplan 2027.*provisional/);
    expect((await runTool(tool, { year: 2025, kilometres: 100 })).provisional).toBe(false);
    expect(tool.description).toMatch(/Years: 2023, 2024, 2025, 2026, 2027 \(.*2027 provisional/);
  });

  it('edges: paid exactly the rate, one cent above, below the rate, zero', async () => {
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.23 })).toMatchObject({ taxFree: 23, taxableExcess: 0 });
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.24 })).toMatchObject({
      reimbursement: 24,
      taxFree: 23,
      taxableExcess: 1,
    });
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.19 })).toMatchObject({
      reimbursement: 19,
      taxFree: 19,
      taxableExcess: 0,
    });
    expect(await runTool(tool, { year: 2025 })).toMatchObject({ kilometres: 0, taxFree: 0 });
    expect(await runTool(tool, { year: 2025, kilometres: 10.5, commuteKmOneWay: 0.25, commuteDays: 2 })).toMatchObject({
      kilometres: 11.5,
      taxFree: 2.65,
    }); // 2.645 → 2.65
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(
      tool,
      { year: 2028, kilometres: 100 },
      400,
      /`year`.*no official tax-free mileage figures for 2028.*available years: 2023, 2024, 2025, 2026, 2027/,
    );
    await expectToolError(tool, { year: 2022, kilometres: 100 }, 400, /`year`.*2022/);
    await expectToolError(tool, { year: 2025, kilometres: -1 }, 400, /kilometres/);
    await expectToolError(tool, { year: 2025, commuteDays: 1.5 }, 400, /commuteDays/);
    await expectToolError(tool, { year: 2025, commuteDays: 367 }, 400, /commuteDays/);
    await expectToolError(tool, { year: 2025, paidPerKm: 101 }, 400, /paidPerKm/);
  });
});
