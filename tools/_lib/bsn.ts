/**
 * Burgerservicenummer (BSN) helpers: the "11-proof" (elfproef) and generation
 * of test numbers. A BSN is 9 digits d1..d9 with
 *   9·d1 + 8·d2 + 7·d3 + 6·d4 + 5·d5 + 4·d6 + 3·d7 + 2·d8 − 1·d9 ≡ 0 (mod 11).
 */
import type { Rng } from './rng.js';

export function isValidBsn(bsn: string): boolean {
  if (!/^\d{9}$/.test(bsn)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (9 - i) * (bsn.charCodeAt(i) - 48);
  sum -= bsn.charCodeAt(8) - 48;
  return sum % 11 === 0 && bsn !== '000000000';
}

/**
 * Complete an 8-digit prefix to a valid BSN, or return null when no check digit
 * 0..9 works (the weighted sum mod 11 would need "10").
 */
export function completeBsn(prefix8: string): string | null {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (9 - i) * (prefix8.charCodeAt(i) - 48);
  const check = sum % 11; // need check ≡ sum (mod 11)
  return check === 10 ? null : prefix8 + String(check);
}

/**
 * A random valid BSN whose first digits are `prefix` (e.g. "9999" for the RvIG
 * test range). Uses `rng` when given (deterministic), otherwise `randomInt`.
 */
export function randomBsn(prefix: string, randomDigit: () => number): string {
  for (;;) {
    let p = prefix;
    while (p.length < 8) p += String(randomDigit());
    const full = completeBsn(p);
    if (full && !full.startsWith('000')) return full;
  }
}

export function rngDigit(rng: Rng): () => number {
  return () => rng.int(0, 9);
}
