import { z } from 'zod';
import type { Cron } from 'croner';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

const MAX_COUNT = 100;

/** croner (schedules) and cronstrue (descriptions), loaded on first use. */
const loadCronLibraries = lazy(async () => {
  const [{ Cron }, { default: cronstrue }] = await Promise.all([import('croner'), import('cronstrue')]);
  return { Cron, cronstrue };
});

/** ISO 8601 date-time, seconds and fraction optional, offset optional (Z, ±hh:mm or ±hhmm). */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/** True when the wall-clock part names a real date and time (no 30 February, no 25:00). */
function isRealDateTime(wallClock: string): boolean {
  const [y, mo, d, h, mi, sec = 0] = wallClock.split(/[-T:]/).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, Math.floor(sec)));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    sec < 60
  );
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Split an optional robfig-style `TZ=Zone ` / `CRON_TZ=Zone ` prefix off the expression. */
function splitZonePrefix(expression: string): { pattern: string; zone?: string } {
  const m = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/s.exec(expression.trim());
  return m ? { pattern: m[2].trim(), zone: m[1] } : { pattern: expression.trim() };
}

/**
 * '?' (any day, in the day-of-month or day-of-week field) means the same as '*'.
 * croner would replace it by the current date instead, which depends on the clock.
 */
const questionMarksToStars = (pattern: string) =>
  pattern
    .split(/\s+/)
    .map((field) => (field === '?' ? '*' : field))
    .join(' ');

const utcIso = (d: Date) => d.toISOString().replace(/\.000Z$/, 'Z');

export default defineTool({
  slug: 'cron-parser',
  title: 'Cron expression parser',
  summary: 'A cron expression explained in plain English, with its next run times.',
  keywords: {
    en: ['crontab', 'schedule', 'cron syntax', 'next run', 'scheduled job', 'explain cron', 'cron', 'cron expression', 'runs'],
    nl: ['crontab', 'planning', 'cron uitleg', 'volgende keer', 'cron', 'cronjob', 'draait'],
  },
  description:
    'Explains a cron expression in English and lists its next run times (UTC ISO 8601) strictly after from, in the given timezone. Accepts 5-field cron, 6/7 fields with seconds (and year), names, ranges, lists, steps, ?, L, W, # and @daily-style macros; day-of-month and day-of-week combine with OR. An invalid expression gives valid: false with a reason.',
  docs: [
    '- Fields: minute hour day-of-month month day-of-week; 6 fields add a leading seconds field, 7 fields also a trailing year.',
    '- Syntax: names (JAN–DEC, SUN–SAT), ranges, lists, steps (*/15, also 5/15 = from 5 every 15), ? (same as *), L, W and # (5#2 = second Friday), @yearly, @monthly, @weekly, @daily, @hourly. Not the Quartz forms LW, W1, L-3 or L in day-of-week.',
    '- Day-of-month and day-of-week combine with OR when both are restricted (Vixie cron).',
    '- `from` is an ISO 8601 date-time from 1970 on; with Z or an offset it is that instant, without one it is read in `timezone`; default: now.',
    '- `timezone`: IANA name, default UTC; a robfig-style "TZ=Europe/Amsterdam " prefix on the expression works too.',
    '- Daylight saving time: a fixed-time job (single second, minute and hour) in the spring-forward gap runs right after the gap, and once when the time repeats in autumn; other jobs skip the gap and run at both repeated times.',
    '- The description comes from cronstrue.',
  ].join('\n'),
  resultView: { kind: 'text', field: 'description', or: { kind: 'text', field: 'reason' } },
  input: z.strictObject({
    expression: z.string().max(200).describe('Cron expression, e.g. "*/15 9-17 * * MON-FRI"'),
    count: z.int().min(1).max(MAX_COUNT).default(5).describe('How many next run times'),
    from: z.string().max(40).optional().describe('Start instant, ISO 8601 (default: now)'),
    timezone: z.string().max(64).optional().describe('Time zone of the schedule, an IANA name (default UTC)'),
    use24HourTimeFormat: z.boolean().default(false).describe('Describe times as 14:00 instead of 02:00 PM'),
  }),
  output: z.object({
    valid: z.boolean(),
    description: z.string().describe('English description ("" when invalid)'),
    next_runs: z
      .array(z.string())
      .describe('Next run times, UTC ISO 8601; fewer than count (or none) when the schedule ends or never comes, e.g. 30 February'),
    timezone: z.string(),
    reason: z.string().nullable().describe('Why the expression is invalid; null when valid'),
  }),
  examples: [
    {
      name: 'Every 15 minutes during office hours on weekdays',
      input: { expression: '*/15 9-17 * * MON-FRI', count: 3, from: '2025-01-03T16:50:00Z' },
      output: {
        valid: true,
        description: 'Every 15 minutes, between 09:00 AM and 05:59 PM, Monday through Friday',
        next_runs: ['2025-01-03T17:00:00Z', '2025-01-03T17:15:00Z', '2025-01-03T17:30:00Z'],
        timezone: 'UTC',
        reason: null,
      },
    },
    {
      name: '09:00 in Amsterdam, across the spring DST change',
      input: { expression: '0 9 * * *', count: 3, from: '2025-03-29T00:00:00Z', timezone: 'Europe/Amsterdam', use24HourTimeFormat: true },
      output: {
        valid: true,
        description: 'At 09:00',
        next_runs: ['2025-03-29T08:00:00Z', '2025-03-30T07:00:00Z', '2025-03-31T07:00:00Z'],
        timezone: 'Europe/Amsterdam',
        reason: null,
      },
    },
    {
      name: 'Invalid minute',
      input: { expression: '60 * * * *', from: '2025-01-01T00:00:00Z' },
      output: { valid: false, description: '', next_runs: [], timezone: 'UTC', reason: 'Invalid value for minute: 60' },
    },
  ],
  async run({ expression, count, from, timezone, use24HourTimeFormat }) {
    const { pattern, zone } = splitZonePrefix(expression);
    if (zone && timezone && zone !== timezone)
      throw new ToolError(`\`timezone\` (${timezone}) conflicts with the TZ=${zone} prefix of \`expression\``, 400, { field: 'timezone' });
    const tz = zone ?? timezone ?? 'UTC';
    if (!isTimeZone(tz))
      throw new ToolError(`\`timezone\` must be an IANA time zone name such as Europe/Amsterdam (got ${tz})`, 400, { field: 'timezone' });

    let start: Date | string = new Date();
    if (from !== undefined) {
      const m = ISO_DATE_TIME.exec(from);
      if (!m) throw new ToolError('`from` must be an ISO 8601 date-time such as 2025-01-01T09:00:00Z', 400, { field: 'from' });
      if (!isRealDateTime(m[1]) || Number(m[1].slice(0, 4)) < 1970)
        throw new ToolError(`\`from\` is not a real date-time from 1970 on: ${from}`, 400, { field: 'from' });
      // With an offset it is an instant; without one croner reads it as a wall-clock time in `tz`.
      start = m[2] ? new Date(m[1] + m[2].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2').toUpperCase()) : m[1];
    }

    const invalid = (reason: string) => ({ valid: false, description: '', next_runs: [], timezone: tz, reason });
    if (pattern === '') return invalid('the expression is empty');
    const { Cron, cronstrue } = await loadCronLibraries();
    let job: Cron;
    try {
      job = new Cron(questionMarksToStars(pattern), { paused: true, timezone: tz, mode: 'auto', sloppyRanges: true });
    } catch (e) {
      return invalid(String((e as Error).message).replace(/^CronPattern: /, ''));
    }
    let description: string;
    try {
      description = cronstrue.toString(pattern, { use24HourTimeFormat, throwExceptionOnParseError: true });
    } catch (e) {
      return invalid(String(e instanceof Error ? e.message : e));
    }
    const runs = job.nextRuns(count, start);
    return { valid: true, description, next_runs: runs.map(utcIso), timezone: tz, reason: null };
  },
});
