import { describe, expect, it } from 'vitest';
import wordCounter from '../../../tools/text/word-counter.js';
import { runTool, expectToolError } from '../../helpers/run.js';

describe('word-counter', () => {
  it('counts user-perceived characters: emoji with modifiers, flags, combining accents', async () => {
    const out = await runTool(wordCounter, { text: '👍🏽 🇳🇱 e\u0301te' });
    expect(out).toMatchObject({ words: 1, characters: 7, characters_no_spaces: 5 });
  });

  it('counts sentences per paragraph, and paragraphs separated by blank lines', async () => {
    const out = await runTool(wordCounter, { text: 'Eén. Twee! Drie?\n\n"Vier." (Vijf)\n\n\n  \nZes' });
    expect(out).toMatchObject({ sentences: 6, paragraphs: 3, words: 6 });
  });

  it('empty and whitespace-only texts count zero', async () => {
    expect(await runTool(wordCounter, { text: ' \n\t ' })).toEqual({
      words: 0,
      characters: 4,
      characters_no_spaces: 0,
      sentences: 0,
      paragraphs: 0,
      reading_time_seconds: 0,
    });
  });

  it('handles a megabyte of emoji text (linear grapheme counting, exact counts)', async () => {
    const text = '👍🏽 '.repeat(200_000); // 5 UTF-16 units per repetition = 1,000,000 characters
    const out = await runTool(wordCounter, { text });
    expect(out.characters).toBe(400_000);
    expect(out.characters_no_spaces).toBe(200_000);
    expect(out.words).toBe(0);
  });

  it('refuses texts over the limit and non-strings, naming the field', async () => {
    await expectToolError(wordCounter, { text: 'a'.repeat(1_000_001) }, 400, /`text` must be at most 1000000 characters/);
    await expectToolError(wordCounter, { text: 42 }, 400, /`text` must be a string/);
    await expectToolError(wordCounter, {}, 400, /`text` is required/);
  });
});
