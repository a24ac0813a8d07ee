import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { splitLines } from '../_lib/text-lines.js';

/** A paragraph break: a line break, then one or more lines holding only spaces or tabs, each ended by a line break. */
const PARAGRAPH_BREAK = /(?:\r\n|\n|\r(?!\n))(?:[ \t]*(?:\r\n|\n|\r(?!\n)))+/;
/** "exam-" at a line end followed by "ple" (lower-case letter) on the next line. */
const HYPHEN_END = /\p{L}-$/u;
const LOWER_START = /^\p{Ll}/u;

export default defineTool({
  slug: 'remove-line-breaks',
  worker: {
    reason: 'linear, but 0.1-1 s at 1,000,000 characters; under 20 ms below 50,000',
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Remove line breaks',
  summary: 'Join the lines of a text into one paragraph.',
  keywords: {
    en: ['join lines', 'single line', 'remove newlines', 'unwrap text', 'line breaks', 'newlines'],
    nl: ['regeleinden verwijderen', 'enters weghalen', 'op een regel', 'regeleinden', 'enters'],
  },
  description:
    'Joins the lines of a text: each line break (\\n, \\r\\n or \\r) is replaced by a space (default), nothing, or `custom` text. A final line break is dropped. ' +
    "`keepParagraphs` keeps paragraphs apart: a run of line breaks with only blank lines between becomes one blank line (in the text's own line break). " +
    '`collapseSpaces` (default true) turns runs of spaces and tabs into one space, trims spaces at the join and skips blank lines. ' +
    '`dehyphenate` (default false) joins a word split by a hyphen at a line end when the next line starts with a lower-case letter ("exam-" + "ple" → "example"). Text up to 500,000 characters.',
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    // 500,000 characters: the worst case (all one-character lines) takes about 50 ms.
    text: z.string().max(500_000).describe('The text to join'),
    replaceWith: z.enum(['space', 'nothing', 'custom']).default('space').describe('What replaces a line break (default space)'),
    custom: z.string().max(100).optional().describe('The replacement when replaceWith is custom'),
    keepParagraphs: z.boolean().default(false).describe('Keep blank-line paragraph breaks (default false)'),
    collapseSpaces: z.boolean().default(true).describe('Collapse runs of spaces/tabs into one (default true)'),
    dehyphenate: z.boolean().default(false).describe('Join words hyphenated across a line end (default false)'),
  }),
  output: z.object({
    result: z.string(),
    lineBreaksRemoved: z.int().describe('Line breaks replaced or dropped (paragraph breaks kept are not counted)'),
    paragraphs: z.int().describe('Paragraphs in the result (1 unless keepParagraphs)'),
  }),
  examples: [
    {
      name: 'Hard-wrapped text to one line',
      input: { text: 'The quick brown\nfox jumps over \n the lazy dog.\n' },
      output: { result: 'The quick brown fox jumps over the lazy dog.', lineBreaksRemoved: 3, paragraphs: 1 },
    },
    {
      name: 'Paragraphs kept, hyphenation undone',
      input: { text: 'An exam-\r\nple of text\r\n\r\nSecond\r\npara', keepParagraphs: true, dehyphenate: true },
      output: { result: 'An example of text\r\n\r\nSecond para', lineBreaksRemoved: 2, paragraphs: 2 },
    },
  ],
  run({ text, replaceWith, custom, keepParagraphs, collapseSpaces, dehyphenate }) {
    if (replaceWith === 'custom' && custom === undefined)
      throw new ToolError('`custom` is required when replaceWith is custom', 400, { field: 'custom' });
    const joiner = replaceWith === 'space' ? ' ' : replaceWith === 'nothing' ? '' : custom!;
    const eol = /\r\n|\n|\r/.exec(text)?.[0] ?? '\n';
    let removed = 0;
    const joinParagraph = (paragraph: string): string => {
      const { lines } = splitLines(paragraph);
      removed += paragraph.match(/\r\n|\n|\r/g)?.length ?? 0;
      const parts: string[] = [];
      lines.forEach((raw) => {
        let line = collapseSpaces ? raw.replace(/[ \t]+/g, ' ') : raw;
        if (collapseSpaces && (line === '' || line === ' ') && parts.length > 0) return; // a blank line adds no joiner
        if (parts.length === 0) {
          parts.push(line);
          return;
        }
        const last = parts.length - 1;
        if (collapseSpaces) {
          if (parts[last].endsWith(' ')) parts[last] = parts[last].slice(0, -1);
          if (line.startsWith(' ')) line = line.slice(1);
        }
        if (dehyphenate && HYPHEN_END.test(parts[last].slice(-3)) && LOWER_START.test(line)) parts[last] = parts[last].slice(0, -1) + line;
        else parts.push(joiner, line);
      });
      return parts.join('');
    };
    let paragraphs: string[];
    if (keepParagraphs) {
      // Leading and trailing blank lines are not paragraph breaks: they are ordinary breaks, removed.
      const lead = /^(?:[ \t]*(?:\r\n|\n|\r(?!\n)))+/.exec(text)?.[0] ?? '';
      const trail = /(?:(?:\r\n|\n|\r)[ \t]*)+$/.exec(text.slice(lead.length))?.[0] ?? '';
      removed += (lead + trail).match(/\r\n|\n|\r/g)?.length ?? 0;
      const body = text.slice(lead.length, text.length - trail.length);
      paragraphs = body === '' ? [] : body.split(new RegExp(PARAGRAPH_BREAK.source, 'g')).map(joinParagraph);
    } else {
      paragraphs = [joinParagraph(text)];
    }
    const result = paragraphs.join(eol + eol);
    return { result, lineBreaksRemoved: removed, paragraphs: keepParagraphs ? paragraphs.length : result === '' ? 0 : 1 };
  },
});
