/**
 * The three outputs, all driven by the field table (`fields.ts`): the JSON
 * person record, the CSV sheet (compact / own / mapped) and the LO3 total-file.
 */
import { hash32 } from '../../_lib/rng.js';
import { formatLoDate, fromLo, loDate, type DateFormat } from './lo-dates.js';
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
    json === ''
      ? (p) => p.person
      : list
        ? (p) => (p[json as keyof Person] as Block[])[f.index]
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

/** Told the index of each record as it is written (progress reports). */
export type OnRecord = (index: number) => void;

/** CSV text (CRLF line ends): header line, one line per person. */
export function renderCsv(people: Person[], o: EffectiveOptions, onRecord?: OnRecord): string {
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
      const key =
        o.outputMode === 'mapped' ? (Object.hasOwn(o.mapping, col) ? o.mapping[col] : undefined) : LOWER_KEYS.get(col.trim().toLowerCase());
      const f = key === undefined ? undefined : FIELD_BY_KEY.get(key);
      return f ? getter(f, o.dateFormat) : empty;
    });
  }
  const lines: string[] = [];
  if (o.excelHint) lines.push(`sep=${d}`);
  lines.push(header);
  for (let j = 0; j < people.length; j++) {
    onRecord?.(j);
    lines.push(getters.map((g) => csvCell(g(people[j]), d)).join(d));
  }
  return lines.join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- LO3 total-file

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Partnership elements that move to the historical category 55 once the partnership is dissolved. */
const START_KEYS = new Set(['startDate', 'startPlace', 'startCountry']);
const DISSOLUTION_KEYS = new Set(['dissolutionDate', 'dissolutionPlace', 'dissolutionCountry', 'dissolutionReason']);

export type Lo3Lengths = 'characters' | 'bytes';
const measure = (s: string, unit: Lo3Lengths) => (unit === 'bytes' ? Buffer.byteLength(s, 'utf8') : s.length);

/** The GBA started on 1 October 1994; data of earlier events was taken over from the persoonskaart (PK) the day before. */
const GBA_START = '19941001';
const GBA_CONVERSION = '19940930';
const NL = '6030';

/**
 * The bookkeeping elements every LO3 category of the RvIG GBA-V test set carries and the field table has
 * no JSON field for: 85.10 ingangsdatum geldigheid (the date of the fact: birth, start of the partnership or
 * its dissolution, death, start of the address…), 86.10 datum van opneming (when it was recorded: 1 October
 * 1994 for facts from before the GBA, else 0–7 days after the fact, never on or after the reference date),
 * 04.63.10 reden opname nationaliteit (001 Dutch, 301 another nationality, the test set's most common codes)
 * and the source: 81.10/81.20 registergemeente and aktenummer for a Dutch civil-registry deed (register 1 birth,
 * 2 death, 3 marriage, 5 registered partnership), or 82.10/82.20/82.30 gemeente, datum and beschrijving of a
 * document (PK for facts from before the GBA, a foreign deed, the custody register). Category 07 has none of
 * them in the test set, 08/58 only 85.10/86.10. Derived from the person alone, so JSON and CSV are unchanged.
 */
function lo3Extras(p: Person, json: string, b: Block, cat: number, ref: string): Array<[string, string]> {
  const h = hash32(`${p.person.aNumber}:${cat}:${b.dateOfBirth ?? b.startDate ?? ''}`);
  const dob = p.person.dateOfBirth;
  const home = p.address.municipality ?? '0000';
  let d85: string | undefined;
  /** [register digit, municipality code] of a Dutch deed, or a document description. */
  let source: { register: string; place: string } | { doc: string; place: string } | undefined;
  const deed = (register: string, place: string | undefined, country: string | undefined) =>
    country === NL && place && /^\d{4}$/.test(place)
      ? { register, place }
      : { doc: register === '1' ? 'Buitenlandse geboorteakte' : 'Buitenlandse akte', place: home };
  switch (json) {
    case '':
      d85 = dob;
      source = deed('1', b.birthPlace, b.birthCountry);
      break;
    case 'parents':
      d85 = b.familyLawDate ?? dob;
      source = deed('1', p.person.birthPlace, p.person.birthCountry);
      break;
    case 'nationalities':
      d85 = dob;
      source = { doc: b.nationality === '0001' ? 'Ned. Reisdocument' : 'Buitenlands reisdocument', place: home };
      break;
    case 'partnerships': {
      const register = b.type === 'P' ? '5' : '3';
      if (cat < 50 && b.dissolutionDate) {
        d85 = b.dissolutionDate;
        source = deed(register, b.dissolutionPlace, b.dissolutionCountry);
      } else {
        d85 = b.startDate;
        source = deed(register, b.startPlace, b.startCountry);
      }
      break;
    }
    case 'death':
      d85 = b.date;
      source = deed('2', b.place, b.country);
      break;
    case 'address':
    case 'previousAddresses':
      d85 = b.startDate ?? b.abroadStartDate;
      break;
    case 'children':
      d85 = b.dateOfBirth;
      source = deed('1', b.birthPlace, b.birthCountry);
      break;
    case 'custody':
      d85 = dob;
      source = { doc: 'Kennisgeving gezagsregister', place: home };
      break;
    default:
      return [];
  }
  if (!d85) return [];
  const converted = d85 < GBA_START && ref > GBA_START;
  const lastDay = loDate(fromLo(ref) - 1);
  const added = loDate(fromLo(d85) + (h % 8));
  const d86 = converted ? GBA_START : added < lastDay ? added : lastDay;
  const out: Array<[string, string]> = [];
  if (json === 'nationalities') out.push(['6310', b.nationality === '0001' ? '001' : '301']);
  if (source && converted) out.push(['8210', home], ['8220', GBA_CONVERSION], ['8230', 'PK']);
  else if (source && 'register' in source) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    out.push(['8110', source.place], ['8120', `${source.register}A${letters[(h >>> 8) % 26]}${pad((h >>> 13) % 10000, 4)}`]);
  } else if (source) out.push(['8210', source.place], ['8220', d85], ['8230', source.doc]);
  out.push(['8510', d85], ['8610', d86]);
  return out;
}

function category(
  cat: number,
  c: CategoryDef,
  b: Block,
  unit: Lo3Lengths,
  extras: Array<[string, string]>,
  keep: (key: string) => boolean = () => true,
): string {
  const pairs: Array<[string, string]> = [];
  for (const e of c.elements) {
    const v = b[e.key];
    if (!e.element || v === undefined || v === '' || !keep(e.key)) continue;
    pairs.push([e.element, v]);
  }
  pairs.push(...extras);
  pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  let body = '';
  let size = 0;
  for (const [element, v] of pairs) {
    const n = measure(v, unit);
    body += element + pad(n, 3) + v;
    size += 7 + n;
  }
  if (size > 999) throw new Error(`LO3 category ${cat} is longer than 999 ${unit}`);
  return pad(cat, 2) + pad(size, 3) + body;
}

/**
 * One LO3 persoonslijst (Lg01 message) on one line: header (random key
 * 00000000, message type Lg01, date-time 17 digits = 1 January of the
 * reference year 00:00:00.000, A-nummer, old A-nummer 0000000000), the body
 * length (5 digits), then categories in LO order, each cc + length (3) +
 * elements eeee + length (3) + value, elements ascending. A dissolved
 * partnership is category 05 (partner, dissolution, type) followed by its
 * history 55 (partner, start, type); the previous address is category 58
 * after 08. Lengths count characters, or UTF-8 bytes with lo3Lengths bytes.
 */
export function totaalfileLine(p: Person, referenceYear: number, unit: Lo3Lengths = 'characters'): string {
  const ref = `${pad(referenceYear, 4)}0101`;
  let body = '';
  for (const c of CATEGORIES) {
    const blocks = blocksOf(p, c);
    blocks.forEach((b, i) => {
      const cat = c.list?.catPerItem ? c.cat + i : c.cat;
      if (c.json === 'partnerships' && b.dissolutionDate) {
        body += category(cat, c, b, unit, lo3Extras(p, c.json, b, cat, ref), (k) => !START_KEYS.has(k));
        body += category(cat + 50, c, b, unit, lo3Extras(p, c.json, b, cat + 50, ref), (k) => !DISSOLUTION_KEYS.has(k));
      } else body += category(cat, c, b, unit, lo3Extras(p, c.json, b, cat, ref));
    });
  }
  const header = '00000000' + 'Lg01' + pad(referenceYear, 4) + '0101000000000' + p.person.aNumber + '0000000000';
  return header + pad(measure(body, unit), 5) + body;
}

export function renderTotaalfile(people: Person[], o: EffectiveOptions, onRecord?: OnRecord): string {
  let out = '';
  for (let j = 0; j < people.length; j++) {
    onRecord?.(j);
    out += totaalfileLine(people[j], o.referenceYear, o.lo3Lengths) + '\n';
  }
  return out;
}
