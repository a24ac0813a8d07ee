import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { CSV_TOOL_MAX_CHARS, delimiterField, lineEndingField, raggedSchema, readCsvTable, writeCsv } from '../_lib/csv.js';

const MAX_FILES = 1000;

/** A file name from a column value: letters, digits, . _ - kept, the rest becomes _, at most 60 characters. */
function safeName(value: string): string {
  const s = value
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 60);
  return s === '' ? 'empty' : s;
}

export default defineTool({
  slug: 'csv-split',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'csv',
    inlineBelowChars: 20_000,
  },
  title: 'CSV split',
  summary: 'Split a large CSV into smaller files by rows or parts, each with the header row.',
  keywords: {
    en: ['split CSV', 'chunk', 'divide file', 'batches', 'per value', 'split', 'smaller files', 'chunks', 'rows per file'],
    nl: ['csv splitsen', 'opdelen', 'bestand opknippen', 'splitsen', 'opsplitsen', 'kleinere bestanden'],
  },
  description:
    'Splits a CSV (header row first) into CSV texts: mode rows (`rowsPerFile` rows each, default 1000), parts (`parts` nearly equal files, the first get the extra row, never more files than rows) ' +
    'or column (one file per distinct value of `column`, first-appearance order). `repeatHeader` (default true) heads every file. ' +
    'Returns [{name, rows, csv}]: part-001.csv..., or <value>.csv (other than letters, digits . _ - becomes _; blank = "empty"; clashes get -2). ' +
    'Read like csv-to-json (delimiter detected and kept, BOM, quoted line breaks; ragged rows padded, reported). RFC 4180 output. Input up to 250,000 characters; at most 1,000 files.',
  resultView: { kind: 'file', field: 'files' },
  input: z.strictObject({
    csv: z.string().max(CSV_TOOL_MAX_CHARS).describe('The CSV text; the first row is the header'),
    mode: z.enum(['rows', 'parts', 'column']).default('rows').describe('rows (default), parts or column'),
    rowsPerFile: z.int().min(1).max(1_000_000).default(1000).describe('mode rows: data rows per file (default 1000)'),
    parts: z.int().min(1).max(MAX_FILES).optional().describe('mode parts: number of files'),
    column: z.string().min(1).max(200).optional().describe('mode column: the column whose values name the files'),
    repeatHeader: z.boolean().default(true).describe('Header row in every file (default true)'),
    delimiter: delimiterField,
    lineEnding: lineEndingField,
  }),
  output: z.object({
    files: z.array(z.object({ name: z.string(), rows: z.int().describe('Data rows'), csv: z.string() })),
    totalRows: z.int(),
    columns: z.array(z.string()),
    ragged: raggedSchema,
  }),
  examples: [
    {
      name: 'Two rows per file',
      input: { csv: 'id,name\n1,Ada\n2,Linus\n3,Grace', rowsPerFile: 2, lineEnding: 'lf' },
      output: {
        files: [
          { name: 'part-001.csv', rows: 2, csv: 'id,name\n1,Ada\n2,Linus\n' },
          { name: 'part-002.csv', rows: 1, csv: 'id,name\n3,Grace\n' },
        ],
        totalRows: 3,
        columns: ['id', 'name'],
        ragged: { count: 0, rows: [] },
      },
    },
    {
      name: 'One file per city (semicolons kept)',
      input: { csv: 'naam;stad\nAda;Den Haag\nLinus;Delft\nGrace;Den Haag', mode: 'column', column: 'stad', lineEnding: 'lf' },
      output: {
        files: [
          { name: 'Den_Haag.csv', rows: 2, csv: 'naam;stad\nAda;Den Haag\nGrace;Den Haag\n' },
          { name: 'Delft.csv', rows: 1, csv: 'naam;stad\nLinus;Delft\n' },
        ],
        totalRows: 3,
        columns: ['naam', 'stad'],
        ragged: { count: 0, rows: [] },
      },
    },
  ],
  run({ csv, mode, rowsPerFile, parts, column, repeatHeader, delimiter, lineEnding }) {
    const table = readCsvTable(csv, delimiter);
    const { rows, columns } = table;
    const groups: Array<{ name: string; rows: string[][] }> = [];
    const tooMany = (n: number) => {
      if (n > MAX_FILES)
        throw new ToolError(`This split gives ${n.toLocaleString('en-US')} files; at most ${MAX_FILES.toLocaleString('en-US')}`, 400, {
          field: mode === 'rows' ? 'rowsPerFile' : 'column',
        });
    };
    const numbered = (i: number) => `part-${String(i + 1).padStart(3, '0')}.csv`;
    if (mode === 'rows') {
      const n = Math.max(1, Math.ceil(rows.length / rowsPerFile));
      tooMany(n);
      for (let i = 0; i < n; i++) groups.push({ name: numbered(i), rows: rows.slice(i * rowsPerFile, (i + 1) * rowsPerFile) });
    } else if (mode === 'parts') {
      if (parts === undefined) throw new ToolError('`parts` is required when mode is parts', 400, { field: 'parts' });
      const n = Math.max(1, Math.min(parts, rows.length));
      const size = Math.floor(rows.length / n);
      const extra = rows.length % n;
      let at = 0;
      for (let i = 0; i < n; i++) {
        const len = size + (i < extra ? 1 : 0);
        groups.push({ name: numbered(i), rows: rows.slice(at, at + len) });
        at += len;
      }
    } else {
      if (column === undefined) throw new ToolError('`column` is required when mode is column', 400, { field: 'column' });
      let k = columns.indexOf(column);
      if (k === -1) k = columns.findIndex((c) => c.trim().toLowerCase() === column.trim().toLowerCase());
      if (k === -1)
        throw new ToolError(
          `\`column\`: no column "${column}"; the columns are ${columns.map((c) => `"${c}"`).join(', ') || 'none (empty CSV)'}`,
          400,
          { field: 'column' },
        );
      const byValue = new Map<string, string[][]>();
      for (const r of rows) {
        const list = byValue.get(r[k]);
        if (list) list.push(r);
        else byValue.set(r[k], [r]);
      }
      tooMany(byValue.size);
      const used = new Set<string>();
      for (const [value, list] of byValue) {
        const base = safeName(value);
        let name = base;
        for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
        used.add(name.toLowerCase());
        groups.push({ name: `${name}.csv`, rows: list });
      }
    }
    const files = groups.map((g) => ({
      name: g.name,
      rows: g.rows.length,
      csv: writeCsv(repeatHeader || g === groups[0] ? [columns, ...g.rows] : g.rows, table.delimiter, lineEnding),
    }));
    return { files, totalRows: rows.length, columns, ragged: table.ragged };
  },
});
