import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { countGraphemes } from '../_lib/graphemes.js';
import { countParagraphs, countSentences, countWords } from '../_lib/words.js';

/** Reading speed behind `reading_time_seconds` (words per minute; a common adult average). */
const READING_WPM = 200;

/** User-perceived characters (linear time; see tools/_lib/graphemes.ts). */
export const countCharacters = countGraphemes;

export default defineTool({
  slug: 'word-counter',
  worker: {
    reason: 'linear, ~150 ms at 1,000,000 characters; under 10 ms below 50,000',
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Word counter',
  summary: 'Count words, characters, sentences and paragraphs, with reading time.',
  featured: true,
  keywords: {
    en: ['word count', 'count words', 'essay length', 'sentences', 'paragraphs', 'words'],
    nl: ['woorden tellen', 'aantal woorden', 'woordenteller', 'woorden'],
  },
  description:
    'Counts words, characters (user-perceived characters, so an emoji or an accented letter counts once), characters without whitespace, sentences, paragraphs (blocks separated by a blank line) and the reading time at 200 words per minute. A word is a whitespace-separated token containing at least one letter or digit. Use it for length checks of texts, essays and posts.',
  resultView: { kind: 'figure', field: 'words', label: 'Words', detail: ['characters', 'reading_time_seconds'] },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The text to count'),
  }),
  output: z.object({
    words: z.int(),
    characters: z.int(),
    characters_no_spaces: z.int(),
    sentences: z.int(),
    paragraphs: z.int(),
    reading_time_seconds: z.int().describe('words / 200 wpm, rounded up to whole seconds'),
  }),
  examples: [
    {
      name: 'Two sentences',
      input: { text: 'Hello world. This is werkbank!' },
      output: { words: 5, characters: 30, characters_no_spaces: 26, sentences: 2, paragraphs: 1, reading_time_seconds: 2 },
    },
    {
      name: 'Two paragraphs with an emoji',
      input: { text: 'Één woord 👍\n\nNog een alinea' },
      output: { words: 5, characters: 27, characters_no_spaces: 21, sentences: 2, paragraphs: 2, reading_time_seconds: 2 },
    },
  ],
  run({ text }) {
    const words = countWords(text);
    return {
      words,
      characters: countCharacters(text),
      characters_no_spaces: countCharacters(text.replace(/\s+/gu, '')),
      sentences: countSentences(text),
      paragraphs: countParagraphs(text),
      reading_time_seconds: Math.ceil((words / READING_WPM) * 60),
    };
  },
});
