import { describe, expect, it } from 'vitest';
import tool from '../../../tools/csv/tsv-to-csv.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const csvOf = async (tsv: string, opts: Record<string, unknown> = {}) => (await runTool(tool, { tsv, ...opts })).csv as string;

describe('tsv-to-csv', () => {
  it('quotes only what RFC 4180 needs: delimiter, quote, CR, LF', async () => {
    expect(await csvOf('a\tb,c\td"e\tf\n')).toBe('a,"b,c","d""e",f\r\n');
    expect(await csvOf('x;y\tz', { delimiter: 'semicolon' })).toBe('"x;y";z\r\n');
    expect(await csvOf('x|y\tz', { delimiter: 'pipe', lineEnding: 'lf' })).toBe('"x|y"|z\n');
    expect(await csvOf('a b\t c ')).toBe('a b, c \r\n');
  });

  it('quoted TSV fields with tabs and line breaks (Excel style); quotes false keeps quotes literal', async () => {
    expect(await csvOf('"a\tb"\t"line1\nline2"\n')).toBe('a\tb,"line1\nline2"\r\n');
    expect(await csvOf('"a"\tb', { quotes: false })).toBe('"""a""",b\r\n');
    expect(await csvOf('\uFEFFa\tb\r\n\r\nc\td', { quotes: false })).toBe('a,b\r\nc,d\r\n');
  });

  it('BOM, CRLF and CR input, blank lines skipped', async () => {
    expect(await csvOf('\uFEFFa\tb\r\n1\t2\r\n\r\n3\t4\r5\t6')).toBe('a,b\r\n1,2\r\n3,4\r\n5,6\r\n');
  });

  it('ragged rows are converted as they are and reported', async () => {
    const out = await runTool(tool, { tsv: 'a\tb\tc\n1\n1\t2\t3\t4\n' });
    expect(out).toEqual({
      csv: 'a,b,c\r\n1\r\n1,2,3,4\r\n',
      rows: 3,
      columns: 4,
      ragged: {
        count: 2,
        rows: [
          { line: 2, fields: 1, expected: 3 },
          { line: 3, fields: 4, expected: 3 },
        ],
      },
    });
  });

  it('a lone empty field is written "" so it is not lost as a blank line', async () => {
    expect(await csvOf('a\n""\nb')).toBe('a\r\n""\r\nb\r\n');
  });

  it('empty input, unclosed quote, size cap', async () => {
    expect(await runTool(tool, { tsv: '' })).toEqual({ csv: '', rows: 0, columns: 0, ragged: { count: 0, rows: [] } });
    await expectToolError(tool, { tsv: 'a\n"b\tc' }, 400, /`tsv` is not valid CSV: a quoted field is never closed \(line 2\)/);
    expect((await runTool(tool, { tsv: '\t\n'.repeat(125_000) })).rows).toBe(125_000);
    await expectToolError(tool, { tsv: 'x'.repeat(250_001) }, 400, /`tsv`/);
  });
});
