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
    const reason = err.message.replace(/ at line \d+.*$/s, '').replace(/^Quote Not Closed: the parsing is finished with an opening quote$/, 'a quoted field is never closed');
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
