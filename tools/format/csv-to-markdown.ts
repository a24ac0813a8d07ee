import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { delimiterField, detectDelimiter, parseCsv, type CsvRecord } from '../_lib/csv.js';

const ALIGNMENTS = ['left', 'center', 'right', 'none'] as const;
type Alignment = (typeof ALIGNMENTS)[number];
const ALIGNMENT_ALIASES: Record<string, Alignment> = { centre: 'center', middle: 'center', default: 'none' };

/** A cell as Markdown table text: pipes escaped, line breaks as <br>. */
function cellText(cell: string): string {
  return cell.replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, '<br>');
}

const width = (s: string) => [...s].length;

function pad(cell: string, w: number, alignment: Alignment): string {
  const room = w - width(cell);
  if (alignment === 'right') return ' '.repeat(room) + cell;
  if (alignment === 'center') return ' '.repeat(Math.floor(room / 2)) + cell + ' '.repeat(Math.ceil(room / 2));
  return cell + ' '.repeat(room);
}

/**
 * The largest table this tool writes. Every row is written with as many cells as the widest row (and padded to
 * each column's widest cell), so a 1 MB CSV of one very wide row or one very long cell above many short rows would
 * make gigabytes: the size is counted from the widths before anything is built.
 */
const MAX_MARKDOWN_CHARS = 5_000_000;

/** At least the characters the table will have (cells before escaping), counted before the table is built. */
function checkTableSize(records: CsvRecord[], columns: number, padded: boolean): void {
  const lines = records.length + 2;
  let chars = lines * (3 * columns + 1);
  if (padded) {
    const widths = new Array<number>(columns).fill(3);
    for (const r of records) r.cells.forEach((c, i) => (widths[i] = Math.max(widths[i], c.length)));
    chars += lines * widths.reduce((a, b) => a + b, 0);
  } else for (const r of records) for (const c of r.cells) chars += c.length;
  if (chars > MAX_MARKDOWN_CHARS)
    throw new ToolError(
      `The table would be over ${chars.toLocaleString('en-US')} characters, more than the ${MAX_MARKDOWN_CHARS.toLocaleString('en-US')} this tool writes ` +
        `(${records.length.toLocaleString('en-US')} rows × ${columns.toLocaleString('en-US')} columns${padded ? ', padded to the widest cell' : ''}): ` +
        `${padded ? 'set padded false, or ' : ''}split the CSV into fewer rows per call, or drop its widest column or row`,
      400,
      { field: 'csv' },
    );
}

/** The delimiter-row cell: `w` characters wide when padded, else three dashes plus the colons. */
function separator(w: number, alignment: Alignment, padded: boolean): string {
  if (!padded) return { left: ':---', center: ':---:', right: '---:', none: '---' }[alignment];
  if (alignment === 'left') return ':' + '-'.repeat(w - 1);
  if (alignment === 'center') return ':' + '-'.repeat(w - 2) + ':';
  if (alignment === 'right') return '-'.repeat(w - 1) + ':';
  return '-'.repeat(w);
}

export default defineTool({
  slug: 'csv-to-markdown',
  worker: { reason: 'pads every cell to its column width: hundreds of ms at the 1 MB cap', timeMs: 5_000, field: 'csv' },
  title: 'CSV to Markdown table',
  keywords: {
    en: ['markdown table', 'GitHub table', 'README table', 'GFM', 'markdown', 'table', 'CSV to table'],
    nl: ['markdown tabel', 'tabel maken', 'markdown', 'tabel'],
  },
  description:
    'Turns CSV into a GitHub-flavoured Markdown table. CSV is read as in csv-to-json (RFC 4180 quotes, blank lines skipped). ' +
    '`delimiter`: auto (default; detects comma, semicolon, tab or pipe) or one of them; the answer names the delimiter used. ' +
    '`firstRowHeader` (default true) uses the first row as the header; false numbers the columns "Column 1", "Column 2"... and keeps every row as data. ' +
    '`alignment`: left (default, `:---`), center, right or none (`---`). `padded` (default false) pads cells and the delimiter row with spaces so the columns line up in plain text (widths counted in characters; wide CJK characters and emoji may still not line up). ' +
    'Pipes in cells are escaped as \\| and line breaks become <br>. Rows shorter than the widest row get empty cells; `raggedLines` lists the 1-based CSV line numbers of the rows whose number of cells differs from the first row. `rows` counts data rows (not the header).',
  resultView: { kind: 'code', field: 'markdown', language: 'markdown' },
  input: z.strictObject({
    csv: z.string().max(LIMITS.text).describe('The CSV text'),
    delimiter: delimiterField,
    firstRowHeader: z.boolean().default(true).describe('Use the first row as the table header (default true)'),
    padded: z.boolean().default(false).describe('Pad cells with spaces so columns line up in the source (default false)'),
    alignment: z
      .preprocess((v) => (typeof v === 'string' ? (ALIGNMENT_ALIASES[v.toLowerCase()] ?? v.toLowerCase()) : v), z.enum(ALIGNMENTS))
      .default('left')
      .describe('Column alignment: left (default), center, right or none'),
  }),
  output: z.object({
    markdown: z.string().describe('The Markdown table'),
    rows: z.int().describe('Number of data rows (the header not counted)'),
    columns: z.int().describe('Number of columns'),
    delimiter: z.enum(['comma', 'semicolon', 'tab', 'pipe']).describe('The delimiter used (detected when auto)'),
    raggedLines: z.array(z.int()).describe('CSV line numbers of rows whose cell count differs from the first row'),
  }),
  examples: [
    {
      name: 'Comma-separated with a header',
      input: { csv: 'name,qty\nApple,3\n"Pear|Nashi",12' },
      output: {
        markdown: '| name | qty |\n| :--- | :--- |\n| Apple | 3 |\n| Pear\\|Nashi | 12 |',
        rows: 2,
        columns: 2,
        delimiter: 'comma',
        raggedLines: [],
      },
    },
    {
      name: 'Padded, right-aligned, no header, a ragged row',
      input: { csv: 'a;bb\nccc\n', firstRowHeader: false, padded: true, alignment: 'right' },
      output: {
        markdown: '| Column 1 | Column 2 |\n| -------: | -------: |\n|        a |       bb |\n|      ccc |          |',
        rows: 2,
        columns: 2,
        delimiter: 'semicolon',
        raggedLines: [2],
      },
    },
  ],
  async run({ csv, delimiter, firstRowHeader, padded, alignment }) {
    const used = delimiter === 'auto' ? detectDelimiter(csv) : delimiter;
    const records = await parseCsv(csv, used);
    const empty = { markdown: '', rows: 0, columns: 0, delimiter: used, raggedLines: [] };
    if (records.length === 0) return empty;
    const columns = records.reduce((max, r) => Math.max(max, r.cells.length), 0);
    const reference = records[0].cells.length;
    checkTableSize(records, columns, padded);
    const raggedLines = records.filter((r) => r.cells.length !== reference).map((r) => r.line);
    const table = records.map((r) => Array.from({ length: columns }, (_, i) => cellText(r.cells[i] ?? '')));
    const header = firstRowHeader ? table.shift()! : Array.from({ length: columns }, (_, i) => `Column ${i + 1}`);
    const widths = header.map((cell, i) => table.reduce((w, row) => Math.max(w, width(row[i])), Math.max(3, width(cell))));
    const line = (cells: string[]) => `| ${cells.map((c, i) => (padded ? pad(c, widths[i], alignment) : c)).join(' | ')} |`;
    const markdown = [line(header), `| ${widths.map((w) => separator(w, alignment, padded)).join(' | ')} |`, ...table.map(line)].join('\n');
    return { markdown, rows: table.length, columns, delimiter: used, raggedLines };
  },
});
