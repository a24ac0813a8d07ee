/** Property tests of the shared future-value engine (tools/_lib/future-value.ts). */
import { describe, expect, it } from 'vitest';
import {
  futureValueFloat,
  project,
  solveContribution,
  solvePeriods,
  solveRate,
  solveStartAmount,
  type FvPlan,
} from '../../../tools/_lib/future-value.js';
import { createRng, type Rng } from '../../../tools/_lib/rng.js';

const c = (x: number) => Math.round(x * 100);

function randomPlan(rng: Rng): FvPlan {
  const contributionsPerYear = rng.pick([1, 4, 12, 26, 52]);
  return {
    startAmount: rng.chance(0.2) ? 0 : rng.int(0, 1e8) / 100,
    contribution: rng.int(1, 500000) / 100,
    annualRatePercent: rng.chance(0.1) ? 0 : rng.int(1, 2000) / 100,
    compoundsPerYear: rng.pick([1, 2, 4, 12, 365]),
    contributionsPerYear,
    periods: rng.int(1, 40 * contributionsPerYear),
    timing: rng.pick(['start', 'end'] as const),
    contributionIncreasePercent: rng.chance(0.3) ? rng.int(1, 1500) / 100 : 0,
  };
}

describe('future-value engine: published checks', () => {
  it('calculator.net investment default (via a clone): $20,000 + $1,000/month at end, 6 % compounded annually, 10 y → $198,290.40', async () => {
    const r = await project({
      startAmount: 20000,
      contribution: 1000,
      annualRatePercent: 6,
      compoundsPerYear: 1,
      contributionsPerYear: 12,
      periods: 120,
      timing: 'end',
    });
    expect(r).toMatchObject({ endBalance: 198290.4, totalContributions: 120000, totalInterest: 58290.4 });
  });
  it('SIP ₹1,000 × 12 at 12 %: 12,809 (nominal/12, annuity due) and 12,766 (effective monthly rate)', async () => {
    const base = {
      startAmount: 0,
      contribution: 1000,
      annualRatePercent: 12,
      contributionsPerYear: 12,
      periods: 12,
      timing: 'start' as const,
    };
    expect(Math.round((await project({ ...base, compoundsPerYear: 12 })).endBalance)).toBe(12809);
    expect(Math.round((await project({ ...base, compoundsPerYear: 1 })).endBalance)).toBe(12767); // 12,766.50 ("≈ 12,766")
  });
  it('Excel PMT(6%/12, 216, 0, 50000) = 129.08', async () => {
    const s = await solveContribution(
      { startAmount: 0, annualRatePercent: 6, compoundsPerYear: 12, contributionsPerYear: 12, periods: 216, timing: 'end' },
      50000,
    );
    expect(s.value).toBe(129.08);
  });
});

describe('future-value engine: properties (seeded)', () => {
  it('yearly rows add up to the totals to the cent and agree with the closed form (300 cases)', async () => {
    const rng = createRng('fv-engine-sums');
    for (let k = 0; k < 300; k++) {
      const plan = randomPlan(rng);
      const r = await project(plan);
      const label = JSON.stringify(plan);
      const sumC = r.yearly.reduce((s, y) => s + c(y.contributions), 0);
      const sumI = r.yearly.reduce((s, y) => s + c(y.interest), 0);
      expect(sumC, label).toBe(c(r.totalContributions));
      expect(sumI, label).toBe(c(r.totalInterest));
      expect(c(r.startAmount) + sumC + sumI, label).toBe(c(r.endBalance));
      expect(r.yearly.at(-1)!.balance).toBe(r.endBalance);
      expect(Math.abs(futureValueFloat(plan) - r.endBalance), label).toBeLessThan(Math.max(0.01, r.endBalance * 1e-9));
    }
  });
  it('solving for the start amount or the contribution and plugging it back reproduces the target (300 cases)', async () => {
    const rng = createRng('fv-engine-linear');
    for (let k = 0; k < 300; k++) {
      const plan = randomPlan(rng);
      const target = (await project(plan)).endBalance;
      const label = JSON.stringify(plan);
      const pv = await solveStartAmount(plan, target);
      expect(Math.abs(pv.exact - plan.startAmount), label).toBeLessThan(0.01);
      expect(c((await project({ ...plan, startAmount: pv.exact })).endBalance) - c(target)).toBeLessThanOrEqual(1);
      const pmt = await solveContribution(plan, target);
      expect(Math.abs(pmt.exact - plan.contribution), label).toBeLessThan(0.01);
      expect(Math.abs(c((await project({ ...plan, contribution: pmt.exact })).endBalance) - c(target)), label).toBeLessThanOrEqual(1);
    }
  });
  it('solving for the rate and plugging it back reproduces the target (300 cases)', async () => {
    const rng = createRng('fv-engine-rate');
    for (let k = 0; k < 300; k++) {
      const plan = randomPlan(rng);
      const target = futureValueFloat(plan);
      const s = solveRate(plan, target);
      const label = JSON.stringify(plan);
      expect(s.achievable, label).toBe(true);
      const back = futureValueFloat({ ...plan, annualRatePercent: s.annualRatePercent! });
      expect(Math.abs(back - target) / Math.max(1, target), label).toBeLessThan(1e-9);
    }
  });
  it('solving for the periods: the balance reaches the target at that period and not one earlier (200 cases)', async () => {
    const rng = createRng('fv-engine-periods');
    for (let k = 0; k < 200; k++) {
      const plan = randomPlan(rng);
      const target = c((await project(plan)).endBalance) / 100;
      const s = await solvePeriods(plan, target, 100 * plan.contributionsPerYear);
      const label = JSON.stringify({ plan, target });
      expect(s.achievable, label).toBe(true);
      expect(c((await project({ ...plan, periods: s.periods! })).endBalance), label).toBeGreaterThanOrEqual(c(target));
      if (s.periods! > 0) expect(c((await project({ ...plan, periods: s.periods! - 1 })).endBalance), label).toBeLessThan(c(target));
      expect(s.periods, label).toBeLessThanOrEqual(plan.periods);
      if (!plan.contributionIncreasePercent && s.periodsExact !== null)
        expect(Math.abs(s.periodsExact - plan.periods), label).toBeLessThan(1.0001);
    }
  });
});

describe('future-value engine: edges', () => {
  it('zero rate, zero periods, unreachable rates and depletion', async () => {
    const base = {
      startAmount: 100,
      contribution: 10,
      annualRatePercent: 0,
      compoundsPerYear: 12,
      contributionsPerYear: 12,
      periods: 0,
      timing: 'end' as const,
    };
    expect((await project(base)).endBalance).toBe(100);
    expect((await project({ ...base, periods: 5 })).endBalance).toBe(150);
    expect(solveRate({ ...base, periods: 12 }, 1e15)).toMatchObject({ achievable: false, reason: 'target-above-highest-rate' });
    expect(solveRate({ ...base, periods: 12 }, 5)).toMatchObject({ achievable: false, reason: 'target-below-lowest-rate' });
    expect(await solveContribution({ ...base, periods: 12 }, 50)).toMatchObject({ value: 0, targetMetWithoutIt: true });
    const gone = await solvePeriods({ ...base, startAmount: 1000, contribution: -100, annualRatePercent: 0 }, 0, 1200, 'down');
    expect(await solvePeriods({ ...base, startAmount: 1000 }, 500, 1200)).toMatchObject({ periods: 0, achievable: true });
    expect(gone).toMatchObject({ periods: 10, periodsExact: 10, achievable: true });
    expect(await solvePeriods({ ...base, contribution: 0 }, 1000, 1200)).toMatchObject({ periods: null, achievable: false });
  });
});
