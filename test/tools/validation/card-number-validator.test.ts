import { describe, expect, it } from 'vitest';
import cardValidator from 'card-validator';
import tool, { luhnValid } from '../../../tools/validation/card-number-validator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const check = (number: string) => runTool(tool, { number });

describe('card-number-validator', () => {
  it('recognises the published Stripe / Braintree test cards', async () => {
    const cards: Array<[string, string, string]> = [
      ['4242424242424242', 'visa', '4242 4242 4242 4242'],
      ['4000056655665556', 'visa', '4000 0566 5566 5556'],
      ['5555555555554444', 'mastercard', '5555 5555 5555 4444'],
      ['2223003122003222', 'mastercard', '2223 0031 2200 3222'],
      ['5105105105105100', 'mastercard', '5105 1051 0510 5100'],
      ['378282246310005', 'american-express', '3782 822463 10005'],
      ['371449635398431', 'american-express', '3714 496353 98431'],
      ['6011111111111117', 'discover', '6011 1111 1111 1117'],
      ['3056930009020004', 'diners-club', '3056 930009 020004'],
      ['36227206271667', 'diners-club', '3622 720627 1667'],
      ['3566002020360505', 'jcb', '3566 0020 2036 0505'],
      ['6200000000000005', 'unionpay', '6200 0000 0000 0005'],
    ];
    for (const [number, brand, formatted] of cards) {
      const out = await check(number);
      expect(out, number).toMatchObject({ brand, formatted, luhnValid: true, lengthValid: true, valid: true, reason: null });
    }
  });

  it('Mastercard 2-series boundaries: 2221 and 2720 in, 2220 and 2721 out', async () => {
    expect((await check('2221000000000009')).brand).toBe('mastercard');
    expect((await check('2720999999999996')).brand).toBe('mastercard');
    expect((await check('2721000000000004')).brand).toBeNull();
    expect((await check('2220990000000001')).brand).not.toBe('mastercard');
  });

  it('Luhn: the Wikipedia example passes but is no card; one digit off fails', async () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    const out = await check('4242424242424241');
    expect(out).toMatchObject({
      brand: 'visa',
      luhnValid: false,
      lengthValid: true,
      valid: false,
      reason: 'the check digit is wrong (Luhn check fails)',
    });
  });

  it('agrees with braintree luhn on random numbers', async () => {
    const rng = createRng(19);
    for (let i = 0; i < 300; i++) {
      const digits = Array.from({ length: rng.int(12, 19) }, () => rng.int(0, 9)).join('');
      const lib = cardValidator.number(digits, { skipLuhnValidation: false });
      expect(luhnValid(digits)).toBe(luhnValidRef(digits));
      if (lib.card && lib.card.type !== 'unionpay') expect((await check(digits)).valid).toBe(lib.isValid);
    }
  });

  it('length must fit the brand; ambiguous short prefixes list candidates', async () => {
    expect(await check('4242 4242 4242 42')).toMatchObject({
      brand: 'visa',
      lengthValid: false,
      valid: false,
      reason: 'Visa numbers have 16, 18, 19 digits, not 14',
    });
    const six = await check('6');
    expect(six.brand).toBeNull();
    expect(six.candidates).toEqual(expect.arrayContaining(['discover', 'unionpay', 'maestro']));
    expect(six.reason).toMatch(/several brands/);
  });

  it('UnionPay: Luhn not required (braintree default)', async () => {
    expect(await check('6200000000000001')).toMatchObject({ brand: 'unionpay', luhnValid: false, valid: true });
  });

  it('refuses letters, more than 19 digits and empty input', async () => {
    await expectToolError(tool, { number: '4242x4242' }, 400, /`number` may contain only digits/);
    await expectToolError(tool, { number: '12345678901234567890' }, 400, /20 digits/);
    await expectToolError(tool, { number: '' }, 400, /number/);
    await expectToolError(tool, { number: ' - ' }, 400, /`number`/);
  });
});

/** Reference Luhn written the textbook way (sum of digit sums of doubled digits). */
function luhnValidRef(digits: string): boolean {
  const sum = [...digits].reverse().reduce((s, c, i) => {
    const d = Number(c) * (i % 2 ? 2 : 1);
    return s + Math.floor(d / 10) + (d % 10);
  }, 0);
  return sum % 10 === 0;
}
