import { describe, expect, it } from 'vitest';
import compound from '../../../tools/finance/compound-interest-calculator.js';
import { roundMoney, toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('compound-interest-calculator', () => {
  it('matches the closed formula for monthly, quarterly and yearly compounding', async () => {
    for (const n of [12, 4, 1] as const) {
      const r = await runTool(compound, { principal: 5000, annualRatePercent: 6, years: 10, compoundsPerYear: n });
      expect(r.futureValue).toBe(roundMoney(5000 * (1 + 0.06 / n) ** (n * 10)));
    }
  });
  it('matches the annuity-due-free future value of monthly contributions (monthly compounding)', async () => {
    const r = await runTool(compound, { principal: 0, annualRatePercent: 6, years: 18, monthlyContribution: 129.08 });
    const i = 0.005;
    expect(r.futureValue).toBe(roundMoney((129.08 * ((1 + i) ** 216 - 1)) / i)); // ≈ 50,000 (Excel FV example)
    expect(Math.abs(r.futureValue - 50000)).toBeLessThan(5);
  });
  it('has a yearly table that adds up exactly', async () => {
    const r = await runTool(compound, {
      principal: 1234.56,
      annualRatePercent: 3.3,
      years: 30,
      compoundsPerYear: 4,
      monthlyContribution: 77.77,
    });
    expect(r.yearly).toHaveLength(30);
    const sum = r.yearly.reduce(
      (s: number, y: { contributions: number; interest: number }) => s + toCents(y.contributions) + toCents(y.interest),
      toCents(1234.56),
    );
    expect(sum).toBe(toCents(r.futureValue));
    expect(toCents(r.totalContributed) + toCents(r.totalInterest)).toBe(toCents(r.futureValue));
  });
  it('handles zero everything and refuses out-of-range values', async () => {
    expect(await runTool(compound, { principal: 0, annualRatePercent: 0, years: 1 })).toMatchObject({ futureValue: 0, interestPercent: 0 });
    await expectToolError(compound, { principal: 1, annualRatePercent: 1, years: 0 }, 400, /years.*≥ 1/);
    await expectToolError(compound, { principal: 1, annualRatePercent: 1, years: 101 }, 400, /years.*≤ 100/);
    await expectToolError(compound, { principal: 1, annualRatePercent: 1, years: 1, compoundsPerYear: 365 }, 400, /compoundsPerYear/);
    await expectToolError(compound, { principal: -1, annualRatePercent: 1, years: 1 }, 400, /principal.*≥ 0/);
    const big = await runTool(compound, { principal: 1e12, annualRatePercent: 100, years: 100, monthlyContribution: 1e12 });
    expect(Number.isFinite(big.futureValue)).toBe(true);
  });
});
