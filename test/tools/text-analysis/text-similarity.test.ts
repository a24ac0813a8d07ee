import { describe, expect, it } from 'vitest';
import { distance } from 'fastest-levenshtein';
import { diceCoefficient } from 'dice-coefficient';
import tool from '../../../tools/text-analysis/text-similarity.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const sim = (a: string, b: string, opts: Record<string, unknown> = {}) => runTool(tool, { a, b, ...opts });

describe('text-similarity', () => {
  it('published examples: kitten/sitting 3, MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.84, DIXON/DICKSONX 0.813, night/nacht 0.25', async () => {
    expect((await sim('kitten', 'sitting', { metric: 'levenshtein' })).levenshtein.distance).toBe(3);
    expect((await sim('MARTHA', 'MARHTA', { metric: 'jaro-winkler' })).jaroWinkler.similarity).toBeCloseTo(0.961, 3);
    expect((await sim('DWAYNE', 'DUANE', { metric: 'jaro-winkler' })).jaroWinkler.similarity).toBeCloseTo(0.84, 2);
    expect((await sim('DIXON', 'DICKSONX', { metric: 'jaro-winkler' })).jaroWinkler.similarity).toBeCloseTo(0.813, 3);
    expect((await sim('night', 'nacht', { metric: 'dice' })).dice.similarity).toBe(0.25);
  });

  it('Damerau OSA counts a swap of neighbours once, but edits no substring twice (CA → ABC = 3)', async () => {
    const swap = await sim('ca', 'ac', { metric: 'all' });
    expect(swap.levenshtein.distance).toBe(2);
    expect(swap.damerau.distance).toBe(1);
    expect((await sim('CA', 'ABC', { metric: 'damerau' })).damerau.distance).toBe(3);
  });

  it('counts user-perceived characters and NFC-normalises', async () => {
    const out = await sim('👍🏽 café', '👍 cafe\u0301', { metric: 'levenshtein' });
    expect(out).toMatchObject({ lengthA: 6, lengthB: 6, levenshtein: { distance: 1 } });
    expect((await sim('🇳🇱', '🇧🇪', { metric: 'levenshtein' })).levenshtein.distance).toBe(1);
  });

  it('options: ignoreCase, ignoreWhitespace, ignorePunctuation', async () => {
    expect((await sim('Hello', 'hello', { metric: 'levenshtein' })).levenshtein.distance).toBe(1);
    expect((await sim('Hello', 'hello', { metric: 'levenshtein', ignoreCase: true })).levenshtein.similarity).toBe(1);
    expect((await sim('a b c', 'abc', { metric: 'levenshtein', ignoreWhitespace: true })).levenshtein.distance).toBe(0);
    expect((await sim('Hi, there!', 'Hi there', { metric: 'levenshtein', ignorePunctuation: true })).levenshtein.distance).toBe(0);
  });

  it('words: Jaccard on sets, cosine on counts', async () => {
    const out = await sim('the cat sat', 'the cat ran ran', { metric: 'all' });
    expect(out.jaccard).toEqual({ similarity: 0.5, sharedWords: 2, allWords: 4 });
    expect(out.cosine.similarity).toBeCloseTo(2 / Math.sqrt(3 * 6), 12);
    expect((await sim('a a b', 'b a a', { metric: 'cosine' })).cosine.similarity).toBe(1);
  });

  it('empty texts: two are identical, one is nothing alike', async () => {
    const both = await sim('', '');
    for (const m of ['levenshtein', 'damerau', 'jaroWinkler', 'dice', 'jaccard', 'cosine']) expect(both[m].similarity, m).toBe(1);
    const one = await sim('abc', '');
    expect(one.levenshtein).toEqual({ distance: 3, similarity: 0 });
    for (const m of ['jaroWinkler', 'dice', 'cosine']) expect(one[m].similarity, m).toBe(0);
    expect((await sim('a', 'a', { metric: 'dice' })).dice.similarity).toBe(1);
  });

  it('agrees with fastest-levenshtein and dice-coefficient on random ASCII', async () => {
    const rng = createRng(1919);
    const word = () => Array.from({ length: rng.int(0, 30) }, () => 'abcde '[rng.int(0, 5)]).join('');
    for (let i = 0; i < 300; i++) {
      const a = word();
      const b = word();
      const out = await sim(a, b, { metric: 'all' });
      expect(out.levenshtein.distance).toBe(distance(a, b));
      expect(out.damerau.distance).toBeLessThanOrEqual(out.levenshtein.distance);
      if (a.length > 0 || b.length > 0) expect(out.dice.similarity).toBeCloseTo(diceCoefficient(a, b), 12);
      for (const m of ['levenshtein', 'damerau', 'jaroWinkler', 'dice', 'jaccard', 'cosine']) {
        expect(out[m].similarity).toBeGreaterThanOrEqual(0);
        expect(out[m].similarity).toBeLessThanOrEqual(1);
      }
    }
  });

  it('caps the quadratic metrics: notes under all, 413 by name; linear metrics still run', async () => {
    const a = 'ab'.repeat(800);
    const b = 'ba'.repeat(800);
    const all = await sim(a, b);
    expect(all.levenshtein.distance).toBe(2);
    expect(all.damerau).toBeUndefined();
    expect(all.jaroWinkler).toBeUndefined();
    expect(all.notes).toEqual([
      'damerau needs length(a) × length(b) ≤ 2,250,000; these texts give 2,560,000: skipped',
      'jaro-winkler needs length(a) × length(b) ≤ 2,250,000; these texts give 2,560,000: skipped',
    ]);
    await expectToolError(tool, { a, b, metric: 'damerau' }, 413, /damerau needs/);
    const big = await sim('x'.repeat(10_000), 'y'.repeat(10_000), { metric: 'all' });
    expect(big.levenshtein).toBeUndefined();
    expect(big.dice.similarity).toBe(0);
    expect((await sim('a'.repeat(1500), 'a'.repeat(1500), { metric: 'damerau' })).damerau.distance).toBe(0);
    await expectToolError(tool, { a: 'x'.repeat(10_001), b: '' }, 400, /`a`/);
    await expectToolError(tool, { a: '', b: '', metric: 'hamming' }, 400, /`metric`/);
  });
});
