import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  abbreviation,
  canonicalZone,
  formatOffset,
  formatWall,
  isDst,
  offsetSeconds,
  resolveLocal,
  wallClock,
  wallToMs,
} from './_zones.js';

/** 25 target zones: 4 ms warm, 19 ms cold (Intl formatters are created on first use and cached; measured). */
const MAX_ZONES = 25;
const YEARS = { min: 1900, max: 2100 } as const;

/**
 * Abbreviations that name one zone clearly enough to map, with a warning (omni-tools maps EST →
 * America/New_York the same way). The mapped zone observes its own DST, so "EST" in July gives EDT.
 */
const MAPPED: Record<string, string> = {
  EST: 'America/New_York',
  EDT: 'America/New_York',
  CDT: 'America/Chicago',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  AKST: 'America/Anchorage',
  AKDT: 'America/Anchorage',
  HST: 'Pacific/Honolulu',
  ADT: 'America/Halifax',
  NST: 'America/St_Johns',
  NDT: 'America/St_Johns',
  WET: 'Europe/Lisbon',
  WEST: 'Europe/Lisbon',
  CET: 'Europe/Amsterdam',
  CEST: 'Europe/Amsterdam',
  MET: 'Europe/Amsterdam',
  EET: 'Europe/Athens',
  EEST: 'Europe/Athens',
  MSK: 'Europe/Moscow',
  SAST: 'Africa/Johannesburg',
  PKT: 'Asia/Karachi',
  ICT: 'Asia/Bangkok',
  WIB: 'Asia/Jakarta',
  HKT: 'Asia/Hong_Kong',
  SGT: 'Asia/Singapore',
  JST: 'Asia/Tokyo',
  KST: 'Asia/Seoul',
  AWST: 'Australia/Perth',
  ACST: 'Australia/Adelaide',
  ACDT: 'Australia/Adelaide',
  AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney',
  NZST: 'Pacific/Auckland',
  NZDT: 'Pacific/Auckland',
  BRT: 'America/Sao_Paulo',
  ART: 'America/Argentina/Buenos_Aires',
};
/** Abbreviations used for several unrelated zones: refused, naming the candidates. */
const AMBIGUOUS: Record<string, string> = {
  CST: 'America/Chicago (US Central), Asia/Shanghai (China) or America/Havana (Cuba)',
  IST: 'Asia/Kolkata (India), Europe/Dublin (Ireland) or Asia/Jerusalem (Israel)',
  BST: 'Europe/London (British Summer Time) or Asia/Dhaka (Bangladesh)',
  AST: 'America/Halifax (Atlantic) or Asia/Riyadh (Arabia)',
  GST: 'Asia/Dubai (Gulf) or Atlantic/South_Georgia',
  SST: 'Pacific/Pago_Pago (Samoa) or Asia/Singapore',
  ECT: 'America/Guayaquil (Ecuador) or Europe/Paris (French usage)',
};

function zoneOf(name: string, field: string, warnings: string[]): string {
  const trimmed = name.trim();
  const upper = trimmed.toUpperCase();
  if (upper === 'UTC' || upper === 'GMT' || upper === 'Z') return 'UTC';
  if (/^[A-Z]{2,5}$/i.test(trimmed)) {
    if (AMBIGUOUS[upper])
      throw new ToolError(`\`${field}\`: "${trimmed}" is an ambiguous abbreviation (${AMBIGUOUS[upper]}); use an IANA name`, 400, {
        field,
      });
    if (MAPPED[upper]) {
      warnings.push(
        `${field}: abbreviation ${upper} read as ${MAPPED[upper]}, which follows its own daylight saving time; prefer IANA names`,
      );
      return MAPPED[upper];
    }
    throw new ToolError(`\`${field}\`: "${trimmed}" looks like an abbreviation; use an IANA name such as Europe/Amsterdam`, 400, { field });
  }
  const zone = canonicalZone(trimmed);
  if (!zone)
    throw new ToolError(`\`${field}\`: "${trimmed}" is not an IANA time zone name (e.g. Europe/Amsterdam, America/New_York, UTC)`, 400, {
      field,
    });
  return zone;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

const zoneView = z.object({
  zone: z.string(),
  localDateTime: z.string().describe('yyyy-mm-ddThh:mm:ss'),
  offset: z.string().describe('UTC offset, e.g. +05:30'),
  offsetMinutes: z.number(),
  abbreviation: z.string().nullable().describe('e.g. CEST; null where ICU has none'),
  isDst: z.boolean(),
});

function view(zone: string, epochMs: number) {
  const off = offsetSeconds(zone, epochMs);
  return {
    zone,
    localDateTime: formatWall(wallClock(zone, epochMs)),
    offset: formatOffset(off),
    offsetMinutes: off / 60,
    abbreviation: abbreviation(zone, epochMs),
    isDst: isDst(zone, epochMs),
  };
}

const isoUtc = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export default defineTool({
  slug: 'timezone-converter',
  title: 'Time zone converter',
  summary: 'What time it is in other time zones for a given date and time.',
  featured: true,
  keywords: {
    en: [
      'time zone',
      'time difference',
      'world clock',
      'UTC',
      'CET',
      'local time',
      'meeting time',
      'time zones',
      'what time is it in',
      'convert time',
    ],
    nl: ['tijdzone', 'tijdsverschil', 'wereldtijd', 'zomertijd', 'tijdzones', 'tijd omrekenen', 'hoe laat'],
  },
  description:
    'Converts a local date-time (no offset) in fromZone to one or more IANA toZones: local time, UTC offset, abbreviation, DST flag and day shift, plus the UTC instant. Clear abbreviations (EST, CET) map to a zone with a warning, ambiguous ones (CST, IST) are refused. DST gaps move forward, folds take the earlier offset (flagged).',
  docs: [
    "- dateTime: yyyy-mm-ddThh:mm[:ss], years 1900–2100; zone data from Node's built-in ICU.",
    '- `disambiguation` (as Temporal/java.time): compatible moves a time in the spring-forward gap forward by the gap (2024-03-31 02:30 Amsterdam → 03:30 CEST) and takes the earlier offset in the autumn fold; both are flagged in `source.flag`; `later`/`earlier` pick the other reading, `reject` refuses.',
  ].join('\n'),
  resultView: { kind: 'table', field: 'conversions', label: 'Conversions' },
  input: z.strictObject({
    dateTime: z.string().max(25).describe('Local date and time, in fromZone, e.g. 2024-03-31T02:30'),
    fromZone: z.string().max(64).describe('Time zone of the date and time, an IANA name'),
    toZones: z.array(z.string().max(64)).min(1).max(MAX_ZONES).describe('Time zones to convert to, IANA names'),
    disambiguation: z
      .enum(['compatible', 'earlier', 'later', 'reject'])
      .default('compatible')
      .describe('DST gap/fold policy (Temporal names)'),
  }),
  output: z.object({
    source: zoneView.extend({
      input: z.string(),
      flag: z.enum(['nonexistent', 'ambiguous']).nullable().describe('DST edge: the input time does not exist or exists twice'),
      note: z.string().nullable(),
      otherUtc: z.string().nullable().describe('Ambiguous: the other instant the input could mean'),
    }),
    utc: z.string().describe('The instant, ISO 8601 UTC'),
    conversions: z.array(zoneView.extend({ dayShift: z.int().describe('Calendar days relative to the source local date') })),
    warnings: z.array(z.string()),
  }),
  examples: [
    // Catalogue §5 (Temporal "compatible"): 2024-03-31 02:30 in Amsterdam does not exist (clocks 02:00 → 03:00 CEST);
    // it becomes 03:30 CEST = 01:30 UTC. timeanddate.com lists the 31 March 2024 change at 02:00 local.
    {
      name: 'Spring-forward gap in Amsterdam',
      input: { dateTime: '2024-03-31T02:30', fromZone: 'Europe/Amsterdam', toZones: ['America/New_York', 'Asia/Tokyo'] },
      output: {
        source: {
          zone: 'Europe/Amsterdam',
          localDateTime: '2024-03-31T03:30:00',
          offset: '+02:00',
          offsetMinutes: 120,
          abbreviation: 'CEST',
          isDst: true,
          input: '2024-03-31T02:30',
          flag: 'nonexistent',
          note: '2024-03-31T02:30 does not exist in Europe/Amsterdam (clocks skip 60 minutes); read as 2024-03-31T03:30:00 (compatible)',
          otherUtc: null,
        },
        utc: '2024-03-31T01:30:00Z',
        conversions: [
          {
            zone: 'America/New_York',
            localDateTime: '2024-03-30T21:30:00',
            offset: '-04:00',
            offsetMinutes: -240,
            abbreviation: 'EDT',
            isDst: true,
            dayShift: -1,
          },
          {
            zone: 'Asia/Tokyo',
            localDateTime: '2024-03-31T10:30:00',
            offset: '+09:00',
            offsetMinutes: 540,
            abbreviation: null,
            isDst: false,
            dayShift: 0,
          },
        ],
        warnings: [],
      },
    },
    // Catalogue §5: 2024-11-03 01:30 in New York happens twice (EDT, then EST); "compatible" takes EDT = 05:30 UTC.
    {
      name: 'Autumn fold in New York takes the earlier offset',
      input: { dateTime: '2024-11-03T01:30', fromZone: 'America/New_York', toZones: ['UTC', 'Europe/Amsterdam'] },
      output: {
        source: {
          zone: 'America/New_York',
          localDateTime: '2024-11-03T01:30:00',
          offset: '-04:00',
          offsetMinutes: -240,
          abbreviation: 'EDT',
          isDst: true,
          input: '2024-11-03T01:30',
          flag: 'ambiguous',
          note: '2024-11-03T01:30 occurs twice in America/New_York; took the earlier (offset -04:00; compatible); the other is 2024-11-03T06:30:00Z',
          otherUtc: '2024-11-03T06:30:00Z',
        },
        utc: '2024-11-03T05:30:00Z',
        conversions: [
          {
            zone: 'UTC',
            localDateTime: '2024-11-03T05:30:00',
            offset: '+00:00',
            offsetMinutes: 0,
            abbreviation: 'UTC',
            isDst: false,
            dayShift: 0,
          },
          {
            zone: 'Europe/Amsterdam',
            localDateTime: '2024-11-03T06:30:00',
            offset: '+01:00',
            offsetMinutes: 60,
            abbreviation: 'CET',
            isDst: false,
            dayShift: 0,
          },
        ],
        warnings: [],
      },
    },
  ],
  run({ dateTime, fromZone, toZones, disambiguation }) {
    const warnings: string[] = [];
    const m = LOCAL.exec(dateTime.trim());
    if (!m)
      throw new ToolError('`dateTime` must be a local date-time yyyy-mm-ddThh:mm[:ss] without offset (put the zone in `fromZone`)', 400, {
        field: 'dateTime',
      });
    const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? '0'));
    const wall = { year: y, month: mo, day: d, hour: h, minute: mi, second: s };
    const localMs = wallToMs(wall);
    const back = new Date(localMs);
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
      throw new ToolError(`\`dateTime\` is not a real date and time: ${dateTime}`, 400, { field: 'dateTime' });
    if (y < YEARS.min || y > YEARS.max)
      throw new ToolError(`\`dateTime\` must lie in the years ${YEARS.min}–${YEARS.max}`, 400, { field: 'dateTime' });
    const from = zoneOf(fromZone, 'fromZone', warnings);
    const targets = toZones.map((z, i) => zoneOf(z, `toZones[${i}]`, warnings));

    const r = resolveLocal(from, localMs, disambiguation);
    if (!r)
      throw new ToolError(
        `\`dateTime\` ${dateTime} does not exist or is ambiguous in ${from} (DST change) and disambiguation is reject`,
        400,
        { field: 'dateTime' },
      );
    const src = view(from, r.epochMs);
    let note: string | null = null;
    if (r.flag === 'nonexistent')
      note = `${dateTime.trim()} does not exist in ${from} (clocks skip ${r.gapSeconds! / 60} minutes); read as ${src.localDateTime} (${disambiguation})`;
    if (r.flag === 'ambiguous')
      note = `${dateTime.trim()} occurs twice in ${from}; took the ${r.epochMs < r.other! ? 'earlier' : 'later'} (offset ${src.offset}; ${disambiguation}); the other is ${isoUtc(r.other!)}`;
    const srcDay = Math.floor(wallToMs(wallClock(from, r.epochMs)) / 86_400_000);
    return {
      source: { ...src, input: dateTime, flag: r.flag, note, otherUtc: r.other === null ? null : isoUtc(r.other) },
      utc: isoUtc(r.epochMs),
      conversions: targets.map((zone) => {
        const v = view(zone, r.epochMs);
        return { ...v, dayShift: Math.floor(wallToMs(wallClock(zone, r.epochMs)) / 86_400_000) - srcDay };
      }),
      warnings,
    };
  },
});
