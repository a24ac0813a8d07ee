import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text-analysis/keyword-density.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const run = (text: string, opts: Record<string, unknown> = {}) => runTool(tool, { text, ...opts });

describe('keyword-density', () => {
  it('density of a word = count / total words; of a phrase × its length (Yoast style)', async () => {
    const text = 'seo tools help. seo tools are great. many seo tools exist and seo matters.';
    const out = await run(text, { keywords: ['SEO tools', 'seo'], minCount: 1, stopWords: 'none' });
    expect(out.totalWords).toBe(14);
    expect(out.keywords).toEqual([
      { term: 'seo tools', count: 3, densityPercent: 42.86 },
      { term: 'seo', count: 4, densityPercent: 28.57 },
    ]);
    expect(out.ngrams[0].terms[0]).toEqual({ term: 'seo', count: 4, densityPercent: 28.57 });
  });

  it('phrases do not run across sentence ends or line breaks', async () => {
    const out = await run('red apple. green apple\ngreen tea', { ngramSizes: [2], minCount: 1, stopWords: 'none' });
    expect(out.ngrams[0].terms.map((t: { term: string }) => t.term)).toEqual(['green apple', 'green tea', 'red apple']);
    expect((await run('apple. green', { keywords: ['apple green'] })).keywords[0].count).toBe(0);
  });

  it('stop words: dropped alone, never at the start or end of a phrase, but kept inside', async () => {
    const out = await run('state of the art. State of the art!', { ngramSizes: [1, 2, 3], minCount: 2, stopWords: 'en' });
    expect(out.ngrams[0].terms.map((t: { term: string }) => t.term)).toEqual(['art', 'state']);
    expect(out.ngrams[1].terms).toEqual([]);
    expect(out.ngrams[2].terms).toEqual([]);
    const four = await run('state of art. state of art', { ngramSizes: [3] });
    expect(four.ngrams[0].terms).toEqual([{ term: 'state of art', count: 2, densityPercent: 100 }]);
  });

  it('auto picks the stop-word list that matches more words', async () => {
    expect((await run('de kat en de hond zijn in het huis')).stopWords).toBe('nl');
    expect((await run('the cat and the dog are in the house')).stopWords).toBe('en');
    expect((await run('die men had', { stopWords: 'en+nl', minCount: 1 })).ngrams[0].terms).toEqual([]);
  });

  it('case-insensitive, Unicode words, apostrophes and hyphens inside words', async () => {
    const out = await run('Café CAFÉ café. e-mail E-mail', { ngramSizes: [1], stopWords: 'none' });
    expect(out.ngrams[0].terms).toEqual([
      { term: 'café', count: 3, densityPercent: 60 },
      { term: 'e-mail', count: 2, densityPercent: 40 },
    ]);
  });

  it('empty text, a keyword without words, limit and minCount', async () => {
    expect(await run('', { keywords: ['x', '!!'] })).toEqual({
      totalWords: 0,
      stopWords: 'en',
      ngrams: [
        { size: 1, terms: [] },
        { size: 2, terms: [] },
        { size: 3, terms: [] },
      ],
      keywords: [
        { term: 'x', count: 0, densityPercent: 0 },
        { term: '!!', count: 0, densityPercent: 0 },
      ],
    });
    const out = await run('a b c d a b c a b a', { ngramSizes: [1], stopWords: 'none', limit: 2, minCount: 3 });
    expect(out.ngrams[0].terms).toEqual([
      { term: 'a', count: 4, densityPercent: 40 },
      { term: 'b', count: 3, densityPercent: 30 },
    ]);
  });

  it('handles the maximum size and refuses bad input', async () => {
    const text = Array.from({ length: 16_000 }, (_, i) => `w${i % 5000}`)
      .join(' ')
      .slice(0, 100_000);
    const out = await run(text, { ngramSizes: [1] });
    expect(out.ngrams[0].terms[0].count).toBeGreaterThan(2);
    await expectToolError(tool, { text: 'x'.repeat(100_001) }, 400, /`text`/);
    await expectToolError(tool, { text: 'a', ngramSizes: [4] }, 400, /`ngramSizes/);
    await expectToolError(tool, { text: 'a', keywords: Array(21).fill('x') }, 400, /`keywords`/);
    await expectToolError(tool, { text: 'a', stopWords: 'de' }, 400, /`stopWords`/);
  });
});
