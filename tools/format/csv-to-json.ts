import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { columnNames, delimiterField, detectDelimiter, parseCsv, recordOf } from '../_lib/csv.js';

/**
 * The largest answer: every row carries every column name, so one wide row or a long header above many short
 * rows would multiply a 1 MB CSV into gigabytes. Counted (names, quotes and cells, before JSON escaping) before
 * any object is built.
 */
const MAX_ANSWER_CHARS = 20_000_000;

function checkAnswerSize(names: string[], body: string[][]): void {
  const perRow = names.reduce((sum, n) => sum + n.length + 6, 2);
  let chars = perRow * body.length;
  for (const cells of body) for (const c of cells) chars += c.length;
  if (chars > MAX_ANSWER_CHARS)
    throw new ToolError(
      `The JSON would be over ${chars.toLocaleString('en-US')} characters, more than the ${MAX_ANSWER_CHARS.toLocaleString('en-US')} this tool answers ` +
        `(${body.length.toLocaleString('en-US')} rows × ${names.length.toLocaleString('en-US')} columns, every row naming every column): ` +
        'split the CSV into fewer rows per call (repeat the header row in each part), or drop its widest row or column',
      400,
      { field: 'csv' },
    );
}

export default defineTool({
  slug: 'csv-to-json',
  worker: { reason: '1 MB of CSV takes 170 ms and more', timeMs: 5_000, field: 'csv' },
  title: 'CSV to JSON',
  keywords: {
    en: ['CSV to JSON', 'spreadsheet to JSON', 'convert CSV', 'records', 'CSV', 'convert CSV to JSON'],
    nl: ['csv naar json', 'omzetten', 'spreadsheet', 'csv'],
  },
  description:
    'Converts CSV with a header row into an array of JSON objects, one per data row, keyed by the header names. Every cell value is a string (no number or date guessing). ' +
    'RFC 4180 quoting is handled ("a, b", doubled "" quotes, line breaks inside quoted fields); a quote inside an unquoted field is kept as a character; blank lines are skipped; \\r\\n, \\n and \\r line ends and a leading BOM are accepted. ' +
    '`delimiter`: auto (default) detects comma, semicolon, tab or pipe from the first 20 records (the one giving every record the same number of fields, most fields first; ties in the order comma, semicolon, tab, pipe); or name it. ' +
    'Ragged rows: missing cells become "", extra cells add columns named `columnN` (N counted from 1; other rows get "" there); blank header cells are named `columnN` too and repeated header names get `_2`, `_3`. ' +
    'An unclosed quote is a 400 naming the line. `rows` counts data rows, `columns` the keys. Answers up to 20,000,000 characters.',
  resultView: { kind: 'code', field: 'data', language: 'json' },
  input: z.strictObject({
    csv: z.string().max(LIMITS.text).describe('The CSV text; the first row is the header'),
    delimiter: delimiterField,
  }),
  output: z.object({
    data: z.array(z.record(z.string(), z.string())).describe('One object per data row, keyed by column name, values as strings'),
    rows: z.int().describe('Number of data rows (the header not counted)'),
    columns: z.int().describe('Number of columns'),
  }),
  examples: [
    {
      name: 'Quoted fields with a comma and an escaped quote',
      input: { csv: 'name,quote\nAda,"Hello, ""world"""\nLinus,' },
      output: {
        data: [
          { name: 'Ada', quote: 'Hello, "world"' },
          { name: 'Linus', quote: '' },
        ],
        rows: 2,
        columns: 2,
      },
    },
    {
      name: 'Semicolons detected, numbers stay strings',
      input: { csv: 'id;price\r\n1;2,50\r\n2;10' },
      output: {
        data: [
          { id: '1', price: '2,50' },
          { id: '2', price: '10' },
        ],
        rows: 2,
        columns: 2,
      },
    },
  ],
  async run({ csv, delimiter }) {
    const records = await parseCsv(csv, delimiter === 'auto' ? detectDelimiter(csv) : delimiter);
    if (records.length === 0) return { data: [], rows: 0, columns: 0 };
    const [header, ...body] = records.map((r) => r.cells);
    const width = records.reduce((max, r) => Math.max(max, r.cells.length), 0);
    const names = columnNames(header, width);
    checkAnswerSize(names, body);
    const data = body.map((cells) => recordOf(names, cells));
    return { data, rows: data.length, columns: names.length };
  },
});
