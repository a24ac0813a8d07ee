import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/inheritance-tax-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('inheritance-tax-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('exemptions and tariff groups per relationship, 2025 and 2026', async () => {
    const expected: Record<string, [number, number, string]> = {
      partner: [804698, 828035, 'I'],
      child: [25490, 26230, 'I'],
      disabledChild: [76453, 78671, 'I'],
      grandchild: [25490, 26230, 'IA'],
      greatGrandchild: [2690, 2769, 'IA'],
      parent: [60359, 62110, 'II'],
      sibling: [2690, 2769, 'II'],
      other: [2690, 2769, 'II'],
    };
    for (const [relationship, [e2025, e2026, group]] of Object.entries(expected)) {
      expect(await runTool(tool, { year: 2025, amount: 1, relationship })).toMatchObject({
        exemption: e2025,
        tariffGroup: group,
        exemptionUsed: 1,
        tax: 0,
      });
      expect(await runTool(tool, { year: 2026, amount: 1, relationship })).toMatchObject({ exemption: e2026, tariffGroup: group });
    }
  });

  it('band edge: taxable exactly at the band limit, and one cent above', async () => {
    // 2026 child: 26,230 + 158,669 = 184,899 → all in band 1 → 15,866.90
    const at = await runTool(tool, { year: 2026, amount: 184899, relationship: 'child' });
    expect(at).toMatchObject({ taxableAmount: 158669, tax: 15866.9 });
    expect(at.bands).toHaveLength(1);
    const above = await runTool(tool, { year: 2026, amount: 184899.01, relationship: 'child' });
    expect(above.bands).toHaveLength(2);
    expect(above.bands[1]).toMatchObject({ from: 158669, to: null, ratePercent: 20, taxedAmount: 0.01, tax: 0 });
    // grandchild 2025, 500,000: taxable 474,510 → 154,197 × 18% + 320,313 × 36% = 27,755.46 + 115,312.68
    const gc = await runTool(tool, { year: 2025, amount: 500000, relationship: 'grandchild' });
    expect(gc.tax).toBe(143068.14);
    // exactly the exemption: nothing taxable
    expect(await runTool(tool, { year: 2026, amount: 828035, relationship: 'partner' })).toMatchObject({
      taxableAmount: 0,
      tax: 0,
      bands: [],
    });
    expect(await runTool(tool, { year: 2026, amount: 828035.01, relationship: 'partner' })).toMatchObject({ taxableAmount: 0.01, tax: 0 });
    expect(await runTool(tool, { year: 2026, amount: 0, relationship: 'other' })).toMatchObject({
      exemptionUsed: 0,
      tax: 0,
      netReceived: 0,
    });
  });

  it('2024: the Belastingdienst 2024 table (band €152,368; child €25,187, partner €795,156, others €2,658)', async () => {
    // Child inherits €100,000 (death in 2024): 100,000 − 25,187 = 74,813 × 10% = 7,481.30.
    expect(await runTool(tool, { year: 2024, amount: 100000, relationship: 'child' })).toMatchObject({
      exemption: 25187,
      taxableAmount: 74813,
      tax: 7481.3,
      bands: [{ from: 0, to: 152368, ratePercent: 10, taxedAmount: 74813, tax: 7481.3 }],
    });
    // Band edge: taxable exactly 152,368 at 10%, one cent more at 20%.
    expect(await runTool(tool, { year: 2024, amount: 152368 + 25187, relationship: 'child' })).toMatchObject({ tax: 15236.8 });
    const above = await runTool(tool, { year: 2024, amount: 152368.01 + 25187, relationship: 'child' });
    expect(above.bands[1]).toMatchObject({ from: 152368, ratePercent: 20, taxedAmount: 0.01 });
    // The other exemptions and groups of 2024.
    expect(await runTool(tool, { year: 2024, amount: 795156, relationship: 'partner' })).toMatchObject({ tax: 0 });
    expect(await runTool(tool, { year: 2024, amount: 100000, relationship: 'disabledChild' })).toMatchObject({
      exemption: 75546,
      tax: 2445.4,
    });
    expect(await runTool(tool, { year: 2024, amount: 100000, relationship: 'parent' })).toMatchObject({
      exemption: 59643,
      tariffGroup: 'II',
      tax: 12107.1,
    });
    expect(await runTool(tool, { year: 2024, amount: 10000, relationship: 'greatGrandchild' })).toMatchObject({
      exemption: 2658,
      tariffGroup: 'IA',
      tax: 1321.56,
    });
    expect(await runTool(tool, { year: 2024, amount: 10000, relationship: 'sibling' })).toMatchObject({ exemption: 2658, tax: 2202.6 });
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2023, amount: 1, relationship: 'child' }, 400, /`year`.*2023.*available years: 2024, 2025, 2026/);
    await expectToolError(tool, { year: 2027, amount: 1, relationship: 'child' }, 400, /year.*2027.*not found in any source/);
    await expectToolError(tool, { year: 2026, amount: -1, relationship: 'child' }, 400, /amount/);
    await expectToolError(tool, { year: 2026, amount: 1, relationship: 'cousin' }, 400, /relationship/);
    await expectToolError(tool, { year: 2026, amount: 1 }, 400, /relationship/);
  });
});
