import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/gst-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('gst-calculator', () => {
  it('splits intra-state GST into CGST and SGST and inter-state into IGST', async () => {
    expect(await runTool(tool, { amount: 1000, ratePercent: 18 })).toMatchObject({ cgst: 90, sgst: 90, igst: null, total: 1180 });
    expect(await runTool(tool, { amount: 1000, ratePercent: 18, supply: 'interstate' })).toMatchObject({
      cgst: null,
      sgst: null,
      igst: 180,
    });
    expect(await runTool(tool, { amount: 1000 })).toMatchObject({ ratePercent: 18, gst: 180 }); // default IN standard slab
  });
  it('gives the odd paisa to CGST so the halves sum to the GST', async () => {
    const r = await runTool(tool, { amount: 0.3, ratePercent: 5 }); // 0.015 → 0.02: CGST 0.01 + SGST 0.01
    expect(r).toMatchObject({ gst: 0.02, cgst: 0.01, sgst: 0.01 });
    const odd = await runTool(tool, { amount: 0.1, ratePercent: 5 }); // 0.005 → 0.01
    expect(odd).toMatchObject({ gst: 0.01, cgst: 0.01, sgst: 0 });
  });
  it('extracts GST from inclusive amounts (NZ 3/23, AU 1/11)', async () => {
    expect(await runTool(tool, { amount: 1725, country: 'NZ', mode: 'inclusive' })).toMatchObject({ net: 1500, gst: 225 });
    expect(await runTool(tool, { amount: 1100, country: 'australia', mode: 'incl' })).toMatchObject({ net: 1000, gst: 100 });
    expect(await runTool(tool, { amount: 1000, country: 'AU', supply: 'inter' })).toMatchObject({ gst: 100, supply: null, igst: null });
  });
  it('flags whether a rate is a notified 2025 Indian slab; custom rates are still computed', async () => {
    expect((await runTool(tool, { amount: 100, ratePercent: 40 })).indiaNotifiedSlab).toBe(true);
    expect((await runTool(tool, { amount: 100, ratePercent: 12 })).indiaNotifiedSlab).toBe(false); // removed from 22 Sep 2025
    expect((await runTool(tool, { amount: 100, ratePercent: 0 })).gst).toBe(0);
  });
  it('property: exclusive then inclusive returns the amount to the paisa, and cgst + sgst = gst', async () => {
    const rng = createRng('gst');
    for (let i = 0; i < 300; i++) {
      const amount = rng.int(0, 1e10) / 100;
      const ratePercent = rng.pick([0.25, 1.5, 3, 5, 18, 28, 40, rng.int(1, 10000) / 100]);
      const a = await runTool(tool, { amount, ratePercent });
      expect(Math.round(a.cgst * 100) + Math.round(a.sgst * 100)).toBe(Math.round(a.gst * 100));
      expect(Math.abs(a.cgst - a.sgst)).toBeLessThanOrEqual(0.0100001);
      const b = await runTool(tool, { amount: a.total, ratePercent, mode: 'inclusive' });
      expect(b.net).toBe(amount);
    }
  });
  it('refuses bad input with a 400 naming the field', async () => {
    await expectToolError(tool, { amount: -1 }, 400, /amount/);
    await expectToolError(tool, { amount: 1, ratePercent: 101 }, 400, /ratePercent/);
    await expectToolError(tool, { amount: 1, country: 'CA' }, 400, /country/);
    await expectToolError(tool, { amount: 1, mode: 'sideways' }, 400, /mode/);
  });
});
