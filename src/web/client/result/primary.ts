/**
 * The primary view of a result: the field the tool declares (its `resultView`), shown in the view
 * of its kind, with a copy button that copies the value itself (and a download where it helps).
 * One function per kind, below.
 */
import { copyButton, download, h } from '../dom.js';
import { formatField, formatNumber } from '../numbers.js';
import { isRecord } from '../schema.js';
import { humanize, labelAndUnit } from '../words.js';
import { copyValue } from './copy-value.js';
import { parseCsv } from './csv.js';
import { summaryList } from './details.js';
import { fileOf, typeOfName } from './files.js';
import { tableOf } from './table.js';
import { ISO_CURRENCY, fieldText, scalarText, type ShowContext } from './values.js';
import { valueAt, type ResultView } from './view.js';

const LANGUAGE_NAMES: Record<string, string> = {
  yaml: 'YAML',
  json: 'JSON',
  xml: 'XML',
  sql: 'SQL',
  typescript: 'TypeScript',
  csv: 'CSV',
  markdown: 'Markdown',
  subtitles: 'Subtitles',
  html: 'HTML',
};
const EXTENSIONS: Record<string, string> = {
  yaml: 'yaml',
  json: 'json',
  xml: 'xml',
  sql: 'sql',
  typescript: 'ts',
  csv: 'csv',
  markdown: 'md',
  html: 'html',
};

/** What a kind's view is drawn with: the value and its place in the answer, the box to fill and its row of actions. */
interface Primary {
  view: ResultView;
  value: unknown;
  data: unknown;
  slug: string;
  path: string;
  box: HTMLElement;
  actions: HTMLElement;
  /** A button copying the value as its kind suits (`copyValue`). */
  copy: (label: string) => HTMLElement;
  /** The tool's currency, the zone and units the user chose. */
  ctx: ShowContext;
}

const VIEWS: Record<ResultView['kind'], (p: Primary) => void> = {
  figure: figureView,
  text: textView,
  code: codeView,
  list: listView,
  table: tableView,
  record: recordView,
  file: fileView,
  html: htmlView,
  diff: diffView,
};

export function primaryView(
  view: ResultView,
  value: unknown,
  data: unknown,
  slug: string,
  path: string,
  ctx: ShowContext = {},
): HTMLElement {
  const box = h('div', {
    class: `primary primary-${view.kind}`,
    id: 'primary',
    tabindex: '-1',
    'data-kind': view.kind,
    role: 'group',
    'aria-label': 'Main result',
  });
  const actions = h('div', { class: 'row actions' });
  const copy = (label: string) => copyButton(label, () => copyValue(view, value, location.origin), { 'data-copy-primary': '' });
  VIEWS[view.kind]?.({ view, value, data, slug, path, box, actions, copy, ctx });
  box.append(actions);
  return box;
}

/** Long enough to be worth a download too. */
const long = (text: string) => text.length > 1500 || text.split('\n').length > 40;

/** A headline figure with its label and unit, and beside it the details the view names. */
function figureView({ view, value, data, path, box, actions, copy, ctx }: Primary): void {
  const unitSpec = view.unit ?? '';
  const unit = unitSpec.startsWith('@') ? (scalarText(valueAt(data, unitSpec.slice(1))) ?? '') : unitSpec;
  const money = ISO_CURRENCY.test(unit) ? unit : undefined;
  const key = path
    .split('.')
    .filter((x) => !/^\d+$/.test(x))
    .pop()!
    .replace('[]', '');
  const label = view.label ?? labelAndUnit(key)[0];
  const text =
    typeof value === 'number'
      ? money || !unit
        ? formatField(key, value, money)
        : formatNumber(value)
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : String(value);
  const shownUnit = ISO_CURRENCY.test(unit) && typeof value === 'number' ? '' : unit;
  // Beside the headline: words as they are (BMI's category), figures with their label; a label two details
  // share (AA and AAA's "normal text") is named with its parent.
  const paths = (typeof view.detail === 'string' ? [view.detail] : (view.detail ?? [])).filter((p) => {
    const v = valueAt(data, p);
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);
  });
  const keyOf = (p: string) =>
    p
      .split('.')
      .filter((x) => !/^\d+$/.test(x))
      .pop()!
      .replace('[]', '');
  const labels = paths.map((p) => labelAndUnit(keyOf(p))[0]);
  const details = paths.map((p, i) => {
    const v = valueAt(data, p);
    if (typeof v === 'string' && !/^\d/.test(v)) return v;
    const lab = labels[i];
    const parent = p.includes('.') ? humanize(p.split('.')[0]) + ' ' : '';
    const shared = labels.indexOf(lab) !== labels.lastIndexOf(lab);
    const shown = fieldText(keyOf(p), v, { ...ctx, currency: money ?? ctx.currency });
    return `${parent && (shared || /^(text|value|grams|time|similarity|standard deviation)$/i.test(lab)) ? parent + lab.toLowerCase() : lab}: ${shown}`;
  });
  box.append(
    h('p', { class: 'figure-label', text: label }),
    h(
      'p',
      { class: 'figure' },
      h('data', { value: String(value), text }),
      shownUnit ? h('span', { class: 'unit', text: shownUnit === '%' ? '%' : ` ${shownUnit}` }) : null,
    ),
  );
  if (details.length) box.append(h('p', { class: 'figure-detail', text: details.join(' · ') }));
  actions.append(copy('Copy'));
}

/** Text: one line as the answer, more as a block; long text also as a download. */
function textView({ value, slug, box, actions, copy }: Primary): void {
  const text = String(value);
  const oneLine = !text.includes('\n') && text.length <= 200;
  box.append(
    oneLine
      ? h('p', { class: 'answer' }, h('output', { text }))
      : h('pre', { class: 'text', tabindex: '0', 'aria-label': 'The result text', text }),
  );
  actions.append(copy('Copy'));
  if (long(text)) actions.append(download(`${slug}.txt`, text));
}

/** Code or data in a language (YAML, SQL, subtitles …), with a download under the right extension. */
function codeView({ view, value, slug, box, actions, copy }: Primary): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const lang = view.language ?? 'text';
  const ext = lang === 'subtitles' ? subtitleExt(text) : (EXTENSIONS[lang] ?? 'txt');
  box.append(
    h('p', { class: 'code-lang', text: lang === 'subtitles' ? `Subtitles (${ext.toUpperCase()})` : (LANGUAGE_NAMES[lang] ?? lang) }),
    h(
      'pre',
      { class: 'code', 'data-language': lang, tabindex: '0', 'aria-label': `The result, ${LANGUAGE_NAMES[lang] ?? lang}` },
      h('code', { text }),
    ),
  );
  actions.append(copy('Copy'), download(`${slug}.${ext}`, text, lang === 'csv' ? 'text/csv' : 'text/plain', 'Download'));
}

/** Values, each with its own copy button when there are several. */
function listView({ view, value, slug, box, actions, copy }: Primary): void {
  const items = Array.isArray(value) ? value : [value];
  const ol = h('ol', { class: 'values' });
  for (const item of items.slice(0, 500)) {
    const text = typeof item === 'string' ? item : typeof item === 'number' ? String(item) : JSON.stringify(item);
    ol.append(
      h(
        'li',
        {},
        h('code', { text }),
        items.length > 1
          ? copyButton('Copy', () => text, {
              'aria-label': `Copy ${text.length > 40 ? text.slice(0, 40) + '…' : text}`,
              class: 'secondary copy small',
            })
          : null,
      ),
    );
  }
  if (items.length === 1) ol.classList.add('single');
  box.append(ol);
  if (items.length > 500)
    box.append(h('p', { class: 'hint', text: `The first 500 of ${items.length}; all of them are in the JSON and the download.` }));
  actions.append(copy(items.length > 1 ? 'Copy all' : 'Copy'));
  if (items.length > 10) actions.append(download(`${slug}.txt`, copyValue(view, value), 'text/plain', 'Download'));
}

/** Rows (or CSV text) as a table, copied and downloaded as CSV. */
function tableView({ view, value, slug, box, actions, copy, ctx }: Primary): void {
  const rows = typeof value === 'string' ? (parseCsv(value.replace(/\r?\n$/, '')) ?? []) : (value as Record<string, unknown>[]);
  box.append(tableOf(rows.filter(isRecord), view.label ?? 'Result table', ctx));
  actions.append(copy('Copy as CSV'), download(`${slug}.csv`, copyValue(view, value), 'text/csv', 'Download CSV'));
  // Rows with nested values (generated people) lose their shape in CSV: the raw rows beside them, as JSON.
  if (rows.some((r) => isRecord(r) && Object.values(r).some((v) => typeof v === 'object' && v !== null)))
    actions.append(download(`${slug}.json`, JSON.stringify(value, null, 2), 'application/json', 'Download JSON'));
}

/** A record as a labelled list. */
function recordView({ view, value, box, actions, copy, ctx }: Primary): void {
  box.append(summaryList(isRecord(value) ? value : {}, new Set(), { ...ctx, currency: view.unit ?? ctx.currency }));
  actions.append(copy('Copy'));
}

/** A file: a hosted one shown (a PDF, an image) with its download; one or more made in the page as downloads. */
function fileView({ view, value, box, actions, copy }: Primary): void {
  const file = fileOf(value);
  if (file.kind === 'hosted') {
    const link = h(
      'a',
      { href: file.url, download: '', class: 'button secondary' },
      `Download (${file.contentType}${file.bytes ? `, ${formatNumber(file.bytes)} bytes` : ''})`,
    );
    if (file.contentType === 'application/pdf') box.append(h('iframe', { class: 'pdf', src: file.url, title: 'The rendered PDF' }));
    else if (file.contentType.startsWith('image/')) box.append(h('img', { class: 'result', src: file.url, alt: 'The result image' }));
    actions.append(link, copy('Copy link'));
  } else if (file.kind === 'one') {
    box.append(
      h('p', { class: 'code-lang', text: file.name }),
      h(
        'pre',
        { class: 'code', tabindex: '0', 'aria-label': file.name },
        h('code', { text: file.content.length > 20000 ? file.content.slice(0, 20000) + '\n…' : file.content }),
      ),
    );
    actions.append(download(file.name, file.content, file.contentType), copy('Copy'));
  } else if (file.kind === 'files') {
    const ul = h('ul', { class: 'files' });
    for (const f of file.files.slice(0, 50)) ul.append(h('li', {}, download(f.name, f.content, typeOfName(f.name), f.name)));
    box.append(ul);
    if (file.files[0])
      box.append(
        h(
          'details',
          {},
          h('summary', { text: `Preview ${file.files[0].name}` }),
          h('pre', { class: 'code', tabindex: '0' }, h('code', { text: file.files[0].content.slice(0, 20000) })),
        ),
      );
    actions.append(copy('Copy names'));
  } else if (Array.isArray(value)) {
    // Items without their text (a summary of files): a table.
    box.append(tableOf(value.filter(isRecord), view.label ?? 'Files'));
    actions.append(copy('Copy as CSV'));
  }
}

/** HTML in a sandboxed preview, with its source. */
function htmlView({ value, slug, box, actions, copy }: Primary): void {
  const html = String(value);
  box.append(
    h('iframe', { class: 'preview', sandbox: '', srcdoc: html, title: 'HTML preview' }),
    h('details', {}, h('summary', { text: 'HTML source' }), h('pre', { class: 'code', tabindex: '0' }, h('code', { text: html }))),
  );
  actions.append(copy('Copy HTML'), download(`${slug}.html`, html, 'text/html', 'Download'));
}

/** A diff side by side: deletions on the left, insertions on the right. */
function diffView({ value, box, actions, copy }: Primary): void {
  const changes = (Array.isArray(value) ? value : []) as { type: string; value: string }[];
  const left = h('pre', { 'aria-label': 'Original' });
  const right = h('pre', { 'aria-label': 'Modified' });
  for (const c of changes) {
    if (c.type !== 'insert') left.append(c.type === 'delete' ? h('del', { text: c.value }) : c.value);
    if (c.type !== 'delete') right.append(c.type === 'insert' ? h('ins', { text: c.value }) : c.value);
  }
  box.append(h('div', { class: 'diff', role: 'group', 'aria-label': 'Side-by-side diff' }, left, right));
  actions.append(copy('Copy'));
}

/** Subtitles' format by their text: WebVTT, SubViewer (SBV) or SubRip (SRT). */
function subtitleExt(text: string): string {
  if (/^\uFEFF?WEBVTT/.test(text)) return 'vtt';
  if (/^\d+:\d{2}:\d{2}\.\d{3},\d+:\d{2}:\d{2}\.\d{3}/m.test(text)) return 'sbv';
  return 'srt';
}
