/**
 * The result, for people: the primary field the tool declares (its `resultView`) first, in the
 * view of its kind with a copy button that copies the value itself (and a download for long
 * text), then the other figures as a labelled summary, then tables, then the JSON, folded.
 * Numbers are shown in the reader's locale; the JSON is never changed.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { copyButton, download, h } from './dom.js';
import { IDENTIFIER, formatNumber } from './numbers.js';
import { isRecord } from './schema.js';
import { humanize, labelAndUnit, wordsOf } from './words.js';

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

const LANGUAGE_NAMES: Record<string, string> = { yaml: 'YAML', json: 'JSON', xml: 'XML', sql: 'SQL', typescript: 'TypeScript', csv: 'CSV', markdown: 'Markdown', subtitles: 'Subtitles', html: 'HTML' };
const EXTENSIONS: Record<string, string> = { yaml: 'yaml', json: 'json', xml: 'xml', sql: 'sql', typescript: 'ts', csv: 'csv', markdown: 'md', html: 'html' };
const ISO_CURRENCY = /^[A-Z]{3}$/;

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

const present = (v: unknown) => v !== undefined && v !== null;

/** The declared field that is present: the mode's field, else the first path with a value (an empty array only when nothing else has one). */
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
      return present(v) && !(Array.isArray(v) && v.length === 0);
    }) ?? (strict ? undefined : paths.find((p) => present(valueAt(data, p))))
  );
}

/** The view that applies to this answer (`or` when the declared fields are all absent) and its path. */
export function resolveView(data: unknown, view: ResultView | undefined): [ResultView, string] | undefined {
  for (let v = view; v; v = v.or) {
    // With a fallback view, an empty array counts as absent.
    const path = primaryPath(data, v, Boolean(v.or));
    if (path !== undefined) return [v, path];
  }
  return undefined;
}

/** What the primary copy button copies, as text. */
export function copyValue(view: ResultView, value: unknown, origin = ''): string {
  switch (view.kind) {
    case 'list':
      return (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n');
    case 'table':
      return typeof value === 'string' ? value : toCsv(value as Record<string, unknown>[]);
    case 'record': {
      const entries = isRecord(value) ? Object.entries(value).filter(([, v]) => present(v)) : [];
      if (entries.length === 1 && typeof entries[0][1] !== 'object') return String(entries[0][1]);
      return JSON.stringify(value, null, 2);
    }
    case 'diff':
      return (value as { type: string; value: string }[]).map((c) => (c.type === 'delete' ? `[-${c.value}-]` : c.type === 'insert' ? `{+${c.value}+}` : c.value)).join('');
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
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value, null, 2);
}

const csvCell = (v: unknown) => {
  const s = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export function toCsv(rows: Record<string, unknown>[]): string {
  const cols = columnsOf(rows);
  return [cols.map(csvCell).join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n';
}
const columnsOf = (rows: Record<string, unknown>[]) => Array.from(new Set(rows.slice(0, 200).flatMap((r) => (isRecord(r) ? Object.keys(r) : []))));

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

// ---- the views ----------------------------------------------------------------

/** A cell or summary value for the reader. */
function show(v: unknown, unit = ''): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return formatNumber(v, unit);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.length ? v.map((x) => show(x)).join(', ') : '—';
  if (isRecord(v) && Object.values(v).every((x) => x === null || typeof x !== 'object' || (Array.isArray(x) && x.every((y) => typeof y !== 'object'))))
    return Object.entries(v).map(([k, x]) => `${humanize(k).toLowerCase()}: ${show(x)}`).join(', ');
  return JSON.stringify(v);
}

export function tableOf(rows: Record<string, unknown>[], caption: string, opts: { currency?: string; limit?: number } = {}): HTMLElement {
  const cols = columnsOf(rows);
  const units = cols.map((c) => unitFor(c, opts.currency));
  const limit = opts.limit ?? 500;
  const wrap = h(
    'div',
    { class: 'tablewrap', tabindex: '0', role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', { class: 'visually-hidden', text: caption }),
      h('thead', {}, h('tr', {}, ...cols.map((c, i) => h('th', { scope: 'col', text: labelAndUnit(c)[0] + (units[i] && !ISO_CURRENCY.test(units[i]) ? ` (${units[i]})` : '') })))),
      h(
        'tbody',
        {},
        ...rows.slice(0, limit).map((r) =>
          h('tr', {}, ...cols.map((c, i) => {
            const v = isRecord(r) ? r[c] : undefined;
            const num = typeof v === 'number';
            const full = num ? (IDENTIFIER.test(c) ? String(v) : formatNumber(v as number, ISO_CURRENCY.test(units[i]) ? units[i] : '')) : show(v);
            // Long cells (a nested record) are cut; the whole value is in the tooltip and the JSON.
            const text = full.length > 80 ? full.slice(0, 78) + '…' : full;
            return h('td', { class: num ? 'num' : /^[\d:.\-+TZ/]{4,25}$/.test(text) ? 'nowrap' : undefined, title: text !== full ? full : undefined, text });
          })),
        ),
      ),
    ),
  );
  if (rows.length > limit) wrap.append(h('p', { class: 'hint', text: `The first ${limit} of ${rows.length} rows; all of them are in the JSON.` }));
  return wrap;
}

/** A field's unit for the summary: its name's suffix (`…Percent` → %), or the tool's currency for money-like names. */
function unitFor(key: string, currency?: string): string {
  const [, unit] = labelAndUnit(key);
  if (unit) return unit === 'hours' || unit === 'minutes' || unit === 'seconds' || unit === 'days' || unit === 'weeks' || unit === 'months' || unit === 'years' ? unit : unit;
  const last = wordsOf(key).pop() ?? '';
  if (currency && ISO_CURRENCY.test(currency) && !/^(count|months?|years?|days?|weeks?|hours?|minutes?|rows|ratio|rate|factor|periods?|index|score|age|number|level|km|kilometres|kg|percent|pct|multiplier|version|people|persons|units|cycles|bands|brackets|id|norm|group)$/.test(last))
    return currency;
  return '';
}

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
      if (ch === '"' && text[i + 1] === '"') (cur += '"', i++);
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delim) (row.push(cur), (cur = ''));
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cur);
      rows.push(row);
      row = [];
      cur = '';
    } else cur += ch;
  }
  if (cur !== '' || row.length) (row.push(cur), rows.push(row));
  if (rows.length < 2 || rows.some((r) => r.length !== rows[0].length)) return null;
  return rows.slice(1).map((r) => Object.fromEntries(rows[0].map((c, i) => [c, r[i]])));
}

type FileOf =
  | { kind: 'hosted'; url: string; contentType: string; bytes?: number }
  | { kind: 'one'; name: string; content: string; contentType: string }
  | { kind: 'files'; files: { name: string; content: string }[] }
  | { kind: 'none' };

/**
 * A file this server hosts: a path under /files/ on the page's own origin. Anything else (another site, a
 * protocol-relative `//host/...`, another path) is never shown in a frame or an image, nor offered as a download.
 */
export function ownFileUrl(url: string, origin = typeof location === 'undefined' ? 'http://localhost' : location.origin): string | null {
  try {
    const u = new URL(url, origin);
    return u.origin === origin && u.pathname.startsWith('/files/') ? u.href : null;
  } catch {
    return null;
  }
}

function fileOf(v: unknown, origin?: string): FileOf {
  if (isRecord(v) && typeof v.url === 'string' && ownFileUrl(v.url, origin) && typeof v.contentType === 'string')
    return { kind: 'hosted', url: v.url, contentType: v.contentType, bytes: typeof v.bytes === 'number' ? v.bytes : undefined };
  if (isRecord(v) && typeof v.content === 'string' && typeof (v.fileName ?? v.name) === 'string')
    return { kind: 'one', name: String(v.fileName ?? v.name), content: v.content, contentType: typeof v.contentType === 'string' ? v.contentType : 'text/plain' };
  // An array is files when its items carry their text (`content`, or another multi-line string such as `csv`).
  if (Array.isArray(v) && v.length && v.every(isRecord)) {
    const textOf = (f: Record<string, unknown>) =>
      typeof f.content === 'string' ? f.content : (Object.entries(f).find(([k, x]) => k !== 'name' && typeof x === 'string' && x.includes('\n'))?.[1] as string | undefined);
    if (v.every((f) => textOf(f as Record<string, unknown>) !== undefined))
      return { kind: 'files', files: v.map((f) => ({ name: String((f as Record<string, unknown>).name ?? (f as Record<string, unknown>).fileName ?? 'file'), content: textOf(f as Record<string, unknown>)! })) };
  }
  return { kind: 'none' };
}

const typeOfName = (name: string) =>
  name.endsWith('.xml') ? 'application/xml' : name.endsWith('.csv') ? 'text/csv' : name.endsWith('.json') ? 'application/json' : 'text/plain';

function subtitleExt(text: string): string {
  if (/^\uFEFF?WEBVTT/.test(text)) return 'vtt';
  if (/^\d+:\d{2}:\d{2}\.\d{3},\d+:\d{2}:\d{2}\.\d{3}/m.test(text)) return 'sbv';
  return 'srt';
}

function primaryView(view: ResultView, value: unknown, data: unknown, slug: string, path: string): HTMLElement {
  const box = h('div', { class: `primary primary-${view.kind}`, id: 'primary', tabindex: '-1', 'data-kind': view.kind, role: 'group', 'aria-label': 'Main result' });
  const actions = h('div', { class: 'row actions' });
  const copy = (label: string) => copyButton(label, () => copyValue(view, value, location.origin), { 'data-copy-primary': '' });
  const long = (text: string) => text.length > 1500 || text.split('\n').length > 40;
  switch (view.kind) {
    case 'figure': {
      const unitSpec = view.unit ?? '';
      const unit = unitSpec.startsWith('@') ? String(valueAt(data, unitSpec.slice(1)) ?? '') : unitSpec;
      const label = view.label ?? labelAndUnit(path.split('.').filter((x) => !/^\d+$/.test(x)).pop()!.replace('[]', ''))[0];
      const text =
        typeof value === 'number' ? formatNumber(value, ISO_CURRENCY.test(unit) ? unit : '') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
      const shownUnit = ISO_CURRENCY.test(unit) && typeof value === 'number' ? '' : unit;
      // Beside the headline: words as they are (BMI's category), figures with their label.
      const details = (typeof view.detail === 'string' ? [view.detail] : view.detail ?? [])
        .map((p) => [p, valueAt(data, p)] as const)
        .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length))
        .map(([p, v]) => {
          if (typeof v === 'string' && !/^\d/.test(v)) return v;
          const key = p.split('.').filter((x) => !/^\d+$/.test(x)).pop()!.replace('[]', '');
          const [lab, u] = labelAndUnit(key);
          const parent = p.includes('.') ? humanize(p.split('.')[0]) + ' ' : '';
          return `${parent && /^(text|value|grams|time|similarity|standard deviation)$/i.test(lab) ? parent + lab.toLowerCase() : lab}: ${show(v, unitFor(key, ISO_CURRENCY.test(unit) ? unit : undefined) || u)}`;
        });
      box.append(
        h('p', { class: 'figure-label', text: label }),
        h('p', { class: 'figure' }, h('data', { value: String(value), text }), shownUnit ? h('span', { class: 'unit', text: shownUnit === '%' ? '%' : ` ${shownUnit}` }) : null),
      );
      if (details.length) box.append(h('p', { class: 'figure-detail', text: details.join(' · ') }));
      actions.append(copy('Copy'));
      break;
    }
    case 'text': {
      const text = String(value);
      const oneLine = !text.includes('\n') && text.length <= 200;
      box.append(oneLine ? h('p', { class: 'answer' }, h('output', { text })) : h('pre', { class: 'text', tabindex: '0', 'aria-label': 'The result text', text }));
      actions.append(copy('Copy'));
      if (long(text)) actions.append(download(`${slug}.txt`, text));
      break;
    }
    case 'code': {
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      const lang = view.language ?? 'text';
      const ext = lang === 'subtitles' ? subtitleExt(text) : EXTENSIONS[lang] ?? 'txt';
      box.append(
        h('p', { class: 'code-lang', text: lang === 'subtitles' ? `Subtitles (${ext.toUpperCase()})` : LANGUAGE_NAMES[lang] ?? lang }),
        h('pre', { class: 'code', 'data-language': lang, tabindex: '0', 'aria-label': `The result, ${LANGUAGE_NAMES[lang] ?? lang}` }, h('code', { text })),
      );
      actions.append(copy('Copy'), download(`${slug}.${ext}`, text, lang === 'csv' ? 'text/csv' : 'text/plain', 'Download'));
      break;
    }
    case 'list': {
      const items = Array.isArray(value) ? value : [value];
      const ol = h('ol', { class: 'values' });
      for (const item of items.slice(0, 500)) {
        const text = typeof item === 'string' ? item : typeof item === 'number' ? String(item) : JSON.stringify(item);
        ol.append(h('li', {}, h('code', { text }), items.length > 1 ? copyButton('Copy', () => text, { 'aria-label': `Copy ${text.length > 40 ? text.slice(0, 40) + '…' : text}`, class: 'secondary copy small' }) : null));
      }
      if (items.length === 1) ol.classList.add('single');
      box.append(ol);
      if (items.length > 500) box.append(h('p', { class: 'hint', text: `The first 500 of ${items.length}; all of them are in the JSON and the download.` }));
      actions.append(copy(items.length > 1 ? 'Copy all' : 'Copy'));
      if (items.length > 10) actions.append(download(`${slug}.txt`, copyValue(view, value), 'text/plain', 'Download'));
      break;
    }
    case 'table': {
      const rows = typeof value === 'string' ? parseCsv(value.replace(/\r?\n$/, '')) ?? [] : (value as Record<string, unknown>[]);
      box.append(tableOf(rows.filter(isRecord), view.label ?? 'Result table'));
      actions.append(copy('Copy as CSV'), download(`${slug}.csv`, copyValue(view, value), 'text/csv', 'Download CSV'));
      break;
    }
    case 'record': {
      box.append(summaryList(isRecord(value) ? value : {}, new Set(), view.unit));
      actions.append(copy('Copy'));
      break;
    }
    case 'file': {
      const file = fileOf(value);
      if (file.kind === 'hosted') {
        const link = h('a', { href: file.url, download: '', class: 'button secondary' }, `Download (${file.contentType}${file.bytes ? `, ${formatNumber(file.bytes)} bytes` : ''})`);
        if (file.contentType === 'application/pdf') box.append(h('iframe', { class: 'pdf', src: file.url, title: 'The rendered PDF' }));
        else if (file.contentType.startsWith('image/')) box.append(h('img', { class: 'result', src: file.url, alt: 'The result image' }));
        actions.append(link, copy('Copy link'));
      } else if (file.kind === 'one') {
        box.append(h('p', { class: 'code-lang', text: file.name }), h('pre', { class: 'code', tabindex: '0', 'aria-label': file.name }, h('code', { text: file.content.length > 20000 ? file.content.slice(0, 20000) + '\n…' : file.content })));
        actions.append(download(file.name, file.content, file.contentType), copy('Copy'));
      } else if (file.kind === 'files') {
        const ul = h('ul', { class: 'files' });
        for (const f of file.files.slice(0, 50)) ul.append(h('li', {}, download(f.name, f.content, typeOfName(f.name), f.name)));
        box.append(ul);
        if (file.files[0]) box.append(h('details', {}, h('summary', { text: `Preview ${file.files[0].name}` }), h('pre', { class: 'code', tabindex: '0' }, h('code', { text: file.files[0].content.slice(0, 20000) }))));
        actions.append(copy('Copy names'));
      } else if (Array.isArray(value)) {
        // Items without their text (a summary of files): a table.
        box.append(tableOf(value.filter(isRecord), view.label ?? 'Files'));
        actions.append(copy('Copy as CSV'));
      }
      break;
    }
    case 'html': {
      const html = String(value);
      box.append(h('iframe', { class: 'preview', sandbox: '', srcdoc: html, title: 'HTML preview' }), h('details', {}, h('summary', { text: 'HTML source' }), h('pre', { class: 'code', tabindex: '0' }, h('code', { text: html }))));
      actions.append(copy('Copy HTML'), download(`${slug}.html`, html, 'text/html', 'Download'));
      break;
    }
    case 'diff': {
      const changes = (Array.isArray(value) ? value : []) as { type: string; value: string }[];
      const left = h('pre', { 'aria-label': 'Original' });
      const right = h('pre', { 'aria-label': 'Modified' });
      for (const c of changes) {
        if (c.type !== 'insert') left.append(c.type === 'delete' ? h('del', { text: c.value }) : c.value);
        if (c.type !== 'delete') right.append(c.type === 'insert' ? h('ins', { text: c.value }) : c.value);
      }
      box.append(h('div', { class: 'diff', role: 'group', 'aria-label': 'Side-by-side diff' }, left, right));
      actions.append(copy('Copy'));
      break;
    }
  }
  box.append(actions);
  return box;
}

/** Scalars (and flat objects, one level down) as a labelled list. */
function summaryList(obj: Record<string, unknown>, skip: Set<string>, currency?: string, prefix = '', labelPrefix = ''): HTMLElement {
  const dl = h('dl', { class: 'summary' });
  const add = (label: string, value: Node | string) => dl.append(h('div', {}, h('dt', { text: label }), h('dd', {}, value)));
  const walk = (o: Record<string, unknown>, pre: string, lpre: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      const path = pre + k;
      if (skip.has(path) || v === null || v === undefined) continue;
      const [label] = labelAndUnit(k);
      const full = lpre ? `${lpre} · ${label.charAt(0).toLowerCase() + label.slice(1)}` : label;
      if (typeof v === 'number') add(full, IDENTIFIER.test(k) ? String(v) : formatNumber(v, unitFor(k, currency)));
      else if (typeof v === 'boolean') add(full, v ? 'yes' : 'no');
      else if (typeof v === 'string') {
        if (v === '' || v.length > 100 || v.includes('\n')) continue;
        add(full, /^https?:\/\/\S+$/.test(v) ? h('a', { href: v, rel: 'noopener noreferrer', text: v }) : v);
      } else if (Array.isArray(v)) {
        if (v.length && v.length <= 12 && v.every((x) => (typeof x === 'string' && x.length <= 60) || typeof x === 'number')) add(full, show(v));
      } else if (isRecord(v) && depth < 2) walk(v, path + '.', full, depth + 1);
    }
  };
  walk(obj, prefix, labelPrefix, 0);
  return dl;
}

/** Long strings of the output (formulas, notes, rules, disclaimers) as short paragraphs. */
function notes(obj: Record<string, unknown>, skip: Set<string>): HTMLElement | null {
  const out: HTMLElement[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (skip.has(k)) continue;
    if (typeof v === 'string' && (v.length > 100 || v.includes('\n'))) out.push(h('p', {}, h('strong', { text: `${humanize(k)}: ` }), v.length > 2000 ? v.slice(0, 2000) + '…' : v));
    else if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string') && (v.length > 12 || v.some((x) => (x as string).length > 60)))
      out.push(h('div', {}, h('strong', { text: humanize(k) }), h('ul', {}, ...v.slice(0, 50).map((x) => h('li', { text: String(x) })))));
  }
  return out.length ? h('div', { class: 'notes' }, ...out) : null;
}

/** Arrays of objects (anywhere in the first two levels) as tables. */
function tables(obj: Record<string, unknown>, skip: Set<string>, currency?: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (o: Record<string, unknown>, pre: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      const path = pre + k;
      if (skip.has(path)) continue;
      if (Array.isArray(v) && v.length && v.every(isRecord)) {
        const caption = humanize(path.replace(/\./g, ' '));
        out.push(h('section', { class: 'table-section', 'aria-label': caption }, h('h4', { text: caption }), tableOf(v as Record<string, unknown>[], caption, { currency })));
      } else if (isRecord(v) && depth < 1) walk(v, path + '.', depth + 1);
    }
  };
  walk(obj, '', 0);
  return out;
}

/** Render a result into `into`; answers the element to move focus to. */
export function renderResult(into: HTMLElement, data: unknown, declared: ResultView | undefined, slug: string): HTMLElement {
  into.textContent = '';
  const resolved = resolveView(data, declared ?? guessView(data));
  const view = resolved?.[0];
  const path = resolved?.[1];
  const skip = new Set<string>();
  let focus: HTMLElement | null = null;
  const currency = view?.unit && ISO_CURRENCY.test(view.unit) ? view.unit : undefined;
  if (view && path !== undefined) {
    const value = valueAt(data, path);
    const primary = primaryView(view, value, data, slug, path);
    into.append(primary);
    focus = primary;
    const root = path.split('.')[0].replace('[]', '');
    if (path === '') Object.keys(isRecord(data) ? data : {}).forEach((k) => view.kind !== 'figure' && skip.add(k));
    else skip.add(path.includes('[]') ? root : path);
    for (const d of typeof view.detail === 'string' ? [view.detail] : view.detail ?? []) skip.add(d);
  }
  if (isRecord(data)) {
    const summary = summaryList(data, skip, currency);
    if (summary.childElementCount) into.append(h('section', { class: 'card summary-card', 'aria-label': 'Details' }, h('h3', { text: focus ? 'Details' : 'Result' }), summary));
    const n = notes(data, skip);
    if (n) into.append(n);
    const t = tables(data, skip, currency);
    if (t.length) into.append(h('div', { class: 'tables' }, ...t));
  } else if (!view && Array.isArray(data)) into.append(tableOf(data.filter(isRecord), 'Result rows'));
  const text = JSON.stringify(data, null, 2);
  const raw = h(
    'details',
    { class: 'card raw' },
    h('summary', { text: 'JSON' }),
    h('div', { class: 'row' }, copyButton('Copy JSON', () => text)),
    h('pre', { id: 'json', tabindex: '0', 'aria-label': 'Result as JSON', text }),
  );
  into.append(raw);
  return focus ?? (into.firstElementChild as HTMLElement);
}
