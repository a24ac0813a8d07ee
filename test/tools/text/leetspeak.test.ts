import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/leetspeak.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const leet = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { text, ...opts })).result as string;

describe('leetspeak', () => {
  it('basic: the CyberChef table, keeping the case of letters it does not replace', async () => {
    expect(await leet('leet')).toBe('l337');
    expect(await leet('Hello World')).toBe('H3ll0 W0rld');
    expect(await leet('ASTOIE')).toBe('457013');
  });

  it('decodes basic leet; capitals come back in an all-caps word', async () => {
    expect(await leet('l337', { direction: 'decode' })).toBe('leet');
    expect(await leet('7H15 15 4 7357', { direction: 'decode' })).toBe('THIS is a test');
    expect(await leet('H3ll0', { direction: 'decode' })).toBe('Hello');
  });

  it('advanced: every letter, decoded longest form first', async () => {
    const text = 'the quick brown fox jumps over the lazy dog';
    const encoded = await leet(text, { level: 'advanced' });
    expect(encoded).toBe('7|-|3 0_|_|1(|< 8|20\\/\\/|\\| |=0>< _||_||\\/||*5 0\\/3|2 7|-|3 |_42`/ |)09');
    expect(await leet(encoded, { direction: 'decode', level: 'advanced' })).toBe(text);
    expect(await leet('|_|', { direction: 'decode', level: 'advanced' })).toBe('u');
  });

  it('decoding is lossy: digits in numbers are read as letters too', async () => {
    expect(await runTool(tool, { text: 'in 2024', direction: 'decode' })).toEqual({ result: 'in 2o2a', replaced: 2 });
  });

  it('empty text; accented letters are not replaced', async () => {
    expect(await runTool(tool, { text: '' })).toEqual({ result: '', replaced: 0 });
    expect(await leet('éèa')).toBe('éè4');
  });

  it('caps the text at 100,000 characters', async () => {
    expect((await runTool(tool, { text: '4'.repeat(100_000), direction: 'decode', level: 'advanced' })).replaced).toBe(100_000);
    await expectToolError(tool, { text: 'a'.repeat(100_001) }, 400, /`text`/);
    await expectToolError(tool, { text: 'a', level: 'elite' }, 400, /`level`/);
  });
});
