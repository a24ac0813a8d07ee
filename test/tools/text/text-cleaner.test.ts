/** text-diff and text-cleaner: options, invariants, edges and refusals. */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import textCleaner from '../../../tools/text/text-cleaner.js';

describe('text-cleaner', () => {
  const only = (option: string, text: string) => {
    const all = [
      'controlChars',
      'htmlTags',
      'emojis',
      'plainQuotes',
      'punctuation',
      'numbers',
      'extraSpaces',
      'trimLines',
      'emptyLines',
      'lineBreaks',
    ];
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
