import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text-analysis/character-counter.js';
import wordCounter from '../../../tools/text/word-counter.js';
import { countGraphemes } from '../../../tools/_lib/graphemes.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const count = (text: string, limit?: number) => runTool(tool, { text, ...(limit ? { limit } : {}) });

describe('character-counter', () => {
  it('counts graphemes, code points, UTF-16 units and UTF-8 bytes', async () => {
    const out = await count('é👍🏽🇳🇱e\u0301');
    expect(out).toMatchObject({ characters: 4, codePoints: 7, utf16Units: 11, utf8Bytes: 2 + 8 + 8 + 3 });
    expect((await count('👨‍👩‍👧')).characters).toBe(1);
  });

  it('words, sentences and paragraphs agree with word-counter', async () => {
    const text = 'One two. Three!\n\nFour — five six?\n';
    const wc = await runTool(wordCounter, { text });
    const out = await count(text);
    expect([out.words, out.sentences, out.paragraphs, out.characters]).toEqual([wc.words, wc.sentences, wc.paragraphs, wc.characters]);
    expect(out.charactersNoSpaces).toBe(wc.characters_no_spaces);
  });

  it('lines: CRLF is one break; a final break does not start a line', async () => {
    expect((await count('a\r\nb\r\n')).lines).toBe(2);
    expect((await count('a\r\nb\r\n')).characters).toBe(4);
    expect((await count('a\n\nb')).lines).toBe(3);
  });

  it('letters, digits, whitespace, punctuation', async () => {
    expect(await count('Ab1 2,\tç!')).toMatchObject({ letters: 3, digits: 2, whitespace: 2, punctuation: 2 });
  });

  it('SMS: GSM-7 up to 160 septets, 153 per part; extension characters take two; UCS-2 70/67', async () => {
    expect((await count('a'.repeat(160))).sms).toEqual({ encoding: 'GSM-7', units: 160, parts: 1, perPart: 160 });
    expect((await count('a'.repeat(161))).sms).toEqual({ encoding: 'GSM-7', units: 161, parts: 2, perPart: 153 });
    expect((await count('€'.repeat(80))).sms).toEqual({ encoding: 'GSM-7', units: 160, parts: 1, perPart: 160 });
    expect((await count('ç'.repeat(70))).sms).toEqual({ encoding: 'UCS-2', units: 70, parts: 1, perPart: 70 });
    expect((await count('ç'.repeat(71))).sms).toEqual({ encoding: 'UCS-2', units: 71, parts: 2, perPart: 67 });
    expect((await count('👍'.repeat(35))).sms.units).toBe(70);
  });

  it('limit: exactly at, below and above', async () => {
    expect((await count('a'.repeat(280), 280)).limit).toEqual({ limit: 280, remaining: 0, over: false });
    expect((await count('a'.repeat(281), 280)).limit).toEqual({ limit: 280, remaining: -1, over: true });
    expect((await count('👍🏽', 2)).limit).toEqual({ limit: 2, remaining: 1, over: false });
    expect((await count('x')).limit).toBeUndefined();
  });

  it('empty text', async () => {
    expect(await count('')).toMatchObject({
      characters: 0,
      words: 0,
      lines: 0,
      utf8Bytes: 0,
      sms: { encoding: 'GSM-7', units: 0, parts: 0, perPart: 160 },
    });
  });

  it('fast path and Intl.Segmenter agree, also around whitespace that joins a mark', async () => {
    for (const text of ['Grüße aus Köln ΑΒΓ абв 中文 かな\r\n', 'a \u0301b', ' \u200d👍', 'x\r\ny']) {
      const out = await count(text);
      expect(out.characters, text).toBe(countGraphemes(text));
      expect(out.charactersNoSpaces, text).toBe(countGraphemes(text.replace(/\s+/gu, '')));
    }
  });

  it('takes 50,000 characters and refuses more', async () => {
    expect((await count('é👍🏽 '.repeat(12_500))).characters).toBe(37_500);
    await expectToolError(tool, { text: 'x'.repeat(50_001) }, 400, /`text`/);
    await expectToolError(tool, { text: 'x', limit: 0 }, 400, /`limit`/);
  });
});
