import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { DUTCH_STOP_WORDS, ENGLISH_STOP_WORDS, tokenizeWords } from '../_lib/words.js';

/** Where an n-gram may not run across: sentence ends (. ! ? … before whitespace or the end) and line breaks. */
const SEGMENT_BREAK = /[.!?…]+(?=\s|$)|\r\n|\n|\r/u;

type StopList = 'none' | 'en' | 'nl' | 'en+nl';

function stopSet(list: StopList): (w: string) => boolean {
  if (list === 'none') return () => false;
  if (list === 'en') return (w) => ENGLISH_STOP_WORDS.has(w);
  if (list === 'nl') return (w) => DUTCH_STOP_WORDS.has(w);
  return (w) => ENGLISH_STOP_WORDS.has(w) || DUTCH_STOP_WORDS.has(w);
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const byCountThenTerm = ([a, x]: [string, number], [b, y]: [string, number]) => y - x || (a < b ? -1 : a > b ? 1 : 0);

const term = z.object({
  term: z.string(),
  count: z.int(),
  densityPercent: z.number().describe('count × words in the term / total words × 100, 2 decimals'),
});

export default defineTool({
  slug: 'keyword-density',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Keyword density',
  summary: 'The most used words and phrases of a text and how often they appear, for SEO.',
  keywords: {
    en: ['SEO', 'keywords', 'keyword frequency', 'top phrases', 'keyword density'],
    nl: ['zoekwoorden', 'zoekwoorddichtheid', 'seo', 'trefwoorden'],
  },
  description:
    'Finds the most used words and 2- and 3-word phrases of a text and their density, for SEO checks; and the density of given `keywords`. ' +
    "Case-insensitive; words as word-frequency-counter reads them (letters and digits of any script, don't and e-mail are one word). Phrases do not run across sentence ends or line breaks. " +
    'Density = count × words in the phrase / total words × 100 (Yoast style; total words include stop words). ' +
    '`stopWords`: auto (default: English or Dutch, whichever list matches more words), en (NLTK, 179), nl (Snowball, 101), en+nl or none; a stop word is not listed alone and no phrase starts or ends with one. ' +
    'Text up to 100,000 characters.',
  resultView: { kind: 'table', field: ['keywords', 'ngrams.0.terms'], label: 'Keywords' },
  input: z.strictObject({
    // 100,000 characters: the worst case (20,000 distinct short words, so 60,000 distinct n-grams in the maps) took
    // about 50 ms on a loaded 2-core machine (about 3× slower than idle).
    text: z.string().max(100_000).describe('The text to analyse'),
    keywords: z
      .array(z.string().min(1).max(100))
      .max(20)
      .default([])
      .describe('Words or phrases to report, e.g. ["werkbank", "online tools"]'),
    ngramSizes: z.array(z.int().min(1).max(3)).min(1).max(3).default([1, 2, 3]).describe('Phrase lengths to list (default [1, 2, 3])'),
    stopWords: z.enum(['auto', 'en', 'nl', 'en+nl', 'none']).default('auto').describe('Stop-word list (default auto)'),
    minCount: z.int().min(1).max(1000).default(2).describe('List terms occurring at least this often (default 2)'),
    limit: z.int().min(1).max(1000).default(10).describe('Terms listed per phrase length (default 10)'),
  }),
  output: z.object({
    totalWords: z.int(),
    stopWords: z.enum(['en', 'nl', 'en+nl', 'none']).describe('The list used'),
    ngrams: z.array(z.object({ size: z.int(), terms: z.array(term) })),
    keywords: z.array(term),
  }),
  examples: [
    {
      name: 'Top words and phrases, English stop words detected',
      input: {
        text: 'Free online tools. Our free online tools are fast. Try the free online tools today!',
        ngramSizes: [1, 2],
        limit: 3,
      },
      output: {
        totalWords: 15,
        stopWords: 'en',
        ngrams: [
          {
            size: 1,
            terms: [
              { term: 'free', count: 3, densityPercent: 20 },
              { term: 'online', count: 3, densityPercent: 20 },
              { term: 'tools', count: 3, densityPercent: 20 },
            ],
          },
          {
            size: 2,
            terms: [
              { term: 'free online', count: 3, densityPercent: 40 },
              { term: 'online tools', count: 3, densityPercent: 40 },
            ],
          },
        ],
        keywords: [],
      },
    },
    {
      name: 'A Dutch keyword phrase',
      input: {
        text: 'De werkbank heeft gratis tools. Met de werkbank reken je snel. Gratis tools voor iedereen.',
        keywords: ['gratis tools', 'werkbank'],
        ngramSizes: [1],
      },
      output: {
        totalWords: 15,
        stopWords: 'nl',
        ngrams: [
          {
            size: 1,
            terms: [
              { term: 'gratis', count: 2, densityPercent: 13.33 },
              { term: 'tools', count: 2, densityPercent: 13.33 },
              { term: 'werkbank', count: 2, densityPercent: 13.33 },
            ],
          },
        ],
        keywords: [
          { term: 'gratis tools', count: 2, densityPercent: 26.67 },
          { term: 'werkbank', count: 2, densityPercent: 13.33 },
        ],
      },
    },
  ],
  run({ text, keywords, ngramSizes, stopWords, minCount, limit }) {
    const segments = text.split(SEGMENT_BREAK).map((s) => tokenizeWords(s).map((w) => w.toLowerCase()));
    const totalWords = segments.reduce((n, s) => n + s.length, 0);
    let list: StopList;
    if (stopWords === 'auto') {
      let en = 0;
      let nl = 0;
      for (const s of segments)
        for (const w of s) {
          if (ENGLISH_STOP_WORDS.has(w)) en++;
          if (DUTCH_STOP_WORDS.has(w)) nl++;
        }
      list = nl > en ? 'nl' : 'en';
    } else list = stopWords;
    const isStop = stopSet(list);
    const density = (count: number, size: number) => (totalWords === 0 ? 0 : round2((count * size * 100) / totalWords));

    const sizes = [...new Set(ngramSizes)].sort((x, y) => x - y);
    const ngrams = sizes.map((size) => {
      const counts = new Map<string, number>();
      for (const words of segments)
        for (let i = 0; i + size <= words.length; i++) {
          if (isStop(words[i]) || isStop(words[i + size - 1])) continue;
          const key = size === 1 ? words[i] : words.slice(i, i + size).join(' ');
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      const terms = [...counts]
        .filter(([, c]) => c >= minCount)
        .sort(byCountThenTerm)
        .slice(0, limit)
        .map(([t, count]) => ({ term: t, count, densityPercent: density(count, size) }));
      return { size, terms };
    });

    const keywordResults = keywords.map((keyword) => {
      const phrase = tokenizeWords(keyword).map((w) => w.toLowerCase());
      let count = 0;
      if (phrase.length > 0)
        for (const words of segments)
          for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((p, k) => words[i + k] === p)) count++;
      return { term: phrase.join(' ') || keyword, count, densityPercent: density(count, phrase.length) };
    });
    return { totalWords, stopWords: list, ngrams, keywords: keywordResults };
  },
});
