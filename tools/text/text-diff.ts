import { z } from 'zod';
import type { ChangeObject } from 'diff';
import { lazy } from '../_lib/lazy.js';

const loadDiff = lazy(() => import('diff'));
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

/** Largest text on either side, characters. Myers diff is O(N·D); this plus the time budget keeps a call short. */
const MAX_TEXT = 200_000;
/** Time budget of one diff, ms (the diff runs on the calling thread, so it is kept small). */
const DIFF_TIMEOUT_MS = 1_000;

const granularity = aliasedEnum(['word', 'line', 'character'], {
  aliases: { lines: 'line', words: 'word', char: 'character', chars: 'character', characters: 'character' },
});

async function diff(original: string, modified: string, by: 'word' | 'line' | 'character'): Promise<ChangeObject<string>[] | undefined> {
  const { diffChars, diffLines, diffWordsWithSpace } = await loadDiff();
  const options = { timeout: DIFF_TIMEOUT_MS };
  if (by === 'line') return diffLines(original, modified, options);
  if (by === 'character') return diffChars(original, modified, options);
  return diffWordsWithSpace(original, modified, options);
}

export default defineTool({
  slug: 'text-diff',
  worker: { reason: 'O(N·D) diff: seconds on two different 200,000-character texts', timeMs: 5_000, field: 'original' },
  title: 'Text diff',
  summary: 'Compare two texts and see what was added and removed.',
  keywords: {
    en: ['compare texts', 'difference', 'changes', 'diff checker', 'versions', 'diff', 'compare', 'differences'],
    nl: ['vergelijken', 'verschillen', 'wijzigingen', 'tekstvergelijking', 'verschil', 'teksten vergelijken'],
  },
  description:
    'Compares two texts and returns the differences as an ordered list of parts: `equal` (unchanged), `delete` ' +
    '(only in the original) and `insert` (only in the modified text). Joining the equal and delete values gives ' +
    'the original back exactly; joining equal and insert values gives the modified text. Where text was replaced, the ' +
    'delete part comes before the insert part. `granularity` chooses the unit: "word" (default; words, whitespace ' +
    'runs and punctuation are separate tokens, best for prose), "line" (whole lines including their line break, best ' +
    'for code and lists) or "character" (Unicode code points). Uses the Myers algorithm (jsdiff). Limits: each ' +
    'text at most 200,000 characters; a diff that needs more than 1 s (two long, very different texts) is refused ' +
    'with a 400 suggesting a coarser granularity.',
  resultView: { kind: 'diff', field: 'changes' },
  input: z.strictObject({
    original: z.string().max(MAX_TEXT).describe('The original text'),
    modified: z.string().max(MAX_TEXT).describe('The changed text'),
    granularity: granularity
      .default('word')
      .describe('Unit of comparison: "word" (default), "line" or "character" (aliases: words, lines, chars)'),
  }),
  output: z.object({
    changes: z.array(
      z.object({
        type: z.enum(['equal', 'delete', 'insert']),
        value: z.string(),
      }),
    ),
  }),
  examples: [
    {
      name: 'One word replaced (word granularity)',
      input: { original: 'The quick brown fox', modified: 'The slow brown fox' },
      output: {
        changes: [
          { type: 'equal', value: 'The ' },
          { type: 'delete', value: 'quick' },
          { type: 'insert', value: 'slow' },
          { type: 'equal', value: ' brown fox' },
        ],
      },
    },
    {
      name: 'Line granularity',
      input: { original: 'a\nb\nc\n', modified: 'a\nB\nc\nd\n', granularity: 'line' },
      output: {
        changes: [
          { type: 'equal', value: 'a\n' },
          { type: 'delete', value: 'b\n' },
          { type: 'insert', value: 'B\n' },
          { type: 'equal', value: 'c\n' },
          { type: 'insert', value: 'd\n' },
        ],
      },
    },
    {
      name: 'Character granularity: kitten → sitting',
      input: { original: 'kitten', modified: 'sitting', granularity: 'character' },
      output: {
        changes: [
          { type: 'delete', value: 'k' },
          { type: 'insert', value: 's' },
          { type: 'equal', value: 'itt' },
          { type: 'delete', value: 'e' },
          { type: 'insert', value: 'i' },
          { type: 'equal', value: 'n' },
          { type: 'insert', value: 'g' },
        ],
      },
    },
  ],
  async run({ original, modified, granularity }) {
    const parts = await diff(original, modified, granularity);
    if (!parts) {
      throw new ToolError(
        `The texts differ too much to compare by ${granularity} within ${DIFF_TIMEOUT_MS / 1000} s; ` +
          'use a coarser `granularity` ("line") or shorter texts',
        400,
        { field: 'granularity' },
      );
    }
    return {
      changes: parts
        .filter((p) => p.value !== '')
        .map((p) => ({ type: p.added ? 'insert' : p.removed ? 'delete' : 'equal', value: p.value }) as const),
    };
  },
});
