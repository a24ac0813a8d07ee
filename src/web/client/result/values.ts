/**
 * How a value of a result reads: numbers in the reader's locale with their unit (money with two decimals,
 * quantities in the unit the user chose), dates and times in the reader's locale and the chosen zone, yes/no,
 * lists one per line, short records in words. The rules of the style are numbers.ts's; this applies them to fields.
 */
import { h } from '../dom.js';
import {
  DATE_KEY,
  IDENTIFIER,
  ISO_CURRENCY,
  formatDate,
  formatDateTime,
  formatField,
  formatNumber,
  inChosenUnit,
  isDate,
  isDateTime,
} from '../numbers.js';
import { isRecord } from '../schema.js';
import { humanize, labelAndUnit, wordsOf } from '../words.js';

export { ISO_CURRENCY };

/** What a result is shown with beyond its values: the tool's currency, the zone and the units the user chose. */
export interface ShowContext {
  currency?: string;
  zone?: string;
  units?: readonly string[];
  /** The names of the input's fields: an answer's record of the same name echoes that input. */
  inputKeys?: readonly string[];
}

/** A string, number or boolean as its plain text; undefined for anything else (null, objects, arrays). */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A string that is a date or a date-time, for the reader; undefined when it is neither. */
export function dateText(key: string, v: string, ctx: ShowContext = {}): string | undefined {
  if (isDateTime(v)) return formatDateTime(v, ctx.zone);
  if (isDate(v, DATE_KEY.test(key))) return formatDate(v, true);
  return undefined;
}

/** A cell or summary value for the reader, as text. */
export function show(v: unknown, unit = ''): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return formatNumber(v, unit);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return dateText('', v) ?? v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.length ? v.map((x) => show(x)).join(', ') : '—';
  if (
    isRecord(v) &&
    Object.values(v).every((x) => x === null || typeof x !== 'object' || (Array.isArray(x) && x.every((y) => typeof y !== 'object')))
  )
    return Object.entries(v)
      .map(([k, x]) => `${humanize(k).toLowerCase()}: ${fieldText(k, x)}`)
      .join(', ');
  return JSON.stringify(v);
}

/** A field's value as text: a number as its field shows it (identifier, money, unit), a date as a date. */
export function fieldText(key: string, v: unknown, ctx: ShowContext = {}): string {
  if (typeof v === 'number') {
    if (IDENTIFIER.test(key)) return String(v);
    const unit = unitFor(key, ctx.currency);
    const [n, u] = inChosenUnit(v, unit, ctx.units ?? []);
    return formatField(key, n, u);
  }
  if (typeof v === 'string') return dateText(key, v, ctx) ?? v;
  return show(v);
}

/**
 * A field's value as a node: dates in `<time>`, identifiers in `<span class="ident">` (never grouped), lists
 * of short values one per line, anything else as text.
 */
export function fieldNode(key: string, v: unknown, ctx: ShowContext = {}): Node {
  if (typeof v === 'string') {
    const d = dateText(key, v, ctx);
    if (d !== undefined) return h('time', { datetime: v, text: d });
  }
  if (typeof v === 'number' && IDENTIFIER.test(key)) return h('span', { class: 'ident', text: String(v) });
  if (Array.isArray(v) && v.length > 1 && v.every((x) => typeof x !== 'object' || x === null))
    return h('ul', { class: 'lines' }, ...v.map((x) => h('li', {}, fieldNode(key, x, ctx))));
  return document.createTextNode(fieldText(key, v, ctx));
}

/** A field's unit for the summary: its name's suffix (`…Percent` → %), or the tool's currency for money-like names. */
export function unitFor(key: string, currency?: string): string {
  const [, unit] = labelAndUnit(key);
  if (unit) return unit;
  const last = wordsOf(key).pop() ?? '';
  if (
    currency &&
    ISO_CURRENCY.test(currency) &&
    !/^(count|months?|years?|days?|weeks?|hours?|minutes?|rows|ratio|rate|factor|periods?|index|score|age|number|level|km|kilometres|kg|percent|pct|multiplier|version|people|persons|units|cycles|bands|brackets|id|norm|group)$/.test(
      last,
    )
  )
    return currency;
  return '';
}

/** The zone a result's times are in: a `zone`/`timezone`/`timeZone`/`tz` field of the record, or of the input. */
export function zoneOf(...sources: unknown[]): string | undefined {
  for (const s of sources)
    if (isRecord(s))
      for (const k of ['timezone', 'timeZone', 'zone', 'tz'])
        if (typeof s[k] === 'string' && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(s[k])) return s[k];
  return undefined;
}

/** The unit words an input chose (`termUnit: 'years'`): the units its quantities are shown in. */
export function unitsChosen(input: unknown): string[] {
  if (!isRecord(input)) return [];
  return Object.values(input).filter(
    (v): v is string => typeof v === 'string' && /^(years|months|weeks|days|hours|minutes|seconds)$/.test(v),
  );
}
