import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/text-to-binary.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const enc = async (text: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { text, ...opts })).result as string;
const dec = async (text: string, opts: Record<string, unknown> = {}) =>
  (await runTool(tool, { text, direction: 'decode', ...opts })).result as string;

describe('text-to-binary', () => {
  it('encodes UTF-8 bytes (Wikipedia UTF-8 examples: $ 24, é C3 A9, € E2 82 AC, 𐍈 F0 90 8D 88)', async () => {
    expect(await enc('$', { format: 'hex' })).toBe('24');
    expect(await enc('é')).toBe('11000011 10101001');
    expect(await enc('€', { format: 'hex' })).toBe('e2 82 ac');
    expect(await enc('𐍈', { format: 'hex', separator: '' })).toBe('f0908d88');
    expect(await enc('A', { format: 'octal' })).toBe('101');
    expect(await enc('Hi', { format: 'decimal', separator: ',' })).toBe('72,105');
    expect(await runTool(tool, { text: '' })).toEqual({ result: '', bytes: 0, invalidUtf8: false });
  });

  it('round-trips every format', async () => {
    const text = 'Grüße, 世界 👋🏽\r\n!';
    for (const format of ['binary', 'octal', 'hex', 'decimal'] as const)
      for (const separator of format === 'binary' || format === 'hex' ? [' ', ''] : [' ', ', '])
        expect(await dec(await enc(text, { format, separator }), { format }), `${format} "${separator}"`).toBe(text);
  });

  it('decodes loose input: prefixes, commas, unpadded groups', async () => {
    expect(await dec('1001000 1101001')).toBe('Hi');
    expect(await dec('0b01001000,0b01101001')).toBe('Hi');
    expect(await dec('0x48, 0x69', { format: 'hex' })).toBe('Hi');
    expect(await dec('4869', { format: 'hex' })).toBe('Hi');
    expect(await dec('0o110 0o151', { format: 'octal' })).toBe('Hi');
  });

  it('binary without separators must be whole bytes (8 bits)', async () => {
    expect(await dec('0100100001101001')).toBe('Hi');
    await expectToolError(
      tool,
      { text: '010010000110100', direction: 'decode' },
      400,
      /15 bits; without separators between bytes it must be a multiple of 8/,
    );
    await expectToolError(tool, { text: '110', direction: 'decode' }, 400, /3 bits/);
    await expectToolError(tool, { text: 'abc', direction: 'decode', format: 'hex' }, 400, /3 hex digits/);
  });

  it('refuses non-digits and values above 255', async () => {
    await expectToolError(tool, { text: '0102', direction: 'decode' }, 400, /not binary digits \(first: "2" at position 4\)/);
    await expectToolError(tool, { text: '255 256', direction: 'decode', format: 'decimal' }, 400, /"256" is not a byte/);
    await expectToolError(tool, { text: '377 400', direction: 'decode', format: 'octal' }, 400, /"400" is not a byte/);
    await expectToolError(tool, { text: '1', format: 'base64' }, 400, /`format`/);
  });

  it('invalid UTF-8 becomes U+FFFD and is flagged', async () => {
    expect(await runTool(tool, { text: 'ff 41', direction: 'decode', format: 'hex' })).toEqual({
      result: '\uFFFDA',
      bytes: 2,
      invalidUtf8: true,
    });
    expect(await runTool(tool, { text: 'c3', direction: 'decode', format: 'hex' })).toEqual({
      result: '\uFFFD',
      bytes: 1,
      invalidUtf8: true,
    });
  });

  it('caps encoding at 200,000 bytes (413) and input at 500,000 characters', async () => {
    expect((await runTool(tool, { text: 'a'.repeat(200_000), format: 'hex', separator: '' })).bytes).toBe(200_000);
    await expectToolError(tool, { text: 'é'.repeat(100_001) }, 413, /200,002 UTF-8 bytes/);
    expect((await runTool(tool, { text: '1 '.repeat(250_000), direction: 'decode' })).bytes).toBe(250_000);
    await expectToolError(tool, { text: '1'.repeat(500_001), direction: 'decode' }, 400, /`text`/);
  });
});
