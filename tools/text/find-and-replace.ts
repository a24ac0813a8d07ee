import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { compileRegex, sandboxReplace } from '../../src/compute/regex-sandbox.js';

/** A word character for `wholeWord`: any letter, digit or combining mark (any script), or `_`. */
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}_]';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wrapWholeWord(source: string): string {
  return `(?<!${WORD_CHAR})(?:${source})(?!${WORD_CHAR})`;
}

export default defineTool({
  slug: 'find-and-replace',
  mainThread: "both modes run in the regex sandbox's own pool under a 2 s deadline (src/compute/regex-sandbox.ts)",
  title: 'Find and replace',
  summary: 'Replace every occurrence of a word or phrase in a text, and count them.',
  keywords: {
    en: ['search and replace', 'substitute', 'replace all', 'regex replace', 'find', 'replace', 'replace word'],
    nl: ['zoeken en vervangen', 'vervangen', 'tekst vervangen', 'zoeken', 'woord vervangen'],
  },
  description:
    'Replaces every occurrence of `find` in a text and reports how many replacements were made. ' +
    'Plain mode (default, useRegex false): `find` is matched literally and `replace` is inserted literally, so "$1" or ' +
    '"$&" in `replace` stay as typed. Regex mode (useRegex true): `find` is a JavaScript regular expression, compiled ' +
    'with the flags g, m and u (every match; ^ and $ match at line starts and ends; Unicode mode, so escapes must be ' +
    'valid in Unicode mode: write - rather than \\- outside a character class), and `replace` may use JavaScript ' +
    "replacement templates: $1..$99 (groups), $<name> (named groups), $& (whole match), $` and $' (text before/after), " +
    '$$ (a literal $). caseSensitive (default true) adds the i flag when false. wholeWord (default false) only ' +
    'replaces matches that are not preceded or followed by a letter, digit or underscore (Unicode-aware, so it works ' +
    'for "café"). Limits: find at most 1,000 characters, replace at most 10,000, result at most 2,000,000 (413 beyond); ' +
    'matching runs in a sandbox with a 2 s time budget, and a catastrophically backtracking pattern gets a 400 error.',
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The text to edit'),
    find: z.string().min(1).max(LIMITS.pattern).describe('What to look for: literal text, or a regular expression when useRegex is true'),
    replace: z
      .string()
      .max(10_000)
      .default('')
      .describe('The replacement; "$" templates apply in regex mode only. Default "" (delete matches)'),
    caseSensitive: z.boolean().default(true).describe('Match letter case exactly (default true)'),
    wholeWord: z.boolean().default(false).describe('Only replace whole words (default false)'),
    useRegex: z.boolean().default(false).describe('Treat `find` as a JavaScript regular expression (default false)'),
  }),
  output: z.object({
    result: z.string(),
    count: z.int().describe('Number of replacements made'),
  }),
  examples: [
    {
      name: 'Plain, case-insensitive, whole words only',
      input: { text: 'Cat, cat, category.', find: 'cat', replace: 'dog', caseSensitive: false, wholeWord: true },
      output: { result: 'dog, dog, category.', count: 2 },
    },
    {
      name: 'Regex with groups: swap day and month',
      input: { text: 'From 31/12 to 01/02', find: '(\\d{2})/(\\d{2})', replace: '$2-$1', useRegex: true },
      output: { result: 'From 12-31 to 02-01', count: 2 },
    },
    {
      name: 'Plain mode keeps $ literally',
      input: { text: 'price: 5', find: '5', replace: '$1.00' },
      output: { result: 'price: $1.00', count: 1 },
    },
  ],
  async run({ text, find, replace, caseSensitive, wholeWord, useRegex }, ctx) {
    // Both modes run in the regex sandbox: even a literal search can be slow (a 1,000-character `find`, case-folded,
    // against a megabyte of text), and the sandbox's time budget and result cap then apply alike.
    const options = { field: 'find', signal: ctx.signal };
    if (!useRegex) {
      const source = escapeRegex(find);
      const literalReplacement = replace.replace(/\$/g, '$$$$');
      return sandboxReplace(wholeWord ? wrapWholeWord(source) : source, caseSensitive ? 'gu' : 'giu', text, literalReplacement, options);
    }
    const flags = caseSensitive ? 'gmu' : 'gimu';
    // Check the caller's pattern on its own, so wrapping it for wholeWord cannot turn "a)|(b" into a valid one.
    compileRegex(find, flags, 'find');
    return sandboxReplace(wholeWord ? wrapWholeWord(find) : find, flags, text, replace, options);
  },
});
