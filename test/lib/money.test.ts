import { describe, expect, it } from 'vitest';
import { fromCents, roundHalfAway, roundMoney, roundTo, toCents } from '../../tools/_lib/money.js';

describe('money helpers', () => {
  it('round half away from zero, as a decimal half', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(1.0049)).toBe(1);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(-0)).toBe(0);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundTo(0.020075, 4)).toBe(0.0201);
  });
});
