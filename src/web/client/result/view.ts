/**
 * Which view shows a result: the `resultView` a tool declares (kind and field, a mode's field, a
 * fallback view), the value at its path, and a guess by the output's shape for a tool that
 * declares none.
 */
import { isRecord } from '../schema.js';

export interface ResultView {
  kind: 'figure' | 'text' | 'code' | 'list' | 'table' | 'record' | 'file' | 'html' | 'diff';
  field: string | readonly string[];
  language?: string;
  unit?: string;
  label?: string;
  detail?: string | readonly string[];
  choose?: { by: string; fields: Readonly<Record<string, string>> };
  or?: ResultView;
}

/** The value at a path: `a.b`; `a.0` an item; `a[]` is the array itself, `a[].b` every item's `b`; '' the data itself. */
export function valueAt(data: unknown, path: string): unknown {
  if (path === '') return data;
  let cur: unknown = data;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.endsWith('[]')) {
      const arr = isRecord(cur) ? cur[p.slice(0, -2)] : undefined;
      if (!Array.isArray(arr)) return undefined;
      const rest = parts.slice(i + 1).join('.');
      return rest ? arr.map((x) => valueAt(x, rest)) : arr;
    }
    cur = Array.isArray(cur) && /^\d+$/.test(p) ? cur[Number(p)] : isRecord(cur) ? cur[p] : undefined;
  }
  return cur;
}

export const present = (v: unknown) => v !== undefined && v !== null;

/** The declared field that is present: the mode's field, else the first path with a value (an empty array or text only when nothing else has one). */
export function primaryPath(data: unknown, view: ResultView, strict = false): string | undefined {
  if (view.choose) {
    const mode = valueAt(data, view.choose.by);
    const path = typeof mode === 'string' ? view.choose.fields[mode] : undefined;
    if (path !== undefined && present(valueAt(data, path))) return path;
  }
  const paths = typeof view.field === 'string' ? [view.field] : view.field;
  return (
    paths.find((p) => {
      const v = valueAt(data, p);
      return present(v) && v !== '' && !(Array.isArray(v) && v.length === 0);
    }) ?? (strict ? undefined : paths.find((p) => present(valueAt(data, p))))
  );
}

/** The view that applies to this answer (`or` when the declared fields are all absent) and its path. */
export function resolveView(data: unknown, view: ResultView | undefined): [ResultView, string] | undefined {
  for (let v = view; v; v = v.or) {
    // With a fallback view, an empty array or text counts as absent.
    const path = primaryPath(data, v, Boolean(v.or));
    if (path !== undefined) return [v, path];
  }
  return undefined;
}

/** A guess for tools that declare no view (a new tool before its declaration): by the output's shape. */
export function guessView(data: unknown): ResultView | undefined {
  if (!isRecord(data)) return Array.isArray(data) ? { kind: 'table', field: '' } : undefined;
  if (typeof data.url === 'string' && typeof data.contentType === 'string') return { kind: 'file', field: '' };
  if (Array.isArray(data.changes)) return { kind: 'diff', field: 'changes' };
  if (typeof data.html === 'string') return { kind: 'html', field: 'html' };
  const entries = Object.entries(data);
  for (const k of ['result', 'output', 'text', 'formatted']) if (typeof data[k] === 'string') return { kind: 'text', field: k };
  const strings = entries.filter(([, v]) => typeof v === 'string');
  if (entries.length === 1 && strings.length === 1) return { kind: 'text', field: strings[0][0] };
  const table = entries.find(([, v]) => Array.isArray(v) && v.length && v.every(isRecord));
  if (table) return { kind: 'table', field: table[0] };
  return undefined;
}
