/**
 * A small seeded pseudo-random generator (sfc32 seeded through splitmix32) for
 * tools that promise "same seed, same output on every machine". Pure 32-bit
 * integer arithmetic: no dependence on platform, locale or clock.
 * Never use it for secrets: passwords and keys use node:crypto.
 */
export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p (0..1). */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Pick by weights (non-negative, not all zero). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A new shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream derived from this one and a label (stable). */
  fork(label: string): Rng;
}

function splitmix32(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t = t ^ (t >>> 15);
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** FNV-1a of a string, for turning labels and string seeds into 32-bit numbers. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function seedToInt(seed: number | string): number {
  if (typeof seed === 'string') return hash32(seed);
  // Mix the full double: integers beyond 2^32 by their high part, fractions by their digits (hashed, so that
  // 0.5 and 500000000 do not meet: XOR-ing the fraction × 1e9 made them the same seed).
  const hi = Math.floor(seed / 4294967296);
  const whole = hash32(String(hi)) ^ (seed >>> 0);
  return (Number.isInteger(seed) ? whole : whole ^ hash32(`.${String(seed)}`)) >>> 0;
}

export function createRng(seed: number | string): Rng {
  const sm = splitmix32(seedToInt(seed));
  let a = sm(),
    b = sm(),
    c = sm(),
    d = sm();
  const u32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return r >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  const next = () => u32() / 4294967296;
  const rng: Rng = {
    next,
    int(min, max) {
      if (max < min) throw new RangeError(`rng.int: max ${max} < min ${min}`);
      return min + Math.floor(next() * (max - min + 1));
    },
    chance: (p) => next() < p,
    pick(items) {
      if (items.length === 0) throw new RangeError('rng.pick: empty list');
      return items[Math.floor(next() * items.length)];
    },
    weighted(items, weights) {
      const total = weights.reduce((s, w) => s + w, 0);
      if (!(total > 0)) throw new RangeError('rng.weighted: weights sum to zero');
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i];
        if (r < 0) return items[i];
      }
      return items[items.length - 1];
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    fork(label) {
      return createRng((u32() ^ hash32(label)) >>> 0);
    },
  };
  return rng;
}
