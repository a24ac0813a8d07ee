/** word-frequency-counter and reading-time-calculator (plus the linear grapheme counter they rely on). */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import wordFrequencyCounter, { ENGLISH_STOP_WORDS } from '../../../tools/text-analysis/word-frequency-counter.js';

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

  it("keeps apostrophes and hyphens inside words, reads ’ as ', and handles any script", async () => {
    const out = await runTool(wordFrequencyCounter, { text: "don't don’t e-mail -dash- 'quoted' café cafe\u0301 東京 2024" });
    expect(Object.fromEntries(out.words.map((w: { word: string; count: number }) => [w.word, w.count]))).toEqual({
      "don't": 2,
      café: 2,
      'e-mail': 1,
      dash: 1,
      quoted: 1,
      東京: 1,
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
