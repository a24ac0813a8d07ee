import { describe, expect, it } from 'vitest';
import sortLines from '../../tools/text/sort-lines.js';
import dedupe from '../../tools/text/remove-duplicate-lines.js';
import reverseText from '../../tools/text/reverse-text.js';
import { graphemes } from '../../tools/_lib/text-lines.js';
import { expectToolError, runTool } from '../helpers/run.js';

const sorted = async (text: string, opts: Record<string, unknown> = {}) =>
  (await runTool(sortLines, { text, ...opts })).result as string;

describe('sort-lines', () => {
  it('sorts a-to-z and z-to-a with a fixed English collation', async () => {
    expect(await sorted('b\nA\na\nB\nÄ\n10\n9')).toBe('10\n9\na\nA\nÄ\nb\nB');
    expect(await sorted('b\nA\na\nB', { mode: 'z-to-a' })).toBe('B\nb\nA\na');
    expect(await sorted('b\nA\na\nB', { mode: 'desc', reverse: true })).toBe('a\nA\nb\nB');
  });

  it('uses the fixed English order (a Swedish collation would put å and ä after z)', async () => {
    expect(await sorted('ä\nz\na\nÅ\nå')).toBe('a\nå\nÅ\nä\nz');
  });

  it('caseInsensitive keeps the input order of lines equal but for case', async () => {
    expect(await sorted('Beta\napple\nApple\nbeta', { caseInsensitive: true })).toBe('apple\nApple\nBeta\nbeta');
    expect(await sorted('Apple\napple', { caseInsensitive: true })).toBe('Apple\napple');
  });

  it('natural and length modes', async () => {
    expect(await sorted('v1.10\nv1.9\nv1.2', { mode: 'natural' })).toBe('v1.2\nv1.9\nv1.10');
    expect(await sorted('10\n9\n100', { mode: 'numeric' })).toBe('9\n10\n100');
    expect(await sorted('👍🏽👍🏽\nabc\nb', { mode: 'length' })).toBe('b\n👍🏽👍🏽\nabc');
    expect(await sorted('aa\nb\nccc', { mode: 'length', reverse: true })).toBe('ccc\naa\nb');
  });

  it('removes duplicates before sorting, case-insensitively when asked', async () => {
    expect(await runTool(sortLines, { text: 'b\na\nB\na', removeDuplicates: true })).toEqual({
      result: 'a\nb\nB',
      mode: 'a-to-z',
      lines: 3,
      removedDuplicates: 1,
    });
    expect(await runTool(sortLines, { text: 'b\na\nB\na', removeDuplicates: true, caseInsensitive: true })).toMatchObject({
      result: 'a\nb',
      removedDuplicates: 2,
    });
  });

  it('shuffles deterministically by seed', async () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const a = await sorted(text, { mode: 'shuffle', seed: 7 });
    expect(await sorted(text, { mode: 'random', seed: 7 })).toBe(a);
    expect(await sorted(text, { mode: 'shuffle', seed: 8 })).not.toBe(a);
    expect(await sorted(text, { mode: 'shuffle' })).toBe(await sorted(text, { mode: 'shuffle', seed: 0 }));
    expect(a).not.toBe(text);
    expect(a.split('\n').sort()).toEqual(text.split('\n').sort());
  });

  it('keeps line endings and a final newline; empty text', async () => {
    expect(await sorted('b\r\na\r\n')).toBe('a\r\nb\r\n');
    expect(await sorted('b\n\na')).toBe('\na\nb');
    expect(await runTool(sortLines, { text: '' })).toEqual({ result: '', mode: 'a-to-z', lines: 0, removedDuplicates: 0 });
  });

  it('refuses bad modes and seeds', async () => {
    await expectToolError(sortLines, { text: 'a', mode: 'sideways' }, 400, /`mode` must be one of "a-to-z"/);
    await expectToolError(sortLines, { text: 'a', seed: 'x' }, 400, /`seed`/);
    await expectToolError(sortLines, { text: 'a', reverse: 'yes' }, 400, /`reverse`/);
  });

  it('handles a large input quickly', async () => {
    const text = Array.from({ length: 20000 }, (_, i) => `item ${(i * 7919) % 20000}`).join('\n');
    const out = await runTool(sortLines, { text, mode: 'length' });
    expect(out.lines).toBe(20000);
  });
});

describe('remove-duplicate-lines', () => {
  it('keeps the first occurrence in original order by default', async () => {
    expect(await runTool(dedupe, { text: 'b\na\nb\nc\na' })).toEqual({ result: 'b\na\nc', total: 5, kept: 3, removed: 2 });
  });

  it('keepFirst false keeps the last occurrence at its position', async () => {
    expect((await runTool(dedupe, { text: 'b\na\nb\nc\na', keepFirst: false })).result).toBe('b\nc\na');
  });

  it('caseInsensitive and trim', async () => {
    expect((await runTool(dedupe, { text: 'A\na\n a' })).result).toBe('A\na\n a');
    expect((await runTool(dedupe, { text: 'A\na\n a', caseInsensitive: true })).result).toBe('A\n a');
    expect((await runTool(dedupe, { text: 'A\na\n a ', caseInsensitive: true, trim: true })).result).toBe('A');
    expect((await runTool(dedupe, { text: ' x \nx', trim: true })).result).toBe('x');
  });

  it('treats blank lines as lines, keeps the line break style and final newline', async () => {
    expect(await runTool(dedupe, { text: 'a\r\n\r\nb\r\n\r\na\r\n' })).toEqual({
      result: 'a\r\n\r\nb\r\n',
      total: 5,
      kept: 3,
      removed: 2,
    });
    expect(await runTool(dedupe, { text: '' })).toEqual({ result: '', total: 0, kept: 0, removed: 0 });
  });

  it('refuses unknown fields', async () => {
    await expectToolError(dedupe, { text: 'a', ignoreCase: true }, 400, /unknown field `ignoreCase`/);
  });
});

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
    const tricky = ['e\u0301', '👨‍👩‍👧', '🇳🇱🇧🇪', 'क्षि', '한국어', '\u1100\u1161\u11A8', 'ﾃﾞ', 'a\r\nb', 'ก่ำ', '👍🏽', '#\uFE0F\u20E3', ' \u0301', 'x', '中文', 'Ж', '\u0600\u0661', '\t'];
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
