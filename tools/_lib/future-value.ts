/**
 * THE future-value engine: a starting amount plus a regular contribution growing
 * at a compound rate, and the solver for whichever of its inputs is unknown.
 * Used by investment-calculator, savings-calculator, retirement-calculator and
 * sip-calculator. (compound-interest-calculator keeps its own model: it accrues
 * simple interest inside a compounding period and credits it at the period end,
 * which differs from the effective-rate model below for quarterly and yearly
 * compounding, so it is not routed through this engine; its answers stay as they are.)
 *
 * Model (the standard one, e.g. Excel FV/PMT/RATE/NPER, calculator.net investment):
 * - Periods are contribution periods (`contributionsPerYear` a year). The rate is a
 *   nominal annual rate compounded `compoundsPerYear` times a year; when the two
 *   frequencies differ the per-contribution-period rate is the equivalent effective
 *   rate i = (1 + r/m)^(m/p) − 1 (catalogue §2: "use an effective per-contribution
 *   rate"). m = p gives i = r/p exactly.
 * - Each period: a contribution at its start (annuity due) or end (ordinary annuity),
 *   and interest on the balance: balance·(1+i).
 * - Optional annual increase g of the contribution: in year k (0-based) each
 *   contribution is C·(1+g)^k (a "step-up").
 * - Closed form without increase: FV = PV·(1+i)^n + C·((1+i)^n − 1)/i·(1+i)^[due].
 *
 * Arithmetic: the reported schedule is computed in decimal.js (40 digits), never
 * rounded inside; the yearly table reports cumulative values rounded half-up to
 * cents and takes each year's figures as differences, so the rows add up to the
 * totals exactly. Solvers: start amount and contribution are linear in the target
 * and solved exactly; the rate is found by bisection on a bracketed, bounded
 * interval (−99 % … 1000 % a year) in double precision; periods by stepping
 * forward (then confirmed in decimal arithmetic) and, without an increase, also
 * by the NPER formula n = ln((FV·i + C′)/(PV·i + C′)) / ln(1+i), C′ = C·(1+i)^[due].
 */
import { loadDecimal } from './annuity.js';

export type Timing = 'start' | 'end';

export interface FvPlan {
  startAmount: number;
  /** Per contribution period; negative = a withdrawal. */
  contribution: number;
  annualRatePercent: number;
  compoundsPerYear: number;
  contributionsPerYear: number;
  /** Whole contribution periods (≥ 0). */
  periods: number;
  timing: Timing;
  /** Annual increase of the contribution in percent (default 0). */
  contributionIncreasePercent?: number;
}

export interface FvYear {
  year: number;
  contributions: number;
  interest: number;
  balance: number;
}

export interface FvProjection {
  startAmount: number;
  endBalance: number;
  totalContributions: number;
  totalInterest: number;
  /** The per-period rate used, as a percentage (unrounded double). */
  periodicRatePercent: number;
  yearly: FvYear[];
}

/** Lowest and highest annual rate the rate solver searches, in percent. */
export const RATE_BRACKET = [-99, 1000] as const;

const pct = (x: number) => x / 100;

/** Per-contribution-period rate as a double: (1 + r/m)^(m/p) − 1. */
export function periodicRate(annualRatePercent: number, compoundsPerYear: number, contributionsPerYear: number): number {
  const r = pct(annualRatePercent);
  if (compoundsPerYear === contributionsPerYear) return r / contributionsPerYear;
  return Math.expm1((compoundsPerYear / contributionsPerYear) * Math.log1p(r / compoundsPerYear));
}

/** Future value in double precision (used by the solvers; the reported figures come from `project`). */
export function futureValueFloat(plan: FvPlan): number {
  const i = periodicRate(plan.annualRatePercent, plan.compoundsPerYear, plan.contributionsPerYear);
  const n = plan.periods;
  const g = pct(plan.contributionIncreasePercent ?? 0);
  if (g === 0) {
    const growth = Math.exp(n * Math.log1p(i));
    const annuity = i === 0 ? n : (Math.expm1(n * Math.log1p(i)) / i) * (plan.timing === 'start' ? 1 + i : 1);
    return plan.startAmount * growth + plan.contribution * annuity;
  }
  let balance = plan.startAmount;
  let c = plan.contribution;
  for (let k = 1; k <= n; k++) {
    if (plan.timing === 'start') balance += c;
    balance *= 1 + i;
    if (plan.timing === 'end') balance += c;
    if (k % plan.contributionsPerYear === 0) c *= 1 + g;
  }
  return balance;
}

/** The schedule, in decimal arithmetic, with a yearly table that adds up to the cent. */
export async function project(plan: FvPlan): Promise<FvProjection> {
  const Decimal = await loadDecimal();
  const r = new Decimal(plan.annualRatePercent).div(100);
  const m = plan.compoundsPerYear;
  const p = plan.contributionsPerYear;
  const i = m === p ? r.div(p) : r.div(m).plus(1).pow(new Decimal(m).div(p)).minus(1);
  const factor = i.plus(1);
  const step = new Decimal(plan.contributionIncreasePercent ?? 0).div(100).plus(1);
  const toCents = (d: InstanceType<typeof Decimal>) => d.times(100).toDecimalPlaces(0).toNumber() + 0;

  let balance = new Decimal(plan.startAmount);
  let contributed = new Decimal(0);
  let c = new Decimal(plan.contribution);
  const startCents = toCents(balance);
  let prevBalance = startCents;
  let prevContributed = 0;
  const yearly: FvYear[] = [];
  for (let k = 1; k <= plan.periods; k++) {
    if (plan.timing === 'start') balance = balance.plus(c);
    balance = balance.times(factor);
    if (plan.timing === 'end') balance = balance.plus(c);
    contributed = contributed.plus(c);
    if (k % p === 0 || k === plan.periods) {
      const b = toCents(balance);
      const cc = toCents(contributed);
      yearly.push({
        year: Math.ceil(k / p),
        contributions: (cc - prevContributed) / 100 + 0,
        interest: (b - prevBalance - (cc - prevContributed)) / 100 + 0,
        balance: b / 100 + 0,
      });
      prevBalance = b;
      prevContributed = cc;
    }
    if (k % p === 0) c = c.times(step);
  }
  return {
    startAmount: startCents / 100,
    endBalance: prevBalance / 100 + 0,
    totalContributions: prevContributed / 100 + 0,
    totalInterest: (prevBalance - startCents - prevContributed) / 100 + 0,
    periodicRatePercent: i.times(100).toNumber(),
    yearly,
  };
}

/** Growth factor (1+i)^n and the future value of the contributions alone, in decimal arithmetic, unrounded. */
async function linearParts(plan: FvPlan) {
  const Decimal = await loadDecimal();
  const r = new Decimal(plan.annualRatePercent).div(100);
  const m = plan.compoundsPerYear;
  const p = plan.contributionsPerYear;
  const i = m === p ? r.div(p) : r.div(m).plus(1).pow(new Decimal(m).div(p)).minus(1);
  const factor = i.plus(1);
  const step = new Decimal(plan.contributionIncreasePercent ?? 0).div(100).plus(1);
  let growth = new Decimal(1);
  let perUnit = new Decimal(0); // FV of a contribution of 1 (growing by the step-up)
  let c = new Decimal(1);
  for (let k = 1; k <= plan.periods; k++) {
    if (plan.timing === 'start') perUnit = perUnit.plus(c);
    perUnit = perUnit.times(factor);
    growth = growth.times(factor);
    if (plan.timing === 'end') perUnit = perUnit.plus(c);
    if (k % p === 0) c = c.times(step);
  }
  return { Decimal, growth, perUnit };
}

export interface LinearSolution {
  /** The solved amount, rounded half-up to cents (0 when the others already reach the target). */
  value: number;
  /** Unrounded solution (may be negative). */
  exact: number;
  /** True when the other inputs alone already reach (or pass) the target, so the solved amount is ≤ 0. */
  targetMetWithoutIt: boolean;
}

/** Start amount that reaches `target` after the plan's periods: PV = (FV − C·A)/(1+i)^n. */
export async function solveStartAmount(plan: Omit<FvPlan, 'startAmount'>, target: number): Promise<LinearSolution> {
  const { Decimal, growth, perUnit } = await linearParts({ ...plan, startAmount: 0 });
  const exact = new Decimal(target).minus(perUnit.times(plan.contribution)).div(growth);
  return linear(exact);
}

/** Contribution per period that reaches `target`: C = (FV − PV·(1+i)^n)/A. Needs periods ≥ 1. */
export async function solveContribution(plan: Omit<FvPlan, 'contribution'>, target: number): Promise<LinearSolution> {
  if (plan.periods < 1) throw new RangeError('solveContribution needs at least one period');
  const { Decimal, growth, perUnit } = await linearParts({ ...plan, contribution: 0 });
  const exact = new Decimal(target).minus(growth.times(plan.startAmount)).div(perUnit);
  return linear(exact);
}

function linear(exact: InstanceType<Awaited<ReturnType<typeof loadDecimal>>>): LinearSolution {
  const value = exact.times(100).toDecimalPlaces(0).toNumber() / 100 + 0;
  return { value: value > 0 ? value : 0, exact: exact.toNumber(), targetMetWithoutIt: !(value > 0) };
}

export interface RateSolution {
  /** Annual nominal rate in percent (compounded compoundsPerYear times a year), or null when no rate in the bracket reaches the target. */
  annualRatePercent: number | null;
  achievable: boolean;
  /** Why not, when not achievable. */
  reason?: 'target-below-lowest-rate' | 'target-above-highest-rate';
}

/**
 * Annual rate that turns the plan into `target`. Requires startAmount ≥ 0 and
 * contribution ≥ 0 (not both 0): the future value then rises with the rate, so
 * bisection on the bracket RATE_BRACKET converges to the unique root.
 */
export function solveRate(plan: Omit<FvPlan, 'annualRatePercent'>, target: number): RateSolution {
  const f = (rate: number) => futureValueFloat({ ...plan, annualRatePercent: rate }) - target;
  const lo = RATE_BRACKET[0];
  let hi = RATE_BRACKET[1];
  const flo = f(lo);
  const fhi = f(hi);
  if (flo > 0) return { annualRatePercent: null, achievable: false, reason: 'target-below-lowest-rate' };
  if (fhi < 0 || !Number.isFinite(fhi)) {
    if (!Number.isFinite(fhi)) {
      // Overflow at the top of the bracket: shrink it until finite.
      while (hi > 1 && !Number.isFinite(f(hi))) hi /= 2;
      if (f(hi) >= 0) return bisect(f, lo, hi);
    }
    return { annualRatePercent: null, achievable: false, reason: 'target-above-highest-rate' };
  }
  return bisect(f, lo, hi);
}

function bisect(f: (x: number) => number, lo: number, hi: number): RateSolution {
  for (let k = 0; k < 200 && hi - lo > 1e-13 * Math.max(1, Math.abs(lo)); k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return { annualRatePercent: (lo + hi) / 2, achievable: true };
}

export interface PeriodsSolution {
  /** Whole periods until the balance reaches the target (rounded to cents), or null if not within maxPeriods. */
  periods: number | null;
  /** Without a contribution increase: the NPER formula's fractional answer, when it exists. */
  periodsExact: number | null;
  achievable: boolean;
}

/**
 * How many whole periods until the balance first reaches `target` (direction
 * `up`, the default: 0 when the start amount already reaches it) or falls to it
 * (`down`, e.g. target 0 with withdrawals: "when is the money gone").
 */
export async function solvePeriods(
  plan: Omit<FvPlan, 'periods'>,
  target: number,
  maxPeriods: number,
  direction: 'up' | 'down' = 'up',
): Promise<PeriodsSolution> {
  const rising = direction === 'up';
  const i = periodicRate(plan.annualRatePercent, plan.compoundsPerYear, plan.contributionsPerYear);
  const g = pct(plan.contributionIncreasePercent ?? 0);
  const reached = (b: number) => (rising ? b >= target : b <= target);
  let k = 0;
  if (!reached(plan.startAmount)) {
    let balance = plan.startAmount;
    let c = plan.contribution;
    while (k < maxPeriods) {
      k++;
      if (plan.timing === 'start') balance += c;
      balance *= 1 + i;
      if (plan.timing === 'end') balance += c;
      if (k % plan.contributionsPerYear === 0) c *= 1 + g;
      if (reached(balance)) break;
    }
    if (!reached(balance)) k = -1;
  }
  let periods: number | null = k < 0 ? null : k;
  // Confirm in decimal arithmetic on cents (double rounding could shift an exact hit by one period).
  if (periods !== null && periods > 0) {
    const targetCents = Math.round(target * 100);
    const hit = async (n: number) => {
      const c = Math.round((await project({ ...plan, periods: n })).endBalance * 100);
      return rising ? c >= targetCents : c <= targetCents;
    };
    if (!(await hit(periods)) && periods < maxPeriods) periods++;
    else if (periods > 1 && (await hit(periods - 1))) periods--;
  }
  let periodsExact: number | null = null;
  if (g === 0) {
    const due = plan.timing === 'start' ? 1 + i : 1;
    if (i === 0) periodsExact = plan.contribution !== 0 ? (target - plan.startAmount) / plan.contribution : null;
    else {
      const cPrime = plan.contribution * due;
      const ratio = (target * i + cPrime) / (plan.startAmount * i + cPrime);
      periodsExact = ratio > 0 ? Math.log(ratio) / Math.log1p(i) : null;
    }
    if (periodsExact !== null && !(periodsExact >= 0 && Number.isFinite(periodsExact))) periodsExact = null;
  }
  return { periods, periodsExact, achievable: periods !== null };
}
