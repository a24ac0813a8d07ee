import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/upside-down-text.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const flip = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { text, ...opts })).result as string;

describe('upside-down-text', () => {
  it('flips and reverses', async () => {
    expect(await flip('abc')).toBe('ɔqɐ');
    expect(await flip('Why?')).toBe('¿ʎɥM');
    expect(await flip('(69)')).toBe('(69)');
    expect(await flip('(69)', { reverse: false })).toBe(')96(');
  });

  it('is its own inverse for letters, digits and punctuation', async () => {
    const text = 'The quick brown fox jumps over the lazy dog! 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ (a, b; c) [x] {y} <z> & _';
    expect(await flip(await flip(text))).toBe(text);
  });

  it('keeps emoji, flags and accents whole; accented letters keep their accent', async () => {
    expect(await flip('👍🏽🇳🇱')).toBe('🇳🇱👍🏽');
    expect(await flip('é', { reverse: false })).toBe('ǝ́');
    expect(await flip(await flip('café'))).toBe('café');
  });

  it('multi-line text swaps line order; CRLF stays one break', async () => {
    expect(await flip('ab\r\ncd')).toBe('pɔ\r\nqɐ');
  });

  it('lists characters without a counterpart', async () => {
    expect(await runTool(tool, { text: 'ßøx中' })).toEqual({ result: '中xøß', unchanged: ['ß', 'ø', '中'] });
    expect(await runTool(tool, { text: '' })).toEqual({ result: '', unchanged: [] });
  });

  it('caps the text at 40,000 characters', async () => {
    expect((await flip('ab'.repeat(20_000))).length).toBe(40_000);
    await expectToolError(tool, { text: 'a'.repeat(40_001) }, 400, /`text`/);
  });
});
