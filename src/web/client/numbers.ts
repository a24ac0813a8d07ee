/**
 * Numbers as people type and read them. Typed: a decimal comma or point, thousands separators
 * where they cannot be misread, and nothing else: anything the page cannot read for certain is
 * refused on the field, so the API never gets a different number than the person typed.
 * Shown: the reader's locale, grouped, with a sensible number of decimals (the JSON is unchanged).
 */

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

const fail = (error: string): Parsed => ({ ok: false, error });

/** Digits grouped by threes after a first group of 1–3: `1`, `12`, `1?234`, `12?345?678`. */
function grouped(parts: string[]): boolean {
  return /^\d{1,3}$/.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

/**
 * Read a typed number. Accepts `3000,50`, `3000.50`, `1.234,56`, `1,234.56`, `1 234 567`, `-5`, `−5`, `1e6`;
 * refuses `7e`, `5ft`, `1,2,3.4` and the ambiguous `1,000` / `1.000` (one or a thousand?).
 */
export function parseNumber(raw: string, integer = false): Parsed {
  let s = raw.trim().replace(/[\u2212\u2012\u2013]/g, '-');
  if (s === '') return fail('Enter a number');
  let sign = '';
  if (/^[+-]/.test(s)) {
    sign = s[0] === '-' ? '-' : '';
    s = s.slice(1).trim();
  }
  // Scientific notation: digits with at most one decimal point, then e and an exponent.
  const sci = /^(\d+(?:[.,]\d+)?)[eE]([+-]?\d+)$/.exec(s);
  if (sci) return finish(Number(`${sign}${sci[1].replace(',', '.')}e${sci[2]}`), raw, integer);
  if (!/^[\d.,\s'\u00a0\u202f]+$/.test(s) || !/\d/.test(s))
    return fail(`“${raw.trim()}” is not a number: use digits, with a decimal comma or point (e.g. 3000,50 or 3000.50)`);
  // Spaces and apostrophes only ever group thousands.
  const spaced = s.split(/[\s'\u00a0\u202f]+/);
  if (spaced.length > 1) {
    const last = spaced[spaced.length - 1];
    const m = /^(\d{3})([.,]\d+)?$/.exec(last);
    if (!grouped([...spaced.slice(0, -1), m ? m[1] : last]) || (!m && spaced.length > 1))
      return fail(`“${raw.trim()}”: spaces may only separate groups of three digits (e.g. 1 250 000)`);
    s = spaced.join('');
  }
  const commas = (s.match(/,/g) ?? []).length;
  const points = (s.match(/\./g) ?? []).length;
  let normal: string;
  if (!commas && !points) normal = s;
  else if (commas && points) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const dec = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
    const grp = dec === ',' ? '.' : ',';
    const [int, frac, ...more] = s.split(dec);
    if (more.length || !frac || !/^\d+$/.test(frac) || !grouped(int.split(grp)))
      return fail(`“${raw.trim()}” mixes separators: write it as 1234.56 or 1234,56`);
    normal = `${int.split(grp).join('')}.${frac}`;
  } else {
    const sep = commas ? ',' : '.';
    const parts = s.split(sep);
    if (parts.length > 2) {
      // 1.000.000 or 1,000,000: thousands only.
      if (!grouped(parts)) return fail(`“${raw.trim()}” is not a number: more than one decimal separator`);
      normal = parts.join('');
    } else {
      const [int, frac] = parts;
      if (!/^\d*$/.test(int) || !/^\d+$/.test(frac))
        return fail(`“${raw.trim()}” is not a number: digits must follow the ${sep === ',' ? 'comma' : 'point'}`);
      // 1,000 or 12.500: a thousands separator or a decimal one? Refuse rather than guess.
      if (frac.length === 3 && /^[1-9]\d{0,2}$/.test(int)) {
        const asDecimal = `${int}.${frac}`.replace(/0+$/, '').replace(/\.$/, '');
        return fail(`“${raw.trim()}” could be ${asDecimal} or ${int}${frac}: write ${asDecimal} or ${int}${frac}`);
      }
      normal = `${int || '0'}.${frac}`;
    }
  }
  return finish(Number(sign + normal), raw, integer);
}

function finish(value: number, raw: string, integer: boolean): Parsed {
  if (!Number.isFinite(value)) return fail(`“${raw.trim()}” is not a number this page can send`);
  if (integer && !Number.isInteger(value)) return fail(`Enter a whole number (not ${raw.trim()})`);
  if (Object.is(value, -0)) return { ok: true, value: 0 };
  return { ok: true, value };
}

let cachedLocale: string | undefined;
/** The reader's locale (the first of the browser's that Intl accepts; `en-US@posix` is read as `en-US`). */
export function locale(): string {
  if (cachedLocale) return cachedLocale;
  const wanted = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const l of wanted) {
    const tag = String(l ?? '')
      .replace(/[@.].*$/, '')
      .replace(/_/g, '-');
    try {
      if (tag && Intl.NumberFormat.supportedLocalesOf([tag]).length) return (cachedLocale = tag);
    } catch {
      /* not a language tag */
    }
  }
  return (cachedLocale = 'en');
}

/** A currency code (EUR, USD): a number with it is money. */
export const ISO_CURRENCY = /^[A-Z]{3}$/;

/** Numbers that are names, not quantities (a seed, a year, an id): shown as they are, never grouped. */
export const IDENTIFIER =
  /(^|_)(seed|year|id|code|bsn|number|zip|postcode|port|version|pin|nr)$|[a-z0-9](Seed|Year|Id|ID|Code|Bsn|BSN|Number|Zip|Postcode|Port|Version|Pin|Nr)$|^unix/;

/** The last word of a field name that makes its number an amount of money (shown with two decimals). */
const MONEY_WORD =
  /(^|[a-z_])(amount|pay|payment|paid|interest|principal|balance|salary|wage|income|gross|net|tax|price|cost|costs|fee|fees|premium|allowance|repayment|savings|debt|deduction|contribution|pension|bonus|rent|profit|revenue|capital|deposit|withdrawal|compensation|severance|euros?)$/i;

/** Whether a field's number is money: the tool declares a currency, or the name says so. */
export const isMoneyKey = (key: string) => MONEY_WORD.test(key) && !IDENTIFIER.test(key);

const numberFormats = new Map<string, Intl.NumberFormat>();
function fmt(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = JSON.stringify(options);
  let f = numberFormats.get(id);
  if (!f) numberFormats.set(id, (f = new Intl.NumberFormat(locale(), options)));
  return f;
}

/** Money: always two decimals, grouped from 1,000, with its currency when the tool declares one (ISO 4217). */
export function formatMoney(value: number, currency = ''): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (ISO_CURRENCY.test(currency)) {
    try {
      return fmt({ style: 'currency', currency, ...digits }).format(value);
    } catch {
      /* an unknown code: plain below, with the code after it */
      return `${fmt(digits).format(value)} ${currency}`;
    }
  }
  return fmt(digits).format(value);
}

/**
 * A number for the reader: grouped from 1,000 in the reader's locale, decimals trimmed (up to two from 1,000,
 * four below, four significant digits below 1); money (an ISO 4217 unit) with two decimals; other units after it.
 */
export function formatNumber(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  if (ISO_CURRENCY.test(unit)) return formatMoney(value, unit);
  const abs = Math.abs(value);
  const opts: Intl.NumberFormatOptions = { useGrouping: true };
  if (Number.isInteger(value)) opts.maximumFractionDigits = 0;
  else if (abs >= 1) opts.maximumFractionDigits = abs >= 1000 ? 2 : 4;
  else opts.maximumSignificantDigits = 4;
  let text: string;
  try {
    text = fmt(opts).format(value);
  } catch {
    text = String(value);
  }
  if (!unit) return text;
  return unit === '%' ? `${text}%` : unit === '€' ? `€${text}` : `${text} ${unit}`;
}

/** A number as a field of a result shows it: as it is (an identifier), as money, or with its unit. */
export function formatField(key: string, value: number, unit = ''): string {
  if (IDENTIFIER.test(key)) return String(value);
  if (ISO_CURRENCY.test(unit) || (!unit && isMoneyKey(key))) return formatMoney(value, unit);
  return formatNumber(value, unit);
}

/**
 * Amounts written in prose (a rule, a formula: "box 1 18767.32 − credits 6979.04 = 11788.28") in the one style:
 * a number with decimals, or a whole one of five digits or more, grouped; in a tool with a currency, one with
 * two decimals or from 1,000 up is money (two decimals, the currency). Years, small counts, percentages, codes with leading zeros and parts of dates, times, versions or
 * words stay as written.
 */
export function formatNumbersInText(text: string, currency = ''): string {
  return text.replace(/(?<![\w.,/:#+-])(\d+)(\.\d+)?(?![\w%.,:/-]*\d|[\w%])/g, (all, int: string, frac?: string) => {
    if ((!frac && int.length < 5) || /^0\d/.test(int)) return all;
    const value = Number(all);
    if (ISO_CURRENCY.test(currency) && (frac?.length === 3 || value >= 1000)) return formatMoney(value, currency);
    return fmt({ minimumFractionDigits: frac ? frac.length - 1 : 0, maximumFractionDigits: frac ? frac.length - 1 : 0 }).format(value);
  });
}

/** `2025-01-03T17:00:00Z`, `2024-03-31T03:30:00+02:00`, `2024-03-31T03:30` (a wall time): year to minute, seconds, zone. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** `2025-01-03`, or `20250103` where the field's name says it is a date. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFmt(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = JSON.stringify(options);
  let f = dateFormats.get(id);
  if (!f) dateFormats.set(id, (f = new Intl.DateTimeFormat(locale(), options)));
  return f;
}

/** A calendar day that exists (no 2025-02-30, no month 13). */
function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Whether a string is an ISO date-time a result should show as a date and time. */
export const isDateTime = (s: string) => ISO_DATE_TIME.test(s) && validDay(+s.slice(0, 4), +s.slice(5, 7), +s.slice(8, 10));

/** A valid IANA zone name (Intl knows it). */
function knownZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An ISO date-time for the reader, in the reader's locale: an instant (with Z or an offset) in `zone` when one is
 * chosen, else as written with its offset (`UTC`, `UTC+02:00`); a wall time without an offset as written.
 * Answers the text unchanged when it is not a date-time.
 */
export function formatDateTime(iso: string, zone?: string): string {
  const m = ISO_DATE_TIME.exec(iso);
  if (!m || !isDateTime(iso)) return iso;
  const [, y, mo, d, hh, mm, ss, offset] = m;
  const seconds = ss && ss !== '00';
  const style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' };
  if (offset && knownZone(zone)) {
    const instant = new Date(iso.replace(' ', 'T'));
    return dateFmt({ ...style, timeZone: zone }).format(instant) + ` ${zoneLabel(zone, instant)}`;
  }
  const wall = new Date(Date.UTC(+y, +mo - 1, +d, +hh, +mm, ss ? +ss : 0));
  const text = dateFmt({ ...style, timeZone: 'UTC' }).format(wall);
  if (!offset) return text;
  const o = offset === 'Z' || /^[+-]00:?00$/.test(offset) ? '' : offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  return `${text} UTC${o}`;
}

/** The zone's short name at an instant (CET, EDT, GMT+9), or its IANA name when Intl has none. */
function zoneLabel(zone: string, at: Date): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const part = dateFmt({ timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return part ?? zone;
}

/** A date (`2025-01-03`; `20250103` too when `compact`) for the reader; the text unchanged when it is not one. */
export function formatDate(text: string, compact = false): string {
  const m = ISO_DATE.exec(text) ?? (compact ? COMPACT_DATE.exec(text) : null);
  if (!m || !validDay(+m[1], +m[2], +m[3])) return text;
  return dateFmt({ dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
}

/** Whether a string is a date the result shows as one (`compact`: a field named as a date may be `yyyymmdd`). */
export function isDate(text: string, compact = false): boolean {
  const m = ISO_DATE.exec(text) ?? (compact ? COMPACT_DATE.exec(text) : null);
  return Boolean(m && validDay(+m[1], +m[2], +m[3]));
}

/** A field named as a date (`dateOfBirth`, `startDate`, `birth_date`): its `yyyymmdd` strings are dates. */
export const DATE_KEY = /(^|_)(date|datum)($|[A-Z_])|[a-z0-9](Date|Datum)($|[A-Z_])/;

/** How many of the smaller unit one of the larger holds: the units a result may give in another than the one chosen. */
const UNIT_FACTORS: Record<string, Record<string, number>> = {
  months: { years: 12 },
  weeks: { years: 52 },
  days: { weeks: 7 },
  minutes: { hours: 60 },
  seconds: { minutes: 60 },
};

/**
 * A quantity in the unit the user chose: 360 months as 30 years when the input chose years. `chosen` are the
 * unit words of the input; the value stays as it is when none converts exactly.
 */
export function inChosenUnit(value: number, unit: string, chosen: readonly string[]): [number, string] {
  const factors = UNIT_FACTORS[unit];
  if (!factors || chosen.includes(unit)) return [value, unit];
  for (const c of chosen) {
    const f = factors[c];
    if (f && Number.isInteger(value / f)) return [value / f, c];
  }
  return [value, unit];
}

/** An account's time (ISO, or epoch seconds) as `yyyy-mm-dd hh:mm UTC`: '—' when there is none. */
export function formatTimestamp(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const d = typeof iso === 'number' ? new Date(iso * 1000) : new Date(iso);
  return isNaN(d.getTime()) ? String(iso) : d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}
