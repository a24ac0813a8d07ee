import { describe, expect, it } from 'vitest';
import inv from '../../../tools/finance/investment-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('investment-calculator', () => {
  for (const ex of inv.examples) it(`example: ${ex.name}`, async () => expect(await runTool(inv, ex.input)).toEqual(ex.output));

  it('matches Excel FV for annual contributions at the start and end of the year', async () => {
    // Excel FV(7%, 10, -1000, -5000, 0) = 23,652.20; with type 1 (start of period) = 24,619.36
    const end = await runTool(inv, {
      startAmount: 5000,
      contribution: 1000,
      contributionFrequency: 'annually',
      annualReturnPercent: 7,
      years: 10,
    });
    expect(end.endAmount).toBe(23652.2);
    const start = await runTool(inv, {
      startAmount: 5000,
      contribution: 1000,
      contributionFrequency: 'annually',
      contributionTiming: 'start',
      annualReturnPercent: 7,
      years: 10,
    });
    expect(start.endAmount).toBe(24619.36);
  });
  it('solve-and-plug-back: each solved input reproduces the end amount (150 seeded plans)', async () => {
    const rng = createRng('investment-calculator-plug-back');
    for (let k = 0; k < 150; k++) {
      const plan = {
        startAmount: rng.int(0, 100000),
        contribution: rng.int(1, 5000),
        contributionFrequency: rng.pick(['monthly', 'annually'] as const),
        contributionTiming: rng.pick(['start', 'end'] as const),
        annualReturnPercent: rng.int(0, 1500) / 100,
        compounding: rng.pick(['annually', 'quarterly', 'monthly', 'daily'] as const),
        years: rng.int(1, 40),
      };
      const label = JSON.stringify(plan);
      const fwd = await runTool(inv, plan);
      const target = fwd.endAmount;
      const rate = await runTool(inv, { ...plan, solveFor: 'returnRate', annualReturnPercent: undefined, targetAmount: target });
      expect(Math.abs(rate.endAmount - target), label).toBeLessThanOrEqual(0.01);
      const years = await runTool(inv, { ...plan, solveFor: 'years', years: undefined, targetAmount: target });
      expect(years.years, label).toBeLessThanOrEqual(plan.years);
      expect(toCents(years.endAmount)).toBeGreaterThanOrEqual(toCents(target));
      const c = await runTool(inv, { ...plan, solveFor: 'contribution', targetAmount: target });
      expect(Math.abs(c.contribution - plan.contribution), label).toBeLessThanOrEqual(0.01);
      if (plan.startAmount > 0) {
        const s = await runTool(inv, { ...plan, solveFor: 'startAmount', targetAmount: target });
        expect(Math.abs(s.startAmount - plan.startAmount), label).toBeLessThanOrEqual(0.01);
      }
    }
  });
  it('years: exact fraction from NPER and whole periods', async () => {
    // $10,000 at 6 % compounded annually, no contributions, to $20,000: ln 2 / ln 1.06 = 11.8957 years
    const r = await runTool(inv, {
      solveFor: 'years',
      startAmount: 10000,
      contributionFrequency: 'annually',
      annualReturnPercent: 6,
      targetAmount: 20000,
    });
    expect(r).toMatchObject({ years: 12, yearsExact: 11.8957, achievable: true });
  });
  it('valid but unreachable → 200 with achievable false; already met → 0 with a note', async () => {
    const never = await runTool(inv, { solveFor: 'years', startAmount: 100, annualReturnPercent: 0, targetAmount: 200 });
    expect(never).toMatchObject({ achievable: false, endAmount: null });
    const huge = await runTool(inv, { solveFor: 'returnRate', startAmount: 1, years: 1, targetAmount: 1e9 });
    expect(huge).toMatchObject({ achievable: false, annualReturnPercent: null });
    const met = await runTool(inv, {
      solveFor: 'contribution',
      startAmount: 100000,
      annualReturnPercent: 5,
      years: 10,
      targetAmount: 1000,
    });
    expect(met).toMatchObject({ achievable: true, contribution: 0 });
    expect(met.note).toMatch(/starting amount alone/);
  });
  it('zero rate and one period', async () => {
    expect((await runTool(inv, { startAmount: 100, contribution: 10, annualReturnPercent: 0, years: 1 })).endAmount).toBe(220);
    expect((await runTool(inv, { startAmount: 100, contributionFrequency: 'annually', annualReturnPercent: 10, years: 1 })).endAmount).toBe(
      110,
    );
  });
  it('refuses missing inputs naming the field', async () => {
    await expectToolError(inv, { startAmount: 100, years: 1 }, 400, /annualReturnPercent.*required/);
    await expectToolError(inv, { startAmount: 100, annualReturnPercent: 5 }, 400, /years.*required/);
    await expectToolError(inv, { solveFor: 'contribution', annualReturnPercent: 5, years: 5 }, 400, /targetAmount.*required/);
    await expectToolError(inv, { solveFor: 'returnRate', years: 5, targetAmount: 10 }, 400, /startAmount.*greater than 0/);
    await expectToolError(inv, { annualReturnPercent: 5, years: 1.5, contributionFrequency: 'annually' }, 400, /years.*whole number/);
    await expectToolError(inv, { annualReturnPercent: 5, years: 101 }, 400, /years/);
  });
});
