import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  CSV_TOOL_MAX_CHARS,
  DELIMITERS,
  delimiterField,
  lineEndingField,
  raggedSchema,
  readCsvTable,
  recordOf,
  writeCsv,
  writeDelimiterField,
} from '../_lib/csv.js';

export default defineTool({
  slug: 'csv-column-extractor',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'csv',
    inlineBelowChars: 20_000,
  },
  title: 'CSV column extractor',
  summary: 'Keep only the columns you need from a CSV, in the order you want.',
  keywords: {
    en: ['select columns', 'pick fields', 'remove columns', 'subset', 'spreadsheet columns', 'columns', 'keep columns', 'drop columns'],
    nl: ['kolommen selecteren', 'kolom uit csv', 'velden kiezen', 'kolommen', 'kolom', 'kolommen houden'],
  },
  description:
    'Picks columns from a CSV (header row first) in the order listed (repeats allowed). `by`: name (default; exact, else case-insensitive and trimmed) or index (1 = first column). ' +
    '`format`: csv (default, RFC 4180, optional header), list (values one per line) or json (objects as csv-to-json gives them). ' +
    'Read like csv-to-json (delimiter detected, BOM, quoted line breaks); ragged rows padded and reported. Unknown columns: 400 listing the header. Input up to 250,000 characters.',
  resultView: { kind: 'code', field: 'result', language: 'csv' },
  input: z.strictObject({
    csv: z.string().max(CSV_TOOL_MAX_CHARS).describe('The CSV text; the first row is the header'),
    columns: z.array(z.string().min(1).max(200)).min(1).max(100).describe('Header names, or 1-based numbers as strings when by is index'),
    by: z.enum(['name', 'index']).default('name').describe('Select by header name (default) or 1-based index'),
    format: z.enum(['csv', 'list', 'json']).default('csv').describe('csv (default), list or json'),
    includeHeader: z.boolean().default(true).describe('csv format: write the header row (default true)'),
    delimiter: delimiterField,
    outputDelimiter: writeDelimiterField,
    lineEnding: lineEndingField,
  }),
  output: z.object({
    result: z.string().describe('The CSV or list text ("" for json)'),
    data: z.array(z.record(z.string(), z.string())).optional().describe('json format: one object per row'),
    columns: z.array(z.string()).describe('The columns extracted, in order'),
    rows: z.int().describe('Data rows'),
    ragged: raggedSchema,
  }),
  examples: [
    {
      name: 'Two columns by name, quoting kept',
      input: { csv: 'id;name;city\n1;"Jansen; P.";Delft\n2;De Vries;Gouda', columns: ['city', 'name'] },
      output: {
        result: 'city,name\r\nDelft,Jansen; P.\r\nGouda,De Vries\r\n',
        columns: ['city', 'name'],
        rows: 2,
        ragged: { count: 0, rows: [] },
      },
    },
    {
      name: 'Third column by index as a list',
      input: { csv: 'a,b,c\n1,2,3\n4,5,6\n', columns: ['3'], by: 'index', format: 'list', lineEnding: 'lf' },
      output: { result: '3\n6\n', columns: ['c'], rows: 2, ragged: { count: 0, rows: [] } },
    },
  ],
  run({ csv, columns, by, format, includeHeader, delimiter, outputDelimiter, lineEnding }) {
    const table = readCsvTable(csv, delimiter);
    const available = () => (table.columns.length ? table.columns.map((c) => `"${c}"`).join(', ') : 'none (empty CSV)');
    const picks = columns.map((wanted) => {
      if (by === 'index') {
        const k = Number(wanted);
        if (!/^\d+$/.test(wanted.trim()) || k < 1 || k > table.columns.length)
          throw new ToolError(`\`columns\`: "${wanted}" is not a column number from 1 to ${table.columns.length}`, 400, {
            field: 'columns',
          });
        return k - 1;
      }
      let k = table.columns.indexOf(wanted);
      if (k === -1) {
        const norm = wanted.trim().toLowerCase();
        k = table.columns.findIndex((c) => c.trim().toLowerCase() === norm);
      }
      if (k === -1) throw new ToolError(`\`columns\`: no column "${wanted}"; the columns are ${available()}`, 400, { field: 'columns' });
      return k;
    });
    const names = picks.map((k) => table.columns[k]);
    const rows = table.rows.map((r) => picks.map((k) => r[k]));
    const base = { columns: names, rows: rows.length, ragged: table.ragged };
    if (format === 'json') {
      const data = rows.map((r) => recordOf(names, r));
      return { result: '', data, ...base };
    }
    if (format === 'list') {
      const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
      return { result: rows.map((r) => r.join(DELIMITERS[outputDelimiter]) + eol).join(''), ...base };
    }
    return { result: writeCsv(includeHeader ? [names, ...rows] : rows, outputDelimiter, lineEnding), ...base };
  },
});
