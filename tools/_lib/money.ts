/**
 * Money helpers: amounts as integer cents, rounded once, half away from zero
 * (the usual commercial rounding: 0.125 → 0.13, −0.125 → −0.13).
 *
 * Binary floating point cannot hold most decimal fractions (1.005 is stored as
 * 1.00499999999999989…), so rounding nudges the magnitude up by a few ulps
 * first: a value that is a half "in decimal" rounds as the user expects.
 */

/** Largest amount the calculators accept (keeps cents exact in a double). */
export const MAX_AMOUNT = 1e12;

/** Round to an integer, half away from zero, absorbing binary noise. */
export function roundHalfAway(x: number): number {
  const magnitude = Math.floor(Math.abs(x) * (1 + 4 * Number.EPSILON) + 0.5);
  return x < 0 ? -magnitude : magnitude;
}

/** An amount in currency units → integer cents. */
export function toCents(amount: number): number {
  return roundHalfAway(amount * 100);
}

/** Integer cents → an amount in currency units (e.g. 101 → 1.01). */
export function fromCents(cents: number): number {
  return cents / 100 + 0; // + 0 turns −0 into 0
}

/** Round an amount to whole cents. */
export function roundMoney(amount: number): number {
  return fromCents(toCents(amount));
}

/** Round to `decimals` places, half away from zero (for rates and ratios). */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return roundHalfAway(x * f) / f + 0;
}

/**
 * Remove binary noise (15 significant digits; keeps exact values exact): 64 / 1.6² is 25, not
 * 24.999999999999996, so a value on a category boundary falls on the right side of it.
 */
export const clean15 = (x: number): number => Number(x.toPrecision(15)) + 0;
