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

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** Numbers that are names, not quantities (a seed, a year, an id): shown as they are, never grouped. */
export const IDENTIFIER =
  /(^|_)(seed|year|id|code|bsn|number|zip|postcode|port|version|pin|nr)$|[a-z0-9](Seed|Year|Id|ID|Code|Bsn|BSN|Number|Zip|Postcode|Port|Version|Pin|Nr)$|^unix/;

/** A number for the reader: grouped (from 10,000), decimals trimmed; money with its currency. */
export function formatNumber(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (ISO_CURRENCY.test(unit)) {
    try {
      return new Intl.NumberFormat(locale(), {
        style: 'currency',
        currency: unit,
        minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(value);
    } catch {
      /* an unknown code: plain below */
    }
  }
  const opts: Intl.NumberFormatOptions & { useGrouping?: unknown } = { useGrouping: 'min2' };
  if (Number.isInteger(value)) opts.maximumFractionDigits = 0;
  else if (abs >= 1) opts.maximumFractionDigits = abs >= 1000 ? 2 : 4;
  else opts.maximumSignificantDigits = 4;
  let text: string;
  try {
    text = new Intl.NumberFormat(locale(), opts).format(value);
  } catch {
    text = String(value);
  }
  if (!unit) return text;
  return unit === '%' ? `${text}%` : unit === '€' ? `€${text}` : `${text} ${unit}`;
}
