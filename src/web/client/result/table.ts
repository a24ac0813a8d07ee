/**
 * Rows of objects as a table for reading: a column per key with a plain value, numbers and dates in the one
 * style (values.ts), and the nested values of a row (a record, a list of records) folded in a sub-row under it,
 * as labelled fields and small tables.
 */
import { h } from '../dom.js';
import { IDENTIFIER, formatField } from '../numbers.js';
import { isRecord } from '../schema.js';
import { humanize, labelAndUnit } from '../words.js';
import { columnsOf } from './csv.js';
import { ISO_CURRENCY, fieldNode, fieldText, unitFor, zoneOf, type ShowContext } from './values.js';

export interface TableOptions extends ShowContext {
  limit?: number;
}

/** A value that reads in a cell: a scalar, or a list of scalars. */
const plain = (v: unknown) => !isRecord(v) && !(Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null));
/** A nested value worth showing: a record with something in it, or a list with items. */
const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : isRecord(v) && Object.keys(v).length > 0);

export function tableOf(rows: Record<string, unknown>[], caption: string, opts: TableOptions = {}): HTMLElement {
  const all = columnsOf(rows);
  const sample = rows.slice(0, 200).filter(isRecord);
  const cols = all.filter((c) => sample.every((r) => plain(r[c])));
  const nested = all.filter((c) => !cols.includes(c));
  const units = cols.map((c) => unitFor(c, opts.currency));
  const limit = opts.limit ?? 500;
  const body = h('tbody');
  for (const r of rows.slice(0, limit)) {
    const ctx = { ...opts, zone: zoneOf(r) ?? opts.zone };
    body.append(h('tr', {}, ...cols.map((c) => cell(c, isRecord(r) ? r[c] : undefined, ctx))));
    const more = nested.filter((c) => isRecord(r) && filled(r[c]));
    if (more.length)
      body.append(
        h(
          'tr',
          { class: 'subrow' },
          h(
            'td',
            { colspan: String(Math.max(cols.length, 1)) },
            h(
              'details',
              {},
              h('summary', { text: more.map((c) => humanize(c)).join(', ') }),
              ...more.map((c) => nestedBlock(c, r[c], ctx, 0)),
            ),
          ),
        ),
      );
  }
  const head = cols.map((c, i) =>
    h('th', { scope: 'col', text: labelAndUnit(c)[0] + (units[i] && !ISO_CURRENCY.test(units[i]) ? ` (${units[i]})` : '') }),
  );
  // Named and focusable to scroll by keyboard; a group, not a region landmark: one result may hold several
  // tables of the same name (sub-rows, breakdowns), and landmarks must be unique.
  const wrap = h(
    'div',
    { class: 'tablewrap', tabindex: '0', role: 'group', 'aria-label': caption },
    h('table', {}, h('caption', { class: 'visually-hidden', text: caption }), h('thead', {}, h('tr', {}, ...head)), body),
  );
  if (rows.length > limit)
    wrap.append(h('p', { class: 'hint', text: `The first ${limit} of ${rows.length} rows; all of them are in the JSON.` }));
  return wrap;
}

/**
 * One cell: numbers right-aligned (their unit is in the column's header, money's currency in the cell), dates
 * and short codes kept on one line, long text cut (the JSON has it whole).
 */
function cell(key: string, v: unknown, ctx: ShowContext): HTMLElement {
  if (typeof v === 'number') {
    const unit = unitFor(key, ctx.currency);
    const text = IDENTIFIER.test(key)
      ? h('span', { class: 'ident', text: String(v) })
      : formatField(key, v, ISO_CURRENCY.test(unit) ? unit : '');
    return h('td', { class: 'num' }, text);
  }
  const node = fieldNode(key, v, ctx);
  if (node.nodeType !== Node.TEXT_NODE) return h('td', { class: node.nodeName === 'TIME' ? 'nowrap' : undefined }, node);
  const full = fieldText(key, v, ctx);
  const text = full.length > 80 ? full.slice(0, 78) + '…' : full;
  return h('td', { class: /^[\d:.\-+TZ/]{4,25}$/.test(text) ? 'nowrap' : undefined, title: text !== full ? full : undefined, text });
}

/** A nested value under its row: a record as labelled fields, a list of records as a small table, scalars as lines. */
function nestedBlock(key: string, v: unknown, ctx: ShowContext, depth: number): HTMLElement {
  const title = h('h5', { text: humanize(key) });
  if (Array.isArray(v) && v.every(isRecord)) return h('div', { class: 'nested' }, title, tableOf(v, humanize(key), { ...ctx, limit: 50 }));
  if (isRecord(v)) {
    const dl = h('dl', { class: 'summary nested-fields' });
    const blocks: HTMLElement[] = [];
    for (const [k, x] of Object.entries(v)) {
      if (x === null || x === undefined || x === '') continue;
      if (plain(x)) dl.append(h('div', {}, h('dt', { text: labelAndUnit(k)[0] }), h('dd', {}, fieldNode(k, x, ctx))));
      else if (filled(x) && depth < 3) blocks.push(nestedBlock(k, x, ctx, depth + 1));
    }
    return h('div', { class: 'nested' }, title, dl, ...blocks);
  }
  return h('div', { class: 'nested' }, title, h('p', {}, fieldNode(key, v, ctx)));
}
