import { describe, expect, it } from 'vitest';
import csvToJson from '../../tools/format/csv-to-json.js';
import csvToMarkdown from '../../tools/format/csv-to-markdown.js';
import { detectDelimiter } from '../../tools/_lib/csv.js';
import { expectToolError, runTool } from '../helpers/run.js';

describe('delimiter detection', () => {
  it('picks the consistent candidate with most fields, ties in documented order', () => {
    expect(detectDelimiter('a;b;c\n1;2,5;3')).toBe('semicolon');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('tab');
    expect(detectDelimiter('a|b\n1|2')).toBe('pipe');
    expect(detectDelimiter('a,b;c\n1,2;3')).toBe('comma');
    expect(detectDelimiter('"a;b",c\n"1;2",3')).toBe('comma');
    expect(detectDelimiter('just text')).toBe('comma');
  });
});

describe('csv-to-json', () => {
  it('names blank and repeated headers and fills ragged rows', async () => {
    const out = await runTool(csvToJson, { csv: 'a,,a\n1,2,3,4\n5' });
    expect(out).toEqual({
      data: [
        { a: '1', column2: '2', a_2: '3', column4: '4' },
        { a: '5', column2: '', a_2: '', column4: '' },
      ],
      rows: 2,
      columns: 4,
    });
  });

  it('accepts delimiter names and characters, refuses others', async () => {
    expect((await runTool(csvToJson, { csv: 'a;b\n1;2', delimiter: ';' })).data).toEqual([{ a: '1', b: '2' }]);
    expect((await runTool(csvToJson, { csv: 'a,b\n1,2', delimiter: 'semicolon' })).data).toEqual([{ 'a,b': '1,2' }]);
    await expectToolError(csvToJson, { csv: 'a', delimiter: 'colon' }, 400, /delimiter/);
  });

  it('handles BOM, blank lines and empty input; refuses an unclosed quote with its line', async () => {
    expect((await runTool(csvToJson, { csv: '\uFEFFa\n\n1\n' })).data).toEqual([{ a: '1' }]);
    expect(await runTool(csvToJson, { csv: '' })).toEqual({ data: [], rows: 0, columns: 0 });
    await expectToolError(csvToJson, { csv: 'a\n1\n"open', delimiter: 'comma' }, 400, /never closed.*line 3/);
  });
});

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

  it('refuses an unknown alignment', async () => {
    await expectToolError(csvToMarkdown, { csv: 'a', alignment: 'justify' }, 400, /alignment/);
  });
});
