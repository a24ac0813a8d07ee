import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/** braintree's card-validator (and the credit-card-type IIN table it ships with), loaded on first use. */
const loadCardValidator = lazy(async () => (await import('card-validator')).default);

/** The Luhn check (ISO/IEC 7812-1 Annex B): from the right, double every second digit, sum the digits, total mod 10 = 0. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Groups digits at the brand's gap positions (Visa 4-4-4-4, Amex 4-6-5...). */
function format(digits: string, gaps: readonly number[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const gap of gaps) {
    if (gap >= digits.length) break;
    parts.push(digits.slice(from, gap));
    from = gap;
  }
  parts.push(digits.slice(from));
  return parts.join(' ');
}

export default defineTool({
  slug: 'card-number-validator',
  title: 'Card number validator',
  summary: 'Check a credit or debit card number and see its brand.',
  keywords: {
    en: [
      'credit card',
      'debit card',
      'Luhn',
      'Visa',
      'Mastercard',
      'Amex',
      'card check',
      'credit card number',
      'card number',
      'verify',
      'validate',
      'valid card',
    ],
    nl: ['creditcard', 'bankpas', 'kaartnummer', 'luhn', 'creditcardnummer', 'valideren', 'geldig', 'klopt'],
  },
  description:
    'Checks a payment card number: the Luhn check digit (ISO/IEC 7812-1), the brand from its IIN prefix (Visa, Mastercard incl. 2221–2720, American Express, Discover, Diners Club, JCB, UnionPay, Maestro, Mir, Elo, Hiper, Hipercard, Troy, Verve, Naranja; braintree credit-card-type table) ' +
    'and whether the length fits that brand. `valid` = brand known, length allowed and Luhn passes (UnionPay: Luhn not required, as braintree does). ' +
    'Spaces and dashes are ignored; other characters are a 400. Returns the number grouped as printed on the card (4-4-4-4, Amex 4-6-5), the security code name and length, and `candidates` when the prefix fits several brands. ' +
    'Offline: it cannot tell whether a card exists or is active. Use test numbers, not real cards.',
  resultView: { kind: 'figure', field: 'valid', label: 'Valid card number', detail: ['brandName', 'reason'] },
  input: z.strictObject({
    number: z.string().min(1).max(40).describe('The card number; spaces and dashes allowed'),
  }),
  output: z.object({
    number: z.string().describe('Digits only'),
    length: z.int(),
    luhnValid: z.boolean(),
    brand: z.string().nullable().describe('Brand id (visa, mastercard, american-express...) or null'),
    brandName: z.string().nullable().describe('Brand as printed (Visa, American Express...)'),
    candidates: z.array(z.string()).describe('All brands whose prefixes match (several for a short prefix)'),
    expectedLengths: z.array(z.int()).describe('Lengths the brand issues (empty when unknown)'),
    lengthValid: z.boolean(),
    valid: z.boolean().describe('Brand known, length allowed and Luhn passes (Luhn not required for UnionPay)'),
    formatted: z.string().describe('Digits grouped as on the card'),
    securityCode: z.object({ name: z.string(), length: z.int() }).nullable().describe('CVV/CVC/CID and its length'),
    reason: z.string().nullable().describe('Why it is not valid (null when valid)'),
  }),
  examples: [
    {
      // Stripe test card "Visa 4242 4242 4242 4242" (docs.stripe.com/testing).
      name: 'Stripe Visa test card',
      input: { number: '4242-4242-4242-4242' },
      output: {
        number: '4242424242424242',
        length: 16,
        luhnValid: true,
        brand: 'visa',
        brandName: 'Visa',
        candidates: ['visa'],
        expectedLengths: [16, 18, 19],
        lengthValid: true,
        valid: true,
        formatted: '4242 4242 4242 4242',
        securityCode: { name: 'CVV', length: 3 },
        reason: null,
      },
    },
    {
      // Stripe/Braintree test card American Express 3782 822463 10005 (4-6-5 grouping, 4-digit CID).
      name: 'American Express test card',
      input: { number: '378282246310005' },
      output: {
        number: '378282246310005',
        length: 15,
        luhnValid: true,
        brand: 'american-express',
        brandName: 'American Express',
        candidates: ['american-express'],
        expectedLengths: [15],
        lengthValid: true,
        valid: true,
        formatted: '3782 822463 10005',
        securityCode: { name: 'CID', length: 4 },
        reason: null,
      },
    },
    {
      // Wikipedia "Luhn algorithm": 7992739871 with check digit 3 passes Luhn, but no brand starts with 79.
      name: 'Passes Luhn but is no card',
      input: { number: '79927398713' },
      output: {
        number: '79927398713',
        length: 11,
        luhnValid: true,
        brand: null,
        brandName: null,
        candidates: [],
        expectedLengths: [],
        lengthValid: false,
        valid: false,
        formatted: '7992 7398 713',
        securityCode: null,
        reason: 'no card brand matches the prefix 799273',
      },
    },
  ],
  async run({ number }) {
    const digits = number.replace(/[\s-]+/g, '');
    if (!/^\d+$/.test(digits)) throw new ToolError('`number` may contain only digits, spaces and dashes', 400, { field: 'number' });
    if (digits.length > 19)
      throw new ToolError(`\`number\` has ${digits.length} digits; card numbers have at most 19`, 400, { field: 'number' });
    const { creditCardType } = await loadCardValidator();
    // card-validator re-exports credit-card-type as a CommonJS namespace: the lookup function is its `default`.
    const matches = creditCardType.default(digits);
    const card = matches.length === 1 ? matches[0] : null;
    const luhn = luhnValid(digits);
    const lengthValid = card !== null && card.lengths.includes(digits.length);
    const luhnRequired = card?.type !== 'unionpay';
    const valid = lengthValid && (luhn || !luhnRequired);
    let reason: string | null = null;
    if (!card)
      reason =
        matches.length > 1
          ? `the prefix fits several brands (${matches.map((m) => m.niceType).join(', ')}); more digits are needed`
          : `no card brand matches the prefix ${digits.slice(0, 6)}`;
    else if (!lengthValid) reason = `${card.niceType} numbers have ${card.lengths.join(', ')} digits, not ${digits.length}`;
    else if (!valid) reason = 'the check digit is wrong (Luhn check fails)';
    return {
      number: digits,
      length: digits.length,
      luhnValid: luhn,
      brand: card?.type ?? null,
      brandName: card?.niceType ?? null,
      candidates: matches.map((m) => m.type),
      expectedLengths: card?.lengths ?? [],
      lengthValid,
      valid,
      formatted: format(digits, card?.gaps ?? [4, 8, 12, 16]),
      securityCode: card ? { name: card.code.name, length: card.code.size } : null,
      reason,
    };
  },
});
