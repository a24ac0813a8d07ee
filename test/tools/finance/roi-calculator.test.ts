import { describe, expect, it } from 'vitest';
import roi from '../../../tools/finance/roi-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('roi-calculator', () => {
  for (const ex of roi.examples) it(`example: ${ex.name}`, async () => expect(await runTool(roi, ex.input)).toEqual(ex.output));

  it('plain ROI without a period, losses, total loss and worse', async () => {
    expect(await runTool(roi, { invested: 200, returned: 150 })).toEqual({
      invested: 200,
      returned: 150,
      gain: -50,
      roiPercent: -25,
      years: null,
      annualizedRoiPercent: null,
    });
    // Catalogue §2: returned ≤ 0 → the annualised ROI is undefined (null, with a note saying why).
    expect(await runTool(roi, { invested: 200, returned: 0, years: 3 })).toMatchObject({
      roiPercent: -100,
      annualizedRoiPercent: null,
      note: expect.stringContaining('= 0'),
    });
    const worse = await runTool(roi, { invested: 200, returned: -50, years: 3 });
    expect(worse).toMatchObject({ roiPercent: -125, annualizedRoiPercent: null });
    expect(worse.note).toMatch(/not defined/);
  });
  it('annualises over date spans, leap days included (2024-02-28 → 2024-03-01 = 2 days)', async () => {
    const r = await runTool(roi, { invested: 100, returned: 101, startDate: '2024-02-28', endDate: '2024-03-01' });
    expect(r.days).toBe(2);
    const y = await runTool(roi, { invested: 100, returned: 110, startDate: '2020-01-01', endDate: '2030-01-01' });
    expect(y.days).toBe(3653);
    expect(y.annualizedRoiPercent).toBeCloseTo((1.1 ** (1 / (3653 / 365.2425)) - 1) * 100, 4);
  });
  it('annualised ROI round-trips: invested·(1+a)^years = returned', async () => {
    for (const [inv, ret, yrs] of [
      [1000, 2500, 7],
      [50, 49, 0.5],
      [1e6, 3e6, 30],
    ] as const) {
      const r = await runTool(roi, { invested: inv, returned: ret, years: yrs });
      // the percent has 4 decimals, so the round trip holds to about 1e-5 relative
      expect(Math.abs(inv * (1 + r.annualizedRoiPercent / 100) ** yrs - ret) / ret).toBeLessThan(1e-5);
    }
  });
  it('refuses zero investment, half a date span, both years and dates, and reversed dates', async () => {
    await expectToolError(roi, { invested: 0, returned: 10 }, 400, /invested/);
    await expectToolError(roi, { invested: 10, returned: 10, startDate: '2024-01-01' }, 400, /endDate/);
    await expectToolError(
      roi,
      { invested: 10, returned: 10, years: 1, startDate: '2024-01-01', endDate: '2025-01-01' },
      400,
      /years.*not both/,
    );
    await expectToolError(roi, { invested: 10, returned: 10, startDate: '2024-01-02', endDate: '2024-01-01' }, 400, /endDate.*after/);
    await expectToolError(roi, { invested: 10, returned: 10, startDate: '2023-02-29', endDate: '2024-01-01' }, 400, /startDate/);
  });
});
