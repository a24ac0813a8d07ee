/**
 * Exact decimal helpers for the business calculators: decimal.js (loaded on first
 * use, shared with the tax engine), money rounded half away from zero to cents only
 * at the end, other numbers reported with 15 significant digits.
 */
import { type Decimal, type DecimalCtor, loadDecimal } from '../_lib/sales-tax.js';

export type { Decimal, DecimalCtor };
export { loadDecimal };

/** Round to whole cents (half away from zero) and return a plain number. */
export const money = (d: Decimal): number => d.toDecimalPlaces(2, 4 /* ROUND_HALF_UP */).toNumber() + 0;

/** Integer cents of a Decimal amount (half away from zero). */
export const centsOf = (d: Decimal): number => d.times(100).toDecimalPlaces(0, 4).toNumber() + 0;

/** A non-money result (percent, quantity, ratio): 15 significant digits, so 1/3 → 0.333333333333333. */
export const sig = (d: Decimal): number => d.toSignificantDigits(15).toNumber() + 0;
