/** What the primary view's copy button copies: the value itself as text, in the form its kind suits. */
import { isRecord } from '../schema.js';
import { toCsv } from './csv.js';
import { fileOf } from './files.js';
import { scalarText } from './values.js';
import { present, type ResultView } from './view.js';

/** What the primary copy button copies, as text. */
export function copyValue(view: ResultView, value: unknown, origin = ''): string {
  switch (view.kind) {
    case 'list':
      return (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n');
    case 'table':
      return typeof value === 'string' ? value : toCsv(value as Record<string, unknown>[]);
    case 'record': {
      const entries = isRecord(value) ? Object.entries(value).filter(([, v]) => present(v)) : [];
      const only = entries.length === 1 ? scalarText(entries[0][1]) : undefined;
      if (only !== undefined) return only;
      return JSON.stringify(value, null, 2);
    }
    case 'diff':
      return (value as { type: string; value: string }[])
        .map((c) => (c.type === 'delete' ? `[-${c.value}-]` : c.type === 'insert' ? `{+${c.value}+}` : c.value))
        .join('');
    case 'file': {
      const file = fileOf(value, origin || undefined);
      if (file.kind === 'hosted') return new URL(file.url, origin || 'http://localhost').href;
      if (file.kind === 'files') return file.files.map((f) => f.name).join('\n');
      if (file.kind === 'one') return file.content;
      return Array.isArray(value) ? toCsv(value.filter(isRecord)) : '';
    }
    default:
      break;
  }
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value, null, 2);
}
