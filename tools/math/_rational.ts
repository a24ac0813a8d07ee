/**
 * Ratios of decimals as integers (ratio-calculator, aspect-ratio-calculator): each term is read from its shortest
 * decimal representation (1.5 → 15/10, 2.25 → 225/100), all terms are scaled by the same power of ten, then divided
 * by their greatest common divisor (BigInt, exact).
 */
function parts(x: number): { digits: bigint; decimals: number } {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(x)));
  if (!m) throw new RangeError(`not a finite number: ${x}`);
  const [, int, frac = '', exp = '0'] = m;
  const e = Number(exp) - frac.length;
  const digits = BigInt(int + frac);
  return e >= 0 ? { digits: digits * 10n ** BigInt(e), decimals: 0 } : { digits, decimals: -e };
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Non-negative terms, not all zero → the smallest integer terms in the same ratio (as strings: they may be large). */
export function reduceTerms(terms: readonly number[]): { terms: string[]; scaledBy: string; scaled: string[]; gcd: string } {
  const ps = terms.map(parts);
  const dec = Math.max(...ps.map((p) => p.decimals));
  const ints = ps.map((p) => p.digits * 10n ** BigInt(dec - p.decimals));
  const g = ints.reduce((a, b) => gcd(a, b), 0n);
  return { terms: ints.map((v) => String(v / g)), scaledBy: String(10n ** BigInt(dec)), scaled: ints.map(String), gcd: String(g) };
}

/** 15 significant digits, for display-grade results. */
export const clean = (x: number): number => Number(x.toPrecision(15)) + 0;
