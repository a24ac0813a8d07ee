import { describe, expect, it } from 'vitest';
import mortgage from '../../../tools/dutch-calc/mortgage-calculator.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('mortgage-calculator', () => {
  for (const ex of mortgage.examples) it(`example: ${ex.name}`, async () => expect(await runTool(mortgage, ex.input)).toEqual(ex.output));

  it('matches published gross payments (€300,000 at 4 % → ≈ €1,432; at 1.5 % → ≈ €1,035; vastelastenbesparing.nl)', async () => {
    expect(Math.round((await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4 })).monthlyPayment)).toBe(1432);
    expect(Math.round((await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 1.5 })).monthlyPayment)).toBe(1035);
    const first = (await runTool(mortgage, { loanAmount: 200000, annualRatePercent: 3, schedule: 'monthly' })).monthly[0];
    expect(first).toEqual({ month: 1, payment: 843.21, principal: 343.21, interest: 500, balance: 199656.79 });
  });
  it('linear: equal principal, falling payments, interest ≈ P·r·(n+1)/2', async () => {
    const r = await runTool(mortgage, { loanAmount: 360000, annualRatePercent: 4.2, repayment: 'linear', schedule: 'monthly' });
    expect(r.monthly[0]).toEqual({ month: 1, payment: 2260, principal: 1000, interest: 1260, balance: 359000 });
    expect(r.totalInterest).toBe(Math.round(((360000 * 0.0035 * 361) / 2) * 100) / 100);
    expect(r.monthlyPayment).toBeNull();
  });
  it('rows and years add up to the totals to the cent', async () => {
    const r = await runTool(mortgage, { loanAmount: 412345.67, annualRatePercent: 3.87, termYears: 27, schedule: 'monthly' });
    expect(r.monthly).toHaveLength(324);
    expect(r.monthly.reduce((s: number, m: { payment: number }) => s + toCents(m.payment), 0)).toBe(toCents(r.totalPaid));
    expect(r.yearly.reduce((s: number, y: { interest: number }) => s + toCents(y.interest), 0)).toBe(toCents(r.totalInterest));
    expect(r.monthly.at(-1).balance).toBe(0);
  });
  it("deduction: capped at the year's maximum, own lower rate allowed, 30-year limit", async () => {
    const y25 = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2025 });
    expect(y25.interestDeduction).toMatchObject({ estimate: true, ratePercent: 37.48, maxRatePercent: 37.48 });
    expect(y25.interestDeduction.firstYearDeduction).toBe(Math.round(y25.yearly[0].interest * 37.48) / 100);
    const capped = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2026, deductionRatePercent: 49.5 });
    expect(capped.interestDeduction.ratePercent).toBe(37.56);
    const low = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2026, deductionRatePercent: 35.75 });
    expect(low.interestDeduction.ratePercent).toBe(35.75);
    // €1,000 interest in month 1 at 37.56 % → €375.60 back: net = 1,432.25 − 375.60
    expect(capped.interestDeduction.firstMonthNetPayment).toBe(roundCents(capped.firstPayment - 375.6));
    const long = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, termYears: 40, year: 2026 });
    expect(long.yearly[29].deduction).toBeGreaterThan(0);
    expect(long.yearly[30].deduction).toBe(0);
    expect(long.yearly[39].deduction).toBe(0);
  });
  it('zero rate, one year, payoff date at the month end', async () => {
    const r = await runTool(mortgage, { loanAmount: 12000, annualRatePercent: 0, termYears: 1, startDate: '2024-01-31' });
    expect(r).toMatchObject({ monthlyPayment: 1000, totalInterest: 0, payoffDate: '2024-12-31' });
    const feb = await runTool(mortgage, { loanAmount: 12000, annualRatePercent: 0, termYears: 1, startDate: '2023-03-31' });
    expect(feb.payoffDate).toBe('2024-02-29');
  });
  it('deduction per tax year of the schedule: each year at its own maximum, the last published beyond', async () => {
    // Without startDate loan year k is tax year `year` + k − 1: 2024 at 36.97 %, 2025 at 37.48 %, 2026 and later at 37.56 %.
    const r = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, repayment: 'linear', year: 2024 });
    const y = r.yearly;
    expect(y[0].deduction).toBe(roundCents((y[0].interest * 36.97) / 100));
    expect(y[1].deduction).toBe(roundCents((y[1].interest * 37.48) / 100));
    expect(y[2].deduction).toBe(roundCents((y[2].interest * 37.56) / 100));
    expect(y[29].deduction).toBe(roundCents((y[29].interest * 37.56) / 100));
    expect(r.interestDeduction.rates).toEqual([
      { fromTaxYear: 2024, toTaxYear: 2024, ratePercent: 36.97, maxRatePercent: 36.97, published: true },
      { fromTaxYear: 2025, toTaxYear: 2025, ratePercent: 37.48, maxRatePercent: 37.48, published: true },
      { fromTaxYear: 2026, toTaxYear: 2026, ratePercent: 37.56, maxRatePercent: 37.56, published: true },
      { fromTaxYear: 2027, toTaxYear: 2053, ratePercent: 37.56, maxRatePercent: 37.56, published: false },
    ]);
    expect(r.interestDeduction.note).toMatch(/from 2027 the 2026 maximum of 37.56 %, the last published, is assumed/);
    // totalDeduction no longer applies one year's rate for 30 years: it is the sum of the years.
    expect(r.interestDeduction.totalDeduction).toBe(roundCents(y.reduce((s: number, x: { deduction: number }) => s + x.deduction, 0)));
    const flat = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, repayment: 'linear', year: 2026 });
    expect(flat.interestDeduction.rates).toHaveLength(2);
    // An own rate below a year's maximum: min(37, 36.97) in 2024, 37 from 2025.
    const own = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2024, deductionRatePercent: 37 });
    expect(own.interestDeduction.rates.map((x: { ratePercent: number }) => x.ratePercent)).toEqual([36.97, 37, 37, 37]);
    expect(own.interestDeduction.ratePercent).toBe(36.97);
    // With startDate each payment counts in its calendar year: a first payment in December 2024 puts 1 month at
    // 36.97 % and 11 at 37.48 % into loan year 1.
    const dec = await runTool(mortgage, {
      loanAmount: 120000,
      annualRatePercent: 0.01,
      termYears: 1,
      repayment: 'linear',
      year: 2024,
      startDate: '2024-12-01',
      schedule: 'monthly',
    });
    const cents = dec.monthly.map((m: { interest: number }) => Math.round(m.interest * 100));
    const expected = roundCents((cents[0] * 36.97 + cents.slice(1).reduce((a: number, b: number) => a + b, 0) * 37.48) / 100 / 100);
    expect(dec.yearly[0].deduction).toBe(expected);
    // A loan that started before the tax year: earlier payments are not estimated, and the answer says so.
    const old = await runTool(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2025, startDate: '2023-01-01' });
    expect(old.yearly[0].deduction).toBe(0);
    expect(old.yearly[1].deduction).toBe(0);
    expect(old.yearly[2].deduction).toBe(roundCents((old.yearly[2].interest * 37.48) / 100));
    expect(old.interestDeduction.note).toMatch(/payments before 2025 are not estimated/);
    expect(old.interestDeduction.rates[0].fromTaxYear).toBe(2025);
  });

  it('refuses unknown years listing the available ones, and bad input', async () => {
    await expectToolError(mortgage, { loanAmount: 300000, annualRatePercent: 4, year: 2023 }, 400, /year.*2023.*2024, 2025, 2026/);
    await expectToolError(
      mortgage,
      { loanAmount: 300000, annualRatePercent: 4, year: 2027 },
      400,
      /2024, 2025, 2026 \(the 2027 maximum is not published yet\)/,
    );
    await expectToolError(mortgage, { loanAmount: 300000, annualRatePercent: 4, deductionRatePercent: 37 }, 400, /year.*required/);
    await expectToolError(mortgage, { loanAmount: 300000, annualRatePercent: 4, termYears: 41 }, 400, /termYears/);
    await expectToolError(mortgage, { loanAmount: 300000, annualRatePercent: 4, repayment: 'interest-only' }, 400, /repayment/);
    await expectToolError(mortgage, { loanAmount: 0, annualRatePercent: 4 }, 400, /loanAmount/);
  });

  it('takes the loan from homePrice minus a down payment (euros or percent), and shows property tax and insurance per month', async () => {
    const byLoan = await runTool(mortgage, { loanAmount: 200000, annualRatePercent: 3 });
    const byPrice = await runTool(mortgage, {
      homePrice: 250000,
      downPaymentPercent: 20,
      annualRatePercent: 3,
      propertyTaxPerYear: 600,
      insurancePerYear: 301,
    });
    expect(byPrice).toMatchObject({
      homePrice: 250000,
      downPayment: 50000,
      loanAmount: 200000,
      monthlyPayment: byLoan.monthlyPayment,
      totalInterest: byLoan.totalInterest,
    });
    expect(byPrice.monthlyCosts).toEqual({ propertyTax: 50, insurance: 25.08, total: 75.08, firstMonthTotal: 918.29 });
    expect(await runTool(mortgage, { homePrice: 250000, downPayment: 50000, annualRatePercent: 3 })).toMatchObject({
      loanAmount: 200000,
      downPayment: 50000,
    });
    expect(await runTool(mortgage, { homePrice: 250000, annualRatePercent: 3 })).toMatchObject({ loanAmount: 250000, downPayment: 0 });
    expect(byLoan).not.toHaveProperty('monthlyCosts');
    expect(byLoan).not.toHaveProperty('homePrice');
  });

  it('refuses an ambiguous or missing loan, naming the field', async () => {
    await expectToolError(mortgage, { annualRatePercent: 3 }, 400, /`loanAmount` is required/);
    await expectToolError(mortgage, { loanAmount: 1000, homePrice: 2000, annualRatePercent: 3 }, 400, /not both/);
    await expectToolError(mortgage, { downPayment: 10, annualRatePercent: 3 }, 400, /`homePrice` is required/);
    await expectToolError(
      mortgage,
      { homePrice: 2000, downPayment: 1, downPaymentPercent: 5, annualRatePercent: 3 },
      400,
      /`downPayment` or `downPaymentPercent`/,
    );
    await expectToolError(mortgage, { homePrice: 2000, downPaymentPercent: 100, annualRatePercent: 3 }, 400, /leaves no loan/);
  });
});

function roundCents(x: number) {
  return Math.round(x * 100) / 100;
}
