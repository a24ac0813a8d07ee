/** Property tests of the shared annuity engine (tools/_lib/annuity.ts). */
import { describe, expect, it } from 'vitest';
import { REPAYMENTS, amortize, payoff, periodInterest } from '../../../tools/_lib/annuity.js';
import { createRng } from '../../../tools/_lib/rng.js';

const c = (x: number) => Math.round(x * 100);

describe('annuity engine: schedules add up to the cent', () => {
  it('rows and years sum to the totals, principal is repaid exactly, balance ends at 0 (300 seeded cases)', async () => {
    const rng = createRng('annuity-engine-sums');
    for (let k = 0; k < 300; k++) {
      const principal = rng.int(1, 1e9) / 100;
      const annualRatePercent = rng.chance(0.1) ? 0 : rng.int(1, 3000) / 100;
      const periodsPerYear = rng.pick([1, 2, 4, 12, 26, 52]);
      const periods = rng.int(1, 600);
      const repayment = rng.pick(REPAYMENTS);
      const a = await amortize({ principal, annualRatePercent, periods, periodsPerYear, repayment });
      const label = JSON.stringify({ principal, annualRatePercent, periods, periodsPerYear, repayment });
      expect(a.rows, label).toHaveLength(periods);
      let paid = 0,
        prin = 0,
        int = 0;
      for (const row of a.rows) {
        expect(c(row.principal) + c(row.interest), label).toBe(c(row.payment));
        expect(row.principal, label).toBeGreaterThanOrEqual(0);
        paid += c(row.payment);
        prin += c(row.principal);
        int += c(row.interest);
      }
      expect(prin, label).toBe(c(principal));
      expect(paid, label).toBe(c(a.totalPaid));
      expect(int, label).toBe(c(a.totalInterest));
      expect(a.rows.at(-1)!.balance).toBe(0);
      expect(a.yearly).toHaveLength(Math.ceil(periods / periodsPerYear));
      expect(a.yearly.reduce((s, y) => s + c(y.payment), 0)).toBe(paid);
      expect(a.yearly.reduce((s, y) => s + c(y.interest), 0)).toBe(int);
      expect(a.yearly.at(-1)!.balance).toBe(0);
      if (repayment === 'annuity') {
        // Every row that does not clear the balance pays exactly the rounded PMT (when the PMT was rounded up, the
        // balance can run out a row early: that row pays the rest and later rows pay 0).
        for (const row of a.rows) if (row.balance > 0) expect(row.payment, label).toBe(a.payment);
        // Each row's rounding (≤ ½ cent of payment, ≤ ½ cent of interest) grows with the balance at (1+r) a period.
        const r = annualRatePercent / 100 / periodsPerYear;
        const bound = r === 0 ? periods : (((1 + r) ** periods - 1) / r) * (1 + r) + 1;
        expect(Math.abs(c(a.lastPayment) - c(a.payment)), label).toBeLessThanOrEqual(bound);
      }
    }
  });
  it('matches the closed forms: PMT, linear interest P·r·(n+1)/2, interest-only P·r·n', async () => {
    // Excel: PMT(8%/12, 10, 10000) = 1,037.03
    expect((await amortize({ principal: 10000, annualRatePercent: 8, periods: 10 })).payment).toBe(1037.03);
    // 120,000 linear over 120 months at 6 %: r = 0.5 %, 1000 principal a month: 120000·0.005·121/2 = 36,300
    expect((await amortize({ principal: 120000, annualRatePercent: 6, periods: 120, repayment: 'linear' })).totalInterest).toBe(36300);
    expect((await amortize({ principal: 120000, annualRatePercent: 6, periods: 120, repayment: 'interest-only' })).totalInterest).toBe(
      72000,
    );
    // one period: everything plus one period's interest
    expect((await amortize({ principal: 1000, annualRatePercent: 12, periods: 1 })).rows).toEqual([
      { period: 1, payment: 1010, principal: 1000, interest: 10, balance: 0 },
    ]);
  });
  it('plugging the payment back into the payoff solver gives the term back (200 seeded cases)', async () => {
    // Realistic loans (≥ 10,000, ≤ 15 %, ≤ 30 years): there the ½-cent rounding of the PMT, grown over the term,
    // stays below one payment, so the term comes back within one period.
    const rng = createRng('annuity-engine-plug-back');
    for (let k = 0; k < 200; k++) {
      const principal = rng.int(10_000_00, 1e8) / 100;
      const annualRatePercent = rng.int(0, 1500) / 100;
      const periods = rng.int(1, 360);
      const a = await amortize({ principal, annualRatePercent, periods });
      const p = await payoff({ balance: principal, annualRatePercent, payment: a.payment, maxPeriods: 2000 });
      // The rounded PMT can be a fraction of a cent low, which leaves a last small payment one period later.
      expect(p.periods - periods, JSON.stringify({ principal, annualRatePercent, periods })).toBeGreaterThanOrEqual(0);
      expect(p.periods - periods).toBeLessThanOrEqual(1);
      if (p.periods === periods) expect(p.totalPaid).toBe(a.totalPaid);
      if (p.periodsExact !== null) expect(Math.abs(Math.ceil(p.periodsExact - 1e-9) - p.periods)).toBeLessThanOrEqual(1);
    }
  });
  it('handles very long terms and keeps cents exact for large amounts', async () => {
    const a = await amortize({ principal: 1e9, annualRatePercent: 100, periods: 5200, periodsPerYear: 52 });
    expect(a.rows.at(-1)!.balance).toBe(0);
    expect(Number.isSafeInteger(c(a.totalPaid))).toBe(true);
    expect(a.yearly).toHaveLength(100);
    // Totals stay exact in cents while they are below 2^53 cents (≈ 9·10^13 units): 1e12 over 30 years at 5 %.
    const big = await amortize({ principal: 1e12, annualRatePercent: 5, periods: 360 });
    expect(big.rows.reduce((s, r) => s + c(r.payment), 0)).toBe(c(big.totalPaid));
  });
});

describe('annuity engine: exact half-cent interest', () => {
  it('rounds an exact half cent up (1 % a year on 6.00 = 0.5 cent; 4 %/12 on 1.50 = 0.5 cent)', async () => {
    const f = await periodInterest(1, 12);
    expect(f(600)).toBe(1);
    expect(f(599)).toBe(0);
    expect((await periodInterest(4, 12))(150)).toBe(1);
    expect((await periodInterest(19.99, 12))(1_000_000_00)).toBe(1665833); // 1,000,000 × 0.1999/12 = 16,658.333…
    expect((await periodInterest(0, 12))(123)).toBe(0);
    const a = await amortize({ principal: 6, annualRatePercent: 1, periods: 1 });
    expect(a.rows[0]).toEqual({ period: 1, payment: 6.01, principal: 6, interest: 0.01, balance: 0 });
  });
});

describe('annuity engine: fixed-payment payoff', () => {
  it('reproduces the published worked example ($15,000, 12 % APR, $400 → 47.2 → 48 months; theprimecalculator.com)', async () => {
    const p = await payoff({ balance: 15000, annualRatePercent: 12, payment: 400, maxPeriods: 1200 });
    expect(p.periods).toBe(48);
    expect(p.periodsExact!.toFixed(1)).toBe('47.2');
    expect(p.paidOff).toBe(true);
    expect(p.rows.reduce((s, r) => s + c(r.payment), 0)).toBe(c(p.totalPaid));
  });
  it('stops at maxPeriods when the payment does not clear the debt', async () => {
    const p = await payoff({ balance: 1000, annualRatePercent: 12, payment: 10, maxPeriods: 100 });
    expect(p).toMatchObject({ paidOff: false, periods: 100, periodsExact: null });
  });
});
