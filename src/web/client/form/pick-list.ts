/**
 * A pick list for a line of text that takes one of many known values but is not a closed choice: the IANA time
 * zones the browser knows, or the values a schema lists as its `examples` (units, letter grades, regex flags).
 * The box stays a box (an alias or a value not listed still goes to the tool, which checks it); its list shows
 * the values that hold every word typed, in any order ("new york" finds America/New_York).
 */
import { h } from '../dom.js';
import type { Schema } from '../schema.js';

/** The most values the list shows at once: enough to scan, few enough to stay quick on a phone. */
const SHOWN = 80;

let zones: string[] | undefined;

/** Every IANA zone name the browser knows, UTC first. */
export function zoneNames(): string[] {
  if (!zones) {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    const known = intl.supportedValuesOf?.('timeZone') ?? [];
    zones = ['UTC', ...known.filter((z) => z !== 'UTC')];
  }
  return zones;
}

/** The values a schema offers as a pick list: its `examples` when they are three or more strings. */
export function listedValues(s: Schema): string[] | undefined {
  const ex = s.examples;
  return Array.isArray(ex) && ex.length >= 3 && ex.every((v) => typeof v === 'string') ? ex : undefined;
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_/\-\s]+/g, ' ');

/** The values holding every word of `query` (case, accents, `_`, `/` and `-` ignored), in their order. */
export function filterValues(values: readonly string[], query: string): string[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (!words.length) return values.slice(0, SHOWN);
  const out: string[] = [];
  for (const v of values) {
    const f = fold(v);
    if (words.every((w) => f.includes(w))) out.push(v);
    if (out.length >= SHOWN) break;
  }
  return out;
}

/** Give `input` a datalist of `values`, filtered as the person types; answers the element to place beside it. */
export function attachPickList(input: HTMLInputElement, values: readonly string[]): HTMLElement {
  const list = h('datalist', { id: input.id + '-list' });
  input.setAttribute('list', list.id);
  const show = () => {
    // Each option's label spells the name with spaces, so the browser's own matching finds "new york" too.
    list.replaceChildren(...filterValues(values, input.value).map((v) => h('option', { value: v, label: v.replace(/_/g, ' ') })));
  };
  input.addEventListener('input', show);
  input.addEventListener('focus', show, { once: true });
  show();
  return h('div', { class: 'picker' }, input, list);
}
