/**
 * THE annuity engine: one implementation of loan repayment for every tool that
 * amortises a debt (loan-calculator, emi-calculator, mortgage-calculator,
 * debt-payoff-calculator).
 *
 * Conventions (catalogue §0.1, §0.5):
 * - Interest per period = nominal annual rate / periodsPerYear (bank convention;
 *   12 periods a year unless a tool says otherwise).
 * - Money is held as integer cents; every multiplication by a rate is done in
 *   decimal.js (40 significant digits) and rounded once, half away from zero,
 *   to a whole cent (Decimal.ROUND_HALF_UP is "half away from zero").
 * - Each row is rounded to cents; the rounding remainder goes into the LAST row
 *   (its principal is whatever balance is left), so the balance ends at exactly
 *   0.00 and the rows add up to the totals to the cent.
 *
 * Repayment kinds:
 * - annuity (PMT): payment = P·r / (1 − (1+r)^−n), rounded to cents (r = 0 → P/n);
 *   each row: interest = round(balance·r), principal = payment − interest.
 *   Source: the annuity formula (e.g. Excel PMT; Wikipedia "Amortization calculator").
 * - linear (equal principal, Dutch "lineaire lening"): principal = round(P/n) each
 *   row, interest = round(balance·r) on the falling balance.
 * - interest-only (bullet, "aflossingsvrij"): interest = round(P·r) each row, the
 *   whole principal is repaid with the last row.
 *
 * decimal.js is loaded on first use (tools/_lib/lazy.ts), so the engine's
 * functions are async.
 */
import type DecimalNs from 'decimal.js';
import { decimalLoader } from './decimal.js';

export const REPAYMENTS = ['annuity', 'linear', 'interest-only'] as const;
export type Repayment = (typeof REPAYMENTS)[number];

type DecimalCtor = typeof DecimalNs.Decimal;
type Dec = InstanceType<DecimalCtor>;

/** decimal.js with 40 significant digits and half-away-from-zero rounding, loaded once. */
export const loadDecimal = decimalLoader({ precision: 40, rounding: 'half-up' });

export interface AmortizeInput {
  /** Amount borrowed, in currency units (> 0). */
  principal: number;
  /** Nominal annual rate in percent (≥ 0). */
  annualRatePercent: number;
  /** Number of payments (integer ≥ 1). */
  periods: number;
  /** Payments per year (default 12). */
  periodsPerYear?: number;
  repayment?: Repayment;
}

export interface AmortizeRow {
  period: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

export interface YearRow {
  year: number;
  payment: number;
  principal: number;
  interest: number;
  /** Balance at the end of that year. */
  balance: number;
}

export interface Amortization {
  repayment: Repayment;
  periods: number;
  periodsPerYear: number;
  /** The contractual payment: annuity = the rounded PMT; linear = the first (largest) payment; interest-only = the regular interest payment. */
  payment: number;
  firstPayment: number;
  lastPayment: number;
  totalPaid: number;
  totalInterest: number;
  /** Every row, period 1…n (callers truncate what they return). */
  rows: AmortizeRow[];
  /** Rows grouped per year of periodsPerYear payments (the last year may be partial). */
  yearly: YearRow[];
}

const cents = (c: number) => c / 100 + 0;

/**
 * round(balanceCents × annualRatePercent / (100 × periodsPerYear)), half away from zero, computed EXACTLY:
 * the rate is taken as the fraction its decimal digits spell (19.99 → 1999/100) and the division is done in
 * BigInt, so an exact half cent (1 % a year on 6.00: 0.5 cent) always rounds up, and it is fast (no decimal
 * objects per row).
 */
export function interestRounder(Decimal: DecimalCtor, annualRatePercent: number, periodsPerYear: number): (balanceCents: number) => number {
  const [n, d] = new Decimal(annualRatePercent).toFraction();
  const num = BigInt(n.toFixed());
  const den = BigInt(d.toFixed()) * BigInt(100 * periodsPerYear);
  if (num === 0n) return () => 0;
  return (balanceCents) => {
    const p = BigInt(Math.abs(balanceCents)) * num;
    const q = p / den;
    const rounded = Number(2n * (p % den) >= den ? q + 1n : q);
    return balanceCents < 0 ? -rounded : rounded;
  };
}

/** A function that returns round(balanceCents × periodic rate) in whole cents (see interestRounder). */
export async function periodInterest(annualRatePercent: number, periodsPerYear = 12): Promise<(balanceCents: number) => number> {
  return interestRounder(await loadDecimal(), annualRatePercent, periodsPerYear);
}

/** The unrounded annuity payment in cents: P·r/(1 − (1+r)^−n); r = 0 → P/n. */
function annuityPaymentExact(Decimal: DecimalCtor, principalCents: number, rate: Dec, periods: number): Dec {
  if (rate.isZero()) return new Decimal(principalCents).div(periods);
  return new Decimal(principalCents).times(rate).div(new Decimal(1).minus(rate.plus(1).pow(-periods)));
}

/** The annuity payment in whole cents: round(P·r/(1 − (1+r)^−n)); r = 0 → round(P/n). */
export function annuityPaymentCents(Decimal: DecimalCtor, principalCents: number, rate: Dec, periods: number): number {
  return annuityPaymentExact(Decimal, principalCents, rate, periods).toDecimalPlaces(0).toNumber();
}

/**
 * n × the unrounded annuity payment, rounded once to a cent (what EMI tables quote as the total payment;
 * the schedule's rounded rows may add up to a few cents more or less).
 */
export async function annuityTotal(principal: number, annualRatePercent: number, periods: number, periodsPerYear = 12): Promise<number> {
  const Decimal = await loadDecimal();
  const principalCents = new Decimal(principal).times(100).toDecimalPlaces(0).toNumber();
  const rate = new Decimal(annualRatePercent).div(100).div(periodsPerYear);
  return cents(annuityPaymentExact(Decimal, principalCents, rate, periods).times(periods).toDecimalPlaces(0).toNumber());
}

/** A full schedule for an annuity, linear or interest-only loan. */
export async function amortize(input: AmortizeInput): Promise<Amortization> {
  const Decimal = await loadDecimal();
  const { annualRatePercent, periods } = input;
  const periodsPerYear = input.periodsPerYear ?? 12;
  const repayment = input.repayment ?? 'annuity';
  if (!Number.isInteger(periods) || periods < 1) throw new RangeError(`periods must be a whole number ≥ 1, got ${periods}`);
  const principalCents = Math.round(new Decimal(input.principal).times(100).toDecimalPlaces(0).toNumber());
  const rate = new Decimal(annualRatePercent).div(100).div(periodsPerYear);
  const interestOf = interestRounder(Decimal, annualRatePercent, periodsPerYear);

  let regular: number; // annuity payment, or linear principal part
  if (repayment === 'annuity') regular = annuityPaymentCents(Decimal, principalCents, rate, periods);
  else if (repayment === 'linear') regular = new Decimal(principalCents).div(periods).toDecimalPlaces(0).toNumber();
  else regular = 0;

  const rows: AmortizeRow[] = [];
  const yearly: YearRow[] = [];
  let balance = principalCents;
  let paid = 0;
  let year = { year: 1, payment: 0, principal: 0, interest: 0 };
  for (let period = 1; period <= periods; period++) {
    const interest = interestOf(balance);
    let principal: number;
    if (period === periods)
      principal = balance; // the rounding remainder lands here
    else if (repayment === 'annuity') principal = Math.min(regular - interest, balance);
    else if (repayment === 'linear') principal = Math.min(regular, balance);
    else principal = 0;
    const payment = principal + interest;
    balance -= principal;
    paid += payment;
    rows.push({ period, payment: cents(payment), principal: cents(principal), interest: cents(interest), balance: cents(balance) });
    year.payment += payment;
    year.principal += principal;
    year.interest += interest;
    if (period % periodsPerYear === 0 || period === periods) {
      yearly.push({
        year: year.year,
        payment: cents(year.payment),
        principal: cents(year.principal),
        interest: cents(year.interest),
        balance: cents(balance),
      });
      year = { year: year.year + 1, payment: 0, principal: 0, interest: 0 };
    }
  }
  const first = rows[0].payment;
  return {
    repayment,
    periods,
    periodsPerYear,
    payment: repayment === 'annuity' ? cents(regular) : repayment === 'linear' ? first : cents(interestOf(principalCents)),
    firstPayment: first,
    lastPayment: rows[rows.length - 1].payment,
    totalPaid: cents(paid),
    totalInterest: cents(paid - principalCents),
    rows,
    yearly,
  };
}

export interface PayoffInput {
  /** Balance owed, in currency units (> 0). */
  balance: number;
  annualRatePercent: number;
  /** Fixed payment per period, in currency units. */
  payment: number;
  periodsPerYear?: number;
  /** Give up after this many periods (the result then says `paidOff: false`). */
  maxPeriods: number;
}

export interface Payoff {
  paidOff: boolean;
  periods: number;
  totalPaid: number;
  totalInterest: number;
  lastPayment: number;
  /** n = −ln(1 − rB/P) / ln(1 + r) (r = 0: B/P), unrounded; null when the payment never clears the debt. */
  periodsExact: number | null;
  rows: AmortizeRow[];
}

/**
 * Pays a fixed amount each period until the debt is gone; the last payment is
 * smaller (balance + its interest). Interest is charged before the payment, on
 * the balance owed, rounded to cents. The caller must refuse a payment that
 * does not exceed the first period's interest (the debt would never shrink).
 */
export async function payoff(input: PayoffInput): Promise<Payoff> {
  const Decimal = await loadDecimal();
  const ppy = input.periodsPerYear ?? 12;
  const interestOf = await periodInterest(input.annualRatePercent, ppy);
  const start = new Decimal(input.balance).times(100).toDecimalPlaces(0).toNumber();
  const pay = new Decimal(input.payment).times(100).toDecimalPlaces(0).toNumber();
  const rows: AmortizeRow[] = [];
  let balance = start;
  let paid = 0;
  let interestTotal = 0;
  let period = 0;
  while (balance > 0 && period < input.maxPeriods) {
    period++;
    const interest = interestOf(balance);
    const payment = Math.min(pay, balance + interest);
    const principal = payment - interest;
    balance -= principal;
    paid += payment;
    interestTotal += interest;
    rows.push({ period, payment: cents(payment), principal: cents(principal), interest: cents(interest), balance: cents(balance) });
  }
  const r = input.annualRatePercent / 100 / ppy;
  const ratio = (r * input.balance) / input.payment;
  const periodsExact = r === 0 ? input.balance / input.payment : ratio < 1 ? -Math.log(1 - ratio) / Math.log(1 + r) : null;
  return {
    paidOff: balance === 0,
    periods: period,
    totalPaid: cents(paid),
    totalInterest: cents(interestTotal),
    lastPayment: rows.length ? rows[rows.length - 1].payment : 0,
    periodsExact,
    rows,
  };
}
