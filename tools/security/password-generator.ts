import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

const CLASSES = {
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  numbers: '0123456789',
  symbols: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
} as const;
type ClassName = keyof typeof CLASSES;

/** Characters easily confused with each other in print or when typed over: I l 1 | O 0 o and the quotes ' " `. */
const AMBIGUOUS = new Set('Il1|O0o\'"`');

const MIN_LENGTH = 4;
const MAX_LENGTH = 256;
const MAX_COUNT = 100;

/** Attacker speed behind `crackTime`: 10^10 guesses per second (offline attack on a fast hash, GPU rig). */
const GUESSES_PER_SECOND = 1e10;

/** log2 of a positive BigInt, accurate to well under one bit. */
function log2(n: bigint): number {
  const bits = n.toString(2).length;
  const shift = Math.max(0, bits - 53);
  return Math.log2(Number(n >> BigInt(shift))) + shift;
}

/**
 * Exact number of passwords of `length` over the union of `classes` that contain
 * at least one character of every class (inclusion–exclusion over left-out classes).
 */
function countPasswords(sizes: number[], length: number): bigint {
  let total = 0n;
  const k = sizes.length;
  for (let mask = 0; mask < 1 << k; mask++) {
    let size = 0;
    let left = 0;
    for (let i = 0; i < k; i++)
      if (mask & (1 << i)) left++;
      else size += sizes[i];
    const term = BigInt(size) ** BigInt(length);
    total += left % 2 === 0 ? term : -term;
  }
  return total;
}

function strengthLabel(bits: number): string {
  if (bits < 28) return 'very weak';
  if (bits < 36) return 'weak';
  if (bits < 60) return 'fair';
  if (bits < 128) return 'strong';
  return 'very strong';
}

/** Human time for the average search (half the space) at GUESSES_PER_SECOND. */
function crackTimeText(bits: number): string {
  const seconds = 2 ** (bits - 1) / GUESSES_PER_SECOND;
  const units: [string, number][] = [
    ['year', 31_557_600],
    ['month', 2_629_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  if (seconds < 1) return 'less than a second';
  if (seconds >= 100 * 31_557_600) return 'centuries';
  for (const [unit, size] of units)
    if (seconds >= size) {
      const n = Math.round(seconds / size);
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  return 'less than a second';
}

export default defineTool({
  slug: 'password-generator',
  title: 'Password generator',
  summary: 'Strong random passwords from the characters you choose, one or many at once.',
  featured: true,
  keywords: {
    en: ['random password', 'secure password', 'passphrase', 'strong password', 'password', 'generate password', 'new password'],
    nl: ['wachtwoord', 'wachtwoord maken', 'sterk wachtwoord', 'wachtwoordgenerator', 'nieuw wachtwoord', 'wachtwoord genereren'],
  },
  description:
    'Generates random passwords with cryptographic randomness (node:crypto). Choose the character classes (`uppercase`, `lowercase`, `numbers`, `symbols`: the 32 ASCII punctuation characters; all default true) and `length` ' +
    `${MIN_LENGTH}–${MAX_LENGTH} (default 16); every password contains at least one character of each chosen class (drawn uniformly among all such passwords by rejection sampling). ` +
    '`excludeAmbiguous` drops look-alikes I l 1 | O 0 o \' " `. ' +
    `\`count\` 1–${MAX_COUNT} (default 1). ` +
    '`charsetSize` = characters available; `entropyBits` = floor(log2(number of possible passwords)), counted exactly for the at-least-one-per-class rule; `strength` from the (unrounded) entropy (<28 very weak, <36 weak, <60 fair, <128 strong, else very strong); `crackTime` = average time to find it by brute force at 10^10 guesses per second. ' +
    'Passwords are not stored or logged.',
  resultView: { kind: 'list', field: 'passwords' },
  input: z.strictObject({
    length: z.int().min(MIN_LENGTH).max(MAX_LENGTH).default(16).describe(`Characters per password, ${MIN_LENGTH}–${MAX_LENGTH}`),
    uppercase: z.boolean().default(true).describe('Include A–Z'),
    lowercase: z.boolean().default(true).describe('Include a–z'),
    numbers: z.boolean().default(true).describe('Include 0–9'),
    symbols: z.boolean().default(true).describe('Include ASCII punctuation !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'),
    excludeAmbiguous: z.boolean().default(false).describe('Leave out look-alikes: I l 1 | O 0 o \' " `'),
    count: z.int().min(1).max(MAX_COUNT).default(1).describe(`How many passwords, 1–${MAX_COUNT}`),
  }),
  output: z.object({
    passwords: z.array(z.string()),
    length: z.int(),
    charsetSize: z.int(),
    entropyBits: z.int(),
    strength: z.string(),
    crackTime: z.string(),
  }),
  examples: [
    {
      name: 'Default: 16 characters from all 94 printable ASCII characters',
      input: {},
      output: { length: 16, charsetSize: 94, entropyBits: 104, strength: 'strong', crackTime: 'centuries' },
      partial: true,
    },
    {
      name: 'A 6-digit PIN-like code',
      input: { length: 6, uppercase: false, lowercase: false, symbols: false, count: 3 },
      output: { length: 6, charsetSize: 10, entropyBits: 19, strength: 'very weak', crackTime: 'less than a second' },
      partial: true,
    },
    {
      name: 'Letters and digits without look-alikes',
      input: { length: 12, symbols: false, excludeAmbiguous: true },
      output: { length: 12, charsetSize: 56, entropyBits: 69, strength: 'strong', crackTime: 'centuries' },
      partial: true,
    },
  ],
  run({ length, excludeAmbiguous, count, ...flags }) {
    const chosen = (Object.keys(CLASSES) as ClassName[]).filter((c) => flags[c]);
    if (chosen.length === 0)
      throw new ToolError('choose at least one character class: uppercase, lowercase, numbers or symbols', 400, { field: 'uppercase' });
    const classes = chosen.map((c) => [...CLASSES[c]].filter((ch) => !excludeAmbiguous || !AMBIGUOUS.has(ch)).join(''));
    const charset = classes.join('');

    const passwords: string[] = [];
    while (passwords.length < count) {
      let pw = '';
      for (let i = 0; i < length; i++) pw += charset[randomInt(charset.length)];
      if (classes.every((cls) => [...pw].some((ch) => cls.includes(ch)))) passwords.push(pw);
    }
    const bits = log2(
      countPasswords(
        classes.map((c) => c.length),
        length,
      ),
    );
    return {
      passwords,
      length,
      charsetSize: charset.length,
      entropyBits: Math.floor(bits),
      strength: strengthLabel(bits),
      crackTime: crackTimeText(bits),
    };
  },
});
