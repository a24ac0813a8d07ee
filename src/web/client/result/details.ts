/**
 * The rest of a result beside its primary view: the figures as a labelled summary, long texts as
 * notes, arrays of objects as tables.
 */
import { h } from '../dom.js';
import { formatNumbersInText } from '../numbers.js';
import { isRecord } from '../schema.js';
import { humanize, labelAndUnit } from '../words.js';
import { tableOf } from './table.js';
import { fieldNode, zoneOf, type ShowContext } from './values.js';

/** A context, or (as callers gave it) the currency alone. */
export const contextOf = (c: ShowContext | string | undefined): ShowContext => (typeof c === 'string' ? { currency: c } : (c ?? {}));

/** Scalars (and flat objects, one level down) as a labelled list. */
export function summaryList(
  obj: Record<string, unknown>,
  skip: Set<string>,
  context?: ShowContext | string,
  prefix = '',
  labelPrefix = '',
): HTMLElement {
  const ctx = contextOf(context);
  // The answer's echo of an input record (the options it ran with, defaults filled in) is folded under its name:
  // the form shows them, and flat they would bury the figures that matter under a wall of labels.
  const rest = { ...ctx, inputKeys: undefined };
  const dl = h('dl', { class: 'summary' });
  const add = (label: string, value: Node | string) => dl.append(h('div', {}, h('dt', { text: label }), h('dd', {}, value)));
  const walk = (o: Record<string, unknown>, pre: string, lpre: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      const path = pre + k;
      if (skip.has(path) || v === null || v === undefined) continue;
      const [label] = labelAndUnit(k);
      const full = lpre ? `${lpre} · ${label.charAt(0).toLowerCase() + label.slice(1)}` : label;
      const here = { ...ctx, zone: zoneOf(o) ?? ctx.zone };
      if (typeof v === 'number') add(full, fieldNode(k, v, here));
      else if (typeof v === 'boolean') add(full, v ? 'yes' : 'no');
      else if (typeof v === 'string') {
        if (v === '' || v.length > 100 || v.includes('\n')) continue;
        add(full, /^https?:\/\/\S+$/.test(v) ? h('a', { href: v, rel: 'noopener noreferrer', text: v }) : fieldNode(k, v, here));
      } else if (Array.isArray(v)) {
        if (v.length && v.length <= 12 && v.every((x) => (typeof x === 'string' && x.length <= 60) || typeof x === 'number'))
          add(full, fieldNode(k, v, here));
      } else if (isRecord(v) && depth < 2) {
        const n = leaves(v);
        if (!(depth === 0 && ctx.inputKeys?.includes(k) && n > 1)) walk(v, path + '.', full, depth + 1);
        else
          dl.append(
            h(
              'div',
              { class: 'folded' },
              h('dt', { text: full }),
              h('dd', {}, h('details', {}, h('summary', { text: `${n} values` }), summaryList(v, skip, rest, path + '.'))),
            ),
          );
      }
    }
  };
  walk(obj, prefix, labelPrefix, 0);
  return dl;
}

/** The scalar values of a record, nested records counted through. */
function leaves(v: Record<string, unknown>): number {
  let n = 0;
  for (const x of Object.values(v)) n += isRecord(x) ? leaves(x) : x === null || x === undefined ? 0 : 1;
  return n;
}

/**
 * Long strings of the output (formulas, notes, rules, disclaimers) as short paragraphs, their amounts in the one
 * style of the figures beside them (the tool's currency, grouped digits).
 */
export function notes(obj: Record<string, unknown>, skip: Set<string>, context?: ShowContext | string): HTMLElement | null {
  const out: HTMLElement[] = [];
  const prose = (text: string) => formatNumbersInText(text, contextOf(context).currency);
  for (const [k, v] of Object.entries(obj)) {
    if (skip.has(k)) continue;
    if (typeof v === 'string' && (v.length > 100 || v.includes('\n')))
      out.push(h('p', {}, h('strong', { text: `${humanize(k)}: ` }), prose(v.length > 2000 ? v.slice(0, 2000) + '…' : v)));
    else if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string') && (v.length > 12 || v.some((x) => x.length > 60)))
      out.push(
        h('div', {}, h('strong', { text: humanize(k) }), h('ul', {}, ...v.slice(0, 50).map((x) => h('li', { text: prose(String(x)) })))),
      );
  }
  return out.length ? h('div', { class: 'notes' }, ...out) : null;
}

/** Arrays of objects (anywhere in the first two levels) as tables. */
export function tables(obj: Record<string, unknown>, skip: Set<string>, context?: ShowContext | string): HTMLElement[] {
  const ctx = contextOf(context);
  const out: HTMLElement[] = [];
  const walk = (o: Record<string, unknown>, pre: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      const path = pre + k;
      if (skip.has(path)) continue;
      if (Array.isArray(v) && v.length && v.every(isRecord)) {
        const caption = humanize(path.replace(/\./g, ' '));
        out.push(
          h(
            'section',
            { class: 'table-section', 'aria-label': caption },
            h('h4', { text: caption }),
            tableOf(v, caption, { ...ctx, zone: zoneOf(o) ?? ctx.zone }),
          ),
        );
      } else if (isRecord(v) && depth < 1) walk(v, path + '.', depth + 1);
    }
  };
  walk(obj, '', 0);
  return out;
}
