/**
 * Identification numbers, unique within one call: BSNs (11-proof, in the
 * visibly fictitious 999xxxxxx range that RvIG's own test persons use) and
 * A-nummers (LO rules: 10 digits, first digit not 0, no two equal adjacent
 * digits, digit sum ≡ 0 (mod 11), Σ dᵢ·2ⁱ ≡ 0 (mod 11) with i = 0 for the
 * leftmost digit).
 */
import type { Rng } from '../../_lib/rng.js';
import { completeBsn } from '../../_lib/bsn.js';
import { ToolError } from '../../../src/core/tool.js';

export const BSN_PREFIX = '999';

export function isValidANumber(a: string): boolean {
  if (!/^[1-9]\d{9}$/.test(a)) return false;
  let sum = 0,
    weighted = 0;
  for (let i = 0; i < 10; i++) {
    const d = a.charCodeAt(i) - 48;
    if (i > 0 && d === a.charCodeAt(i - 1) - 48) return false;
    sum += d;
    weighted += d * 2 ** i;
  }
  return sum % 11 === 0 && weighted % 11 === 0;
}

/** Valid BSNs in the 99999xxxx block (about 900): the range option test-99999 draws from this list. */
let narrow: string[] | undefined;
function narrowRange(): string[] {
  if (!narrow) {
    narrow = [];
    for (let body = 0; body < 1000; body++) {
      const b = completeBsn('99999' + String(body).padStart(3, '0'));
      if (b) narrow.push(b);
    }
  }
  return narrow;
}

export class NumberPool {
  private readonly used = new Set<string>();
  private narrowUsed = 0;

  constructor(private readonly range: 'test-999' | 'test-99999' = 'test-999') {}

  /** A fresh valid BSN 999xxxxxx (about 90,000 exist; a call uses at most about 80,000), or 99999xxxx with test-99999. */
  bsn(rng: Rng): string {
    if (this.range === 'test-99999') {
      const all = narrowRange();
      if (this.narrowUsed >= all.length)
        throw new ToolError(
          `options.bsnRange test-99999 holds ${all.length} valid BSNs and this call needs more (relatives included): lower options.count or use test-999`,
          400,
          { field: 'options.bsnRange' },
        );
      for (;;) {
        const candidate = all[rng.int(0, all.length - 1)];
        if (!this.used.has(candidate)) {
          this.used.add(candidate);
          this.narrowUsed++;
          return candidate;
        }
      }
    }
    for (;;) {
      const body = rng.int(0, 99_999);
      const candidate = completeBsn(BSN_PREFIX + String(body).padStart(5, '0'));
      if (candidate && !this.used.has(candidate)) {
        this.used.add(candidate);
        return candidate;
      }
    }
  }

  /** A fresh valid A-nummer: 8 random digits (no equal neighbours), then the first last-two digits that satisfy both sums. */
  aNumber(rng: Rng): string {
    for (;;) {
      const digits: number[] = [rng.int(1, 9)];
      while (digits.length < 8) {
        const d = rng.int(0, 8);
        digits.push(d >= digits[digits.length - 1] ? d + 1 : d); // uniform over the 9 digits ≠ the previous one
      }
      let sum = 0,
        weighted = 0;
      for (let i = 0; i < 8; i++) {
        sum += digits[i];
        weighted += digits[i] * 2 ** i;
      }
      const start = rng.int(0, 99); // start the search at a random pair so the last digits vary
      for (let k = 0; k < 100; k++) {
        const pair = (start + k) % 100;
        const d8 = Math.floor(pair / 10),
          d9 = pair % 10;
        if (d8 === digits[7] || d9 === d8) continue;
        if ((sum + d8 + d9) % 11 !== 0 || (weighted + d8 * 256 + d9 * 512) % 11 !== 0) continue;
        const a = digits.join('') + d8 + d9;
        if (this.used.has(a)) continue;
        this.used.add(a);
        return a;
      }
    }
  }
}
