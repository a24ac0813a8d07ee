import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { countSentences, countWords } from '../_lib/words.js';
import { countGraphemes } from '../_lib/graphemes.js';

/** Words per minute. Reading: silent reading of ordinary prose; speaking: presentations and voice-overs. */
const READING_PRESETS = [
  { label: 'slow', wpm: 150 },
  { label: 'average', wpm: 200 },
  { label: 'fast', wpm: 300 },
] as const;
const SPEAKING_PRESETS = [
  { label: 'slow', wpm: 120 },
  { label: 'average', wpm: 150 },
  { label: 'fast', wpm: 180 },
] as const;

/** "1 h 2 min 5 sec", leaving out zero parts; "0 sec" for nothing. */
export function formatDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const parts = [h && `${h} h`, m && `${m} min`, s && `${s} sec`].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 sec';
}

function estimate(words: number, wpm: number, label: string) {
  return {
    label,
    wpm,
    minutes: Math.round((words * 100) / wpm) / 100,
    time: formatDuration(Math.ceil((words * 60) / wpm)),
  };
}

function labelFor(presets: readonly { label: string; wpm: number }[], wpm: number): string {
  return presets.find((p) => p.wpm === wpm)?.label ?? 'custom';
}

const estimateSchema = z.object({
  label: z.string().describe('"slow", "average" or "fast" when the speed equals a preset, else "custom"'),
  wpm: z.int(),
  minutes: z.number().describe('words / wpm, rounded to 2 decimals'),
  time: z.string().describe('Rounded up to whole seconds, e.g. "4 min 30 sec"'),
});

export default defineTool({
  slug: 'reading-time-calculator',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Reading time calculator',
  keywords: {
    en: ['reading time', 'speaking time', 'speech length', 'minutes to read', 'read time'],
    nl: ['leestijd', 'spreektijd', 'voorleestijd', 'voorlezen'],
  },
  description:
    'Estimates how long a text takes to read silently and to speak aloud. Words, characters and sentences are ' +
    'counted as in word-counter (a word is a whitespace-separated token with a letter or digit). Instead of a text ' +
    'you can give `wordCount` (optional; when given it overrides the count from `text`). Speeds: readingWpm default ' +
    '200, speakingWpm default 150 (each 50 to 1000). Presets, always returned for comparison: reading slow 150, ' +
    'average 200, fast 300 wpm; speaking slow 120, average 150, fast 180 wpm. `minutes` is words / wpm rounded to 2 ' +
    'decimals; `time` is the same duration rounded up to whole seconds, written like "1 h 5 min 20 sec" (zero parts ' +
    'left out, "0 sec" for an empty text). `label` names the preset a speed equals, or "custom".',
  resultView: { kind: 'figure', field: 'reading.time', label: 'Reading time', detail: ['speaking.time'] },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).default('').describe('The text (may be omitted when wordCount is given)'),
    wordCount: z.int().min(0).max(100_000_000).optional().describe('Number of words; overrides the count from `text`'),
    readingWpm: z.int().min(50).max(1000).default(200).describe('Silent reading speed, words per minute (default 200)'),
    speakingWpm: z.int().min(50).max(1000).default(150).describe('Speaking speed, words per minute (default 150)'),
  }),
  output: z.object({
    wordCount: z.int(),
    characters: z.int().describe('User-perceived characters of `text`'),
    sentences: z.int(),
    reading: estimateSchema,
    speaking: estimateSchema,
    readingPresets: z.array(estimateSchema),
    speakingPresets: z.array(estimateSchema),
  }),
  examples: [
    {
      name: 'A 1,000-word article (wordCount given)',
      input: { wordCount: 1000 },
      output: {
        wordCount: 1000,
        characters: 0,
        sentences: 0,
        reading: { label: 'average', wpm: 200, minutes: 5, time: '5 min' },
        speaking: { label: 'average', wpm: 150, minutes: 6.67, time: '6 min 40 sec' },
        readingPresets: [
          { label: 'slow', wpm: 150, minutes: 6.67, time: '6 min 40 sec' },
          { label: 'average', wpm: 200, minutes: 5, time: '5 min' },
          { label: 'fast', wpm: 300, minutes: 3.33, time: '3 min 20 sec' },
        ],
        speakingPresets: [
          { label: 'slow', wpm: 120, minutes: 8.33, time: '8 min 20 sec' },
          { label: 'average', wpm: 150, minutes: 6.67, time: '6 min 40 sec' },
          { label: 'fast', wpm: 180, minutes: 5.56, time: '5 min 34 sec' },
        ],
      },
    },
    {
      name: 'A short text at custom speeds',
      input: { text: 'Hello world. This is a test!', readingWpm: 100, speakingWpm: 120 },
      output: {
        wordCount: 6,
        characters: 28,
        sentences: 2,
        reading: { label: 'custom', wpm: 100, minutes: 0.06, time: '4 sec' },
        speaking: { label: 'slow', wpm: 120, minutes: 0.05, time: '3 sec' },
        readingPresets: [
          { label: 'slow', wpm: 150, minutes: 0.04, time: '3 sec' },
          { label: 'average', wpm: 200, minutes: 0.03, time: '2 sec' },
          { label: 'fast', wpm: 300, minutes: 0.02, time: '2 sec' },
        ],
        speakingPresets: [
          { label: 'slow', wpm: 120, minutes: 0.05, time: '3 sec' },
          { label: 'average', wpm: 150, minutes: 0.04, time: '3 sec' },
          { label: 'fast', wpm: 180, minutes: 0.03, time: '2 sec' },
        ],
      },
    },
  ],
  run({ text, wordCount, readingWpm, speakingWpm }) {
    const words = wordCount ?? countWords(text);
    return {
      wordCount: words,
      characters: countGraphemes(text),
      sentences: countSentences(text),
      reading: estimate(words, readingWpm, labelFor(READING_PRESETS, readingWpm)),
      speaking: estimate(words, speakingWpm, labelFor(SPEAKING_PRESETS, speakingWpm)),
      readingPresets: READING_PRESETS.map((p) => estimate(words, p.wpm, p.label)),
      speakingPresets: SPEAKING_PRESETS.map((p) => estimate(words, p.wpm, p.label)),
    };
  },
});
