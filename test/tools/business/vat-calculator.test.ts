/**
 * vat-calculator agrees with the shared tax engine (tools/_lib/sales-tax.ts). Its own behaviour tests
 * stay in test/tools/calc-finance.test.ts; this file checks the "one engine" claim (catalogue §0.10).
 */
import { describe, expect, it } from 'vitest';
import vat from '../../../tools/business/vat-calculator.js';
import { solveTax } from '../../../tools/_lib/sales-tax.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { runTool } from '../../helpers/run.js';

describe('vat-calculator and the tax engine', () => {
  it('property: same net, vat and gross as solveTax for amounts up to 100 million, any rate', async () => {
    const rng = createRng('vat-engine');
    for (let i = 0; i < 400; i++) {
      const amount = rng.int(-1e10, 1e10) / 100;
      const rate = rng.chance(0.5) ? rng.pick([0, 5.5, 9, 19, 21, 100]) : rng.int(0, 100000) / 1000;
      const mode = rng.chance(0.5) ? 'add' : 'extract';
      const r = await runTool(vat, { amount, rate, mode });
      const e = await solveTax(mode === 'add' ? { net: amount, ratesPercent: [rate] } : { gross: amount, ratesPercent: [rate] });
      expect({ net: r.net, vat: r.vat, gross: r.gross }, `${amount} ${rate} ${mode}`).toEqual({ net: e.net, vat: e.tax, gross: e.gross });
    }
  });
  it('the engine is exact where binary floating point is not (amounts near 1e12)', async () => {
    // 898,611,801,676.46 / 1.19: exact quotient …795.3445… → …795.34 (vat-calculator today gives …795.35)
    expect((await solveTax({ gross: 898611801676.46, ratesPercent: [19] })).net).toBe(755135967795.34);
  });
});
