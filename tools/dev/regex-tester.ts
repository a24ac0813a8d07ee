import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { REGEX_FLAGS, REGEX_LIMITS, sandboxMatchAll } from '../../src/compute/regex-sandbox.js';

/** Checks a flags string the way the RegExp constructor would, with a sentence a caller can act on. */
function flagsProblem(flags: string): string | undefined {
  const unknown = [...flags].filter((f) => !REGEX_FLAGS.includes(f));
  if (unknown.length) return `unknown flag ${JSON.stringify(unknown[0])}; allowed flags: d, g, i, m, s, u, v, y`;
  const repeated = [...flags].find((f, i) => flags.indexOf(f) !== i);
  if (repeated) return `flag ${JSON.stringify(repeated)} is given twice`;
  if (flags.includes('u') && flags.includes('v')) return 'flags "u" and "v" cannot be combined';
  return undefined;
}

const match = z.object({
  match: z.string(),
  index: z.int().describe('Start of the match, in UTF-16 code units (JavaScript string index)'),
  groups: z.array(z.string()).describe('Capture groups 1..n; a group that did not take part in the match is ""'),
  namedGroups: z.record(z.string(), z.string()).optional().describe('Named groups, present only when the pattern has any'),
});

export default defineTool({
  slug: 'regex-tester',
  mainThread: "patterns run in the regex sandbox's own pool under a 2 s deadline (src/compute/regex-sandbox.ts)",
  title: 'Regex tester',
  summary: 'Test a regular expression on a text and see every match and group.',
  keywords: {
    en: [
      'regular expression',
      'regexp',
      'pattern match',
      'capture groups',
      'test pattern',
      'regex',
      'test regex',
      'pattern',
      'regular expression',
      'try regex',
    ],
    nl: ['reguliere expressie', 'patroon', 'regex testen', 'regex', 'patroon testen', 'uitproberen', 'regex proberen'],
  },
  description:
    'Tests a JavaScript regular expression against a text and lists every match with its index and capture groups. ' +
    'Semantics are exactly those of JavaScript (ECMAScript RegExp), including lookbehind, named groups (?<name>...) ' +
    'and \\p{...} Unicode properties with the u or v flag. Accepted flags: d, g, i (ignore case), m (^ and $ per ' +
    'line), s (. matches newlines), u (Unicode), v (Unicode sets), y (sticky); default "g". The g flag is always ' +
    'implied, since all matches are listed. `index` counts UTF-16 code units. Groups that did not participate are "" ' +
    '(as in a replacement). Safety caps: pattern at most 1,000 characters; the match runs in a sandbox with a 2 s time ' +
    'budget (a catastrophically backtracking pattern such as (a+)+$ gets a clear 400 error instead of hanging); at ' +
    'most 1,000 matches and 1,000,000 characters of match and group text are listed (`truncated` is then true), but ' +
    '`count` always counts every match. Invalid patterns or flags give a 400 naming the field.',
  resultView: { kind: 'table', field: 'matches', label: 'Matches' },
  input: z.strictObject({
    pattern: z.string().max(LIMITS.pattern).describe('The regular expression source, without slashes, e.g. "(\\\\d+)-(\\\\d+)"'),
    flags: z
      .string()
      .max(16)
      .default('g')
      .refine((f) => flagsProblem(f) === undefined, { error: (issue) => flagsProblem(String(issue.input)) ?? 'invalid flags' })
      .describe('Any of d, g, i, m, s, u, v, y (g is implied); default "g"')
      .meta({ examples: ['g', 'gi', 'gm', 'gim', 'gs', 'gu', 'giu', 'gy', 'gd'] }),
    text: z.string().max(LIMITS.text).describe('The text to search'),
  }),
  output: z.object({
    matches: z.array(match).describe(`Matches in order, at most ${REGEX_LIMITS.matches}`),
    count: z.int().describe('Total number of matches (also those not listed)'),
    truncated: z.boolean().describe('True when the listing stopped at a cap; `count` is still complete'),
  }),
  examples: [
    {
      name: 'Dates with two groups',
      input: { pattern: '(\\d{4})-(\\d{2})', flags: 'g', text: 'Due 2024-05, paid 2024-06.' },
      output: {
        matches: [
          { match: '2024-05', index: 4, groups: ['2024', '05'] },
          { match: '2024-06', index: 18, groups: ['2024', '06'] },
        ],
        count: 2,
        truncated: false,
      },
    },
    {
      name: 'Case-insensitive with a named group and an optional group',
      input: { pattern: '(?<word>cat)(s)?', flags: 'i', text: 'Cats and a cat' },
      output: {
        matches: [
          { match: 'Cats', index: 0, groups: ['Cat', 's'], namedGroups: { word: 'Cat' } },
          { match: 'cat', index: 11, groups: ['cat', ''], namedGroups: { word: 'cat' } },
        ],
        count: 2,
        truncated: false,
      },
    },
    {
      name: 'No match',
      input: { pattern: '^x', text: 'abc' },
      output: { matches: [], count: 0, truncated: false },
    },
  ],
  async run({ pattern, flags, text }, ctx) {
    const effectiveFlags = flags.includes('g') ? flags : flags + 'g';
    const found = await sandboxMatchAll(pattern, effectiveFlags, text, { field: 'pattern', signal: ctx.signal });
    return {
      matches: found.matches.map((m) => ({
        match: m.match,
        index: m.index,
        groups: m.groups.map((g) => g ?? ''),
        ...(m.namedGroups && {
          namedGroups: Object.fromEntries(Object.entries(m.namedGroups).map(([k, v]) => [k, v ?? ''])),
        }),
      })),
      count: found.count,
      truncated: found.truncated,
    };
  },
});
