import { describe, expect, it } from 'vitest';
import dedupe from '../../../tools/text/remove-duplicate-lines.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
