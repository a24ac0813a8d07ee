/**
 * The three outputs, all driven by the field table (`fields.ts`): the JSON
 * person record, the CSV sheet (compact / own / mapped) and the LO3 total-file.
 */
import { formatLoDate, type DateFormat } from './calendar.js';
import { CATEGORIES, COMPACT_KEYS, FIELD_BY_KEY, type Block, type CategoryDef, type FlatField } from './fields.js';
import { splitHeader, type EffectiveOptions } from './options.js';
import type { Person } from './people.js';

type Json = Record<string, unknown>;

/** The blocks of one category on a person. */
function blocksOf(p: Person, c: CategoryDef): Block[] {
  if (c.json === '') return [p.person];
  const v = p[c.json as keyof Person] as Block | Block[] | undefined;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

// ---------------------------------------------------------------- JSON

/** Precomputed JSON paths: `partner.bsn` → ['partner', 'bsn']. */
const PATHS = new Map(CATEGORIES.map((c) => [c, c.elements.map((e) => ({ e, path: e.key.split('.') }))]));

function blockJson(c: CategoryDef, b: Block, dates: DateFormat, into: Json = {}): Json {
  for (const { e, path } of PATHS.get(c)!) {
    const v = b[e.key];
    if (v === undefined || v === '') continue;
    const value = e.date ? formatLoDate(v, dates) : v;
    if (path.length === 1) into[e.key] = value;
    else ((into[path[0]] ??= {}) as Json)[path[1]] = value;
  }
  return into;
}

/** A person as JSON: the person's own fields at the top level, `lifeEvent`, then one key per category (lists always present). */
export function personJson(p: Person, dates: DateFormat): Json {
  const out: Json = {};
  for (const c of CATEGORIES) {
    if (c.json === '') {
      blockJson(c, p.person, dates, out);
      out.lifeEvent = p.lifeEvent;
    } else if (c.list) out[c.json] = blocksOf(p, c).map((b) => blockJson(c, b, dates));
    else {
      const [b] = blocksOf(p, c);
      if (b) out[c.json] = blockJson(c, b, dates);
    }
  }
  return out;
}

// ---------------------------------------------------------------- CSV

type Getter = (p: Person) => string;

function getter(f: FlatField, dates: DateFormat): Getter {
  if (f.key === 'lifeEvent') return (p) => p.lifeEvent;
  const { key, date } = f.element!;
  const { json, list } = f.category;
  const block: (p: Person) => Block | undefined =
    json === '' ? (p) => p.person
    : list ? (p) => (p[json as keyof Person] as Block[])[f.index]
    : (p) => p[json as keyof Person] as Block | undefined;
  return (p) => {
    const v = block(p)?.[key];
    return v === undefined ? '' : date ? formatLoDate(v, dates) : v;
  };
}

/** RFC 4180 quoting: a cell with the delimiter, a quote or a line break is quoted, quotes doubled. */
export function csvCell(v: string, delimiter: string): string {
  return v.includes(delimiter) || v.includes('"') || v.includes('\n') || v.includes('\r') ? `"${v.replaceAll('"', '""')}"` : v;
}

const LOWER_KEYS = new Map([...FIELD_BY_KEY.keys()].map((k) => [k.toLowerCase(), k]));

/** CSV text (CRLF line ends): header line, one line per person. */
export function renderCsv(people: Person[], o: EffectiveOptions): string {
  const d = o.delimiter;
  const empty: Getter = () => '';
  let header: string;
  let getters: Getter[];
  if (o.outputMode === 'compact') {
    header = COMPACT_KEYS.join(d);
    getters = COMPACT_KEYS.map((k) => getter(FIELD_BY_KEY.get(k)!, o.dateFormat));
  } else {
    header = o.headerRow.replace(/\r?\n$/, '');
    getters = splitHeader(header, d).map((col) => {
      const key = o.outputMode === 'mapped'
        ? (Object.hasOwn(o.mapping, col) ? o.mapping[col] : undefined)
        : LOWER_KEYS.get(col.trim().toLowerCase());
      const f = key === undefined ? undefined : FIELD_BY_KEY.get(key);
      return f ? getter(f, o.dateFormat) : empty;
    });
  }
  const lines: string[] = [];
  if (o.excelHint) lines.push(`sep=${d}`);
  lines.push(header);
  for (const p of people) lines.push(getters.map((g) => csvCell(g(p), d)).join(d));
  return lines.join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- LO3 total-file

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Partnership elements that move to the historical category 55 once the partnership is dissolved. */
const START_KEYS = new Set(['startDate', 'startPlace', 'startCountry']);
const DISSOLUTION_KEYS = new Set(['dissolutionDate', 'dissolutionPlace', 'dissolutionCountry', 'dissolutionReason']);

function category(cat: number, c: CategoryDef, b: Block, keep: (key: string) => boolean = () => true): string {
  let body = '';
  for (const e of c.elements) {
    const v = b[e.key];
    if (!e.element || v === undefined || v === '' || !keep(e.key)) continue;
    body += e.element + pad(v.length, 3) + v;
  }
  if (body.length > 999) throw new Error(`LO3 category ${cat} is longer than 999 characters`);
  return pad(cat, 2) + pad(body.length, 3) + body;
}

/**
 * One LO3 persoonslijst (Lg01 message) on one line: header (random key
 * 00000000, message type Lg01, date-time 17 digits = 1 January of the
 * reference year 00:00:00.000, A-nummer, old A-nummer 0000000000), the body
 * length (5 digits), then categories in LO order, each cc + length (3) +
 * elements eeee + length (3) + value. A dissolved partnership is category 05
 * (partner, dissolution, type) followed by its history 55 (partner, start,
 * type); the previous address is category 58 after 08. Lengths count characters.
 */
export function totaalfileLine(p: Person, referenceYear: number): string {
  let body = '';
  for (const c of CATEGORIES) {
    const blocks = blocksOf(p, c);
    blocks.forEach((b, i) => {
      const cat = c.list?.catPerItem ? c.cat + i : c.cat;
      if (c.json === 'partnerships' && b.dissolutionDate) {
        body += category(cat, c, b, (k) => !START_KEYS.has(k));
        body += category(cat + 50, c, b, (k) => !DISSOLUTION_KEYS.has(k));
      } else body += category(cat, c, b);
    });
  }
  const header = '00000000' + 'Lg01' + pad(referenceYear, 4) + '0101000000000' + p.person.aNumber + '0000000000';
  return header + pad(body.length, 5) + body;
}

export function renderTotaalfile(people: Person[], o: EffectiveOptions): string {
  let out = '';
  for (const p of people) out += totaalfileLine(p, o.referenceYear) + '\n';
  return out;
}
