import { describe, expect, it } from 'vitest';
import emi from '../../../tools/finance/emi-calculator.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('emi-calculator', () => {
  for (const ex of emi.examples) it(`example: ${ex.name}`, async () => expect(await runTool(emi, ex.input)).toEqual(ex.output));

  it('matches published EMIs (₹50 lakh, 20 y: 8.5 % → 43,391, 8 % → 41,822 — mycalcu.in)', async () => {
    const at = async (annualRatePercent: number, tenure: number) =>
      Math.round((await runTool(emi, { principal: 5000000, annualRatePercent, tenure })).emi);
    expect(await at(8.5, 20)).toBe(43391);
    // financetoolspro.com's table prints 61,903 for 10 years; the formula gives 61,993 (a typo on that page).
    expect(await at(8.5, 10)).toBe(61993);
    expect(await at(8, 20)).toBe(41822);
  });
  it('totals come from the unrounded EMI (catalogue §2); the breakup adds up to the rows actually paid', async () => {
    const r = await runTool(emi, {
      principal: 1234567.89,
      annualRatePercent: 10.35,
      tenure: 173,
      tenureUnit: 'months',
      schedule: 'monthly',
    });
    // n × P·r(1+r)^n/((1+r)^n−1), r = 10.35/1200, n = 173, in 50-digit decimals (python3 decimal): 2,381,051.41.
    expect(r.totalPayment).toBe(2381051.41);
    expect(toCents(r.totalInterest)).toBe(toCents(2381051.41) - toCents(1234567.89));
    expect(r.yearly).toHaveLength(15);
    const paid = r.yearly.reduce((s: number, y: { totalPaid: number }) => s + toCents(y.totalPaid), 0);
    expect(r.monthly.reduce((s: number, m: { emi: number }) => s + toCents(m.emi), 0)).toBe(paid);
    expect(Math.abs(paid - toCents(r.totalPayment))).toBeLessThanOrEqual(173); // each row rounded to the paisa
    expect(r.yearly.reduce((s: number, y: { principal: number }) => s + toCents(y.principal), 0)).toBe(toCents(1234567.89));
    expect(r.monthly.at(-1).balance).toBe(0);
    expect(r.monthlyTruncated).toBe(false);
  });
  it('zero rate, one month, the longest tenure', async () => {
    expect(await runTool(emi, { principal: 1000, annualRatePercent: 0, tenure: 3, tenureUnit: 'months' })).toMatchObject({
      emi: 333.33,
      lastEmi: 333.34,
      totalInterest: 0,
    });
    expect(await runTool(emi, { principal: 1000, annualRatePercent: 12, tenure: 1, tenureUnit: 'months' })).toMatchObject({
      emi: 1010,
      totalPayment: 1010,
    });
    const long = await runTool(emi, { principal: 1e7, annualRatePercent: 9, tenure: 100, schedule: 'monthly' });
    expect(long.tenureMonths).toBe(1200);
    expect(long.monthly).toHaveLength(360);
    expect(long.monthlyTruncated).toBe(true);
    expect(long.yearly).toHaveLength(100);
  });
  it('refuses bad tenures and amounts with 400 naming the field', async () => {
    await expectToolError(emi, { principal: 1000, annualRatePercent: 5, tenure: 1.3 }, 400, /tenure.*whole number of months/);
    await expectToolError(emi, { principal: 1000, annualRatePercent: 5, tenure: 101 }, 400, /tenure.*at most 1200/);
    await expectToolError(emi, { principal: 1000, annualRatePercent: 5, tenure: 0 }, 400, /tenure/);
    await expectToolError(emi, { principal: 0, annualRatePercent: 5, tenure: 1 }, 400, /principal/);
    await expectToolError(emi, { principal: 1000, annualRatePercent: 101, tenure: 1 }, 400, /annualRatePercent/);
  });
});
