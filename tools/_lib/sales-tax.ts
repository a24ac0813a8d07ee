/**
 * THE tax add/extract engine (catalogue §0.10: VAT, sales tax and GST share it).
 *
 * A tax that is a percentage of the net price, at one rate or at several rates
 * that are summed (US state + county + city; India CGST + SGST):
 *
 *   add      net + rates   → tax = round(net × R / 100),           gross = net + tax
 *   extract  gross + rates → net = round(gross × 100 / (100 + R)), tax = gross − net
 *   rate     net + gross   → R = (gross − net) / net × 100 (not rounded)
 *
 * where R is the sum of the rates. Arithmetic is exact decimal (decimal.js, loaded
 * on first use); amounts are whole cents: an input amount is taken to the cent
 * first (half away from zero, as `vat-calculator` always did), and the tax is
 * rounded ONCE, on the total, half away from zero (0.125 → 0.13, −0.125 → −0.13).
 * So net + tax = gross always holds, and extract(add(net)) = net for every rate
 * R > 0 (the one rounding error, at most half a cent, shrinks by 1 + R/100).
 *
 * With several rates, the rounded total tax is divided over the rates in
 * proportion by the largest-remainder method (Hamilton): each component gets its
 * exact share truncated to the cent, and the cents left over go to the largest
 * remainders (ties: the earlier rate). The components then always sum to the tax.
 */
import { ToolError } from '../../src/core/tool.js';
import { decimalLoader, type Decimal, type DecimalCtor } from './decimal.js';

export type { DecimalCtor, Decimal };

/** decimal.js with enough digits for 1e14 cents × 15-digit rates, rounding half away from zero. */
export const loadDecimal = decimalLoader({ precision: 60, rounding: 'half-up' });

/** Exact value of a JS number as the user typed it (0.1 → 0.1, not 0.1000000000000000055…). */
const dec = (D: DecimalCtor, x: number): Decimal => new D(x);

/** A Decimal amount → integer cents, half away from zero. */
const toCentsExact = (D: DecimalCtor, amount: Decimal): number => amount.times(100).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber() + 0;

/** 15 significant digits: what a rate solved by division is reported with. */
const sig15 = (x: Decimal): number => x.toSignificantDigits(15).toNumber() + 0;

/**
 * Splits `totalCents` (an integer, may be negative) into integer parts proportional
 * to `weights` (non-negative, not all zero) that sum to it exactly: largest remainder,
 * ties to the earlier part. Used for tax components and for split bills.
 */
export async function allocateCents(totalCents: number, weights: readonly number[]): Promise<number[]> {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`allocateCents: ${totalCents} is not a whole number of cents`);
  if (weights.length === 0) throw new RangeError('allocateCents: no weights');
  const D = await loadDecimal();
  const w = weights.map((x) => dec(D, x));
  if (w.some((x) => x.isNegative())) throw new RangeError('allocateCents: negative weight');
  const sum = w.reduce((s, x) => s.plus(x), new D(0));
  if (sum.isZero()) throw new RangeError('allocateCents: weights sum to zero');
  const sign = totalCents < 0 ? -1 : 1;
  const total = new D(Math.abs(totalCents));
  const exact = w.map((x) => total.times(x).dividedBy(sum));
  const parts = exact.map((x) => x.floor());
  let left = total.minus(parts.reduce((s, x) => s.plus(x), new D(0))).toNumber();
  const order = exact.map((x, i) => ({ i, rem: x.minus(parts[i]) })).sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = parts[i].plus(1);
    left--;
  }
  return parts.map((x) => sign * x.toNumber() + 0);
}

export interface TaxInput {
  /** Amount excluding tax. */
  net?: number;
  /** Amount including tax. */
  gross?: number;
  /** The rates in percent that apply together (summed); empty or absent = unknown rate. */
  ratesPercent?: readonly number[];
  /** Field names to use in error messages (defaults: net, gross, ratePercent). */
  fields?: { net?: string; gross?: string; rate?: string };
}

export interface TaxResult {
  /** Which of the three was computed. */
  solvedFor: 'gross' | 'net' | 'rate';
  net: number;
  tax: number;
  gross: number;
  /** The total rate: the sum of the rates given, or the rate solved for (15 significant digits). */
  ratePercent: number;
  /** One per rate given (or one for the solved rate): its rate and its share of the tax; the shares sum to `tax`. */
  components: { ratePercent: number; tax: number }[];
}

/**
 * Any two of net, gross and rate(s) → the third. Throws a 400 `ToolError` naming
 * the field when the input cannot have an answer.
 */
export async function solveTax(input: TaxInput): Promise<TaxResult> {
  const D = await loadDecimal();
  const f = { net: 'net', gross: 'gross', rate: 'ratePercent', ...input.fields };
  const rates = input.ratesPercent ?? [];
  const hasRate = rates.length > 0;
  const given = [input.net !== undefined, input.gross !== undefined, hasRate].filter(Boolean).length;
  if (given !== 2) {
    const missing = input.net === undefined ? f.net : input.gross === undefined ? f.gross : f.rate;
    throw new ToolError(
      given < 2
        ? `give exactly two of \`${f.net}\`, \`${f.gross}\` and the rate: \`${missing}\` and one other are missing`
        : `give exactly two of \`${f.net}\`, \`${f.gross}\` and the rate, not all three (leave out the one to compute)`,
      400,
      { field: given < 2 ? missing : f.gross },
    );
  }
  for (const r of rates) if (!(r >= 0)) throw new ToolError(`\`${f.rate}\` must be ≥ 0 (got ${r})`, 400, { field: f.rate });
  const R = rates.reduce((s, r) => s.plus(dec(D, r)), new D(0));

  if (input.gross === undefined) {
    const net = toCentsExact(D, dec(D, input.net!));
    const tax = new D(net).times(R).dividedBy(100).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber() + 0;
    return finish('gross', net, tax, net + tax, R, rates);
  }
  if (input.net === undefined) {
    const gross = toCentsExact(D, dec(D, input.gross));
    const net = new D(gross).times(100).dividedBy(R.plus(100)).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber() + 0;
    return finish('net', net, gross - net, gross, R, rates);
  }
  const net = toCentsExact(D, dec(D, input.net));
  const gross = toCentsExact(D, dec(D, input.gross));
  if (net <= 0)
    throw new ToolError(`\`${f.net}\` must be greater than 0 to solve for the rate (the rate is tax / net)`, 400, { field: f.net });
  if (gross < net)
    throw new ToolError(`\`${f.gross}\` (${gross / 100}) must not be below \`${f.net}\` (${net / 100}): a tax cannot be negative`, 400, {
      field: f.gross,
    });
  const rate = new D(gross - net).dividedBy(net).times(100);
  return {
    solvedFor: 'rate',
    net: net / 100,
    tax: (gross - net) / 100,
    gross: gross / 100,
    ratePercent: sig15(rate),
    components: [{ ratePercent: sig15(rate), tax: (gross - net) / 100 }],
  };

  async function finish(
    solvedFor: 'gross' | 'net',
    net: number,
    tax: number,
    gross: number,
    total: Decimal,
    given: readonly number[],
  ): Promise<TaxResult> {
    const shares = total.isZero() ? given.map(() => 0) : await allocateCents(tax, given);
    return {
      solvedFor,
      net: net / 100 + 0,
      tax: tax / 100 + 0,
      gross: gross / 100 + 0,
      ratePercent: sig15(total),
      components: given.map((r, i) => ({ ratePercent: r, tax: shares[i] / 100 + 0 })),
    };
  }
}
