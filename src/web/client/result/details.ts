/**
 * The rest of a result beside its primary view: the figures as a labelled summary, long texts as
 * notes, arrays of objects as tables.
 */
import { h } from '../dom.js';
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
      } else if (isRecord(v) && depth < 2) walk(v, path + '.', full, depth + 1);
    }
  };
  walk(obj, prefix, labelPrefix, 0);
  return dl;
}

/** Long strings of the output (formulas, notes, rules, disclaimers) as short paragraphs. */
export function notes(obj: Record<string, unknown>, skip: Set<string>): HTMLElement | null {
  const out: HTMLElement[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (skip.has(k)) continue;
    if (typeof v === 'string' && (v.length > 100 || v.includes('\n')))
      out.push(h('p', {}, h('strong', { text: `${humanize(k)}: ` }), v.length > 2000 ? v.slice(0, 2000) + '…' : v));
    else if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string') && (v.length > 12 || v.some((x) => x.length > 60)))
      out.push(h('div', {}, h('strong', { text: humanize(k) }), h('ul', {}, ...v.slice(0, 50).map((x) => h('li', { text: String(x) })))));
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
