/**
 * Time zone arithmetic on Node's built-in ICU time zone data (Intl.DateTimeFormat with `timeZone`;
 * Node 20.20 ships tzdata 2025c, see process.versions.tz). No dependence on the process time zone:
 * every conversion names its zone, and instants are plain epoch milliseconds.
 *
 * Local → instant follows Temporal's `disambiguation` option (TC39 Temporal, ToTemporalDisambiguation /
 * GetPossibleEpochNanoseconds): a wall-clock time in a spring-forward gap does not exist, one in an
 * autumn fold exists twice. `compatible` (the default, = java.time and @date-fns/tz TZDate) takes the
 * earlier instant of a fold and, for a gap, reads the time with the offset in force before the gap,
 * which moves it forward by the gap length (2024-03-31 02:30 Amsterdam → 03:30 CEST).
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(zone: string, epochMs: number): Wall {
  const parts = partsFormatter(zone).formatToParts(epochMs);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const bc = parts.find((p) => p.type === 'era')?.value === 'BC';
  return {
    year: bc ? 1 - get('year') : get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The wall clock read as if it were UTC, in epoch ms (setUTCFullYear keeps years 0–99 literal). */
export function wallToMs(w: Wall): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** UTC offset (seconds) of a zone at an instant (ICU offsets are whole seconds). */
export function offsetSeconds(zone: string, epochMs: number): number {
  const t = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wallToMs(wallClock(zone, t)) - t) / 1000);
}

export type Disambiguation = 'compatible' | 'earlier' | 'later' | 'reject';

export interface Resolved {
  epochMs: number;
  flag: 'nonexistent' | 'ambiguous' | null;
  /** For an ambiguous time: the instant not chosen. */
  other: number | null;
  /** For a nonexistent time: the gap length in seconds. */
  gapSeconds: number | null;
}

/**
 * The instant(s) a local wall-clock time (given as epoch ms of the same fields in UTC) denotes in a zone.
 * Candidates are the offsets in force a day before and a day after (no zone changes its offset twice
 * within two days); an offset o is valid when the zone really shows offset o at local − o.
 */
export function resolveLocal(zone: string, localMs: number, disambiguation: Disambiguation): Resolved | null {
  const before = offsetSeconds(zone, localMs - DAY_MS);
  const after = offsetSeconds(zone, localMs + DAY_MS);
  const valid = [...new Set([before, after])]
    .map((o) => localMs - o * 1000)
    .filter((t) => offsetSeconds(zone, t) * 1000 === localMs - t)
    .sort((a, b) => a - b);
  if (valid.length === 1) return { epochMs: valid[0], flag: null, other: null, gapSeconds: null };
  if (disambiguation === 'reject') return null;
  if (valid.length >= 2) {
    const [early, late] = [valid[0], valid[valid.length - 1]];
    const pick = disambiguation === 'later' ? late : early;
    return { epochMs: pick, flag: 'ambiguous', other: pick === early ? late : early, gapSeconds: null };
  }
  // Gap: `before` is the offset before the transition, `after` the one after (after > before).
  const gapSeconds = after - before;
  const epochMs = disambiguation === 'earlier' ? localMs - after * 1000 : localMs - before * 1000;
  return { epochMs, flag: 'nonexistent', other: null, gapSeconds };
}

/** "+05:30", "-03:00", "+00:19:32" (seconds only when not zero, e.g. local mean time before 1937). */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const a = Math.abs(seconds);
  const p = (n: number) => String(n).padStart(2, '0');
  const base = `${sign}${p(Math.floor(a / 3600))}:${p(Math.floor((a % 3600) / 60))}`;
  return a % 60 ? `${base}:${p(a % 60)}` : base;
}

export function formatWall(w: Wall): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${String(w.year).padStart(4, '0')}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}:${p(w.second)}`;
}

/** English locales tried in turn for a zone abbreviation; ICU gives "GMT+2" where a locale has none. */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ'];
const abbrFormatters = new Map<string, Intl.DateTimeFormat>();

/** A customary abbreviation (EDT, CEST, LHDT, IST), or null when ICU's English locales have none. */
export function abbreviation(zone: string, epochMs: number): string | null {
  for (const locale of ABBREVIATION_LOCALES) {
    const key = `${locale}|${zone}`;
    let f = abbrFormatters.get(key);
    if (!f) abbrFormatters.set(key, (f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })));
    const name = f.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value;
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
  }
  return null;
}

/** Daylight saving time: the offset exceeds the smaller of the year's mid-January and mid-July offsets. */
export function isDst(zone: string, epochMs: number): boolean {
  const y = new Date(epochMs).getUTCFullYear();
  const jan = offsetSeconds(zone, Date.UTC(y, 0, 15));
  const jul = offsetSeconds(zone, Date.UTC(y, 6, 15));
  return offsetSeconds(zone, epochMs) > Math.min(jan, jul);
}

const ianaNames = new Map<string, string>();
/** The IANA name with its usual capitalisation ("europe/amsterdam" → "Europe/Amsterdam"), or null if unknown to ICU. */
export function canonicalZone(name: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return null;
  }
  if (ianaNames.size === 0)
    for (const z of [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']) ianaNames.set(z.toLowerCase(), z);
  const known = ianaNames.get(name.toLowerCase());
  if (known) return known;
  // Names ICU accepts but does not list (links such as Asia/Kolkata, Europe/Kyiv): fix the case per segment.
  return name
    .split('/')
    .map((seg) => (/^[a-z]/.test(seg) ? seg.replace(/(^|[_-])([a-z])/g, (_m, s: string, c: string) => s + c.toUpperCase()) : seg))
    .join('/');
}
