import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/add-line-numbers.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const numbered = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { text, ...opts })).result as string;

describe('add-line-numbers', () => {
  it('numbers every line, keeping CRLF, CR and a final line break', async () => {
    expect(await numbered('a\r\nb\r\n')).toBe('1. a\r\n2. b\r\n');
    expect(await numbered('a\rb')).toBe('1. a\r2. b');
    expect(await numbered('a\n\nb')).toBe('1. a\n2. \n3. b');
  });

  it('start, step, separators and padding to the widest number', async () => {
    expect(await numbered('a\nb\nc', { start: 0, step: 5, separator: 'colon-space' })).toBe('0: a\n5: b\n10: c');
    const ten = Array.from({ length: 10 }, (_, i) => `l${i}`).join('\n');
    expect((await numbered(ten, { padding: 'spaces', separator: 'space' })).split('\n').slice(8)).toEqual([' 9 l8', '10 l9']);
    expect((await numbered(ten, { padding: 'zeros' })).split('\n')[0]).toBe('01. l0');
    expect(await numbered('x', { customSeparator: ' -> ' })).toBe('1 -> x');
    expect(await numbered('x\ny', { separator: 'tab', padding: 'zeros', start: 9 })).toBe('09\tx\n10\ty');
  });

  it('skipEmpty leaves blank and whitespace-only lines alone and uses no number for them', async () => {
    expect(await runTool(tool, { text: 'a\n \n\nb', skipEmpty: true })).toEqual({
      result: '1. a\n \n\n2. b',
      lines: 4,
      numbered: 2,
      lastNumber: 2,
    });
  });

  it('empty text and a lone line break', async () => {
    expect(await runTool(tool, { text: '' })).toEqual({ result: '', lines: 0, numbered: 0, lastNumber: null });
    expect(await runTool(tool, { text: '\n' })).toEqual({ result: '1. \n', lines: 1, numbered: 1, lastNumber: 1 });
    expect(await runTool(tool, { text: '\n', skipEmpty: true })).toEqual({ result: '\n', lines: 1, numbered: 0, lastNumber: null });
  });

  it('handles many lines', async () => {
    const out = await runTool(tool, { text: 'x\n'.repeat(100_000), padding: 'zeros' });
    expect(out.numbered).toBe(100_000);
    expect(out.result.startsWith('000001. x\n')).toBe(true);
  });

  it('refuses bad options', async () => {
    await expectToolError(tool, { text: 'a', step: 0 }, 400, /`step`/);
    await expectToolError(tool, { text: 'a', start: -1 }, 400, /`start`/);
    await expectToolError(tool, { text: 'a', separator: 'dash' }, 400, /`separator`/);
    await expectToolError(tool, { text: 'a', customSeparator: 'x'.repeat(21) }, 400, /`customSeparator`/);
  });

  it("keeps each line's own line break in a text with mixed breaks (catalogue §0.9)", async () => {
    expect(await numbered('a\r\nb\nc\rd\n')).toBe('1. a\r\n2. b\n3. c\r4. d\n');
  });
});
