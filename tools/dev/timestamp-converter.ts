import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { parseIsoUtc } from '../_lib/utc-date.js';

/** `auto` reads a number with |n| ≥ 1e11 as milliseconds (1e11 s is the year 5138; 1e11 ms is 1973-03-03). */
export const AUTO_MS_THRESHOLD = 1e11;
/** Supported range: 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z (four-digit years in every output form). */
export const MIN_MS = -62_135_596_800_000;
export const MAX_MS = 253_402_300_799_999;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

export default defineTool({
  slug: 'timestamp-converter',
  title: 'Unix timestamp converter',
  summary: 'Turn a Unix timestamp into a readable date, or a date into a timestamp.',
  keywords: {
    en: [
      'epoch',
      'Unix time',
      'seconds since 1970',
      'milliseconds',
      'ISO 8601',
      'date from timestamp',
      'timestamp',
      'Unix timestamp',
      'epoch to date',
    ],
    nl: ['epoch', 'unix tijd', 'tijdstempel', 'datum omzetten', 'unix timestamp', 'epoch naar datum'],
  },
  description:
    'Converts a Unix timestamp (seconds or milliseconds since 1970-01-01T00:00:00Z) or an ISO 8601 date to every common form: Unix seconds and milliseconds, ISO 8601, the RFC 7231 HTTP date (`utc`, e.g. "Tue, 14 Nov 2023 22:13:20 GMT"), the date (YYYY-MM-DD), time (HH:MM:SS) and English weekday. Everything is in UTC; the local time zone of the server is never used. ' +
    '`value`: a number, a numeric string, or an ISO 8601 date string ("2024-02-29", "2024-02-29T12:00:00+01:00"; no offset means UTC). ' +
    '`unit` (numbers only): "auto" (default: |value| ≥ 100000000000 is read as milliseconds, smaller as seconds), "seconds" or "milliseconds" ("s", "ms" accepted). ' +
    'Fractions below a millisecond are dropped (floored); `unixSeconds` is floored too, so -1 ms is -1 s. Supported range: years 0001 to 9999 (UTC); outside it gives a 400.',
  resultView: {
    kind: 'figure',
    field: 'iso',
    label: 'ISO 8601 time',
    detail: ['utc'],
    choose: { by: 'interpretedAs', fields: { iso8601: 'unixSeconds' } },
  },
  input: z.strictObject({
    value: z
      .union([z.number(), z.string().min(1).max(LIMITS.short)])
      .describe('Unix timestamp (number or numeric string) or ISO 8601 date string'),
    unit: aliasedEnum(['auto', 'seconds', 'milliseconds'] as const, {
      aliases: {
        s: 'seconds',
        sec: 'seconds',
        secs: 'seconds',
        second: 'seconds',
        ms: 'milliseconds',
        millis: 'milliseconds',
        millisecond: 'milliseconds',
      },
    })
      .default('auto')
      .describe('How to read a numeric value: auto (default; |n| ≥ 1e11 → milliseconds), seconds or milliseconds'),
  }),
  output: z.object({
    input: z.union([z.number(), z.string()]).describe('The value as given'),
    interpretedAs: z.enum(['seconds', 'milliseconds', 'iso8601']),
    unixSeconds: z.int(),
    unixMilliseconds: z.int(),
    iso: z.string().describe('ISO 8601 in UTC with milliseconds, e.g. 2023-11-14T22:13:20.000Z'),
    utc: z.string().describe('RFC 7231 IMF-fixdate, e.g. Tue, 14 Nov 2023 22:13:20 GMT'),
    date: z.string().describe('YYYY-MM-DD (UTC)'),
    time: z.string().describe('HH:MM:SS (UTC, 24-hour)'),
    weekday: z.string().describe('English weekday name (UTC)'),
  }),
  examples: [
    {
      name: 'Seconds, detected automatically',
      input: { value: 1700000000 },
      output: {
        input: 1700000000,
        interpretedAs: 'seconds',
        unixSeconds: 1700000000,
        unixMilliseconds: 1700000000000,
        iso: '2023-11-14T22:13:20.000Z',
        utc: 'Tue, 14 Nov 2023 22:13:20 GMT',
        date: '2023-11-14',
        time: '22:13:20',
        weekday: 'Tuesday',
      },
    },
    {
      name: 'ISO date with an offset',
      input: { value: '2024-02-29T12:00:00+01:00' },
      output: {
        input: '2024-02-29T12:00:00+01:00',
        interpretedAs: 'iso8601',
        unixSeconds: 1709204400,
        unixMilliseconds: 1709204400000,
        iso: '2024-02-29T11:00:00.000Z',
        utc: 'Thu, 29 Feb 2024 11:00:00 GMT',
        date: '2024-02-29',
        time: '11:00:00',
        weekday: 'Thursday',
      },
    },
    {
      name: 'Milliseconds before 1970, unit given',
      input: { value: -1500, unit: 'ms' },
      output: {
        input: -1500,
        interpretedAs: 'milliseconds',
        unixSeconds: -2,
        unixMilliseconds: -1500,
        iso: '1969-12-31T23:59:58.500Z',
        utc: 'Wed, 31 Dec 1969 23:59:58 GMT',
        date: '1969-12-31',
        time: '23:59:58',
        weekday: 'Wednesday',
      },
    },
  ],
  run({ value, unit }) {
    let ms: number;
    let interpretedAs: 'seconds' | 'milliseconds' | 'iso8601';
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text !== undefined && !NUMERIC.test(text)) {
      const parsed = parseIsoUtc(text);
      if (!parsed.ok) throw new ToolError(`value ${JSON.stringify(text.slice(0, 60))} ${parsed.reason}, nor a number`);
      ms = parsed.ms;
      interpretedAs = 'iso8601';
    } else {
      const n = Number(text ?? value);
      if (!Number.isFinite(n)) throw new ToolError('value must be a finite number');
      interpretedAs = unit === 'auto' ? (Math.abs(n) >= AUTO_MS_THRESHOLD ? 'milliseconds' : 'seconds') : unit;
      // toPrecision(15) undoes binary noise such as 1.001 * 1000 = 1000.9999999999999 before flooring.
      ms = Math.floor(interpretedAs === 'seconds' ? Number((n * 1000).toPrecision(15)) : n) + 0; // + 0 turns -0 into 0
    }
    if (!(ms >= MIN_MS && ms <= MAX_MS)) {
      throw new ToolError(
        `value is out of range: supported are 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, i.e. ${MIN_MS / 1000} to ${Math.floor(MAX_MS / 1000)} seconds (${interpretedAs === 'iso8601' ? 'an ISO date' : `read as ${interpretedAs}`})`,
      );
    }
    const d = new Date(ms);
    const iso = d.toISOString();
    return {
      input: value,
      interpretedAs,
      unixSeconds: Math.floor(ms / 1000),
      unixMilliseconds: ms,
      iso,
      utc: d.toUTCString(),
      date: iso.slice(0, 10),
      time: iso.slice(11, 19),
      weekday: WEEKDAYS[d.getUTCDay()],
    };
  },
});
