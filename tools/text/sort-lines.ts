import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { createRng } from '../_lib/rng.js';
import { graphemes, joinLines, splitLines } from '../_lib/text-lines.js';

const MODES = ['a-to-z', 'z-to-a', 'length', 'natural', 'shuffle'] as const;
type Mode = (typeof MODES)[number];

const ALIASES: Record<string, Mode> = {
  az: 'a-to-z',
  asc: 'a-to-z',
  ascending: 'a-to-z',
  alphabetical: 'a-to-z',
  alpha: 'a-to-z',
  za: 'z-to-a',
  desc: 'z-to-a',
  descending: 'z-to-a',
  'by-length': 'length',
  len: 'length',
  numeric: 'natural',
  'natural-numeric': 'natural',
  'natural-sort': 'natural',
  random: 'shuffle',
  'seeded-shuffle': 'shuffle',
  randomize: 'shuffle',
};

/** The seed used when none is given, so the tool stays deterministic. */
export const DEFAULT_SEED = 0;

/** Line comparator for a mode (not used for shuffle). Fixed 'en' collation: the server locale never matters. */
function comparator(mode: Exclude<Mode, 'shuffle'>, caseInsensitive: boolean): (a: string, b: string) => number {
  const collator = new Intl.Collator('en', {
    sensitivity: caseInsensitive ? 'accent' : 'variant',
    numeric: mode === 'natural',
  });
  // Case-sensitive sorting is a total order: lines the collator finds equal fall back to code points.
  const byText = caseInsensitive
    ? (a: string, b: string) => collator.compare(a, b)
    : (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  switch (mode) {
    case 'a-to-z':
    case 'natural':
      return byText;
    case 'z-to-a':
      return (a, b) => byText(b, a);
    case 'length': {
      const lengths = new Map<string, number>();
      const length = (s: string) => lengths.get(s) ?? lengths.set(s, graphemes(s).length).get(s)!;
      return (a, b) => length(a) - length(b) || byText(a, b);
    }
  }
}

export default defineTool({
  slug: 'sort-lines',
  worker: { reason: 'length and natural sorts of 1,000,000 characters take seconds', timeMs: 5_000, field: 'text' },
  title: 'Sort lines',
  summary: 'Sort the lines of a text alphabetically, by length or naturally (file2 before file10).',
  keywords: {
    en: [
      'sort alphabetically',
      'order lines',
      'A-Z',
      'numeric sort',
      'shuffle',
      'sort',
      'sort lines',
      'alphabetical',
      'alphabetize',
      'alphabetise',
    ],
    nl: ['sorteren', 'alfabetisch', 'regels ordenen', 'alfabetiseren', 'volgorde'],
  },
  description:
    'Sorts the lines of a text: alphabetically A-Z (default) or Z-A, by length, naturally (file2 before file10) or shuffled with a seed; optionally case-insensitive, without duplicate lines, or reversed. Deterministic: a fixed English collation, never the server locale.',
  docs: [
    '- Modes: `a-to-z` (default; alphabetical), `z-to-a`, `length` (shortest first by user-perceived characters, ties alphabetical), `natural` (digit runs compare as numbers: file2 before file10, 1.5 before 1.10; signs and decimal points are not interpreted), `shuffle` (seeded random order: the same `seed` gives the same order on every machine; without a seed, seed 0 is used, so repeated calls give the same order; pass different seeds for different orders).',
    '- Alphabetical order uses a fixed English collation (Unicode CLDR root order, never the server locale): accents and case are secondary, so apple < Apple < banana < Éclair < zebra; `caseInsensitive` makes lines that differ only in case equal (they keep their input order, and count as duplicates).',
    '- `removeDuplicates` drops repeated lines before sorting (first occurrence kept; compared case-insensitively when `caseInsensitive`). `reverse` reverses the final order (z-to-a + reverse = a-to-z; length + reverse = longest first).',
    "- Lines split at \\n, \\r\\n or \\r and are joined with the text's own line break; a final line break is kept.",
    '- Aliases: asc/alphabetical → a-to-z, desc → z-to-a, by-length → length, numeric → natural, random → shuffle.',
  ].join('\n'),
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The lines to sort'),
    mode: aliasedEnum(MODES, { aliases: ALIASES }).default('a-to-z').describe('a-to-z (default), z-to-a, length, natural or shuffle'),
    caseInsensitive: z.boolean().default(false).describe('Ignore case when comparing (and when finding duplicates)'),
    removeDuplicates: z.boolean().default(false).describe('Drop repeated lines (the first occurrence stays)'),
    reverse: z.boolean().default(false).describe('Reverse the final order'),
    seed: z.number().default(DEFAULT_SEED).describe('Seed for shuffle (default 0); same seed, same order'),
  }),
  output: z.object({
    result: z.string(),
    mode: z.enum(MODES),
    lines: z.int().describe('Lines in the result'),
    removedDuplicates: z.int(),
  }),
  examples: [
    {
      name: 'Alphabetical, case and accents secondary',
      input: { text: 'banana\nÉclair\napple\nApple\nzebra' },
      output: { result: 'apple\nApple\nbanana\nÉclair\nzebra', mode: 'a-to-z', lines: 5, removedDuplicates: 0 },
    },
    {
      name: 'Natural order, duplicates removed, reversed',
      input: { text: 'file10\nfile2\nfile1\nfile2', mode: 'natural', removeDuplicates: true, reverse: true },
      output: { result: 'file10\nfile2\nfile1', mode: 'natural', lines: 3, removedDuplicates: 1 },
    },
    {
      name: 'By length',
      input: { text: 'ccc\na\nbb\naa', mode: 'by length' },
      output: { result: 'a\naa\nbb\nccc', mode: 'length', lines: 4, removedDuplicates: 0 },
    },
  ],
  run({ text, mode, caseInsensitive, removeDuplicates, reverse, seed }) {
    const split = splitLines(text);
    let lines = split.lines;
    let removedDuplicates = 0;
    if (removeDuplicates) {
      const seen = new Set<string>();
      lines = lines.filter((line) => {
        const key = caseInsensitive ? line.toLowerCase() : line;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      removedDuplicates = split.lines.length - lines.length;
    }
    lines = mode === 'shuffle' ? createRng(seed).shuffle(lines) : lines.slice().sort(comparator(mode, caseInsensitive));
    if (reverse) lines.reverse();
    return { result: joinLines(lines, split), mode, lines: lines.length, removedDuplicates };
  },
});
