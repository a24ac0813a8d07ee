/** text-diff and text-cleaner: options, invariants, edges and refusals. */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../helpers/run.js';
import textDiff from '../../tools/text/text-diff.js';
import textCleaner from '../../tools/text/text-cleaner.js';
import findAndReplace from '../../tools/text/find-and-replace.js';

type Change = { type: 'equal' | 'delete' | 'insert'; value: string };
const rebuild = (changes: Change[], side: 'original' | 'modified') =>
  changes
    .filter((c) => c.type === 'equal' || c.type === (side === 'original' ? 'delete' : 'insert'))
    .map((c) => c.value)
    .join('');

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
    await expectToolError(textDiff, { original: 'a', modified: 'b', granularity: 'sentence' }, 400, /`granularity` must be one of "word", "line", "character"/);
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

describe('text-cleaner', () => {
  const only = (option: string, text: string) => {
    const all = ['controlChars', 'htmlTags', 'emojis', 'plainQuotes', 'punctuation', 'numbers', 'extraSpaces', 'trimLines', 'emptyLines', 'lineBreaks'];
    return runTool(textCleaner, { text, ...Object.fromEntries(all.map((o) => [o, o === option])) });
  };

  it('each option on its own', async () => {
    expect((await only('controlChars', 'a\u0000b\u0007c\td\u200Be\uFEFF\r\n')).result).toBe('abc\tde\r\n');
    expect((await only('htmlTags', '<p class="x">Hi <b>there</b><!-- note --></p> 1 < 2 > 0')).result).toBe('Hi there 1 < 2 > 0');
    expect((await only('emojis', 'ok 👍🏽 👨‍👩‍👧 🇳🇱 1️⃣ ❤️ © ™ done')).result).toBe('ok      © ™ done');
    expect((await only('plainQuotes', '‘a’ “b” „c“ «d» ‹e›')).result).toBe('\'a\' "b" "c" "d" \'e\'');
    expect((await only('punctuation', 'Hi, you! (ok) e-mail_x 50% $5 a+b')).result).toBe('Hi you ok emailx 50 $5 a+b');
    expect((await only('numbers', 'R2-D2 has ½ of ²')).result).toBe('R-D has  of ');
    expect((await only('extraSpaces', 'a  b\t\tc\u00A0 d\te\n\nf')).result).toBe('a b c d\te\n\nf');
    expect((await only('trimLines', '  a  \r\n\tb\t\n c')).result).toBe('a\r\nb\nc');
    expect((await only('emptyLines', '\n\na\n  \n\t\nb\r\n\r\nc\n\n')).result).toBe('a\nb\r\nc\n');
    expect((await only('lineBreaks', '\na\nb \r\n\r\n c\n')).result).toBe('a b c');
  });

  it('reports steps for enabled options only, and changed for those that changed something', async () => {
    const out = await only('punctuation', 'no punctuation here');
    expect(out).toEqual({
      result: 'no punctuation here',
      charactersBefore: 19,
      charactersAfter: 19,
      charactersRemoved: 0,
      steps: [{ option: 'punctuation', charactersRemoved: 0 }],
      changed: [],
    });
  });

  it('counts user-perceived characters (an emoji with skin tone is one)', async () => {
    const out = await only('emojis', 'a👍🏽');
    expect(out.charactersBefore).toBe(2);
    expect(out.steps).toEqual([{ option: 'emojis', charactersRemoved: 1 }]);
  });

  it('defaults: controlChars, extraSpaces, trimLines and emptyLines', async () => {
    const out = await runTool(textCleaner, { text: 'x' });
    expect(out.steps.map((s: { option: string }) => s.option)).toEqual(['controlChars', 'extraSpaces', 'trimLines', 'emptyLines']);
  });

  it('empty text, and hostile input stays linear', async () => {
    expect((await runTool(textCleaner, { text: '' })).result).toBe('');
    const out = await runTool(textCleaner, { text: '<!--'.repeat(200_000), htmlTags: true });
    expect(out.result).toBe('<!--'.repeat(200_000));
    const tags = await runTool(textCleaner, { text: '<a'.repeat(200_000) + '>', htmlTags: true });
    expect(tags.result).toBe('<a'.repeat(199_999));
  });

  it('refuses bad option types and unknown options', async () => {
    await expectToolError(textCleaner, { text: 'x', emojis: 'yes' }, 400, /`emojis` must be a boolean/);
    await expectToolError(textCleaner, { text: 'x', emoji: true }, 400, /unknown field `emoji` \(did you mean `emojis`\?\)/);
    await expectToolError(textCleaner, {}, 400, /`text` is required/);
  });
});

describe('find-and-replace: plain mode literals', () => {
  it('matches every regex syntax character literally', async () => {
    const special = '.*+?^${}()|[]\\/-';
    expect(await runTool(findAndReplace, { text: `x${special}y${special}`, find: special, replace: '$$' })).toEqual({ result: 'x$$y$$', count: 2 });
  });
});
