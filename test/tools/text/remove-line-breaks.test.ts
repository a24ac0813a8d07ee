import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/remove-line-breaks.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const joined = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { text, ...opts })).result as string;

describe('remove-line-breaks', () => {
  it('replaces \\n, \\r\\n and \\r alike; a final break is dropped', async () => {
    expect(await joined('a\nb\r\nc\rd\n')).toBe('a b c d');
    expect(await joined('a\nb', { replaceWith: 'nothing' })).toBe('ab');
    expect(await joined('a\n\nb', { replaceWith: 'custom', custom: ', ' })).toBe('a, b');
    expect(await joined('a\n\nb', { replaceWith: 'custom', custom: ', ', collapseSpaces: false })).toBe('a, , b');
    expect(await joined('a\r\nb\nc', { replaceWith: 'custom', custom: ', ' })).toBe('a, b, c');
  });

  it('collapseSpaces merges spaces at the join and inside lines; off keeps them', async () => {
    expect(await joined('a  b \n  c')).toBe('a b c');
    expect(await joined('a \n b', { collapseSpaces: false })).toBe('a   b');
    expect(await joined('a\tb')).toBe('a b');
  });

  it("keepParagraphs: blank lines (also whitespace-only) keep paragraphs apart in the text's line break", async () => {
    expect(await runTool(tool, { text: 'a\nb\n\n\nc\n \nd\n', keepParagraphs: true })).toEqual({
      result: 'a b\n\nc\n\nd',
      lineBreaksRemoved: 2,
      paragraphs: 3,
    });
    expect(await joined('a\r\nb\r\n\r\nc', { keepParagraphs: true })).toBe('a b\r\n\r\nc');
    expect(await joined('a\r\rb', { keepParagraphs: true })).toBe('a\r\rb');
    expect(await joined('\n\na\n\n', { keepParagraphs: true })).toBe('a');
    expect(await joined('a\n\nb')).toBe('a b');
  });

  it('dehyphenate joins only a letter-hyphen end before a lower-case start', async () => {
    expect(await joined('infor-\nmation', { dehyphenate: true })).toBe('information');
    expect(await joined('Jean-\nPaul', { dehyphenate: true })).toBe('Jean- Paul');
    expect(await joined('infor-\nmation')).toBe('infor- mation');
    expect(await joined('2020-\n2021', { dehyphenate: true })).toBe('2020- 2021');
  });

  it('empty text and text without breaks', async () => {
    expect(await runTool(tool, { text: '' })).toEqual({ result: '', lineBreaksRemoved: 0, paragraphs: 0 });
    expect(await runTool(tool, { text: '', keepParagraphs: true })).toEqual({ result: '', lineBreaksRemoved: 0, paragraphs: 0 });
    expect(await joined('one line')).toBe('one line');
  });

  it('handles 500,000 characters of short lines and refuses more', async () => {
    const out = await runTool(tool, { text: 'ab\n'.repeat(166_000), keepParagraphs: true });
    expect(out.lineBreaksRemoved).toBe(166_000);
    expect(out.result.length).toBe(166_000 * 3 - 1);
    await expectToolError(tool, { text: 'a'.repeat(500_001) }, 400, /`text`/);
  });

  it('refuses custom without text and bad modes', async () => {
    await expectToolError(tool, { text: 'a', replaceWith: 'custom' }, 400, /`custom` is required/);
    await expectToolError(tool, { text: 'a', replaceWith: 'tab' }, 400, /`replaceWith`/);
  });
});
