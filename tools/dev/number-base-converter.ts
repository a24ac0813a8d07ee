import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

/** Longest accepted value, characters (about 33,000 bits in base 2, 10,000 digits in base 10). */
export const MAX_DIGITS = 10_000;
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const PREFIX: Record<string, number> = { '0x': 16, '0o': 8, '0b': 2 };

/** Parses `digits` (already validated, lower case) in `base` exactly, several digits per BigInt step. */
function parseBigInt(digits: string, base: number): bigint {
  if (base === 10) return BigInt(digits);
  if (base === 16) return BigInt(`0x${digits}`);
  if (base === 8) return BigInt(`0o${digits}`);
  if (base === 2) return BigInt(`0b${digits}`);
  let chunk = 1; // digits per step with base^chunk < 2^53
  while (base ** (chunk + 1) < Number.MAX_SAFE_INTEGER) chunk++;
  let result = 0n;
  for (let i = 0; i < digits.length; i += chunk) {
    const piece = digits.slice(i, i + chunk);
    result = result * BigInt(base) ** BigInt(piece.length) + BigInt(parseInt(piece, base));
  }
  return result;
}

/** Validates and parses a signed number written in `base`; the 400 names the first bad digit. */
export function parseInBase(value: string, base: number): bigint {
  let s = value.trim().toLowerCase();
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  const prefix = s.slice(0, 2);
  if (PREFIX[prefix] === base) s = s.slice(2);
  s = s.replace(/[_\s]/g, '');
  if (s === '') throw new ToolError('value has no digits');
  for (let i = 0; i < s.length; i++) {
    const d = DIGITS.indexOf(s[i]);
    if (d < 0 || d >= base) {
      const allowed = base <= 10 ? `0-${base - 1}` : `0-9 and a-${DIGITS[base - 1]}`;
      throw new ToolError(
        `value: ${JSON.stringify(s[i])} is not a digit in base ${base} (allowed: ${allowed}${base > 10 ? ', either case' : ''})`,
      );
    }
  }
  const n = parseBigInt(s, base);
  return negative ? -n : n;
}

function show(n: bigint, base: number): string {
  return n.toString(base).toUpperCase();
}

const base = (what: string, dflt: number) => z.int().min(2).max(36).default(dflt).describe(`${what} base, 2 to 36 (default ${dflt})`);

export default defineTool({
  slug: 'number-base-converter',
  title: 'Number base converter',
  summary: 'Convert a whole number between binary, octal, decimal, hex and any base up to 36.',
  keywords: {
    en: [
      'binary',
      'hexadecimal',
      'hex',
      'octal',
      'decimal',
      'base 2',
      'base 16',
      'radix',
      'convert to binary',
      'to hex',
      'base conversion',
    ],
    nl: ['binair', 'hexadecimaal', 'octaal', 'decimaal', 'talstelsel', 'naar binair', 'naar hex', 'omrekenen'],
  },
  description:
    'Converts a whole number between bases 2 to 36 exactly, at any size (BigInt arithmetic, up to 10,000 digits), and also gives it in binary, octal, decimal and hexadecimal. ' +
    'Digits above 9 are the letters a–z in either case; outputs use upper-case letters (e.g. "FF"). Negative numbers take a leading "-" (a "+" is allowed); a 0x, 0o or 0b prefix matching `fromBase` is accepted, and "_" or spaces between digits are ignored ("1111_0000"). ' +
    'Defaults: `fromBase` 10, `toBase` 16. A digit that does not exist in `fromBase` gives a 400 naming it. Fractions are not supported.',
  resultView: { kind: 'figure', field: 'output', label: 'Converted number' },
  input: z.strictObject({
    value: z.string().min(1).max(MAX_DIGITS).describe('The number, written in `fromBase`, e.g. "255", "-ff", "0b1010"'),
    fromBase: base('Input', 10),
    toBase: base('Output', 16),
  }),
  output: z.object({
    input: z.string().describe('The value as given'),
    fromBase: z.int(),
    toBase: z.int(),
    output: z.string().describe('The number in `toBase`'),
    negative: z.boolean(),
    binary: z.string(),
    octal: z.string(),
    decimal: z.string(),
    hexadecimal: z.string(),
  }),
  examples: [
    {
      name: 'Decimal 255 to hexadecimal (defaults)',
      input: { value: '255' },
      output: {
        input: '255',
        fromBase: 10,
        toBase: 16,
        output: 'FF',
        negative: false,
        binary: '11111111',
        octal: '377',
        decimal: '255',
        hexadecimal: 'FF',
      },
    },
    {
      name: 'Negative base-36 number to decimal',
      input: { value: '-zz', fromBase: 36, toBase: 10 },
      output: {
        input: '-zz',
        fromBase: 36,
        toBase: 10,
        output: '-1295',
        negative: true,
        binary: '-10100001111',
        octal: '-2417',
        decimal: '-1295',
        hexadecimal: '-50F',
      },
    },
    {
      name: '2^64 from binary to base 36, beyond 64-bit integers',
      input: { value: '1' + '0'.repeat(64), fromBase: 2, toBase: 36 },
      output: {
        input: '1' + '0'.repeat(64),
        fromBase: 2,
        toBase: 36,
        output: '3W5E11264SGSG',
        negative: false,
        binary: '1' + '0'.repeat(64),
        octal: '2' + '0'.repeat(21),
        decimal: '18446744073709551616',
        hexadecimal: '1' + '0'.repeat(16),
      },
    },
  ],
  run({ value, fromBase, toBase }) {
    const n = parseInBase(value, fromBase);
    return {
      input: value,
      fromBase,
      toBase,
      output: show(n, toBase),
      negative: n < 0n,
      binary: show(n, 2),
      octal: show(n, 8),
      decimal: show(n, 10),
      hexadecimal: show(n, 16),
    };
  },
});
