import { describe, expect, it } from 'vitest';
import tool from '../../../tools/text/add-prefix-suffix.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('add-prefix-suffix', () => {
  it('decorates each line and keeps the line endings', async () => {
    expect(await runTool(tool, { text: 'a\r\nb', prefix: '<li>', suffix: '</li>' })).toEqual({
      result: '<li>a</li>\r\n<li>b</li>',
      lines: 2,
      decorated: 2,
    });
    expect((await runTool(tool, { text: 'a\rb\r', prefix: '> ' })).result).toBe('> a\r> b\r');
  });

  it('a final line break does not add a decorated empty line', async () => {
    expect((await runTool(tool, { text: 'a\n', prefix: '[', suffix: ']' })).result).toBe('[a]\n');
    expect((await runTool(tool, { text: 'a\n\n', prefix: '[', suffix: ']' })).result).toBe('[a]\n[]\n');
  });

  it('skipEmpty leaves blank lines as they are', async () => {
    expect(await runTool(tool, { text: 'a\n  \nb', prefix: '#', skipEmpty: true })).toEqual({
      result: '#a\n  \n#b',
      lines: 3,
      decorated: 2,
    });
  });

  it('empty text, empty prefix and suffix', async () => {
    expect(await runTool(tool, { text: '', prefix: 'x' })).toEqual({ result: '', lines: 0, decorated: 0 });
    expect((await runTool(tool, { text: 'a\nb' })).result).toBe('a\nb');
  });

  it('caps the result size (413) and the prefix length (400)', async () => {
    await expectToolError(tool, { text: 'x\n'.repeat(500_000), prefix: 'p'.repeat(1000) }, 413, /2,000,000 characters/);
    await expectToolError(tool, { text: 'a', prefix: 'p'.repeat(1001) }, 400, /`prefix`/);
    const ok = await runTool(tool, { text: 'x\n'.repeat(100_000), prefix: '- ' });
    expect(ok.decorated).toBe(100_000);
  });

  it("keeps each line's own line break in a text with mixed breaks (catalogue §0.9)", async () => {
    expect((await runTool(tool, { text: 'a\r\nb\nc\rd\n', prefix: '> ' })).result).toBe('> a\r\n> b\n> c\r> d\n');
  });
});
