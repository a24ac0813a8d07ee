/**
 * decimal.js, the one way werkbank loads it for exact money and unit
 * arithmetic: on first use (tools/_lib/lazy.ts), cloned with the precision and
 * rounding an engine needs. Rounding modes are named, not numbered.
 */
import type DecimalNs from 'decimal.js';
import { lazy } from './lazy.js';

export type DecimalCtor = typeof DecimalNs.default;
export type Decimal = InstanceType<DecimalCtor>;

export function decimalLoader(config: { precision: number; rounding: 'half-up' | 'half-even' }): () => Promise<DecimalCtor> {
  return lazy(async () => {
    // decimal.mjs default-exports the constructor; its CommonJS-style typings need the cast under NodeNext.
    const Decimal = (await import('decimal.js')).default as unknown as DecimalCtor;
    return Decimal.clone({
      precision: config.precision,
      rounding: config.rounding === 'half-up' ? Decimal.ROUND_HALF_UP : Decimal.ROUND_HALF_EVEN,
    });
  });
}
