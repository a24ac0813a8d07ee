import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { joinWithOwnBreaks, splitLines } from '../_lib/text-lines.js';

/** Result cap: prefix/suffix times many short lines could multiply the text (2,000,000 characters, as find-and-replace). */
const MAX_RESULT = 2_000_000;

export default defineTool({
  slug: 'add-prefix-suffix',
  worker: {
    reason: 'linear, but 0.1-1 s at 1,000,000 characters; under 20 ms below 50,000',
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Add prefix and suffix to lines',
  keywords: {
    en: ['prefix', 'suffix', 'wrap lines', 'quote each line', 'bullet', 'add text to each line', 'every line'],
    nl: ['voorvoegsel', 'achtervoegsel', 'elke regel', 'aanhalingstekens'],
  },
  description:
    'Adds a `prefix` and/or `suffix` to every line (e.g. quote lines for SQL, bullets, HTML tags). `skipEmpty` leaves blank (whitespace-only) lines as they are. ' +
    "Lines split at \\n, \\r\\n or \\r and keep each line's own line break (mixed breaks stay mixed); a final line break stays a final line break and does not create an extra decorated empty line. " +
    'Prefix and suffix up to 1,000 characters each; the result is capped at 2,000,000 characters (413 beyond).',
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The text, one item per line'),
    prefix: z.string().max(1000).default('').describe('Text put before each line'),
    suffix: z.string().max(1000).default('').describe('Text put after each line'),
    skipEmpty: z.boolean().default(false).describe('Leave blank lines undecorated (default false)'),
  }),
  output: z.object({
    result: z.string(),
    lines: z.int().describe('Lines in the text'),
    decorated: z.int().describe('Lines that got the prefix/suffix'),
  }),
  examples: [
    {
      name: 'Quote a list for SQL',
      input: { text: 'apple\npear\nfig\n', prefix: "'", suffix: "'," },
      output: { result: "'apple',\n'pear',\n'fig',\n", lines: 3, decorated: 3 },
    },
    {
      name: 'Bullets, blank line skipped, CRLF kept',
      input: { text: 'one\r\n\r\ntwo', prefix: '- ', skipEmpty: true },
      output: { result: '- one\r\n\r\n- two', lines: 3, decorated: 2 },
    },
  ],
  run({ text, prefix, suffix, skipEmpty }) {
    const split = splitLines(text);
    let decorated = 0;
    const out = split.lines.map((line) => {
      if (skipEmpty && line.trim() === '') return line;
      decorated++;
      return prefix + line + suffix;
    });
    if (text.length + decorated * (prefix.length + suffix.length) > MAX_RESULT)
      throw new ToolError(
        `The result would be longer than ${MAX_RESULT.toLocaleString('en-US')} characters; shorten \`text\` or the prefix/suffix`,
        413,
        { field: 'text' },
      );
    return { result: joinWithOwnBreaks(text, out), lines: split.lines.length, decorated };
  },
});
