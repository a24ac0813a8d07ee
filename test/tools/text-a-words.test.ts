/** word-frequency-counter and reading-time-calculator (plus the linear grapheme counter they rely on). */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../helpers/run.js';
import wordFrequencyCounter, { ENGLISH_STOP_WORDS } from '../../tools/text-analysis/word-frequency-counter.js';
import readingTimeCalculator, { formatDuration } from '../../tools/text-analysis/reading-time-calculator.js';
import { countGraphemes } from '../../tools/_lib/graphemes.js';
import { LIMITS } from '../../src/core/limits.js';

describe('word-frequency-counter', () => {
  it('ignoreCase true (default) merges case and lists lower case; false keeps them apart', async () => {
    const a = await runTool(wordFrequencyCounter, { text: 'Apple apple APPLE pear' });
    expect(a.words).toEqual([
      { rank: 1, word: 'apple', count: 3, percent: 75 },
      { rank: 2, word: 'pear', count: 1, percent: 25 },
    ]);
    const b = await runTool(wordFrequencyCounter, { text: 'Apple apple APPLE pear', ignoreCase: false });
    expect(b.words.map((w: { word: string }) => w.word)).toEqual(['APPLE', 'Apple', 'apple', 'pear']);
    expect(b.words.map((w: { rank: number }) => w.rank)).toEqual([1, 1, 1, 1]);
    expect(b.uniqueWords).toBe(4);
  });

  it('competition ranking: 1, 2, 2, 4', async () => {
    const out = await runTool(wordFrequencyCounter, { text: 'a a a b b c c d' });
    expect(out.words.map((w: { word: string; rank: number }) => [w.word, w.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('keeps apostrophes and hyphens inside words, reads ’ as \', and handles any script', async () => {
    const out = await runTool(wordFrequencyCounter, { text: "don't don’t e-mail -dash- 'quoted' café cafe\u0301 東京 2024" });
    expect(Object.fromEntries(out.words.map((w: { word: string; count: number }) => [w.word, w.count]))).toEqual({
      "don't": 2,
      'café': 2,
      'e-mail': 1,
      dash: 1,
      quoted: 1,
      '東京': 1,
      '2024': 1,
    });
  });

  it('minLength counts code points and filters before totals; percent uses the filtered total', async () => {
    const out = await runTool(wordFrequencyCounter, { text: 'a bb ccc ccc', minLength: 3 });
    expect(out).toEqual({ words: [{ rank: 1, word: 'ccc', count: 2, percent: 100 }], totalWords: 2, uniqueWords: 1 });
  });

  it('uses the 179-word NLTK English stop word list, case-insensitively', async () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(179);
    const out = await runTool(wordFrequencyCounter, { text: 'The THE the Cat IS on THE mat', excludeStopWords: true, ignoreCase: false });
    expect(out.words.map((w: { word: string }) => w.word)).toEqual(['Cat', 'mat']);
  });

  it('percent is rounded half up to 2 decimals', async () => {
    const text = 'x ' + 'y '.repeat(7); // x = 1/8 = 12.5 %
    const out = await runTool(wordFrequencyCounter, { text });
    expect(out.words).toEqual([
      { rank: 1, word: 'y', count: 7, percent: 87.5 },
      { rank: 2, word: 'x', count: 1, percent: 12.5 },
    ]);
    const thirds = await runTool(wordFrequencyCounter, { text: 'a b c' });
    expect(thirds.words.map((w: { percent: number }) => w.percent)).toEqual([33.33, 33.33, 33.33]);
  });

  it('limit caps the list, not the totals', async () => {
    const out = await runTool(wordFrequencyCounter, { text: 'a b c d e', limit: 2 });
    expect(out.words).toHaveLength(2);
    expect(out.totalWords).toBe(5);
    expect(out.uniqueWords).toBe(5);
  });

  it('empty text', async () => {
    expect(await runTool(wordFrequencyCounter, { text: ' ... ' })).toEqual({ words: [], totalWords: 0, uniqueWords: 0 });
  });

  it('range edges of minLength and limit', async () => {
    expect((await runTool(wordFrequencyCounter, { text: 'a', minLength: 1, limit: 1 })).words).toHaveLength(1);
    expect((await runTool(wordFrequencyCounter, { text: 'a', minLength: 100, limit: 10_000 })).words).toHaveLength(0);
    await expectToolError(wordFrequencyCounter, { text: 'a', minLength: 0 }, 400, /`minLength` must be ≥ 1/);
    await expectToolError(wordFrequencyCounter, { text: 'a', minLength: 101 }, 400, /`minLength` must be ≤ 100/);
    await expectToolError(wordFrequencyCounter, { text: 'a', limit: 0 }, 400, /`limit` must be ≥ 1/);
    await expectToolError(wordFrequencyCounter, { text: 'a', limit: 10_001 }, 400, /`limit` must be ≤ 10000/);
    await expectToolError(wordFrequencyCounter, { text: 'a', limit: 1.5 }, 400, /`limit`/);
  });

  it('is deterministic on large input', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `w${i % 997}`).join(' ');
    const a = await runTool(wordFrequencyCounter, { text, limit: 5 });
    expect(a).toEqual(await runTool(wordFrequencyCounter, { text, limit: 5 }));
    expect(a.totalWords).toBe(20_000);
    expect(a.words[0]).toEqual({ rank: 1, word: 'w0', count: 21, percent: 0.11 });
  });
});

describe('reading-time-calculator', () => {
  it('wordCount overrides the count from text', async () => {
    const out = await runTool(readingTimeCalculator, { text: 'one two three', wordCount: 400 });
    expect(out.wordCount).toBe(400);
    expect(out.characters).toBe(13);
    expect(out.reading).toEqual({ label: 'average', wpm: 200, minutes: 2, time: '2 min' });
  });

  it('formats hours, minutes and seconds, leaving out zero parts', () => {
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(59)).toBe('59 sec');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3661)).toBe('1 h 1 min 1 sec');
  });

  it('rounds time up to whole seconds and minutes to 2 decimals', async () => {
    const out = await runTool(readingTimeCalculator, { wordCount: 1, readingWpm: 1000, speakingWpm: 50 });
    expect(out.reading).toEqual({ label: 'custom', wpm: 1000, minutes: 0, time: '1 sec' });
    expect(out.speaking).toEqual({ label: 'custom', wpm: 50, minutes: 0.02, time: '2 sec' });
  });

  it('empty input is zero everywhere', async () => {
    const out = await runTool(readingTimeCalculator, {});
    expect(out.wordCount).toBe(0);
    expect(out.reading.time).toBe('0 sec');
    expect(out.speakingPresets.map((p: { time: string }) => p.time)).toEqual(['0 sec', '0 sec', '0 sec']);
  });

  it('long texts: hours', async () => {
    const out = await runTool(readingTimeCalculator, { wordCount: 100_000_000 });
    expect(out.reading).toEqual({ label: 'average', wpm: 200, minutes: 500000, time: '8333 h 20 min' });
  });

  it('range edges', async () => {
    await runTool(readingTimeCalculator, { text: 'x', readingWpm: 50, speakingWpm: 1000 });
    await expectToolError(readingTimeCalculator, { readingWpm: 49 }, 400, /`readingWpm` must be ≥ 50/);
    await expectToolError(readingTimeCalculator, { speakingWpm: 1001 }, 400, /`speakingWpm` must be ≤ 1000/);
    await expectToolError(readingTimeCalculator, { wordCount: -1 }, 400, /`wordCount` must be ≥ 0/);
    await expectToolError(readingTimeCalculator, { wordCount: 100_000_001 }, 400, /`wordCount` must be ≤ 100000000/);
    await expectToolError(readingTimeCalculator, { words: 5 }, 400, /unknown field `words`/);
  });

  it('handles a 1,000,000-character text', async () => {
    const text = 'word '.repeat(LIMITS.text / 5);
    const out = await runTool(readingTimeCalculator, { text });
    expect(out.wordCount).toBe(200_000);
    expect(out.characters).toBe(1_000_000);
    expect(out.reading.time).toBe('16 h 40 min');
  });
});

describe('countGraphemes', () => {
  it('agrees with Intl.Segmenter on mixed text, also across chunk boundaries', () => {
    const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const reference = (t: string) => [...seg.segment(t)].length;
    const pieces = ['a', '\r\n', 'e\u0301', '👍🏽', '👨‍👩‍👧', '🇳🇱', '한', '각', 'क्ष', ' ', '\n', 'x'];
    let text = '';
    for (let i = 0; i < 6000; i++) text += pieces[(i * 7) % pieces.length];
    expect(countGraphemes(text)).toBe(reference(text));
    expect(countGraphemes('')).toBe(0);
    expect(countGraphemes('\r\n'.repeat(3000))).toBe(3000);
    expect(countGraphemes('🇳🇱'.repeat(3000))).toBe(3000);
  });
});
