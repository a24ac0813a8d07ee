import { describe, expect, it } from 'vitest';
import debt from '../../../tools/finance/debt-payoff-calculator.js';
import { payoff } from '../../../tools/_lib/annuity.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('debt-payoff-calculator', () => {
  for (const ex of debt.examples) it(`example: ${ex.name}`, async () => expect(await runTool(debt, ex.input)).toEqual(ex.output));

  it('a single debt matches the annuity engine payoff and the published n formula (fincalc.store: $8,500, 18.99 %, $300 → 37.9 → 38 months)', async () => {
    const r = await runTool(debt, { debts: [{ balance: 8500, aprPercent: 18.99, payment: 300 }] });
    expect(r.months).toBe(38);
    expect(r.monthsFormula.toFixed(1)).toBe('37.9');
    const rng = createRng('debt-single');
    for (let k = 0; k < 100; k++) {
      const balance = rng.int(100, 5_000_000) / 100;
      const aprPercent = rng.int(0, 3000) / 100;
      const payment = Math.ceil(balance * (aprPercent / 1200) + rng.int(1, 100000)) / 1 + 0.37;
      const one = await runTool(debt, { debts: [{ balance, aprPercent, payment }] });
      const eng = await payoff({ balance, annualRatePercent: aprPercent, payment, maxPeriods: 1200 });
      expect(one.months).toBe(eng.periods);
      expect(one.totalPaid).toBe(eng.totalPaid);
      expect(one.debts[0].lastPayment).toBe(eng.lastPayment);
    }
  });
  it('several debts: totals add up, avalanche never costs more interest than snowball (100 seeded cases)', async () => {
    const rng = createRng('debt-multi');
    for (let k = 0; k < 100; k++) {
      const debts = Array.from({ length: rng.int(2, 6) }, () => {
        const balance = rng.int(10000, 2_000_000) / 100;
        const aprPercent = rng.int(0, 2999) / 100;
        return { balance, aprPercent, payment: Math.round(balance * (aprPercent / 1200 + 0.02) * 100) / 100 };
      });
      const extraPayment = rng.int(0, 500);
      const a = await runTool(debt, { debts, extraPayment });
      const s = await runTool(debt, { debts, extraPayment, strategy: 'snowball' });
      for (const r of [a, s]) {
        expect(r.debts.reduce((t: number, d: { totalPaid: number }) => t + toCents(d.totalPaid), 0)).toBe(toCents(r.totalPaid));
        expect(r.yearly.reduce((t: number, y: { paid: number }) => t + toCents(y.paid), 0)).toBe(toCents(r.totalPaid));
        expect(toCents(r.totalPaid) - toCents(r.totalInterest)).toBe(debts.reduce((t, d) => t + toCents(d.balance), 0));
        expect(r.yearly.at(-1).balance).toBe(0);
        expect(r.payoffOrder).toHaveLength(debts.length);
      }
      // Avalanche minimises interest up to rounding of cents in a few edge cases.
      expect(a.totalInterest).toBeLessThanOrEqual(s.totalInterest + 0.05 * a.months);
    }
  });
  it('snowball pays the smallest balance first', async () => {
    const debts = [
      { name: 'Big', balance: 3000, aprPercent: 25, payment: 100 },
      { name: 'Small', balance: 2000, aprPercent: 5, payment: 25 },
    ];
    expect((await runTool(debt, { debts, extraPayment: 300, strategy: 'snowball' })).payoffOrder).toEqual(['Small', 'Big']);
    expect((await runTool(debt, { debts, extraPayment: 300 })).payoffOrder).toEqual(['Big', 'Small']);
  });
  it('zero APR, one month, and dates clamped to the month end (31 Jan → 29 Feb in a leap year)', async () => {
    const zero = await runTool(debt, { debts: [{ balance: 1000, aprPercent: 0, payment: 300 }], startDate: '2024-01-31' });
    expect(zero).toMatchObject({ months: 4, totalInterest: 0, monthsFormula: 3.3333, payoffDate: '2024-04-30' });
    const leap = await runTool(debt, { debts: [{ balance: 1000, aprPercent: 0, payment: 500 }], startDate: '2024-01-31' });
    expect(leap.payoffDate).toBe('2024-02-29');
    const one = await runTool(debt, { debts: [{ balance: 100, aprPercent: 12, payment: 500 }], startDate: '2026-03-01' });
    expect(one).toMatchObject({ months: 1, totalPaid: 101, payoffDate: '2026-03-01' });
  });
  it('refuses payments at or below the interest, and more than 100 years', async () => {
    // 1,000 at 12 %: first month's interest is exactly 10.00 → a 10.00 payment never shrinks the debt.
    await expectToolError(
      debt,
      { debts: [{ balance: 1000, aprPercent: 12, payment: 10 }] },
      400,
      /exceed the first month's interest.*debts\[0\]\.payment/,
    );
    await expectToolError(
      debt,
      {
        debts: [
          { balance: 1000, aprPercent: 12, payment: 5 },
          { balance: 1000, aprPercent: 12, payment: 5 },
        ],
      },
      400,
      /extraPayment/,
    );
    // 10.01 clears one cent in the first month: allowed. The formula says 694.32 months; rounding the interest to
    // cents every month (half-up) makes it 703.
    const slow = await runTool(debt, { debts: [{ balance: 1000, aprPercent: 12, payment: 10.01 }] });
    expect(slow.months).toBe(703);
    expect(slow.monthsFormula).toBe(694.3241);
    await expectToolError(debt, { debts: [{ balance: 1e9, aprPercent: 1.2, payment: 1000000.01 }] }, 400, /more than 1200 months/);
    await expectToolError(debt, { debts: [] }, 400, /debts/);
    await expectToolError(debt, { debts: Array.from({ length: 21 }, () => ({ balance: 1, aprPercent: 1, payment: 1 })) }, 400, /debts/);
    await expectToolError(debt, { debts: [{ balance: 100, aprPercent: 1, payment: 10 }], startDate: '2025-02-29' }, 400, /startDate/);
  });

  it('takes one debt as balance, aprPercent and monthlyPayment (catalogue §2), the same as a list of one', async () => {
    const flat = await runTool(debt, { balance: 15000, aprPercent: 12, monthlyPayment: 400 });
    expect(flat).toEqual(await runTool(debt, { debts: [{ balance: 15000, aprPercent: 12, payment: 400 }] }));
    expect(flat).toMatchObject({ months: 48, totalInterest: 3894.36 }); // a cent-by-cent simulation in python3 agrees
    await expectToolError(debt, { balance: 15000, aprPercent: 12 }, 400, /`monthlyPayment` is required/);
    await expectToolError(
      debt,
      { balance: 1, aprPercent: 1, monthlyPayment: 1, debts: [{ balance: 1, aprPercent: 1, payment: 1 }] },
      400,
      /not both/,
    );
  });
});
