/** How a value of a result reads: numbers in the reader's locale with their unit, yes/no, short lists and records in words. */
import { formatNumber } from '../numbers.js';
import { isRecord } from '../schema.js';
import { humanize, labelAndUnit, wordsOf } from '../words.js';

/** A currency code (EUR, USD) as a unit: the number is formatted as money. */
export const ISO_CURRENCY = /^[A-Z]{3}$/;

/** A string, number or boolean as its plain text; undefined for anything else (null, objects, arrays). */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A cell or summary value for the reader. */
export function show(v: unknown, unit = ''): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return formatNumber(v, unit);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.length ? v.map((x) => show(x)).join(', ') : '—';
  if (
    isRecord(v) &&
    Object.values(v).every((x) => x === null || typeof x !== 'object' || (Array.isArray(x) && x.every((y) => typeof y !== 'object')))
  )
    return Object.entries(v)
      .map(([k, x]) => `${humanize(k).toLowerCase()}: ${show(x)}`)
      .join(', ');
  return JSON.stringify(v);
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
