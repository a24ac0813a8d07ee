import { describe, expect, it } from 'vitest';
import vat from '../../tools/business/vat-calculator.js';
import percentage from '../../tools/math/percentage-calculator.js';
import compound from '../../tools/finance/compound-interest-calculator.js';
import loan from '../../tools/finance/loan-calculator.js';
import { fromCents, roundHalfAway, roundMoney, roundTo, toCents } from '../../tools/_lib/money.js';
import { expectToolError, runTool } from '../helpers/run.js';

describe('money helpers', () => {
  it('round half away from zero, as a decimal half', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(1.0049)).toBe(1);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(-0)).toBe(0);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundTo(0.020075, 4)).toBe(0.0201);
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
    await expectToolError(vat, { amount: '12' }, 400, /amount/);
  });
});

describe('percentage-calculator', () => {
  it('computes each mode and cleans float noise', async () => {
    expect((await runTool(percentage, { mode: 'percentOf', x: 10, y: 0.3 })).result).toBe(0.03);
    expect((await runTool(percentage, { mode: 'whatPercent', x: 1, y: 3 })).result).toBe(33.3333333333333);
    expect((await runTool(percentage, { mode: 'whatPercent', x: 1, y: 3 })).sentence).toBe('1 is 33.333333% of 3');
    expect((await runTool(percentage, { mode: 'change', x: -50, y: -25 })).result).toBe(50);
    expect((await runTool(percentage, { mode: 'change', x: 10, y: 10 })).sentence).toBe('From 10 to 10 is no change of 0%');
    expect((await runTool(percentage, { mode: 'increase', x: 0.1, y: 200 })).result).toBe(0.3);
    expect((await runTool(percentage, { mode: 'decrease', x: 80, y: 25 })).result).toBe(60);
    expect((await runTool(percentage, { mode: 'discount', x: 80, y: 25 })).mode).toBe('decrease');
    expect((await runTool(percentage, { mode: 'percent-change', x: 1, y: 2 })).mode).toBe('change');
  });
  it('refuses division by zero with 400', async () => {
    await expectToolError(percentage, { mode: 'whatPercent', x: 5, y: 0 }, 400, /`y` must not be 0/);
    await expectToolError(percentage, { mode: 'change', x: 0, y: 5 }, 400, /`x` must not be 0/);
    await expectToolError(percentage, { mode: 'nope', x: 0, y: 5 }, 400, /mode/);
    await expectToolError(percentage, { mode: 'percentOf', x: 1e16, y: 5 }, 400, /x.*≤/);
  });
});

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
    const r = await runTool(compound, { principal: 1234.56, annualRatePercent: 3.3, years: 30, compoundsPerYear: 4, monthlyContribution: 77.77 });
    expect(r.yearly).toHaveLength(30);
    const sum = r.yearly.reduce((s: number, y: { contributions: number; interest: number }) => s + toCents(y.contributions) + toCents(y.interest), toCents(1234.56));
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

describe('loan-calculator', () => {
  it('matches the published examples (API Ninjas mortgage, Excel PMT)', async () => {
    const mortgage = await runTool(loan, { amount: 200000, annualRatePercent: 3.5, term: 30 });
    expect(mortgage).toMatchObject({ termMonths: 360, monthlyPayment: 898.09, scheduleTruncated: false });
    expect(mortgage.schedule).toHaveLength(360);
    expect(Math.abs(mortgage.totalInterest - 123312.18)).toBeLessThan(1); // cent rounding per month
    const pmt = await runTool(loan, { amount: 10000, annualRatePercent: 8, term: 10, termUnit: 'months' });
    expect(pmt.monthlyPayment).toBe(1037.03);
  });
  it('ends at exactly 0.00 and the rows add up', async () => {
    for (const [amount, rate, term] of [[250000, 4.2, 30], [12345.67, 19.9, 7], [999.99, 0, 1.5], [5000, 100, 2]] as const) {
      const r = await runTool(loan, { amount, annualRatePercent: rate, term });
      const last = r.schedule[r.schedule.length - 1];
      expect(last.balance).toBe(0);
      let paid = 0;
      let principal = 0;
      for (const row of r.schedule) {
        expect(toCents(row.principal) + toCents(row.interest)).toBe(toCents(row.payment));
        paid += toCents(row.payment);
        principal += toCents(row.principal);
      }
      expect(principal).toBe(toCents(amount));
      expect(paid).toBe(toCents(r.totalPaid));
      expect(Math.abs(toCents(last.payment) - toCents(r.monthlyPayment))).toBeLessThanOrEqual(r.termMonths);
    }
  });
  it('truncates the schedule after 360 months but totals the whole term', async () => {
    const r = await runTool(loan, { amount: 300000, annualRatePercent: 4, term: 40 });
    expect(r).toMatchObject({ termMonths: 480, scheduleTruncated: true });
    expect(r.schedule).toHaveLength(360);
    expect(r.schedule[359].balance).toBeGreaterThan(0);
    expect(toCents(r.totalPaid) - toCents(r.totalInterest)).toBe(30000000);
  });
  it('accepts unit aliases and refuses bad terms', async () => {
    expect((await runTool(loan, { amount: 1000, annualRatePercent: 5, term: 12, termUnit: 'Maanden' })).termMonths).toBe(12);
    expect((await runTool(loan, { amount: 1000, annualRatePercent: 5, term: 2, termUnit: 'y' })).termMonths).toBe(24);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 1.3 }, 400, /whole number of months/);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 2.5, termUnit: 'months' }, 400, /whole number of months/);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 101 }, 400, /at most 1200 months/);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 0 }, 400, /term/);
    await expectToolError(loan, { amount: 0, annualRatePercent: 5, term: 1 }, 400, /amount/);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 1, termUnit: 'weeks' }, 400, /termUnit/);
    const max = await runTool(loan, { amount: 1000, annualRatePercent: 5, term: 100 });
    expect(max.termMonths).toBe(1200);
  });
});
