import { describe, expect, it } from 'vitest';
import ret from '../../../tools/finance/retirement-calculator.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('retirement-calculator', () => {
  for (const ex of ret.examples) it(`example: ${ex.name}`, async () => expect(await runTool(ret, ex.input)).toEqual(ex.output));

  it('the sustainable withdrawal empties the pot exactly at life expectancy (plug-back)', async () => {
    for (const inflationPercent of [0, 2, 4.5]) {
      const base = {
        currentAge: 40,
        retirementAge: 65,
        lifeExpectancy: 95,
        currentSavings: 50000,
        monthlyContribution: 800,
        annualReturnPercent: 5,
        retirementReturnPercent: 3,
        inflationPercent,
      };
      const r = await runTool(ret, base);
      const todays = r.sustainableWithdrawal.firstYearTodaysMoney;
      // Asking for exactly that income lasts to life expectancy with (almost) nothing left; one cent more runs out.
      const ok = await runTool(ret, { ...base, annualWithdrawal: todays - 0.05 });
      expect(ok.withdrawalPlan.lastsToLifeExpectancy).toBe(true);
      expect(Math.abs(ok.withdrawalPlan.balanceAtLifeExpectancy)).toBeLessThan(50); // 5 cents of today's money, grown
      const over = await runTool(ret, { ...base, annualWithdrawal: todays + 1 });
      expect(over.withdrawalPlan).toMatchObject({ lastsToLifeExpectancy: false, fullyFundedYears: 29, runsOutAtAge: 94 });
    }
  });
  it('zero return: balance = savings + contributions; withdrawals last balance / amount years', async () => {
    const r = await runTool(ret, {
      currentAge: 60,
      retirementAge: 65,
      lifeExpectancy: 85,
      currentSavings: 40000,
      monthlyContribution: 1000,
      annualReturnPercent: 0,
      annualWithdrawal: 10000,
    });
    expect(r.balanceAtRetirement).toBe(100000);
    expect(r.sustainableWithdrawal.firstYear).toBe(5000);
    expect(r.withdrawalPlan).toMatchObject({ lastsToLifeExpectancy: false, fullyFundedYears: 10, runsOutAtAge: 75 });
    expect(r.yearly).toHaveLength(5);
    expect(
      r.yearly.reduce(
        (s: number, y: { contributions: number; growth: number }) => s + toCents(y.contributions) + toCents(y.growth),
        toCents(40000),
      ),
    ).toBe(toCents(r.balanceAtRetirement));
  });
  it("today's money deflates by (1 + inflation)^years", async () => {
    const r = await runTool(ret, {
      currentAge: 45,
      retirementAge: 55,
      currentSavings: 100000,
      annualReturnPercent: 0,
      inflationPercent: 3,
    });
    expect(r.balanceAtRetirementTodaysMoney).toBe(Math.round((100000 / 1.03 ** 10) * 100) / 100);
    expect(r).not.toHaveProperty('withdrawalPlan');
  });
  it('nothing saved → zero withdrawals; refuses inconsistent ages', async () => {
    const r = await runTool(ret, { currentAge: 30, retirementAge: 31, annualReturnPercent: 5 });
    expect(r.sustainableWithdrawal.firstYear).toBe(0);
    await expectToolError(
      ret,
      { currentAge: 60, retirementAge: 60, annualReturnPercent: 5 },
      400,
      /retirementAge.*greater than.*currentAge/,
    );
    await expectToolError(ret, { currentAge: 60, retirementAge: 90, lifeExpectancy: 90, annualReturnPercent: 5 }, 400, /lifeExpectancy/);
    await expectToolError(ret, { currentAge: 30.5, retirementAge: 60, annualReturnPercent: 5 }, 400, /currentAge/);
  });
  it('longest horizon stays fast and finite', async () => {
    const r = await runTool(ret, {
      currentAge: 0,
      retirementAge: 100,
      lifeExpectancy: 120,
      currentSavings: 1e12,
      monthlyContribution: 1e12,
      contributionIncreasePercent: 50,
      annualReturnPercent: 50,
      annualWithdrawal: 1,
    });
    expect(Number.isFinite(r.balanceAtRetirement)).toBe(true);
  });
});
