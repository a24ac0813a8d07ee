import { describe, expect, it } from 'vitest';
import csvToMarkdown from '../../../tools/format/csv-to-markdown.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('csv-to-markdown', () => {
  it('centers, escapes line breaks and lists ragged lines by source line', async () => {
    const out = await runTool(csvToMarkdown, { csv: 'h1,h2\n"multi\nline",x\n\nonly\n1,2,3', alignment: 'centre' });
    expect(out).toEqual({
      markdown: '| h1 | h2 |  |\n| :---: | :---: | :---: |\n| multi<br>line | x |  |\n| only |  |  |\n| 1 | 2 | 3 |',
      rows: 3,
      columns: 3,
      delimiter: 'comma',
      raggedLines: [5, 6],
    });
  });

  it('pads with alignment none and a tab delimiter', async () => {
    const out = await runTool(csvToMarkdown, { csv: 'x\tlonger\nabcd\t1', padded: true, alignment: 'none' });
    expect(out.markdown).toBe('| x    | longer |\n| ---- | ------ |\n| abcd | 1      |');
    expect(out.delimiter).toBe('tab');
  });

  it('refuses a table that would multiply its input into gigabytes (one long cell or one wide row above many short rows)', async () => {
    const tall = 'h\n' + 'x'.repeat(100_000) + '\n' + 'a\n'.repeat(50_000);
    await expectToolError(
      csvToMarkdown,
      { csv: tall, padded: true },
      400,
      /padded to the widest cell\): set padded false, or split the CSV/,
    );
    expect((await runTool(csvToMarkdown, { csv: tall })).rows).toBe(50_001);
    const wide = ','.repeat(100_000) + '\n' + 'a\n'.repeat(50_000);
    await expectToolError(csvToMarkdown, { csv: wide }, 400, /50,001 rows × 100,001 columns\): split the CSV into fewer rows per call/);
  });

  it('refuses an unknown alignment', async () => {
    await expectToolError(csvToMarkdown, { csv: 'a', alignment: 'justify' }, 400, /alignment/);
  });
});
