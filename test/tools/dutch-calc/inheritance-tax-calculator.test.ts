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
      expect(await runTool(tool, { year: 2025, amount: 1, relationship })).toMatchObject({ exemption: e2025, tariffGroup: group, exemptionUsed: 1, tax: 0 });
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
    expect(await runTool(tool, { year: 2026, amount: 828035, relationship: 'partner' })).toMatchObject({ taxableAmount: 0, tax: 0, bands: [] });
    expect(await runTool(tool, { year: 2026, amount: 828035.01, relationship: 'partner' })).toMatchObject({ taxableAmount: 0.01, tax: 0 });
    expect(await runTool(tool, { year: 2026, amount: 0, relationship: 'other' })).toMatchObject({ exemptionUsed: 0, tax: 0, netReceived: 0 });
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2024, amount: 1, relationship: 'child' }, 400, /`year`.*2024.*available years: 2025, 2026/);
    await expectToolError(tool, { year: 2027, amount: 1, relationship: 'child' }, 400, /year/);
    await expectToolError(tool, { year: 2026, amount: -1, relationship: 'child' }, 400, /amount/);
    await expectToolError(tool, { year: 2026, amount: 1, relationship: 'cousin' }, 400, /relationship/);
    await expectToolError(tool, { year: 2026, amount: 1 }, 400, /relationship/);
  });
});
