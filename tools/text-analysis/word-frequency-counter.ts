import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { ENGLISH_STOP_WORDS, tokenizeWords } from '../_lib/words.js';

export { ENGLISH_STOP_WORDS };

export default defineTool({
  slug: 'word-frequency-counter',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Word frequency counter',
  keywords: {
    en: ['word frequency', 'most common words', 'word list', 'vocabulary', 'count occurrences', 'frequent words', 'often'],
    nl: ['woordfrequentie', 'meest gebruikte woorden', 'meest voorkomende woorden', 'vaak', 'woorden tellen'],
  },
  description:
    'Counts how often each word occurs and lists the most frequent first. A word is a run of letters, digits and ' +
    "combining marks (any script), with apostrophes or hyphens allowed inside (don't, e-mail); ’ is read as '. " +
    'Text is Unicode-normalised (NFC) first. ignoreCase (default true) lower-cases words before counting (words are ' +
    'then listed in lower case). minLength (default 1, 1 to 100) skips shorter words (length in code points). ' +
    "excludeStopWords (default false) skips the 179 English stop words of NLTK's list (the, and, it's, don't...), " +
    'compared case-insensitively. totalWords and uniqueWords count only the words that pass these filters, and ' +
    '`percent` = count / totalWords × 100, rounded to 2 decimals (half up). Order: count descending, then word in ' +
    'Unicode code-point order; `rank` is standard competition ranking (equal counts share a rank: 1, 2, 2, 4). ' +
    'limit (default 100, 1 to 10,000) caps the list. Text up to 1,000,000 characters.',
  resultView: { kind: 'table', field: 'words', label: 'Words' },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The text to analyse'),
    ignoreCase: z.boolean().default(true).describe('Count "The" and "the" as one word (default true)'),
    minLength: z.int().min(1).max(100).default(1).describe('Skip words shorter than this many characters (default 1)'),
    excludeStopWords: z.boolean().default(false).describe('Skip English stop words (NLTK list; default false)'),
    limit: z.int().min(1).max(10_000).default(100).describe('Most words listed (default 100)'),
  }),
  output: z.object({
    words: z.array(z.object({ rank: z.int(), word: z.string(), count: z.int(), percent: z.number() })),
    totalWords: z.int().describe('Words counted (after filters)'),
    uniqueWords: z.int().describe('Distinct words counted (after filters)'),
  }),
  examples: [
    {
      name: 'Ties share a rank and are listed alphabetically',
      input: { text: 'the cat and the hat. The end' },
      output: {
        words: [
          { rank: 1, word: 'the', count: 3, percent: 42.86 },
          { rank: 2, word: 'and', count: 1, percent: 14.29 },
          { rank: 2, word: 'cat', count: 1, percent: 14.29 },
          { rank: 2, word: 'end', count: 1, percent: 14.29 },
          { rank: 2, word: 'hat', count: 1, percent: 14.29 },
        ],
        totalWords: 7,
        uniqueWords: 5,
      },
    },
    {
      name: 'Stop words excluded, minimum length and a limit',
      input: { text: "Don't stop: data, DATA and more data! It's big data.", excludeStopWords: true, minLength: 3, limit: 2 },
      output: {
        words: [
          { rank: 1, word: 'data', count: 4, percent: 66.67 },
          { rank: 2, word: 'big', count: 1, percent: 16.67 },
        ],
        totalWords: 6,
        uniqueWords: 3,
      },
    },
  ],
  run({ text, ignoreCase, minLength, excludeStopWords, limit }) {
    const counts = new Map<string, number>();
    let totalWords = 0;
    for (const word of tokenizeWords(text)) {
      const lower = word.toLowerCase();
      if ([...word].length < minLength) continue;
      if (excludeStopWords && ENGLISH_STOP_WORDS.has(lower)) continue;
      const key = ignoreCase ? lower : word;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      totalWords++;
    }
    const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
    let rank = 0;
    const words = sorted.slice(0, limit).map(([word, count], i) => {
      if (i === 0 || count !== sorted[i - 1][1]) rank = i + 1;
      return { rank, word, count, percent: Math.round((count * 10_000) / totalWords) / 100 };
    });
    return { words, totalWords, uniqueWords: counts.size };
  },
});
