/**
 * Words for people from the names in the schemas: field names and enum values as labels
 * (`annualRatePercent` → "Annual rate" with the unit %), units beside inputs, and descriptions
 * with their Markdown backticks rendered as code.
 */
import { h } from './dom.js';

/** Abbreviations written in capitals. */
const UPPER = new Set(
  'aow aa aaa wcag bsn iban bic vat gst cgst sgst igst url utm html css json xml yaml csv tsv sql pdf png svg jpeg id ids uuid uuids api apr emi sip roi bmi bmr tdee gpa cgpa sgpa cao uwv wnt ww ozb iso us uk nl eu kwh mpg rgb rgba hsl hsb hex jwt ip dst sms utf pto flsa lmp ssn lo3 gba brp upa xsd wpm mcp http https ai srt vtt sbv ean isbn lei kvk rsin btw oss moss ttl ascii cpc smtp dns ssl tls cvte nt2 vwo havo mbo hbo wo sha md5 ics vcf usd gbp eur inr aud nzd cad zar fte ltv dti'.split(
    ' ',
  ),
);
/** Units spelled out in lower case (or as written here). */
const UNIT_WORDS: Record<string, string> = {
  kmh: 'km/h',
  kg: 'kg',
  cm: 'cm',
  mm: 'mm',
  km: 'km',
  mi: 'mi',
  lb: 'lb',
  lbs: 'lb',
  kcal: 'kcal',
  ms: 'ms',
  px: 'px',
  rem: 'rem',
  ml: 'ml',
  kwh: 'kWh',
  wpm: 'wpm',
};

/** Known enum values whose plain splitting reads badly. */
const VALUES: Record<string, string> = {
  lPer100km: 'L/100 km',
  kmPerL: 'km/L',
  mpgUs: 'MPG (US)',
  mpgUk: 'MPG (UK)',
  perLiter: 'per litre',
  perUsGallon: 'per US gallon',
  perUkGallon: 'per UK gallon',
  'a-to-z': 'A to Z',
  'z-to-a': 'Z to A',
  'px-to-rem': 'px to rem',
  'rem-to-px': 'rem to px',
  aowBornBefore1946: 'At AOW age, born before 1946',
  belowAow: 'Below AOW age',
  aow: 'At AOW age',
  youngMaster: 'Young master (under 30)',
  '~': '~ (tilde)',
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
  crlf: 'CRLF (Windows, RFC 4180)',
  lf: 'LF (Unix)',
  MND: 'Monthly (MND)',
  VWK: 'Four-weekly (VWK)',
};

/** Split an identifier into lower-case words: `annualRatePercent` → [annual, rate, percent]. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z]{2,})/g, '$1 $2')
    .split(/[\s_.\-/]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function word(w: string): string {
  if (UPPER.has(w)) return w.toUpperCase();
  if (UNIT_WORDS[w]) return UNIT_WORDS[w];
  return w;
}

function sentence(words: string[]): string {
  const s = words.map(word).join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A field name in words: `annualRatePercent` → "Annual rate percent", `characters_no_spaces` → "Characters no spaces". */
export function humanize(name: string): string {
  if (!name) return '';
  return sentence(wordsOf(name));
}

/** Name suffixes that are units: `annualRatePercent` → % (and the label drops the word). */
const SUFFIX_UNITS: [RegExp, string][] = [
  [/^(percent|pct)$/, '%'],
  [/^kg$/, 'kg'],
  [/^cm$/, 'cm'],
  [/^mm$/, 'mm'],
  [/^km$/, 'km'],
  [/^mi$/, 'mi'],
  [/^m$/, 'm'],
  [/^kmh$/, 'km/h'],
  [/^mph$/, 'mph'],
  [/^lb$/, 'lb'],
  [/^kcal$/, 'kcal'],
  [/^ms$/, 'ms'],
  [/^px$/, 'px'],
  [/^kwh$/, 'kWh'],
  [/^watts$/, 'W'],
  [/^(litres|liters)$/, 'L'],
  [/^hours$/, 'hours'],
  [/^minutes$/, 'minutes'],
  [/^seconds$/, 'seconds'],
  [/^days$/, 'days'],
  [/^weeks$/, 'weeks'],
  [/^months$/, 'months'],
  [/^years$/, 'years'],
];

/** A field's label and unit from its name: `annualRatePercent` → ["Annual rate", "%"]. */
export function labelAndUnit(name: string): [label: string, unit: string] {
  const words = wordsOf(name);
  // "pctExoticNames": a share in percent.
  if (words.length > 1 && /^(pct|percent)$/.test(words[0])) return [sentence(words.slice(1)), '%'];
  // "pacePerKm" keeps its unit in the label: "Pace per km".
  if (words.length > 1 && words[words.length - 2] !== 'per') {
    const last = words[words.length - 1];
    for (const [re, unit] of SUFFIX_UNITS) if (re.test(last)) return [sentence(words.slice(0, -1)), unit];
  }
  return [sentence(words), ''];
}

/** A unit named in a description: "…, in euros" → €; "…, percent" → %. */
export function unitFromText(text: string): string {
  if (/\b(in )?euros?\b|€/i.test(text)) return '€';
  if (/(,|\bin) percent\b|\bpercent\b(?! of)|%/i.test(text)) return '%';
  if (/\bin watts\b/i.test(text)) return 'W';
  if (/\bin (minutes)\b/i.test(text)) return 'minutes';
  if (/\bin px\b/i.test(text)) return 'px';
  return '';
}

/** An enum value in words. */
export function valueLabel(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  if (VALUES[value] !== undefined) return VALUES[value];
  if (value === '') return '(empty)';
  // Codes (NL, SHA-256, 4xx) and single characters stay as they are.
  if (/^[A-Z0-9][A-Z0-9-]*$/.test(value) || value.length <= 2) return value;
  return humanize(value);
}

/** Descriptions are Markdown-ish: `code` spans become <code>, **bold** plain; field names read as labels. */
export function richText(text: string, names: Map<string, string> = new Map()): Node {
  const frag = document.createDocumentFragment();
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  let m: RegExpExecArray | null;
  const plain = (s: string) => frag.append(replaceNames(s, names));
  while ((m = re.exec(text))) {
    plain(text.slice(last, m.index));
    if (m[1] !== undefined) frag.append(names.has(m[1]) ? `“${names.get(m[1])}”` : h('code', { text: m[1] }));
    else frag.append(h('strong', { text: m[2] }));
    last = m.index + m[0].length;
  }
  plain(text.slice(last));
  return frag;
}

/** camelCase field names in running text → their labels in quotes. */
export function replaceNames(text: string, names: Map<string, string>): string {
  if (!names.size) return text;
  return text.replace(/\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/g, (w) => (names.has(w) ? `“${names.get(w)}”` : w));
}

/** Plain text of a description (backticks and bold markers dropped). */
export function plainText(text: string): string {
  return text.replace(/`([^`]+)`/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1');
}
