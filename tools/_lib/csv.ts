/**
 * CSV reading shared by csv-to-json and csv-to-markdown: delimiter names and
 * auto-detection, and a csv-parse call that also reports the line each record
 * starts on.
 */
import { z } from 'zod';
import { ToolError } from '../../src/core/tool.js';
import { lazy } from './lazy.js';

const loadCsvParse = lazy(() => import('csv-parse/sync'));

export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const;
export type DelimiterName = keyof typeof DELIMITERS;
const CANDIDATES = Object.keys(DELIMITERS) as DelimiterName[];

/** What callers type for a delimiter, mapped to its name. */
const DELIMITER_ALIASES: Record<string, DelimiterName | 'auto'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '\\t': 'tab',
  '|': 'pipe',
  tabs: 'tab',
  semi: 'semicolon',
  semicolons: 'semicolon',
  commas: 'comma',
  bar: 'pipe',
  detect: 'auto',
  '': 'auto',
};

function normaliseDelimiter(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const key = v.length === 1 ? v : v.trim().toLowerCase();
  return DELIMITER_ALIASES[key] ?? key;
}

/** The `delimiter` request field: auto, comma, semicolon, tab or pipe (the characters themselves are accepted too). */
export const delimiterField = z
  .preprocess(normaliseDelimiter, z.enum(['auto', ...CANDIDATES]))
  .default('auto')
  .describe(
    'Field separator: auto (default; detects comma, semicolon, tab or pipe), comma, semicolon, tab or pipe; the characters , ; | and a tab are accepted too',
  );

/** How many records the detector samples. */
const SAMPLE_RECORDS = 20;

/**
 * Picks the delimiter that splits the first records (outside quotes) into the
 * same number of fields, most fields first; ties go to comma, semicolon, tab,
 * pipe in that order. Without a consistent candidate, the most frequent one
 * wins; text without any candidate is read as comma-separated (one column).
 */
export function detectDelimiter(text: string): DelimiterName {
  const counts: number[][] = [];
  let current = [0, 0, 0, 0];
  let inQuotes = false;
  let empty = true;
  for (let i = 0; i < text.length && counts.length < SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) {
      if (!empty) counts.push(current);
      current = [0, 0, 0, 0];
      empty = true;
      continue;
    } else if (!inQuotes) {
      const k = CANDIDATES.findIndex((name) => DELIMITERS[name] === c);
      if (k !== -1) current[k]++;
    }
    empty = false;
  }
  if (!empty && counts.length < SAMPLE_RECORDS) counts.push(current);
  if (counts.length === 0) return 'comma';
  let best = -1;
  for (let k = 0; k < CANDIDATES.length; k++) {
    const n = counts[0][k];
    if (n > 0 && counts.every((row) => row[k] === n) && (best === -1 || n > counts[0][best])) best = k;
  }
  if (best !== -1) return CANDIDATES[best];
  const totals = CANDIDATES.map((_, k) => counts.reduce((sum, row) => sum + row[k], 0));
  const max = Math.max(...totals);
  return max > 0 ? CANDIDATES[totals.indexOf(max)] : 'comma';
}

export interface CsvRecord {
  cells: string[];
  /** 1-based line the record starts on (a quoted field may span several lines). */
  line: number;
}

/** 1-based line of `offset`, counting \r\n, \r and \n as line breaks. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

/**
 * Parses CSV (RFC 4180 quoting; a quote inside an unquoted field is kept as a
 * character; blank lines skipped; a leading BOM ignored; \r\n, \n and \r
 * line ends). Malformed quoting is a 400 naming the line.
 */
export async function parseCsv(text: string, delimiter: DelimiterName, field = 'csv'): Promise<CsvRecord[]> {
  const { parse } = await loadCsvParse();
  let rows: Array<{ record: string[]; raw: string }>;
  try {
    rows = parse(text, {
      delimiter: DELIMITERS[delimiter],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      raw: true,
    }) as unknown as Array<{ record: string[]; raw: string }>; // with `raw`, each row is {record, raw}
  } catch (e) {
    const err = e as Error & { lines?: number };
    const reason = err.message
      .replace(/ at line \d+.*$/s, '')
      .replace(/^Quote Not Closed: the parsing is finished with an opening quote$/, 'a quoted field is never closed');
    throw new ToolError(`\`${field}\` is not valid CSV: ${reason}${err.lines ? ` (line ${err.lines})` : ''}`, 400, { field });
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let offset = 0;
  let line = 1;
  let counted = 0;
  for (const { record, raw } of rows) {
    const lead = /^[\r\n]*/.exec(raw)![0].length;
    const start = offset + lead;
    line += lineAt(body.slice(counted, start), start - counted) - 1;
    counted = start;
    records.push({ cells: record, line });
    offset += raw.length;
  }
  return records;
}

/** The `delimiter` field of tools that write CSV: comma (default), semicolon, tab or pipe. */
export const writeDelimiterField = z
  .preprocess(normaliseDelimiter, z.enum(CANDIDATES))
  .default('comma')
  .describe('Field separator to write: comma (default), semicolon, tab or pipe; the characters , ; | and a tab are accepted too');

// ---------------------------------------------------------------------------------------------------------------
// The CSV toolset (tsv-to-csv, csv-column-extractor, csv-merge, csv-split): a fast reader with the same reading
// as parseCsv, tables with the column names csv-to-json gives, ragged-row reports and an RFC 4180 writer.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads CSV exactly as `parseCsv` does (test/tools/csv/csv-spectrum.test.ts fuzzes the two against each other),
 * in one linear pass: csv-parse costs about 0.5 µs a record, so a megabyte of short records took 150–300 ms; this
 * takes about 10 ms. Reading: RFC 4180 quoting ("" inside quotes is a quote); a quote inside an unquoted field is a
 * character; a quoted field followed by anything but the delimiter or a line break is read literally, quotes
 * included, up to the next delimiter (csv-parse's relax_quotes); blank lines skipped; a leading BOM ignored;
 * \r\n, \n and \r end records. An unclosed quote is a 400 naming the line the field starts on.
 */
export function scanCsv(text: string, delimiter: DelimiterName, field = 'csv'): CsvRecord[] {
  const d = DELIMITERS[delimiter].charCodeAt(0);
  const n = text.length;
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const breaksIn = (from: number, to: number) => {
    let k = 0;
    for (let p = from; p < to; p++) {
      const c = text.charCodeAt(p);
      if (c === 10 || (c === 13 && text.charCodeAt(p + 1) !== 10)) k++;
    }
    return k;
  };
  /** End of an unquoted run: the next delimiter, CR or LF (or the end). */
  const runEnd = (from: number) => {
    let p = from;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (c === d || c === 10 || c === 13) break;
      p++;
    }
    return p;
  };
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === 10 || first === 13) {
      i += first === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      line++;
      continue;
    }
    const recordLine = line;
    const cells: string[] = [];
    for (;;) {
      if (text.charCodeAt(i) === 34) {
        const start = i;
        const parts: string[] = [];
        let p = i + 1;
        let closed = false;
        while (p < n) {
          const q = text.indexOf('"', p);
          if (q === -1) break;
          parts.push(text.slice(p, q));
          if (text.charCodeAt(q + 1) === 34) {
            parts.push('"');
            p = q + 2;
            continue;
          }
          p = q + 1;
          closed = true;
          break;
        }
        if (!closed) throw new ToolError(`\`${field}\` is not valid CSV: a quoted field is never closed (line ${line})`, 400, { field });
        line += breaksIn(start, p);
        const next = text.charCodeAt(p);
        if (p >= n || next === d || next === 10 || next === 13) {
          cells.push(parts.join(''));
          i = p;
        } else {
          const end = runEnd(p);
          cells.push('"' + parts.join('') + '"' + text.slice(p, end));
          i = end;
        }
      } else {
        const end = runEnd(i);
        cells.push(text.slice(i, end));
        i = end;
      }
      if (i < n && text.charCodeAt(i) === d) {
        i++;
        continue;
      }
      break;
    }
    records.push({ cells, line: recordLine });
    if (i < n) {
      i += text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      line++;
    }
  }
  return records;
}

/** Unique, non-empty column names, as csv-to-json names them: blanks become `columnN`, repeats get `_2`, `_3`... */
export function columnNames(header: readonly string[], width: number): string[] {
  const seen = new Set<string>();
  // The next suffix to try per name: every lower one is taken, so a header of one name repeated stays linear.
  const nextSuffix = new Map<string, number>();
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    const base = header[i]?.trim() ? header[i] : `column${i + 1}`;
    let name = base;
    if (seen.has(name)) {
      let k = nextSuffix.get(base) ?? 2;
      while (seen.has(`${base}_${k}`)) k++;
      name = `${base}_${k}`;
      nextSuffix.set(base, k + 1);
    }
    seen.add(name);
    names.push(name);
  }
  return names;
}

/** Rows whose number of fields differs from the header's: reported, never fatal. */
export interface RaggedReport {
  /** How many data rows have a different number of fields. */
  count: number;
  /** The first 20 of them: 1-based line the row starts on, its fields, the header's. */
  rows: Array<{ line: number; fields: number; expected: number }>;
}

export const raggedSchema = z
  .object({
    count: z.int(),
    rows: z.array(z.object({ line: z.int(), fields: z.int(), expected: z.int() })),
  })
  .describe('Rows with more or fewer fields than the header (first 20 listed): padded with empty cells, extra cells become columnN');

/** A CSV read as a table: csv-to-json's columns, every row padded to the full width. */
export interface CsvTable {
  delimiter: DelimiterName;
  columns: string[];
  rows: string[][];
  /** 1-based line each data row starts on. */
  lines: number[];
  ragged: RaggedReport;
}

/** Reads `text` (header first) as csv-to-json does: delimiter detection, BOM, quoted line breaks, ragged rows padded. */
/**
 * Cells a table read by readCsvTable may have. Ragged rows are padded to the widest row, so one wide row above many
 * short ones would multiply 250,000 characters into billions of cells; a regular table of that size has far fewer.
 */
const MAX_TABLE_CELLS = 5_000_000;

export function readCsvTable(text: string, delimiter: DelimiterName | 'auto', field = 'csv'): CsvTable {
  const used = delimiter === 'auto' ? detectDelimiter(text) : delimiter;
  const records = scanCsv(text, used, field);
  if (records.length === 0) return { delimiter: used, columns: [], rows: [], lines: [], ragged: { count: 0, rows: [] } };
  const [head, ...body] = records;
  const width = records.reduce((max, r) => Math.max(max, r.cells.length), 0);
  if (body.length * width > MAX_TABLE_CELLS)
    throw new ToolError(
      `\`${field}\` has ${body.length.toLocaleString('en-US')} rows padded to its widest row of ${width.toLocaleString('en-US')} cells, over the ` +
        `${MAX_TABLE_CELLS.toLocaleString('en-US')} cells a table may have: split the rows over several calls, or fix the row with too many fields (line ${records.reduce((w, r) => (r.cells.length > w.cells.length ? r : w)).line})`,
      413,
      { field },
    );
  const columns = columnNames(head.cells, width);
  const ragged: RaggedReport = { count: 0, rows: [] };
  const rows = body.map((r) => {
    if (r.cells.length !== head.cells.length) {
      ragged.count++;
      if (ragged.rows.length < 20) ragged.rows.push({ line: r.line, fields: r.cells.length, expected: head.cells.length });
    }
    if (r.cells.length === width) return r.cells;
    const padded = r.cells.slice();
    while (padded.length < width) padded.push('');
    return padded;
  });
  return { delimiter: used, columns, rows, lines: body.map((r) => r.line), ragged };
}

/** The `lineEnding` field of the CSV writers. */
export const lineEndingField = z.enum(['crlf', 'lf']).default('crlf').describe('Record separator written: crlf (default, RFC 4180) or lf');

/**
 * RFC 4180 text: a field holding the delimiter, a double quote, CR or LF is quoted and its quotes doubled; every
 * record, the last one too, ends with the line ending; a record of one empty field is written "". No rows → "".
 */
export function writeCsv(rows: readonly (readonly string[])[], delimiter: DelimiterName, lineEnding: 'crlf' | 'lf'): string {
  const sep = DELIMITERS[delimiter];
  const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
  const needsQuotes = new RegExp(`["\\r\\n${sep === '|' ? '\\|' : sep}]`);
  const out: string[] = [];
  for (const row of rows) {
    if (row.length === 0) continue; // no fields (an empty CSV's header): nothing to write
    // A record of one empty field is written "" so that it is not read back as a blank (skipped) line.
    if (row.length === 1 && row[0] === '') out.push('""', eol);
    else out.push(row.map((v) => (needsQuotes.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(sep), eol);
  }
  return out.join('');
}

/**
 * Input cap of the CSV toolset, characters. Worst case: 125,000 records of one empty field each (",\n" repeated)
 * took about 50 ms to read and write again on a loaded 2-core machine (about 3× slower than idle); ordinary rows
 * of 20 characters take a third of that.
 */
export const CSV_TOOL_MAX_CHARS = 250_000;

/**
 * One row as an object keyed by the header names. Keys are own properties even when a header is
 * `__proto__` (a plain `row[name] = …` would set the prototype and lose that column).
 */
export function recordOf(names: readonly string[], cells: readonly (string | undefined)[]): Record<string, string> {
  const row: Record<string, string> = {};
  names.forEach((name, i) =>
    Object.defineProperty(row, name, { value: cells[i] ?? '', enumerable: true, writable: true, configurable: true }),
  );
  return row;
}
