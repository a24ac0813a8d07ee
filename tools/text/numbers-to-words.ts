import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Short-scale names of the three-digit groups, lowest first. */
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion'];
const MAX_DIGITS = SCALES.length * 3;

const UNITS = {
  dollars: { one: 'dollar', many: 'dollars', minorOne: 'cent', minorMany: 'cents' },
  euros: { one: 'euro', many: 'euros', minorOne: 'cent', minorMany: 'cents' },
  pounds: { one: 'pound', many: 'pounds', minorOne: 'penny', minorMany: 'pence' },
} as const;

function below100(n: number): string {
  return n < 20 ? ONES[n] : TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function below1000(n: number, british: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds) words.push(`${ONES[hundreds]} hundred`);
  if (rest) words.push((hundreds && british ? 'and ' : '') + below100(rest));
  return words.join(' ');
}

/**
 * Words for a whole number given as a string of digits without sign or leading zeros (at most 18 digits).
 * British style puts "and" after "hundred" and before a last group below 100 ("one thousand and five").
 */
export function integerToWords(digits: string, british = false): string {
  if (/^0*$/.test(digits)) return 'zero';
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.push(Number(digits.slice(Math.max(0, end - 3), end)));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (!g) continue;
    const lastAfterHigher = british && i === 0 && g < 100 && words.length > 0;
    words.push((lastAfterHigher ? 'and ' : '') + below1000(g, british) + (SCALES[i] ? ` ${SCALES[i]}` : ''));
  }
  return words.join(' ');
}

interface ParsedNumber {
  negative: boolean;
  /** Digits of the whole part, no leading zeros ("0" for zero). */
  whole: string;
  /** Digits after the point, as written ("" when none). */
  fraction: string;
}

const bad = (why: string) => new ToolError(`\`number\` ${why}`, 400);

/** Reads "-1,234.50", "1 000 000", "1_000", ".5"; refuses exponents, decimal commas and anything else. */
export function parseNumber(raw: string): ParsedNumber {
  let s = raw.trim().replace(/(?<=\d)[ _\u00a0\u202f](?=\d)/gu, '');
  if (s.includes(',')) {
    if (!/^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s))
      throw bad(
        `"${raw}" is not a number I can read: use a dot for decimals; commas are only accepted as thousands separators (1,234,567.89)`,
      );
    s = s.replace(/,/g, '');
  }
  const m = /^([+-]?)(\d*)(?:\.(\d+))?$/.exec(s);
  if (!m || (m[2] === '' && m[3] === undefined))
    throw bad(`must be a number written with digits, such as "42", "-7" or "1234.56" (got "${raw.slice(0, 60)}")`);
  const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > MAX_DIGITS)
    throw bad(`is too large: the largest supported number is 999 quadrillion (999,999,999,999,999,999), got ${whole.length} digits`);
  return { negative: m[1] === '-', whole, fraction: m[3] ?? '' };
}

function plain({ negative, whole, fraction }: ParsedNumber, british: boolean) {
  const isZero = /^0*$/.test(whole + fraction);
  const sign = negative && !isZero ? '-' : '';
  let words = (sign ? 'minus ' : '') + integerToWords(whole, british);
  if (fraction) words += ` point ${[...fraction].map((d) => ONES[Number(d)]).join(' ')}`;
  return { words, number: `${sign}${whole}${fraction ? `.${fraction}` : ''}` };
}

function currency({ negative, whole, fraction }: ParsedNumber, unit: (typeof UNITS)[keyof typeof UNITS], british: boolean) {
  // Round to whole cents, half up (exact: on the digits, never through a float).
  let cents = Number(fraction.padEnd(2, '0').slice(0, 2));
  let units = BigInt(whole);
  if (fraction.length > 2 && fraction[2] >= '5') cents++;
  if (cents === 100) {
    cents = 0;
    units++;
  }
  const unitDigits = units.toString();
  if (unitDigits.length > MAX_DIGITS) throw bad('is too large: the largest supported amount is 999 quadrillion');
  const sign = negative && (units > 0n || cents > 0) ? '-' : '';
  let words = `${sign ? 'minus ' : ''}${integerToWords(unitDigits, british)} ${units === 1n ? unit.one : unit.many}`;
  if (cents) words += ` and ${integerToWords(String(cents), british)} ${cents === 1 ? unit.minorOne : unit.minorMany}`;
  return { words, number: `${sign}${unitDigits}${fraction ? `.${String(cents).padStart(2, '0')}` : ''}` };
}

const MODES = ['plain', 'currency'] as const;
const MODE_ALIASES: Record<string, (typeof MODES)[number]> = {
  cardinal: 'plain',
  words: 'plain',
  number: 'plain',
  text: 'plain',
  money: 'currency',
  amount: 'currency',
  cheque: 'currency',
  check: 'currency',
};
const CURRENCIES = ['dollars', 'euros', 'pounds'] as const;
const CURRENCY_ALIASES: Record<string, (typeof CURRENCIES)[number]> = {
  dollar: 'dollars',
  usd: 'dollars',
  $: 'dollars',
  euro: 'euros',
  eur: 'euros',
  '€': 'euros',
  pound: 'pounds',
  gbp: 'pounds',
  '£': 'pounds',
  sterling: 'pounds',
};

export default defineTool({
  slug: 'numbers-to-words',
  title: 'Numbers to words',
  summary: 'Write a number or an amount in English words, as on a cheque.',
  keywords: {
    en: ['spell out numbers', 'number in words', 'cheque', 'amount in words', 'written numbers', 'number to words', 'in words'],
    nl: ['getal in woorden', 'uitschrijven', 'bedrag in woorden', 'getal naar woorden', 'in woorden'],
  },
  description:
    'Writes a number in English words, exactly, for any whole part up to 999 quadrillion (999,999,999,999,999,999), negative numbers ("minus seven") and decimals. Style: lower case, short scale (million, billion, trillion, quadrillion), hyphenated tens ("twenty-three"), no commas; American by default ("one hundred twenty-three"), British with `british: true` ("one hundred and twenty-three", "one thousand and five"). `number` is a string (so big values stay exact): digits with an optional sign and decimal point; thousands separators "," " " or "_" are accepted, decimal commas and exponents are not. `mode` `plain` (default) reads decimals digit by digit ("3.14" → "three point one four"). `mode` `currency` rounds to whole cents (half up) and names the unit of `currency` — dollars (dollar/dollars, cent/cents), euros (euro/euros, cent/cents) or pounds (pound/pounds, penny/pence) — adding "and … cents" only when the cents are not zero ("1.01" → "one dollar and one cent"; "12.00" → "twelve dollars"); `currency` is ignored in plain mode. `number` in the result is the number as read (sign, no separators; in currency mode rounded to cents). Aliases: money/cheque → currency; usd/$, eur/€, gbp/£ → the currencies.',
  resultView: { kind: 'text', field: 'words' },
  input: z.strictObject({
    number: z.string().max(100).describe('The number, as a string: "1234", "-0.5", "1,000,000.25"'),
    mode: aliasedEnum(MODES, { aliases: MODE_ALIASES }).default('plain').describe('plain (default) or currency'),
    currency: aliasedEnum(CURRENCIES, { aliases: CURRENCY_ALIASES })
      .default('dollars')
      .describe('Currency mode unit: dollars (default), euros or pounds'),
    british: z.boolean().default(false).describe('British "and" ("one hundred and one"); default American'),
  }),
  output: z.object({
    words: z.string(),
    number: z.string().describe('The number as read (normalised)'),
  }),
  examples: [
    {
      name: 'American style, decimals digit by digit',
      input: { number: '-1,234.05' },
      output: { words: 'minus one thousand two hundred thirty-four point zero five', number: '-1234.05' },
    },
    {
      name: 'British style',
      input: { number: '2000105', british: true },
      output: { words: 'two million one hundred and five', number: '2000105' },
    },
    {
      name: 'Pounds and pence, rounded to the penny',
      input: { number: '101.005', mode: 'currency', currency: 'pounds', british: true },
      output: { words: 'one hundred and one pounds and one penny', number: '101.01' },
    },
    {
      name: '999 quadrillion and more, exactly',
      input: { number: '999000000000000001' },
      output: { words: 'nine hundred ninety-nine quadrillion one', number: '999000000000000001' },
    },
  ],
  run({ number, mode, currency: unit, british }) {
    const parsed = parseNumber(number);
    return mode === 'plain' ? plain(parsed, british) : currency(parsed, UNITS[unit], british);
  },
});
