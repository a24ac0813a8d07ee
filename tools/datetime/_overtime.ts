/**
 * The overtime engine shared by overtime-calculator and timesheet-calculator: splits hours into
 * regular, overtime (× 1.5 by default) and double time, then prices them. Exact decimal arithmetic
 * (decimal.js); each pay line is rounded half-up to cents once, at the end, and the total is the sum
 * of the rounded lines (so the lines always add up to the total).
 *
 * Rules:
 * - US FLSA (29 U.S.C. § 207(a)(1), 29 CFR 778.107): hours over 40 in a workweek at ≥ 1.5 × the regular rate.
 * - California Labor Code § 510(a): over 8 h in a workday and over 40 h in a workweek at 1.5 ×; over 12 h in a
 *   workday at 2 ×; on the seventh consecutive day worked in the workweek the first 8 h at 1.5 × and the rest
 *   at 2 ×. Weekly overtime counts only hours not already paid as daily overtime (no pyramiding, § 510(a):
 *   "Nothing in this section requires an employer to combine more than one rate"), taken from the last days.
 * - The Netherlands: no statutory overtime premium (it is set by the CAO); use custom thresholds/multipliers.
 */
import { Decimal } from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export interface OvertimeRules {
  /** Hours per workweek after which hours are overtime (null: no weekly rule). */
  weeklyThreshold: number | null;
  /** Hours per day after which hours are overtime (null: no daily rule). */
  dailyThreshold: number | null;
  /** Hours per day after which hours are double time (null: none). */
  doubleTimeAfterDaily: number | null;
  /** California's seventh-consecutive-day rule (needs 7 days, all worked). */
  seventhDay: boolean;
}

export interface DaySplit {
  hours: number;
  regular: number;
  overtime: number;
  doubleTime: number;
}

export interface Split {
  regular: number;
  overtime: number;
  doubleTime: number;
  days: DaySplit[];
}

const num = (d: Dec) => d.toNumber();

/** Split `daily` hours (workweek order) or a weekly total (`daily` = null). */
export function splitHours(daily: number[] | null, weeklyTotal: number, rules: OvertimeRules): Split {
  if (daily === null) {
    const total = new D(String(weeklyTotal));
    const thr = rules.weeklyThreshold === null ? total : D.min(total, new D(String(rules.weeklyThreshold)));
    return { regular: num(thr), overtime: num(total.minus(thr)), doubleTime: 0, days: [] };
  }
  const seventh = rules.seventhDay && daily.length === 7 && daily.every((h) => h > 0);
  const rows = daily.map((h, i) => {
    const hours = new D(String(h));
    let regular: Dec, overtime: Dec, doubleTime: Dec;
    if (seventh && i === 6) {
      regular = new D(0);
      overtime = D.min(hours, 8);
      doubleTime = hours.minus(overtime);
    } else {
      regular = rules.dailyThreshold === null ? hours : D.min(hours, new D(String(rules.dailyThreshold)));
      doubleTime = rules.doubleTimeAfterDaily === null ? new D(0) : D.max(0, hours.minus(new D(String(rules.doubleTimeAfterDaily))));
      if (regular.plus(doubleTime).gt(hours)) regular = hours.minus(doubleTime); // double-time threshold below the daily one
      overtime = hours.minus(regular).minus(doubleTime);
    }
    return { hours, regular, overtime, doubleTime };
  });
  if (rules.weeklyThreshold !== null) {
    let excess = rows.reduce((s, r) => s.plus(r.regular), new D(0)).minus(new D(String(rules.weeklyThreshold)));
    for (let i = rows.length - 1; i >= 0 && excess.gt(0); i--) {
      const move = D.min(excess, rows[i].regular);
      rows[i].regular = rows[i].regular.minus(move);
      rows[i].overtime = rows[i].overtime.plus(move);
      excess = excess.minus(move);
    }
  }
  const sum = (k: 'regular' | 'overtime' | 'doubleTime') => num(rows.reduce((s, r) => s.plus(r[k]), new D(0)));
  return {
    regular: sum('regular'),
    overtime: sum('overtime'),
    doubleTime: sum('doubleTime'),
    days: rows.map((r) => ({ hours: num(r.hours), regular: num(r.regular), overtime: num(r.overtime), doubleTime: num(r.doubleTime) })),
  };
}

export interface Pay {
  regularRate: number;
  overtimeRate: number;
  doubleTimeRate: number;
  regularPay: number;
  overtimePay: number;
  doubleTimePay: number;
  totalPay: number;
}

/**
 * Price a split: rates unrounded, each pay line rounded half-up to cents, total = sum of the lines.
 * Hours may be decimal strings (exact minutes / 60 from the timesheet).
 */
export function pay(
  split: Record<'regular' | 'overtime' | 'doubleTime', number | string>,
  hourlyRate: number,
  overtimeMultiplier: number,
  doubleTimeMultiplier: number,
): Pay {
  const rate = new D(String(hourlyRate));
  const otRate = rate.times(String(overtimeMultiplier));
  const dtRate = rate.times(String(doubleTimeMultiplier));
  const cents = (hours: number | string, r: Dec) => new D(String(hours)).times(r).toDecimalPlaces(2, D.ROUND_HALF_UP);
  const [a, b, c] = [cents(split.regular, rate), cents(split.overtime, otRate), cents(split.doubleTime, dtRate)];
  return {
    regularRate: num(rate),
    overtimeRate: num(otRate),
    doubleTimeRate: num(dtRate),
    regularPay: num(a),
    overtimePay: num(b),
    doubleTimePay: num(c),
    totalPay: num(a.plus(b).plus(c)),
  };
}
