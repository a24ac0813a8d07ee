/**
 * vat-calculator agrees with the shared tax engine (tools/_lib/sales-tax.ts). Its own behaviour tests
 * are the examples and the cases below; this file checks the "one engine" claim (catalogue §0.10).
 */
import { describe, expect, it } from 'vitest';
import vat from '../../../tools/business/vat-calculator.js';
import { solveTax } from '../../../tools/_lib/sales-tax.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { runTool, expectToolError } from '../../helpers/run.js';
import { toCents } from '../../../tools/_lib/money.js';

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

describe('vat-calculator', () => {
  it('keeps net + vat = gross for many amounts and rates', async () => {
    for (const rate of [0, 9, 21, 5.5, 100])
      for (const amount of [0, 0.01, 0.05, 1.005, 19.99, 123.45, 99999.99]) {
        for (const mode of ['add', 'extract']) {
          const r = await runTool(vat, { amount, rate, mode });
          expect(toCents(r.net) + toCents(r.vat)).toBe(toCents(r.gross));
        }
      }
  });
  it('round-trips: extract(add(x)) gives x back at common rates', async () => {
    for (const net of [1, 9.99, 10, 49.95, 1234.56]) {
      const added = await runTool(vat, { amount: net, rate: 21 });
      const back = await runTool(vat, { amount: added.gross, rate: 21, mode: 'extract' });
      expect(back.net).toBe(net);
    }
  });
  it('accepts aliases, negative amounts and refuses rates out of range', async () => {
    expect((await runTool(vat, { amount: 100, mode: 'Exclusive' })).mode).toBe('add');
    expect((await runTool(vat, { amount: 121, mode: 'incl' })).net).toBe(100);
    expect(await runTool(vat, { amount: -100, rate: 21 })).toMatchObject({ vat: -21, gross: -121 });
    await expectToolError(vat, { amount: 1, rate: -0.1 }, 400, /rate.*≥ 0/);
    await expectToolError(vat, { amount: 1, rate: 100.1 }, 400, /rate.*≤ 100/);
    await expectToolError(vat, { amount: 1, mode: 'sideways' }, 400, /mode.*"add", "extract"/);
    await expectToolError(vat, { amount: 1e13 }, 400, /amount/);
    await expectToolError(vat, { amount: '12 euro' }, 400, /amount/);
  });
});
