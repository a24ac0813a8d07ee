import { describe, expect, it } from 'vitest';
import loan from '../../../tools/finance/loan-calculator.js';
import { roundHalfAway, toCents } from '../../../tools/_lib/money.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

/** The loan calculator's arithmetic before it moved onto the annuity engine (doubles), kept to prove the answers did not change. */
function previousAnnuity(amount: number, annualRatePercent: number, termMonths: number) {
  const rate = annualRatePercent / 100 / 12;
  const principalCents = toCents(amount);
  const paymentCents = roundHalfAway(rate === 0 ? principalCents / termMonths : (principalCents * rate) / (1 - (1 + rate) ** -termMonths));
  const rows: { month: number; payment: number; principal: number; interest: number; balance: number }[] = [];
  let balance = principalCents;
  let paid = 0;
  for (let month = 1; month <= termMonths; month++) {
    const interest = roundHalfAway(balance * rate);
    const principal = month === termMonths ? balance : Math.min(paymentCents - interest, balance);
    balance -= principal;
    paid += principal + interest;
    if (month <= 360)
      rows.push({
        month,
        payment: (principal + interest) / 100,
        principal: principal / 100,
        interest: interest / 100,
        balance: balance / 100 + 0,
      });
  }
  return { monthlyPayment: paymentCents / 100, totalPaid: paid / 100, schedule: rows };
}

describe('loan-calculator: annuity answers unchanged by the engine', () => {
  it('matches the previous double-precision implementation on 400 seeded random loans', async () => {
    const rng = createRng('loan-calculator-regression');
    for (let k = 0; k < 400; k++) {
      const amount = rng.int(1, 5_000_000_00) / 100;
      const rate = rng.pick([0, 1.5, 3.5, 4.2, 5, 6.75, 8, 12, 19.99, rng.int(0, 10000) / 100]);
      const months = rng.int(1, 480);
      const r = await runTool(loan, { amount, annualRatePercent: rate, term: months, termUnit: 'months' });
      const old = previousAnnuity(amount, rate, months);
      expect(r.monthlyPayment, `${amount} ${rate} ${months}`).toBe(old.monthlyPayment);
      expect(r.totalPaid).toBe(old.totalPaid);
      expect(r.schedule).toEqual(old.schedule);
      expect(r).not.toHaveProperty('repayment');
    }
    // Exact half-cent interest (1 % on 6.00, 4 % on 1.50): both versions round it up.
    for (const [amount, rate, months] of [
      [6, 1, 1],
      [1.5, 4, 1],
      [300.5, 4, 7],
      [123456.78, 1, 360],
    ] as const) {
      const r = await runTool(loan, { amount, annualRatePercent: rate, term: months, termUnit: 'months' });
      expect(r.schedule).toEqual(previousAnnuity(amount, rate, months).schedule);
    }
  });
});

describe('loan-calculator: linear', () => {
  it('pays equal principal and total interest = P·r·(n+1)/2 when P/n is whole cents', async () => {
    const r = await runTool(loan, { amount: 240000, annualRatePercent: 4.5, term: 30, repayment: 'linear' });
    expect(r.repayment).toBe('linear');
    expect(r.schedule[0]).toEqual({ month: 1, payment: 1566.67, principal: 666.67, interest: 900, balance: 239333.33 });
    // 240000/360 = 666.666… → 666.67 a month; the last row takes the remainder (666.67·359 = 239,334.53 → last 665.47)
    expect(r.schedule[359].principal).toBe(665.47);
    expect(r.firstPayment).toBe(1566.67);
    expect(r.lastPayment).toBe(r.schedule[359].payment);
    // Exact closed form on whole cents: 1,200 over 12 months at 12 %: 0.01·1200·13/2 = 78.
    const exact = await runTool(loan, { amount: 1200, annualRatePercent: 12, term: 1, repayment: 'lineair' });
    expect(exact.totalInterest).toBe(78);
    expect(exact.monthlyPayment).toBe(112);
    expect(exact.lastPayment).toBe(101);
  });
  it('has falling payments and rows that add up to the totals', async () => {
    const r = await runTool(loan, { amount: 98765.43, annualRatePercent: 7.3, term: 97, termUnit: 'months', repayment: 'linear' });
    let paid = 0;
    let principal = 0;
    for (let k = 0; k < r.schedule.length; k++) {
      const row = r.schedule[k];
      expect(toCents(row.principal) + toCents(row.interest)).toBe(toCents(row.payment));
      if (k > 0 && k < r.schedule.length - 1) expect(row.payment).toBeLessThanOrEqual(r.schedule[k - 1].payment);
      paid += toCents(row.payment);
      principal += toCents(row.principal);
    }
    expect(principal).toBe(toCents(98765.43));
    expect(paid).toBe(toCents(r.totalPaid));
    expect(r.schedule.at(-1).balance).toBe(0);
  });
});

describe('loan-calculator: interest-only', () => {
  it('charges the same interest every month and repays everything at the end', async () => {
    const r = await runTool(loan, { amount: 300000, annualRatePercent: 4, term: 30, repayment: 'bullet' });
    expect(r.repayment).toBe('interest-only');
    expect(r.monthlyPayment).toBe(1000);
    expect(r.totalInterest).toBe(360000);
    expect(r.lastPayment).toBe(301000);
    expect(r.schedule[358]).toEqual({ month: 359, payment: 1000, principal: 0, interest: 1000, balance: 300000 });
  });
  it('at 0 % pays nothing until the last month; one month pays it all', async () => {
    const zero = await runTool(loan, { amount: 500, annualRatePercent: 0, term: 2, termUnit: 'months', repayment: 'interest-only' });
    expect(zero.schedule.map((x: { payment: number }) => x.payment)).toEqual([0, 500]);
    const one = await runTool(loan, { amount: 500, annualRatePercent: 12, term: 1, termUnit: 'months', repayment: 'linear' });
    expect(one.schedule).toEqual([{ month: 1, payment: 505, principal: 500, interest: 5, balance: 0 }]);
  });
  it('truncates long schedules but totals the whole term; refuses unknown repayments', async () => {
    const r = await runTool(loan, { amount: 100000, annualRatePercent: 5, term: 100, repayment: 'interest-only' });
    expect(r.termMonths).toBe(1200);
    expect(r.scheduleTruncated).toBe(true);
    expect(r.schedule).toHaveLength(360);
    expect(r.totalInterest).toBe(round2((100000 * 0.05) / 12) * 1200);
    await expectToolError(loan, { amount: 1000, annualRatePercent: 5, term: 1, repayment: 'balloon' }, 400, /repayment/);
  });
});

function round2(x: number) {
  return Math.round(x * 100) / 100;
}

describe('loan-calculator: declared examples', () => {
  for (const ex of loan.examples) it(ex.name, async () => expect(await runTool(loan, ex.input)).toEqual(ex.output));
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
    for (const [amount, rate, term] of [
      [250000, 4.2, 30],
      [12345.67, 19.9, 7],
      [999.99, 0, 1.5],
      [5000, 100, 2],
    ] as const) {
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
