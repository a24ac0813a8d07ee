import { describe, expect, it } from 'vitest';
import sortLines from '../../../tools/text/sort-lines.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const sorted = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(sortLines, { text, ...opts })).result as string;

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
