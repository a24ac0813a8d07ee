import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text-analysis/readability.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const score = (text: string, language?: 'en' | 'nl') => runTool(tool, { text, ...(language ? { language } : {}) });

describe('readability', () => {
  it('matches the Wikipedia Flesch–Kincaid worked example: 13 words, 24 syllables → 37.5 and 11.3', async () => {
    const out = await score('The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.');
    expect(out.counts).toMatchObject({ sentences: 1, words: 13, syllables: 24 });
    expect(out.fleschReadingEase.toFixed(1)).toBe('37.5');
    expect(out.fleschKincaidGrade.toFixed(1)).toBe('11.3');
  });

  it('every formula from the counts, by hand', async () => {
    const out = await score('The cat sat on the mat. It was happy. Everybody loved the beautiful animal.');
    const { sentences: S, words: W, syllables: Sy, complexWords: C, characters: L } = out.counts;
    expect([S, W]).toEqual([3, 14]);
    expect(out.fleschReadingEase).toBeCloseTo(206.835 - 1.015 * (W / S) - 84.6 * (Sy / W), 10);
    expect(out.fleschKincaidGrade).toBeCloseTo(0.39 * (W / S) + 11.8 * (Sy / W) - 15.59, 10);
    expect(out.gunningFog).toBeCloseTo(0.4 * (W / S + (100 * C) / W), 10);
    expect(out.smog).toBeCloseTo(1.043 * Math.sqrt((C * 30) / S) + 3.1291, 10);
    expect(out.colemanLiau).toBeCloseTo(0.0588 * ((L / W) * 100) - 0.296 * ((S / W) * 100) - 15.8, 10);
    expect(out.automatedReadabilityIndex).toBeCloseTo(4.71 * (L / W) + 0.5 * (W / S) - 21.43, 10);
    expect(out.smogReliable).toBe(false);
  });

  it('Flesch bands compare the unrounded score', async () => {
    const easy = await score('I am here. You are there. We go.');
    expect(easy.fleschReadingEase).toBeGreaterThanOrEqual(90);
    expect(easy.fleschBand).toBe('very easy (5th grade)');
  });

  it('a 100,000-letter word counts its vowel groups as syllables (the syllable package is quadratic in a word)', async () => {
    const out = await score('ba'.repeat(50_000));
    expect(out.counts).toEqual({ sentences: 1, words: 1, syllables: 50_000, complexWords: 1, characters: 100_000 });
    const dutch = await score('xë'.repeat(50_000), 'nl');
    expect(dutch.counts).toMatchObject({ sentences: 1, words: 1, syllables: 50_000 });
  });

  it('a 100,000-character run of dotted letters before a lower-case word is one abbreviation, not 50,000 sentences', async () => {
    const out = await score('a.'.repeat(49_998) + ' b');
    expect(out.counts).toMatchObject({ sentences: 1, words: 49_999 });
    expect((await score('x' + 'ë'.repeat(99_995) + '. b')).counts).toMatchObject({ sentences: 2, words: 2 });
  });

  it('100,000 characters of nested brackets are one sentence; closers after a period still end it', async () => {
    const deep = '('.repeat(49_990) + 'x' + ')'.repeat(49_990);
    expect((await score(deep)).counts).toMatchObject({ sentences: 1, words: 1 });
    expect((await score('(It ended.' + ')'.repeat(99_000) + ' Then more.')).counts.sentences).toBe(2);
  });

  it('abbreviations and initials do not end sentences; "etc." before a capital does', async () => {
    expect((await score('Dr. Smith arrived. He sat down.')).counts.sentences).toBe(2);
    expect((await score('J. K. Rowling wrote it.')).counts.sentences).toBe(1);
    expect((await score('Fruit, e.g. apples, is good. Eat it.')).counts.sentences).toBe(2);
    expect((await score('We had pears, apples etc. The end.')).counts.sentences).toBe(2);
    expect((await score('Dat is bijv. een kat. Ja.', 'nl')).counts.sentences).toBe(2);
  });

  it('SMOG is flagged reliable from 30 sentences on', async () => {
    expect((await score('Go now. '.repeat(29))).smogReliable).toBe(false);
    expect((await score('Go now. '.repeat(30))).smogReliable).toBe(true);
  });

  it('Dutch: Flesch–Douma with Dutch syllables (tremas split, diphthongs do not)', async () => {
    const out = await score('De kat zit op de mat. Het is een mooie dag.', 'nl');
    expect(out.counts).toMatchObject({ sentences: 2, words: 11, syllables: 12 });
    expect(out.fleschDouma).toBeCloseTo(206.84 - 0.77 * ((12 / 11) * 100) - 0.93 * 5.5, 10);
    expect(out.fleschReadingEase).toBeUndefined();
    const syl = async (w: string) => (await score(w, 'nl')).counts.syllables;
    expect(await syl('beëindigen')).toBe(4);
    expect(await syl('ideeën')).toBe(3);
    expect(await syl('geïnteresseerd')).toBe(5);
    expect(await syl('nieuw')).toBe(1);
    expect(await syl('koeien')).toBe(2);
  });

  it('numbers count one syllable; text without terminal punctuation is one sentence', async () => {
    expect((await score('Call 112 now')).counts).toMatchObject({ sentences: 1, words: 3, syllables: 3 });
  });

  it('refuses text without words and oversize text', async () => {
    await expectToolError(tool, { text: '... !!!' }, 400, /`text` has no words/);
    await expectToolError(tool, { text: '' }, 400, /`text`/);
    await expectToolError(tool, { text: 'a '.repeat(50_001) }, 400, /`text`/);
    await expectToolError(tool, { text: 'a', language: 'de' }, 400, /`language`/);
    expect((await score('word '.repeat(19_999))).counts.words).toBe(19_999);
  });
});
