import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import {
  CSV_TOOL_MAX_CHARS,
  lineEndingField,
  raggedSchema,
  scanCsv,
  writeCsv,
  writeDelimiterField,
  type RaggedReport,
} from '../_lib/csv.js';

export default defineTool({
  slug: 'tsv-to-csv',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'tsv',
    inlineBelowChars: 20_000,
  },
  title: 'TSV to CSV',
  summary: 'Turn tab-separated text (as copied from a spreadsheet) into proper CSV.',
  keywords: {
    en: ['tab separated', 'tab delimited', 'Excel paste', 'spreadsheet copy', 'tabs', 'TSV', 'Excel table'],
    nl: ['tab gescheiden', 'tabs naar komma', 'Excel plakken', 'tabs', 'tabel uit Excel'],
  },
  description:
    'Converts tab-separated values (as copied from a spreadsheet) to RFC 4180 CSV: fields holding the delimiter, a double quote or a line break are quoted and inner quotes doubled; records end with CRLF (default) or LF. ' +
    '`delimiter`: comma (default) or semicolon for Dutch Excel, tab or pipe. `quotes` (default true) reads "..." fields in the TSV as quoted (as Excel writes them, line breaks inside allowed); false treats quotes as plain characters (IANA TSV). ' +
    'Blank lines are skipped and a BOM ignored. Rows are converted as they are; rows with more or fewer fields than the first are reported in `ragged`. Input up to 250,000 characters.',
  resultView: { kind: 'code', field: 'csv', language: 'csv' },
  input: z.strictObject({
    tsv: z.string().max(CSV_TOOL_MAX_CHARS).describe('The tab-separated text'),
    delimiter: writeDelimiterField,
    lineEnding: lineEndingField,
    quotes: z.boolean().default(true).describe('Read "quoted" TSV fields (default true); false: quotes are plain characters'),
  }),
  output: z.object({
    csv: z.string(),
    rows: z.int().describe('Records written (the first row included)'),
    columns: z.int().describe('Most fields in a row'),
    ragged: raggedSchema,
  }),
  examples: [
    {
      name: 'Spreadsheet paste to CSV',
      input: { tsv: 'name\tcity\nJansen, P.\tDen Haag\nSay "hi"\tUtrecht\n' },
      output: {
        csv: 'name,city\r\n"Jansen, P.",Den Haag\r\n"Say ""hi""",Utrecht\r\n',
        rows: 3,
        columns: 2,
        ragged: { count: 0, rows: [] },
      },
    },
    {
      name: 'Semicolons for Dutch Excel, LF, a short row reported',
      input: { tsv: 'a\tb\n1,5\t2\n3', delimiter: 'semicolon', lineEnding: 'lf' },
      output: { csv: 'a;b\n1,5;2\n3\n', rows: 3, columns: 2, ragged: { count: 1, rows: [{ line: 3, fields: 1, expected: 2 }] } },
    },
  ],
  run({ tsv, delimiter, lineEnding, quotes }) {
    const records = quotes
      ? scanCsv(tsv, 'tab', 'tsv')
      : (tsv.charCodeAt(0) === 0xfeff ? tsv.slice(1) : tsv)
          .split(/\r\n|\n|\r/)
          .map((l, i) => ({ cells: l.split('\t'), line: i + 1 }))
          .filter((r) => r.cells.length > 1 || r.cells[0] !== '');
    const ragged: RaggedReport = { count: 0, rows: [] };
    const expected = records[0]?.cells.length ?? 0;
    for (const r of records.slice(1))
      if (r.cells.length !== expected) {
        ragged.count++;
        if (ragged.rows.length < 20) ragged.rows.push({ line: r.line, fields: r.cells.length, expected });
      }
    return {
      csv: writeCsv(
        records.map((r) => r.cells),
        delimiter,
        lineEnding,
      ),
      rows: records.length,
      columns: records.reduce((m, r) => Math.max(m, r.cells.length), 0),
      ragged,
    };
  },
});
