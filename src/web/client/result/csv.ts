/** Tables as CSV text (the copy and download of a table view) and CSV text read back as rows. */
import { isRecord } from '../schema.js';
import { scalarText } from './values.js';

const csvCell = (v: unknown) => {
  const s = scalarText(v) ?? (v === undefined || v === null ? '' : JSON.stringify(v));
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
/** Rows as CSV: a header row of the columns, values quoted where needed, nested values as JSON. */
export function toCsv(rows: Record<string, unknown>[]): string {
  const cols = columnsOf(rows);
  return [cols.map(csvCell).join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n';
}
/** The columns of rows: every key of the first 200, in order of appearance. */
export const columnsOf = (rows: Record<string, unknown>[]) =>
  Array.from(new Set(rows.slice(0, 200).flatMap((r) => (isRecord(r) ? Object.keys(r) : []))));

/** CSV text as rows of objects (header row first), or null when it is not a rectangular table. */
export function parseCsv(text: string): Record<string, string>[] | null {
  const first = text.split('\n', 1)[0];
  const delim = [',', ';', '\t', '|'].sort((a, b) => first.split(b).length - first.split(a).length)[0];
  if (first.split(delim).length < 2) return null;
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delim) {
      row.push(cur);
      cur = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cur);
      rows.push(row);
      row = [];
      cur = '';
    } else cur += ch;
  }
  if (cur !== '' || row.length) {
    row.push(cur);
    rows.push(row);
  }
  if (rows.length < 2 || rows.some((r) => r.length !== rows[0].length)) return null;
  return rows.slice(1).map((r) => Object.fromEntries(rows[0].map((c, i) => [c, r[i]])));
}
