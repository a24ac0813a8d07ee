import { describe, expect, it } from 'vitest';
import savings from '../../../tools/finance/savings-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { toCents } from '../../../tools/_lib/money.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('savings-calculator', () => {
  for (const ex of savings.examples) it(`example: ${ex.name}`, async () => expect(await runTool(savings, ex.input)).toEqual(ex.output));

  it('agrees with the closed form (monthly compounding, deposits at the end and at the start)', async () => {
    const i = 0.05 / 12;
    const g = (1 + i) ** 120;
    const end = await runTool(savings, { initialDeposit: 1000, monthlyDeposit: 100, annualRatePercent: 5, years: 10 });
    expect(end.futureValue).toBe(Math.round((1000 * g + (100 * (g - 1)) / i) * 100) / 100);
    const start = await runTool(savings, {
      initialDeposit: 1000,
      monthlyDeposit: 100,
      annualRatePercent: 5,
      years: 10,
      depositTiming: 'start',
    });
    expect(start.futureValue).toBe(Math.round((1000 * g + ((100 * (g - 1)) / i) * (1 + i)) * 100) / 100);
  });
  it('quarterly and daily compounding use the equivalent monthly rate', async () => {
    const q = await runTool(savings, { initialDeposit: 1000, annualRatePercent: 4, years: 1, compounding: 'quarterly' });
    expect(q.futureValue).toBe(Math.round(1000 * 1.01 ** 4 * 100) / 100);
    const d = await runTool(savings, { initialDeposit: 1000, annualRatePercent: 4, years: 1, compounding: 'daily' });
    expect(d.futureValue).toBe(Math.round(1000 * (1 + 0.04 / 365) ** 365 * 100) / 100);
  });
  it('plug-back: the solved deposit and time reproduce the goal (100 seeded cases)', async () => {
    const rng = createRng('savings-plug-back');
    for (let k = 0; k < 100; k++) {
      const plan = { initialDeposit: rng.int(0, 20000), annualRatePercent: rng.int(0, 800) / 100, years: rng.int(1, 40) };
      const goal = plan.initialDeposit + rng.int(1000, 500000);
      const dep = await runTool(savings, { ...plan, solveFor: 'monthlyDeposit', goal });
      if (dep.requiredMonthlyDeposit === 0) {
        expect(dep.futureValue).toBeGreaterThanOrEqual(goal);
        continue;
      }
      // A deposit rounded to cents misses by at most ½ cent per month, grown by interest.
      expect(Math.abs(dep.futureValue - goal), JSON.stringify(plan)).toBeLessThanOrEqual(
        0.005 * dep.months * (1 + plan.annualRatePercent / 1200) ** dep.months + 0.01,
      );
      const time = await runTool(savings, {
        ...plan,
        years: undefined,
        monthlyDeposit: dep.requiredMonthlyDeposit + 0.01,
        solveFor: 'timeToGoal',
        goal,
      });
      expect(time.monthsToGoal).toBeLessThanOrEqual(dep.months);
      expect(toCents(time.futureValue)).toBeGreaterThanOrEqual(toCents(goal));
    }
  });
  it('goal already met, unreachable goal, zero rate', async () => {
    const met = await runTool(savings, { solveFor: 'monthlyDeposit', initialDeposit: 10000, annualRatePercent: 2, years: 5, goal: 5000 });
    expect(met).toMatchObject({ requiredMonthlyDeposit: 0, note: 'The initial deposit alone reaches the goal.' });
    const now = await runTool(savings, { solveFor: 'timeToGoal', initialDeposit: 10000, annualRatePercent: 2, goal: 5000 });
    expect(now.monthsToGoal).toBe(0);
    const never = await runTool(savings, { solveFor: 'timeToGoal', initialDeposit: 100, annualRatePercent: 0, goal: 5000 });
    expect(never).toMatchObject({ achievable: false, monthsToGoal: null });
    const zero = await runTool(savings, { solveFor: 'monthlyDeposit', annualRatePercent: 0, years: 2, goal: 2400 });
    expect(zero.requiredMonthlyDeposit).toBe(100);
  });
  it('refuses missing or malformed inputs', async () => {
    await expectToolError(savings, { annualRatePercent: 2 }, 400, /years.*required/);
    await expectToolError(savings, { solveFor: 'timeToGoal', annualRatePercent: 2 }, 400, /goal.*required/);
    await expectToolError(savings, { annualRatePercent: 2, years: 1.01 }, 400, /years.*whole number of months/);
    await expectToolError(savings, { annualRatePercent: -1, years: 1 }, 400, /annualRatePercent/);
  });
});
