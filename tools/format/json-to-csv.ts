import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { assertDepth, parseJsonField } from '../_lib/json-text.js';
import { DELIMITERS, writeDelimiterField } from '../_lib/csv.js';
import { lazy } from '../_lib/lazy.js';

const loadStringify = lazy(() => import('csv-stringify/sync'));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function cellText(v: Json): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One row's cells by column name; nested objects become dotted names when `flatten`. */
function flattenRow(item: Record<string, Json>, flatten: boolean, index: number): Map<string, string> {
  const cells = new Map<string, string>();
  const walk = (obj: Record<string, Json>, prefix: string) => {
    for (const [key, value] of Object.entries(obj)) {
      const name = prefix + key;
      if (flatten && isPlainObject(value) && Object.keys(value).length > 0) walk(value, `${name}.`);
      else if (cells.has(name))
        throw new ToolError(
          `\`json\`[${index}]: two keys become the same column "${name}" (a dotted key and a nested object); rename one or set flatten to false`,
        );
      else cells.set(name, cellText(value));
    }
  };
  walk(item, '');
  return cells;
}

/**
 * The largest CSV: every row has a cell for every column any item has, so one item with many keys above many
 * small ones would multiply 1 MB of JSON into gigabytes. Counted (delimiters and values, before quoting) before
 * any row is built.
 */
const MAX_CSV_CHARS = 20_000_000;

function checkCsvSize(rows: ReadonlyArray<ReadonlyMap<string, string>>, columns: number): void {
  let chars = (rows.length + 1) * columns;
  for (const row of rows) for (const v of row.values()) chars += v.length;
  if (chars > MAX_CSV_CHARS)
    throw new ToolError(
      `The CSV would be over ${chars.toLocaleString('en-US')} characters, more than the ${MAX_CSV_CHARS.toLocaleString('en-US')} this tool answers ` +
        `(${rows.length.toLocaleString('en-US')} rows × ${columns.toLocaleString('en-US')} columns, a cell for every column in every row): ` +
        'split the array into fewer items per call, or leave out the items with the most keys',
      400,
      { field: 'json' },
    );
}

export default defineTool({
  slug: 'json-to-csv',
  worker: { reason: 'flattening deeply nested JSON recurses per level and grows with every path', timeMs: 5_000, field: 'json' },
  title: 'JSON to CSV',
  keywords: {
    en: ['JSON to CSV', 'export to Excel', 'spreadsheet', 'flatten', 'JSON', 'CSV', 'convert JSON to CSV'],
    nl: ['json naar csv', 'Excel', 'spreadsheet', 'json', 'csv', 'json omzetten'],
  },
  description:
    'Converts an array of JSON objects into CSV, one row per object. `json` is the JSON text of the array (or the array itself; a single object becomes one row). ' +
    'Every key seen in any row becomes a column, in order of first appearance; a row without that key gets an empty cell. ' +
    'With `flatten` (default true) nested objects become dotted column names (`{"a":{"b":1}}` → column `a.b`); an empty object, and every object when flatten is false, is written as JSON in its cell. ' +
    'Arrays are always written as JSON in the cell; null becomes an empty cell; numbers and booleans as JSON writes them. ' +
    'Fields holding the delimiter, a double quote or a line break are quoted and inner quotes doubled (RFC 4180); every record ends with \\n. ' +
    '`delimiter`: comma (default), semicolon, tab or pipe. `includeHeader` (default true) writes the column names first. Items that are not objects are refused with a 400; nesting is capped at 100 levels.',
  resultView: { kind: 'code', field: 'csv', language: 'csv' },
  input: z.strictObject({
    json: z
      .union([z.string().max(LIMITS.text), z.array(z.unknown()), z.record(z.string(), z.unknown())])
      .describe('The JSON text of an array of objects (or the array, or one object, itself)'),
    delimiter: writeDelimiterField,
    includeHeader: z.boolean().default(true).describe('Write a header row with the column names (default true)'),
    flatten: z.boolean().default(true).describe('Turn nested objects into dotted column names (default true); false writes them as JSON'),
  }),
  output: z.object({
    csv: z.string().describe('The CSV text'),
    columns: z.array(z.string()).describe('The column names, in order'),
    rowCount: z.int().describe('Number of data rows written (the header not counted)'),
  }),
  examples: [
    {
      name: 'Nested object, array and a missing key',
      input: { json: '[{"id":1,"user":{"name":"Ada"},"tags":["x","y"]},{"id":2,"note":"a, b"}]' },
      output: {
        csv: 'id,user.name,tags,note\n1,Ada,"[""x"",""y""]",\n2,,,"a, b"\n',
        columns: ['id', 'user.name', 'tags', 'note'],
        rowCount: 2,
      },
    },
    {
      name: 'Semicolons without a header, not flattened',
      input: { json: '[{"a":{"b":true},"c":null}]', delimiter: 'semicolon', includeHeader: false, flatten: false },
      output: { csv: '"{""b"":true}";\n', columns: ['a', 'c'], rowCount: 1 },
    },
  ],
  async run({ json, delimiter, includeHeader, flatten }) {
    const value = typeof json === 'string' ? await parseJsonField(json, 'json') : json;
    if (typeof json !== 'string') assertDepth(value, 'json');
    const items = Array.isArray(value) ? value : [value];
    const rows = items.map((item, i) => {
      if (!isPlainObject(item))
        throw new ToolError(
          `\`json\`[${i}] is ${item === null ? 'null' : Array.isArray(item) ? 'an array' : `a ${typeof item}`}; every item must be an object`,
        );
      return flattenRow(item, flatten, i);
    });
    const columns = [...new Set(rows.flatMap((row) => [...row.keys()]))];
    checkCsvSize(rows, columns.length);
    const records = rows.map((row) => columns.map((c) => row.get(c) ?? ''));
    if (includeHeader) records.unshift(columns);
    const { stringify } = await loadStringify();
    const csv = columns.length === 0 ? '' : stringify(records, { delimiter: DELIMITERS[delimiter], record_delimiter: '\n' });
    return { csv, columns, rowCount: rows.length };
  },
});
