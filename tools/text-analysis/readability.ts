import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';
import { countSentences, tokenizeWords } from '../_lib/words.js';

const loadSyllable = lazy(() => import('syllable'));

/** Titles before a name: their period never ends a sentence. */
const TITLES = /\b(Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Messrs|dhr|mevr|mw|drs|ir|mr)\.(?=\s)/gi;
/** Abbreviations that end a sentence only when a capital follows ("etc. The"), not before a lower-case word or a digit. */
const ABBREVIATIONS = new Set([
  'etc',
  'vs',
  'approx',
  'incl',
  'excl',
  'inc',
  'ltd',
  'co',
  'no',
  'fig',
  'bijv',
  'bv',
  'enz',
  'ca',
  'nr',
  'blz',
  'jl',
  'resp',
  'evt',
  'zgn',
]);
// Starts after a non-letter, not at `\b`: with /u, \b still sees only ASCII word characters, so in "xëxë…" every
// "x" would start a run to the word's end (quadratic); the lookbehind starts each run once per word.
const WORD_DOT_BEFORE_LOWER = /(?<!\p{L})(\p{L}+)\.(?=\s+[\p{Ll}\p{N}])/gu;
/**
 * Dotted abbreviations (e.g., i.e., o.a., d.w.z.) before a lower-case word or digit, and initials before a capital
 * (J. K. Rowling). A run starts only where no letter, digit or period precedes it, so "a.a.a.…" is tried once, not
 * from each of its letters.
 */
const DOTTED = /(?<![\p{L}\p{N}.])(?:\p{L}\.){2,}(?=\s+[\p{Ll}\p{N}])|\b\p{Lu}\.(?=\s+\p{Lu})/gu;

/** Sentences, with abbreviation periods first taken out (see the patterns above); then as word-counter counts them. */
function sentencesOf(text: string): number {
  const protectedText = text
    .replace(TITLES, '$1')
    .replace(WORD_DOT_BEFORE_LOWER, (m, word: string) => (ABBREVIATIONS.has(word.toLowerCase()) ? word : m))
    .replace(DOTTED, (m) => m.replace(/\./g, ''));
  return countSentences(protectedText);
}

/**
 * Longer than any dictionary word (pneumonoultramicroscopicsilicovolcanoconiosis has 45 letters). The `syllable`
 * package's patterns backtrack over a run of consonants, so its time grows with the square of a word's length (a
 * 30,000-letter word took 2 s): such a word counts its vowel groups instead, in time linear in its length.
 */
const LONGEST_WORD = 64;
const VOWEL_GROUPS = /[aeiouy]+/gi;

/**
 * English syllables: the `syllable` package (wooorm; rules plus a list of problem words), with one adjustment: a
 * word-final "-ian(s)" after a consonant is one syllable (Aus-tra-lian, rep-til-ian), as in the Flesch–Kincaid worked
 * example on Wikipedia (24 syllables in the platypus sentence; plain `syllable` counts 26). Every word has at least
 * one syllable (numbers count as one).
 */
function englishSyllables(syllable: (w: string) => number, word: string): number {
  if (word.length > LONGEST_WORD) return Math.max(1, word.match(VOWEL_GROUPS)?.length ?? 0);
  const ian = /[^aeiouy]ians?$/i.exec(word);
  const n = ian ? syllable(word.slice(0, ian.index + 1)) + 1 : syllable(word);
  return Math.max(1, n);
}

/** Dutch vowel spellings that are one syllable, longest first (Nederlandse spelling: aai, ooi, oei, eeu, ieu, aa ... y). */
const DUTCH_VOWELS = [
  'aai',
  'ooi',
  'oei',
  'eeu',
  'ieu',
  'aa',
  'ee',
  'oo',
  'uu',
  'ie',
  'oe',
  'eu',
  'ui',
  'ei',
  'ou',
  'au',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];
const PLAIN: Record<string, string> = {
  á: 'a',
  à: 'a',
  â: 'a',
  é: 'e',
  è: 'e',
  ê: 'e',
  í: 'i',
  ì: 'i',
  î: 'i',
  ó: 'o',
  ò: 'o',
  ô: 'o',
  ú: 'u',
  ù: 'u',
  û: 'u',
  ë: 'e',
  ï: 'i',
  ö: 'o',
  ü: 'u',
};
const TREMA = /[ëïöü]/;

/**
 * Dutch syllables: each vowel spelling (longest first from DUTCH_VOWELS: mooi-e, koei-en, nieuw) is one syllable,
 * and a trema (ë ï ö ü) always starts a new one (be-ëin-di-gen, ide-eën, ru-ï-ne). An approximation: hiatus written
 * without a trema inside a listed spelling is undercounted.
 */
function dutchSyllables(word: string): number {
  const w = word.toLowerCase();
  const plain = [...w].map((c) => PLAIN[c] ?? c).join('');
  let n = 0;
  for (let i = 0; i < plain.length;) {
    const match = DUTCH_VOWELS.find((v) => plain.startsWith(v, i) && ![...w.slice(i + 1, i + v.length)].some((c) => TREMA.test(c)));
    if (match) {
      n++;
      i += match.length;
    } else i++;
  }
  return Math.max(1, n);
}

/** Flesch (1948) reading-ease bands, as tabulated on Wikipedia "Flesch–Kincaid readability tests"; lower bounds inclusive. */
const FLESCH_BANDS: Array<[number, string]> = [
  [90, 'very easy (5th grade)'],
  [80, 'easy (6th grade)'],
  [70, 'fairly easy (7th grade)'],
  [60, 'plain English (8th–9th grade)'],
  [50, 'fairly difficult (10th–12th grade)'],
  [30, 'difficult (college)'],
  [10, 'very difficult (college graduate)'],
  [-Infinity, 'extremely difficult (professional)'],
];

export default defineTool({
  slug: 'readability',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Readability scores',
  keywords: {
    en: ['readability score', 'Flesch', 'reading level', 'grade level', 'plain language', 'readability', 'readable', 'easy to read'],
    nl: ['leesbaarheid', 'leesniveau', 'begrijpelijk', 'moeilijkheid tekst', 'leesbaar', 'makkelijk leesbaar'],
  },
  description:
    'Scores how easy a text is to read (readability, reading level), in English or Dutch. English (default): Flesch reading ease (206.835 − 1.015·words/sentence − 84.6·syllables/word, with its band), Flesch–Kincaid grade, Gunning fog, SMOG (flag when under 30 sentences), Coleman–Liau and ARI. ' +
    'Dutch (language nl): Flesch–Douma (206.84 − 0.77·syllables per 100 words − 0.93·words/sentence). Returns the counts behind the scores. ' +
    'Syllables: English by the `syllable` package (final -ian is one syllable); Dutch by vowel groups (approximate). Complex words = 3+ syllables; a word over 64 letters counts its vowel groups. ' +
    'Sentences end at . ! ? … and blank lines, but not after titles (Dr., Mr.) or abbreviations before a lower-case word (e.g., etc., bijv.). Text up to 100,000 characters.',
  resultView: { kind: 'figure', field: 'fleschReadingEase', label: 'Flesch reading ease', detail: ['fleschBand', 'fleschKincaidGrade'] },
  input: z.strictObject({
    // 100,000 characters: about 15,000 distinct words through `syllable` (the dominant cost) took 25–30 ms on a loaded
    // 2-core machine; repeated words are counted once (cache).
    text: z.string().min(1).max(100_000).describe('The text to score'),
    language: z.enum(['en', 'nl']).default('en').describe('en (default: the six English formulas) or nl (Flesch–Douma)'),
  }),
  output: z.object({
    language: z.enum(['en', 'nl']),
    counts: z.object({
      sentences: z.int(),
      words: z.int(),
      syllables: z.int(),
      complexWords: z.int().describe('Words of 3 or more syllables'),
      characters: z.int().describe('Letters and digits in words'),
    }),
    wordsPerSentence: z.number(),
    syllablesPerWord: z.number(),
    fleschReadingEase: z.number().optional(),
    fleschBand: z.string().optional().describe('Flesch (1948) band of the reading ease'),
    fleschKincaidGrade: z.number().optional(),
    gunningFog: z.number().optional(),
    smog: z.number().optional(),
    smogReliable: z.boolean().optional().describe('SMOG is meant for 30 or more sentences'),
    colemanLiau: z.number().optional(),
    automatedReadabilityIndex: z.number().optional(),
    fleschDouma: z.number().optional(),
  }),
  examples: [
    {
      // Wikipedia "Flesch–Kincaid readability tests": 13 words, 24 syllables, 1 sentence → reading ease 37.5, grade 11.3.
      name: 'The platypus sentence (Wikipedia worked example)',
      input: { text: 'The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.' },
      output: {
        language: 'en',
        counts: { sentences: 1, words: 13, syllables: 24, complexWords: 4, characters: 68 },
        wordsPerSentence: 13,
        syllablesPerWord: 1.8461538461538463,
        fleschReadingEase: 37.455384615384645,
        fleschBand: 'difficult (college)',
        fleschKincaidGrade: 11.264615384615386,
        gunningFog: 17.50769230769231,
        smog: 14.554592549557764,
        smogReliable: false,
        colemanLiau: 12.68,
        automatedReadabilityIndex: 9.706923076923076,
      },
    },
    {
      name: 'A Dutch text with Flesch–Douma',
      input: { text: 'De kat zit op de mat. Het is een mooie dag.', language: 'nl' },
      output: {
        language: 'nl',
        counts: { sentences: 2, words: 11, syllables: 12, complexWords: 0, characters: 31 },
        wordsPerSentence: 5.5,
        syllablesPerWord: 1.0909090909090908,
        fleschDouma: 117.72500000000001,
      },
    },
  ],
  async run({ text, language }) {
    const words = tokenizeWords(text);
    if (words.length === 0) throw new ToolError('`text` has no words to score', 400, { field: 'text' });
    const { syllable } = language === 'en' ? await loadSyllable() : { syllable: (w: string) => w.length };
    let syllables = 0;
    let complexWords = 0;
    let characters = 0;
    const cache = new Map<string, number>();
    for (const word of words) {
      const key = word.toLowerCase();
      let n = cache.get(key);
      if (n === undefined) cache.set(key, (n = language === 'en' ? englishSyllables(syllable, key) : dutchSyllables(key)));
      syllables += n;
      if (n >= 3) complexWords++;
      characters += word.replace(/[^\p{L}\p{N}]/gu, '').length;
    }
    const sentences = Math.max(1, sentencesOf(text));
    const W = words.length;
    const wps = W / sentences;
    const spw = syllables / W;
    const base = {
      language,
      counts: { sentences, words: W, syllables, complexWords, characters },
      wordsPerSentence: wps,
      syllablesPerWord: spw,
    };
    if (language === 'nl') return { ...base, fleschDouma: 206.84 - 0.77 * (spw * 100) - 0.93 * wps };
    const fre = 206.835 - 1.015 * wps - 84.6 * spw; // Flesch 1948
    return {
      ...base,
      fleschReadingEase: fre,
      fleschBand: FLESCH_BANDS.find(([min]) => fre >= min)![1],
      fleschKincaidGrade: 0.39 * wps + 11.8 * spw - 15.59, // Kincaid et al. 1975
      gunningFog: 0.4 * (wps + (100 * complexWords) / W), // Gunning 1952
      smog: 1.043 * Math.sqrt((complexWords * 30) / sentences) + 3.1291, // McLaughlin 1969
      smogReliable: sentences >= 30,
      colemanLiau: 0.0588 * ((characters / W) * 100) - 0.296 * ((sentences / W) * 100) - 15.8, // Coleman & Liau 1975
      automatedReadabilityIndex: 4.71 * (characters / W) + 0.5 * wps - 21.43, // Senter & Smith 1967
    };
  },
});
