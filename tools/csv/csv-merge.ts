import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  CSV_TOOL_MAX_CHARS,
  delimiterField,
  lineEndingField,
  raggedSchema,
  readCsvTable,
  writeCsv,
  writeDelimiterField,
  type CsvTable,
} from '../_lib/csv.js';

/** Output cap for joins (duplicate keys multiply rows): 100,000 rows, about the size the inputs can hold. */
const MAX_JOIN_ROWS = 100_000;
/**
 * Output cap in cells: every row gets a cell for every column of the result, so one wide file above a long one (or
 * a join of wide files) would multiply 250,000 characters of input into gigabytes. Checked before rows are built.
 */
const MAX_CELLS = 5_000_000;

function tooManyCells(rows: number, columns: number, field: string): ToolError {
  return new ToolError(
    `The result would have ${rows.toLocaleString('en-US')} rows × ${columns.toLocaleString('en-US')} columns, over the ` +
      `${MAX_CELLS.toLocaleString('en-US')} cells this tool answers: merge fewer rows or fewer files per call, or drop the widest file's unused columns`,
    413,
    { field },
  );
}

export default defineTool({
  slug: 'csv-merge',
  worker: { reason: "the stall test's slowest main-thread probes came from its largest inputs", timeMs: 5_000 },
  title: 'CSV merge and join',
  summary: 'Combine CSV files into one: stack their rows or join them on a shared column.',
  keywords: {
    en: ['append CSV files', 'combine', 'concatenate', 'join on key', 'vlookup', 'merge', 'join', 'two CSV files'],
    nl: ['csv samenvoegen', 'bestanden combineren', 'koppelen', 'samenvoegen', 'combineren', 'twee bestanden'],
  },
  description:
    'Combines 2 to 10 CSV texts (header row first). mode append (default): all rows in turn; columns = union of the headers by name, first-seen order, missing cells empty; `dedupe` drops repeated rows; `sourceColumn` adds the file number (1 = first). ' +
    'mode join: SQL-style join on the `key` column (exact match), `joinType` inner (default), left or full, files joined left to right; repeated keys pair every match; key column first, taken names get _2. ' +
    'Files are read like csv-to-json (delimiter detected per file; ragged rows padded, reported per file). RFC 4180 output. Inputs up to 250,000 characters together; joins up to 100,000 rows; results up to 5,000,000 cells.',
  resultView: { kind: 'code', field: 'csv', language: 'csv' },
  input: z.strictObject({
    csvs: z.array(z.string().max(CSV_TOOL_MAX_CHARS)).min(2).max(10).describe('The CSV texts, 2 to 10'),
    mode: z.enum(['append', 'join']).default('append').describe('append rows (default) or join on a key column'),
    key: z.string().min(1).max(200).optional().describe('join: the key column name, present in every file'),
    joinType: z.enum(['inner', 'left', 'full']).default('inner').describe('join: inner (default), left or full'),
    dedupe: z.boolean().default(false).describe('append: drop rows identical to an earlier one (default false)'),
    sourceColumn: z.string().min(1).max(200).optional().describe('append: add a column of this name with the file number'),
    delimiter: delimiterField,
    outputDelimiter: writeDelimiterField,
    lineEnding: lineEndingField,
  }),
  output: z.object({
    csv: z.string(),
    columns: z.array(z.string()),
    rows: z.int().describe('Data rows written'),
    files: z.array(z.object({ rows: z.int(), columns: z.int(), delimiter: z.string(), ragged: raggedSchema })),
    duplicatesRemoved: z.int(),
  }),
  examples: [
    {
      name: 'Append two exports with different columns',
      input: { csvs: ['id,name\n1,Ada\n2,Linus', 'name;id;email\nGrace;3;grace@example.org'], lineEnding: 'lf' },
      output: {
        csv: 'id,name,email\n1,Ada,\n2,Linus,\n3,Grace,grace@example.org\n',
        columns: ['id', 'name', 'email'],
        rows: 3,
        files: [
          { rows: 2, columns: 2, delimiter: 'comma', ragged: { count: 0, rows: [] } },
          { rows: 1, columns: 3, delimiter: 'semicolon', ragged: { count: 0, rows: [] } },
        ],
        duplicatesRemoved: 0,
      },
    },
    {
      name: 'Left join orders to customers on a key',
      input: {
        csvs: ['customer,total\nc1,10\nc2,25\nc9,5', 'customer,name\nc1,Ada\nc2,Linus'],
        mode: 'join',
        key: 'customer',
        joinType: 'left',
        lineEnding: 'lf',
      },
      output: {
        csv: 'customer,total,name\nc1,10,Ada\nc2,25,Linus\nc9,5,\n',
        columns: ['customer', 'total', 'name'],
        rows: 3,
        files: [
          { rows: 3, columns: 2, delimiter: 'comma', ragged: { count: 0, rows: [] } },
          { rows: 2, columns: 2, delimiter: 'comma', ragged: { count: 0, rows: [] } },
        ],
        duplicatesRemoved: 0,
      },
    },
  ],
  run({ csvs, mode, key, joinType, dedupe, sourceColumn, delimiter, outputDelimiter, lineEnding }) {
    const total = csvs.reduce((n, c) => n + c.length, 0);
    if (total > CSV_TOOL_MAX_CHARS)
      throw new ToolError(
        `\`csvs\` hold ${total.toLocaleString('en-US')} characters together; at most ${CSV_TOOL_MAX_CHARS.toLocaleString('en-US')}`,
        413,
        { field: 'csvs' },
      );
    const tables = csvs.map((c, i) => readCsvTable(c, delimiter, `csvs[${i}]`));
    const files = tables.map((t) => ({ rows: t.rows.length, columns: t.columns.length, delimiter: t.delimiter, ragged: t.ragged }));
    let columns: string[];
    let rows: string[][];
    let duplicatesRemoved = 0;
    if (mode === 'append') {
      columns = [...new Set(tables.flatMap((t) => t.columns))];
      if (sourceColumn !== undefined) {
        if (columns.includes(sourceColumn))
          throw new ToolError(`\`sourceColumn\`: "${sourceColumn}" is already a column; choose another name`, 400, {
            field: 'sourceColumn',
          });
        columns.push(sourceColumn);
      }
      const total = tables.reduce((n, t) => n + t.rows.length, 0);
      if (total * columns.length > MAX_CELLS) throw tooManyCells(total, columns.length, 'csvs');
      const index = new Map(columns.map((c, i) => [c, i]));
      rows = [];
      const seen = new Set<string>();
      tables.forEach((t, f) => {
        const at = t.columns.map((c) => index.get(c)!);
        for (const r of t.rows) {
          const row = new Array<string>(columns.length).fill('');
          at.forEach((k, i) => (row[k] = r[i]));
          if (sourceColumn !== undefined) row[columns.length - 1] = String(f + 1);
          if (dedupe) {
            const sig = JSON.stringify(sourceColumn !== undefined ? row.slice(0, -1) : row);
            if (seen.has(sig)) {
              duplicatesRemoved++;
              continue;
            }
            seen.add(sig);
          }
          rows.push(row);
        }
      });
    } else {
      if (key === undefined) throw new ToolError('`key` is required when mode is join', 400, { field: 'key' });
      tables.forEach((t, i) => {
        if (!t.columns.includes(key))
          throw new ToolError(
            `\`key\`: file ${i + 1} (csvs[${i}]) has no column "${key}"; its columns are ${t.columns.map((c) => `"${c}"`).join(', ') || 'none'}`,
            400,
            { field: 'key' },
          );
      });
      ({ columns, rows } = tables.slice(1).reduce((acc, t) => join(acc, t, key, joinType), keyFirst(tables[0], key)));
    }
    return { csv: writeCsv([columns, ...rows], outputDelimiter, lineEnding), columns, rows: rows.length, files, duplicatesRemoved };
  },
});

interface Joined {
  columns: string[];
  rows: string[][];
}

/** The first file with its key column moved to the front. */
function keyFirst(t: CsvTable, key: string): Joined {
  const k = t.columns.indexOf(key);
  const order = [k, ...t.columns.keys()].filter((c, i) => i === 0 || c !== k);
  return { columns: order.map((c) => t.columns[c]), rows: t.rows.map((r) => order.map((c) => r[c])) };
}

/** SQL-style join of `left` (key in column 0) with table `t` on `key`. */
function join(left: Joined, t: CsvTable, key: string, type: 'inner' | 'left' | 'full'): Joined {
  const k = t.columns.indexOf(key);
  const others = [...t.columns.keys()].filter((c) => c !== k);
  const taken = new Set(left.columns);
  const added = others.map((c) => {
    const base = t.columns[c];
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return name;
  });
  const byKey = new Map<string, string[][]>();
  for (const r of t.rows) {
    const list = byKey.get(r[k]);
    if (list) list.push(r);
    else byKey.set(r[k], [r]);
  }
  const matched = new Set<string>();
  const rows: string[][] = [];
  const width = left.columns.length + others.length;
  const push = (row: string[]) => {
    if ((rows.length + 1) * width > MAX_CELLS) throw tooManyCells(rows.length + 1, width, 'csvs');
    if (rows.length >= MAX_JOIN_ROWS)
      throw new ToolError(
        `The join would have more than ${MAX_JOIN_ROWS.toLocaleString('en-US')} rows (repeated keys multiply); check \`key\``,
        413,
        { field: 'key' },
      );
    rows.push(row);
  };
  for (const l of left.rows) {
    const hits = byKey.get(l[0]);
    if (hits) {
      matched.add(l[0]);
      for (const r of hits) push([...l, ...others.map((c) => r[c])]);
    } else if (type !== 'inner') push([...l, ...others.map(() => '')]);
  }
  if (type === 'full')
    for (const r of t.rows)
      if (!matched.has(r[k])) {
        const row = new Array<string>(left.columns.length).fill('');
        row[0] = r[k];
        push([...row, ...others.map((c) => r[c])]);
      }
  return { columns: [...left.columns, ...added], rows };
}
