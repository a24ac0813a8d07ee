import { describe, expect, it } from 'vitest';
import sip from '../../../tools/finance/sip-calculator.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('sip-calculator', () => {
  for (const ex of sip.examples) it(`example: ${ex.name}`, async () => expect(await runTool(sip, ex.input)).toEqual(ex.output));

  it('agrees with the closed formula M = P·((1+i)^n − 1)/i·(1+i) for many plans', async () => {
    for (const [p, rate, years] of [
      [500, 10, 5],
      [10000, 12, 20],
      [2500, 8.5, 30],
      [100, 15, 40],
    ] as const) {
      const i = rate / 1200;
      const n = years * 12;
      const r = await runTool(sip, { monthlyInvestment: p, annualReturnPercent: rate, duration: years });
      expect(r.maturityValue).toBe(Math.round(p * (((1 + i) ** n - 1) / i) * (1 + i) * 100) / 100);
      expect(r.invested).toBe(p * n);
    }
  });
  it('step-up: each year invests 12 × the stepped instalment and the table adds up', async () => {
    const r = await runTool(sip, { monthlyInvestment: 1000, annualReturnPercent: 10, duration: 25, stepUpPercent: 7.5 });
    expect(r.yearly).toHaveLength(25);
    expect(r.yearly[1].invested).toBe(12900);
    expect(r.yearly.reduce((s: number, y: { invested: number; gains: number }) => s + toCents(y.invested) + toCents(y.gains), 0)).toBe(
      toCents(r.maturityValue),
    );
    expect(r.lastMonthlyInvestment).toBe(Math.round(1000 * 1.075 ** 24 * 100) / 100);
  });
  it('zero and negative returns, one month, the longest plan', async () => {
    expect(await runTool(sip, { monthlyInvestment: 1000, annualReturnPercent: 0, duration: 2 })).toMatchObject({
      maturityValue: 24000,
      gains: 0,
    });
    expect(
      (await runTool(sip, { monthlyInvestment: 1000, annualReturnPercent: -12, duration: 1, durationUnit: 'months' })).maturityValue,
    ).toBe(990);
    expect(
      (await runTool(sip, { monthlyInvestment: 1000, annualReturnPercent: 12, duration: 1, durationUnit: 'months' })).maturityValue,
    ).toBe(1010);
    const long = await runTool(sip, { monthlyInvestment: 1e9, annualReturnPercent: 15, duration: 100, stepUpPercent: 10 });
    expect(long.months).toBe(1200);
    expect(Number.isFinite(long.maturityValue)).toBe(true);
  });
  it('refuses bad durations and amounts', async () => {
    await expectToolError(
      sip,
      { monthlyInvestment: 1000, annualReturnPercent: 12, duration: 1.05 },
      400,
      /duration.*whole number of months/,
    );
    await expectToolError(sip, { monthlyInvestment: 1000, annualReturnPercent: 12, duration: 101 }, 400, /duration.*at most 1200/);
    await expectToolError(sip, { monthlyInvestment: 0, annualReturnPercent: 12, duration: 1 }, 400, /monthlyInvestment/);
    await expectToolError(
      sip,
      { monthlyInvestment: 1, annualReturnPercent: 12, duration: 1, rateConvention: 'daily' },
      400,
      /rateConvention/,
    );
  });
});
