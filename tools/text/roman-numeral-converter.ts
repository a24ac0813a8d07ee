import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

/** The thirteen building blocks of a standard-form numeral, largest first. */
const TOKENS: readonly (readonly [string, number])[] = [
  ['M', 1000],
  ['CM', 900],
  ['D', 500],
  ['CD', 400],
  ['C', 100],
  ['XC', 90],
  ['L', 50],
  ['XL', 40],
  ['X', 10],
  ['IX', 9],
  ['V', 5],
  ['IV', 4],
  ['I', 1],
];
const SYMBOL_VALUE: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
/** What each symbol may be subtracted from. */
const SUBTRACT_FROM: Readonly<Record<string, string>> = { I: 'VX', X: 'LC', C: 'DM' };

export const MIN = 1;
export const MAX = 3999;

interface Part {
  value: number;
  symbol: string;
}

export function toParts(n: number): Part[] {
  const parts: Part[] = [];
  for (const [symbol, value] of TOKENS) {
    while (n >= value) {
      parts.push({ value, symbol });
      n -= value;
    }
  }
  return parts;
}

const fail = (why: string) => new ToolError(`\`value\` ${why}`, 400);

/** Parses a standard-form numeral (case-insensitive); throws a 400 that says what rule the input breaks. */
export function parseRoman(input: string): Part[] {
  const s = input.toUpperCase();
  const badChar = /[^IVXLCDM]/.exec(s);
  if (badChar) throw fail(`"${input}" is not a Roman numeral: "${input[badChar.index]}" is not one of I, V, X, L, C, D, M`);
  for (const five of 'VLD') {
    if (s.split(five).length > 2) throw fail(`"${input}" is not a valid Roman numeral: ${five} may appear only once`);
  }
  if (/MMMM/.test(s)) throw fail(`"${input}" is too large: Roman numerals go up to ${MAX} (MMMCMXCIX)`);
  const run = /([IXC])\1\1\1/.exec(s);
  if (run) throw fail(`"${input}" is not a valid Roman numeral: ${run[1]} may appear at most three times in a row`);
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, b] = [s[i], s[i + 1]];
    if (SYMBOL_VALUE[a] >= SYMBOL_VALUE[b]) continue;
    if (!SUBTRACT_FROM[a]) throw fail(`"${input}" is not a valid Roman numeral: ${a} is never subtracted (${a}${b} is not allowed)`);
    if (!SUBTRACT_FROM[a].includes(b))
      throw fail(
        `"${input}" is not a valid Roman numeral: ${a} may only be subtracted from ${SUBTRACT_FROM[a].split('').join(' and ')} (${a}${b} is not allowed)`,
      );
  }
  // Every pair is legal; what remains is the order: standard form writes the blocks from largest to smallest.
  let value = 0;
  for (let i = 0; i < s.length; i++) {
    const v = SYMBOL_VALUE[s[i]];
    value += i + 1 < s.length && v < SYMBOL_VALUE[s[i + 1]] ? -v : v;
  }
  const parts = value >= MIN && value <= MAX ? toParts(value) : [];
  const standard = parts.map((p) => p.symbol).join('');
  if (standard !== s)
    throw fail(
      `"${input}" is not a valid Roman numeral: symbols must go from the largest value to the smallest${standard ? ` (did you mean ${standard} = ${value}?)` : ''}`,
    );
  return parts;
}

const MODES = ['auto', 'toRoman', 'toNumber'] as const;
const ALIASES: Record<string, (typeof MODES)[number]> = {
  roman: 'toRoman',
  encode: 'toRoman',
  'arabic-to-roman': 'toRoman',
  'number-to-roman': 'toRoman',
  'to-arabic': 'toNumber',
  'from-roman': 'toNumber',
  'roman-to-number': 'toNumber',
  'roman-to-arabic': 'toNumber',
  number: 'toNumber',
  arabic: 'toNumber',
  decimal: 'toNumber',
  decode: 'toNumber',
};

export default defineTool({
  slug: 'roman-numeral-converter',
  title: 'Roman numeral converter',
  summary: 'Convert numbers to Roman numerals and back.',
  keywords: { en: ['Roman numerals', 'MCMXC', 'numerals to numbers', 'Roman'], nl: ['Romeinse cijfers', 'romeinse getallen', 'romeins'] },
  description:
    'Converts whole numbers 1–3999 to Roman numerals and back, in standard (subtractive) form: IV, IX, XL, XC, CD, CM. `mode` `auto` (default) reads digits as a number and letters as a numeral; `toRoman` / `toNumber` force a direction (aliases: roman/encode → toRoman; arabic/decimal/from-roman → toNumber). Numerals are read case-insensitively but strictly: IIII, VV, IC, XM, VX, IIV and MMMM are refused with a 400 that says which rule they break (at most three I/X/C/M in a row, V/L/D once, I only before V or X, X only before L or C, C only before D or M, largest to smallest). Numbers outside 1–3999, decimals and signs are refused. The result has both forms, `parts` (the blocks, largest first) and a `breakdown` line such as "XL (40) + I (1) + I (1) = 42".',
  resultView: {
    kind: 'figure',
    field: 'roman',
    label: 'Roman numeral',
    detail: ['breakdown'],
    choose: { by: 'direction', fields: { toNumber: 'number' } },
  },
  input: z.strictObject({
    value: z.string().trim().min(1).max(50).describe('A whole number (1–3999) or a Roman numeral'),
    mode: aliasedEnum(MODES, { aliases: ALIASES }).default('auto').describe('auto (default), toRoman or toNumber'),
  }),
  output: z.object({
    direction: z.enum(['toRoman', 'toNumber']),
    roman: z.string(),
    number: z.int(),
    parts: z.array(z.object({ value: z.int(), symbol: z.string() })),
    breakdown: z.string(),
  }),
  examples: [
    {
      name: 'Number to numeral',
      input: { value: '1994' },
      output: {
        direction: 'toRoman',
        roman: 'MCMXCIV',
        number: 1994,
        parts: [
          { value: 1000, symbol: 'M' },
          { value: 900, symbol: 'CM' },
          { value: 90, symbol: 'XC' },
          { value: 4, symbol: 'IV' },
        ],
        breakdown: 'M (1000) + CM (900) + XC (90) + IV (4) = 1994',
      },
    },
    {
      name: 'Numeral to number, lower case accepted',
      input: { value: 'xlii' },
      output: {
        direction: 'toNumber',
        roman: 'XLII',
        number: 42,
        parts: [
          { value: 40, symbol: 'XL' },
          { value: 1, symbol: 'I' },
          { value: 1, symbol: 'I' },
        ],
        breakdown: 'XL (40) + I (1) + I (1) = 42',
      },
    },
  ],
  run({ value, mode }) {
    const looksNumeric = /^[+-]?\d+$/.test(value);
    const direction = mode === 'auto' ? (looksNumeric ? 'toRoman' : 'toNumber') : mode;
    let parts: Part[];
    if (direction === 'toRoman') {
      if (!/^\d+$/.test(value)) throw fail(`must be a whole number from ${MIN} to ${MAX} to convert to a Roman numeral, got "${value}"`);
      const n = Number(value);
      if (n < MIN || n > MAX)
        throw fail(`must be from ${MIN} to ${MAX} (Roman numerals have no zero, negatives or numbers above ${MAX}), got ${value}`);
      parts = toParts(n);
    } else {
      if (looksNumeric || /^[\d.,+-]+$/.test(value))
        throw fail(
          mode === 'auto'
            ? `"${value}" is not a whole number from ${MIN} to ${MAX} or a Roman numeral`
            : `"${value}" is a number, not a Roman numeral (use mode "toRoman" to convert a number)`,
        );
      parts = parseRoman(value);
    }
    const number = parts.reduce((sum, p) => sum + p.value, 0);
    return {
      direction,
      roman: parts.map((p) => p.symbol).join(''),
      number,
      parts,
      breakdown: `${parts.map((p) => `${p.symbol} (${p.value})`).join(' + ')} = ${number}`,
    };
  },
});
