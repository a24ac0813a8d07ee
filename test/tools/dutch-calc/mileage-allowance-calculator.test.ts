import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/mileage-allowance-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('mileage-allowance-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('each supported year’s rate', async () => {
    for (const [year, rate] of [[2023, 0.21], [2024, 0.23], [2025, 0.23]])
      expect(await runTool(tool, { year, kilometres: 1000 })).toMatchObject({ taxFreeRatePerKm: rate, taxFree: rate * 1000, taxableExcess: 0 });
  });

  it('edges: paid exactly the rate, one cent above, below the rate, zero', async () => {
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.23 })).toMatchObject({ taxFree: 23, taxableExcess: 0 });
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.24 })).toMatchObject({ reimbursement: 24, taxFree: 23, taxableExcess: 1 });
    expect(await runTool(tool, { year: 2025, kilometres: 100, paidPerKm: 0.19 })).toMatchObject({ reimbursement: 19, taxFree: 19, taxableExcess: 0 });
    expect(await runTool(tool, { year: 2025 })).toMatchObject({ kilometres: 0, taxFree: 0 });
    expect(await runTool(tool, { year: 2025, kilometres: 10.5, commuteKmOneWay: 0.25, commuteDays: 2 })).toMatchObject({ kilometres: 11.5, taxFree: 2.65 }); // 2.645 → 2.65
  });

  it('refuses 2026 (rate not confirmed), other unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2026, kilometres: 100 }, 400, /`year`.*2026.*could not be confirmed.*available years: 2023, 2024, 2025/);
    await expectToolError(tool, { year: 2022, kilometres: 100 }, 400, /`year`.*2022/);
    await expectToolError(tool, { year: 2025, kilometres: -1 }, 400, /kilometres/);
    await expectToolError(tool, { year: 2025, commuteDays: 1.5 }, 400, /commuteDays/);
    await expectToolError(tool, { year: 2025, commuteDays: 367 }, 400, /commuteDays/);
    await expectToolError(tool, { year: 2025, paidPerKm: 101 }, 400, /paidPerKm/);
  });
});
