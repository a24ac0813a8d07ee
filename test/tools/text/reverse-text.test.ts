import { describe, expect, it } from 'vitest';
import reverseText from '../../../tools/text/reverse-text.js';
import { graphemes } from '../../../tools/_lib/text-lines.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('reverse-text', () => {
  const rev = async (text: string, mode?: string) => (await runTool(reverseText, mode ? { text, mode } : { text })).result;

  it('reverses characters by grapheme', async () => {
    expect(await rev('abc')).toBe('cba');
    expect(await rev('e\u0301a')).toBe('ae\u0301');
    expect(await rev('🇳🇱👨‍👩‍👧x')).toBe('x👨‍👩‍👧🇳🇱');
    expect(await rev('ab\ncd')).toBe('dc\nba');
    expect(await rev('a\r\nb')).toBe('b\r\na');
    expect(await rev('')).toBe('');
  });

  it('words, lines, line-characters, word-characters', async () => {
    expect(await rev('  Hello, big  world!  ', 'words')).toBe('  world! big  Hello,  ');
    expect(await rev('a b\nc d\n', 'words')).toBe('b a\nd c\n');
    expect(await rev('1\n2\n3\n', 'lines')).toBe('3\n2\n1\n');
    expect(await rev('ab\ncd', 'line-characters')).toBe('ba\ndc');
    expect(await rev('héllo wörld 👍🏽!', 'each-word')).toBe('olléh dlröw !👍🏽');
  });

  it('reports the canonical mode and refuses unknown ones', async () => {
    expect(await runTool(reverseText, { text: 'x', mode: 'Per Line' })).toEqual({ result: 'x', mode: 'line-characters' });
    await expectToolError(reverseText, { text: 'x', mode: 'backwards' }, 400, /`mode` must be one of/);
  });
});

describe('grapheme segmentation of long texts (chunked)', () => {
  it('cuts only at certain boundaries: same result as one pass of Intl.Segmenter', () => {
    const tricky = [
      'e\u0301',
      '👨‍👩‍👧',
      '🇳🇱🇧🇪',
      'क्षि',
      '한국어',
      '\u1100\u1161\u11A8',
      'ﾃﾞ',
      'a\r\nb',
      'ก่ำ',
      '👍🏽',
      '#\uFE0F\u20E3',
      ' \u0301',
      'x',
      '中文',
      'Ж',
      '\u0600\u0661',
      '\t',
    ];
    let s = '';
    for (let i = 0; i < 4000; i++) s += tricky[(i * 7919) % tricky.length];
    const direct = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s), (x) => x.segment);
    expect(graphemes(s)).toEqual(direct);
  });

  it('reverses a 200,000-character text with emoji quickly and losslessly', async () => {
    const text = 'Ab cD éF 👍🏽 x-y_z. '.repeat(10000);
    const { result } = await runTool(reverseText, { text });
    expect((await runTool(reverseText, { text: result })).result).toBe(text);
  });
});
