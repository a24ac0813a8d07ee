/** text-diff and text-cleaner: options, invariants, edges and refusals. */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import textDiff from '../../../tools/text/text-diff.js';
import { rebuild, type Change } from '../../helpers/diff.js';

describe('text-diff', () => {
  const pairs: [string, string][] = [
    ['', ''],
    ['', 'new'],
    ['old', ''],
    ['same text', 'same text'],
    ['The  quick brown fox.\nJumps!', 'The quick, brown cat.\r\nJumps!\n'],
    ['emoji 👍🏽 here', 'emoji 👎 here'],
    ['a\nb\nc', 'c\nb\na'],
  ];
  for (const granularity of ['word', 'line', 'character'] as const) {
    it(`${granularity}: joining the parts gives both texts back exactly`, async () => {
      for (const [original, modified] of pairs) {
        const { changes } = await runTool(textDiff, { original, modified, granularity });
        expect(rebuild(changes, 'original')).toBe(original);
        expect(rebuild(changes, 'modified')).toBe(modified);
        expect(changes.every((c: Change) => c.value !== '')).toBe(true);
      }
    });
  }

  it('identical texts are one equal part; empty texts give no parts', async () => {
    expect(await runTool(textDiff, { original: 'same', modified: 'same' })).toEqual({ changes: [{ type: 'equal', value: 'same' }] });
    expect(await runTool(textDiff, { original: '', modified: '' })).toEqual({ changes: [] });
    expect(await runTool(textDiff, { original: '', modified: 'x' })).toEqual({ changes: [{ type: 'insert', value: 'x' }] });
  });

  it('character granularity works on code points (an emoji is never split)', async () => {
    const { changes } = await runTool(textDiff, { original: 'a😀', modified: 'a😁', granularity: 'character' });
    expect(changes).toEqual([
      { type: 'equal', value: 'a' },
      { type: 'delete', value: '😀' },
      { type: 'insert', value: '😁' },
    ]);
  });

  it('accepts granularity aliases and refuses unknown values', async () => {
    const a = await runTool(textDiff, { original: 'a\n', modified: 'b\n', granularity: 'lines' });
    const b = await runTool(textDiff, { original: 'a\n', modified: 'b\n', granularity: 'LINE' });
    expect(a).toEqual(b);
    expect((await runTool(textDiff, { original: 'ab', modified: 'ac', granularity: 'chars' })).changes).toHaveLength(3);
    await expectToolError(
      textDiff,
      { original: 'a', modified: 'b', granularity: 'sentence' },
      400,
      /`granularity` must be one of "word", "line", "character"/,
    );
  });

  it('enforces the 200,000-character cap on each side', async () => {
    const max = 'a'.repeat(200_000);
    expect((await runTool(textDiff, { original: max, modified: max, granularity: 'line' })).changes).toHaveLength(1);
    await expectToolError(textDiff, { original: max + 'a', modified: '' }, 400, /`original` must be at most 200000 characters/);
    await expectToolError(textDiff, { original: '', modified: max + 'a' }, 400, /`modified` must be at most 200000 characters/);
    await expectToolError(textDiff, { original: 'a' }, 400, /`modified` is required/);
  });

  it('refuses a character diff of two long, entirely different texts instead of blocking', async () => {
    const original = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(0x4e00 + (i % 5000))).join('');
    const modified = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(0xac00 + (i % 5000))).join('');
    await expectToolError(textDiff, { original, modified, granularity: 'character' }, 400, /differ too much to compare by character/);
  });
});
