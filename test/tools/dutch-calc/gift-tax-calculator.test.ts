import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/gift-tax-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('gift-tax-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('exemptions per year and relationship', async () => {
    const cases: [number, string, string, number][] = [
      [2025, 'child', 'none', 6713],
      [2026, 'child', 'none', 6908],
      [2025, 'child', 'general', 32195],
      [2026, 'child', 'general', 33129],
      [2025, 'child', 'study', 67064],
      [2026, 'child', 'study', 69009],
      [2025, 'grandchild', 'none', 2690],
      [2026, 'partner', 'none', 2769],
      [2026, 'parent', 'none', 2769],
      [2026, 'other', 'none', 2769],
    ];
    for (const [year, relationship, oneOffExemption, exemption] of cases)
      expect(
        (await runTool(tool, { year, amount: 1, relationship, oneOffExemption, recipientAge: 30 })).exemption,
        `${year} ${relationship} ${oneOffExemption}`,
      ).toBe(exemption);
  });

  it('band edges and tariff groups', async () => {
    // 2026 child: 6,908 + 158,669 = 165,577 → band 1 only
    const at = await runTool(tool, { year: 2026, amount: 165577, relationship: 'child' });
    expect(at).toMatchObject({ taxableAmount: 158669, tax: 15866.9 });
    const above = await runTool(tool, { year: 2026, amount: 165577.01, relationship: 'child' });
    expect(above.bands[1]).toMatchObject({ ratePercent: 20, taxedAmount: 0.01 });
    // 2025 other: 2,690 + 154,197 + 10,000 → 154,197 × 30% + 10,000 × 40% = 46,259.10 + 4,000
    expect((await runTool(tool, { year: 2025, amount: 166887, relationship: 'other' })).tax).toBe(50259.1);
    // partner uses the general exemption but tariff group I
    expect(await runTool(tool, { year: 2026, amount: 12769, relationship: 'partner' })).toMatchObject({ tariffGroup: 'I', tax: 1000 });
    expect(await runTool(tool, { year: 2026, amount: 6908, relationship: 'child' })).toMatchObject({ taxableAmount: 0, tax: 0 });
  });

  it('one-off exemption: age 18–39 only, children only', async () => {
    expect(
      (await runTool(tool, { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'general', recipientAge: 18 })).exemptionKind,
    ).toBe('childOneOffGeneral');
    expect(
      (await runTool(tool, { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'study', recipientAge: 39 })).exemptionKind,
    ).toBe('childOneOffStudy');
    await expectToolError(
      tool,
      { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'general', recipientAge: 17 },
      400,
      /recipientAge/,
    );
    await expectToolError(
      tool,
      { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'general', recipientAge: 40 },
      400,
      /recipientAge/,
    );
    await expectToolError(tool, { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'general' }, 400, /recipientAge/);
    await expectToolError(
      tool,
      { year: 2026, amount: 1, relationship: 'grandchild', oneOffExemption: 'general', recipientAge: 25 },
      400,
      /oneOffExemption.*abolished in 2024/,
    );
  });

  it('2024: the Belastingdienst 2024 exemptions (€6,633 child, €31,813 / €66,268 one-off, €2,658 others)', async () => {
    expect(await runTool(tool, { year: 2024, amount: 10000, relationship: 'child' })).toMatchObject({
      exemption: 6633,
      taxableAmount: 3367,
      tax: 336.7,
    });
    expect(
      await runTool(tool, { year: 2024, amount: 50000, relationship: 'child', oneOffExemption: 'general', recipientAge: 30 }),
    ).toMatchObject({
      exemptionKind: 'childOneOffGeneral',
      exemption: 31813,
      tax: 1818.7,
    });
    expect(
      await runTool(tool, { year: 2024, amount: 66268, relationship: 'child', oneOffExemption: 'study', recipientAge: 20 }),
    ).toMatchObject({ tax: 0 });
    // (10,000 − 2,658) × 18% = 1,321.56; band limit 152,368.
    expect(await runTool(tool, { year: 2024, amount: 10000, relationship: 'grandchild' })).toMatchObject({
      tax: 1321.56,
      bands: [{ from: 0, to: 152368, ratePercent: 18, taxedAmount: 7342, tax: 1321.56 }],
    });
  });

  it('refuses unknown years and invalid input', async () => {
    await expectToolError(tool, { year: 2023, amount: 1, relationship: 'child' }, 400, /`year`.*2023.*available years: 2024, 2025, 2026/);
    await expectToolError(tool, { year: 2027, amount: 1, relationship: 'child' }, 400, /year.*2027.*not found in any source/);
    await expectToolError(tool, { year: 2026, amount: -0.01, relationship: 'child' }, 400, /amount/);
    await expectToolError(
      tool,
      { year: 2026, amount: 1, relationship: 'child', oneOffExemption: 'home', recipientAge: 30 },
      400,
      /oneOffExemption/,
    );
  });
});
