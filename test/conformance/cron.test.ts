/**
 * Cron conformance: cRonstrue's English descriptions (vectors/cron/cronstrue_en_descriptions.json)
 * and robfig/cron's activation, next-run and parse-error cases (robfig_cron_spec_cases.json),
 * all through the cron-parser tool.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import cronParser from '../../tools/datetime/cron-parser.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

const dir = resolve(vectorsDir, 'cron');
const run = (input: Record<string, unknown>) => runTool(cronParser, input);

describe('conformance: cRonstrue descriptions', () => {
  const { cases } = JSON.parse(readFileSync(resolve(dir, 'cronstrue_en_descriptions.json'), 'utf8')) as {
    cases: { expression: string; options: Record<string, unknown>; expected: string }[];
  };
  /** Options the tool does not expose: those cases test cronstrue settings we do not offer. */
  const SUPPORTED_OPTIONS = new Set(['use24HourTimeFormat']);
  /** Expressions cronstrue describes but the tool (croner syntax) refuses, with the reason. */
  const NOT_SUPPORTED: Record<string, string> = {
    '* * * * * 2013': 'a year as 6th field (cronstrue guesses it); the 6-field form has seconds first',
    '* * * * * 2013,2014': 'year as 6th field',
    '23 12 * JAN-FEB * 2013-2014': 'year as 6th field',
    '23 12 * JAN-MAR * 2013-2015': 'year as 6th field',
    '* * WL * *': 'Quartz WL (last weekday) not supported by croner',
    '* * W1 * *': 'Quartz W before the day number not supported',
    '* * W5 * *': 'Quartz W before the day number not supported',
    '0 20 1-10,20-L * *': 'L inside a range not supported',
    '0 15 10 * * L': 'L alone in day-of-week not supported',
    '0 0 0 L-5 * ?': 'L-offset not supported',
    '@reboot': 'not a schedule',
  };
  /** Descriptions where the installed cronstrue words differently from the vector's (older) commit. */
  const WORDING: Record<string, string> = {
    '1 1,3-4 * * *': 'cronstrue now says "At 1 minute past the hour" (vector: "1 minutes")',
  };

  it('describes every applicable case exactly as cronstrue', async () => {
    expect(cases).toHaveLength(148);
    const applicable = cases.filter((c) => Object.keys(c.options).every((k) => SUPPORTED_OPTIONS.has(k)));
    const failures: string[] = [];
    const refused: string[] = [];
    for (const c of applicable) {
      const r = await run({ expression: c.expression, from: '2020-01-01T00:00:00Z', count: 1, ...c.options });
      if (!r.valid) refused.push(c.expression);
      else if (r.description !== c.expected) failures.push(c.expression);
    }
    console.log(
      `cronstrue: ${applicable.length - failures.length - refused.length}/${applicable.length} applicable cases described identically; ` +
        `${failures.length} worded differently by the newer cronstrue; ${refused.length} refused by the croner syntax; ` +
        `${cases.length - applicable.length} use cronstrue options the tool does not offer`,
    );
    expect(failures).toEqual(Object.keys(WORDING));
    expect(refused.sort()).toEqual(Object.keys(NOT_SUPPORTED).sort());
  });
});

/** robfig times: "Mon Jul 9 14:45 2012" (process zone = UTC in their tests) or ISO with a -0500 style offset. */
function robfigTime(text: string): { iso: string; zone?: string } {
  const zoned = /^TZ=(\S+) (.*)$/.exec(text);
  if (zoned) return { iso: robfigTime(zoned[2]).iso, zone: zoned[1] };
  const m = /^\w{3} (\w{3}) (\d{1,2}) (\d{2}):(\d{2})(?::(\d{2}))? (\d{4})$/.exec(text);
  if (m) {
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[1]);
    return {
      iso: new Date(Date.UTC(Number(m[6]), month, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5] ?? 0)))
        .toISOString()
        .replace('.000Z', 'Z'),
    };
  }
  return { iso: new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).toISOString().replace('.000Z', 'Z') };
}

describe('conformance: robfig/cron', () => {
  const spec = JSON.parse(readFileSync(resolve(dir, 'robfig_cron_spec_cases.json'), 'utf8')) as {
    activation: { time: string; spec: string; expected_match: boolean }[];
    next: { from: string; spec_with_seconds: string; expected_next: string }[];
    errors: string[];
  };

  it('activation: a 5-field spec matches a time iff the next run after one second earlier is that time', async () => {
    const failures: string[] = [];
    for (const c of spec.activation) {
      const at = robfigTime(c.time).iso;
      const before = new Date(Date.parse(at) - 1000).toISOString();
      const r = await run({ expression: c.spec, from: before, count: 1 });
      const matches = r.valid && r.next_runs[0] === at;
      if (matches !== c.expected_match) failures.push(`${c.spec} @ ${c.time}`);
    }
    console.log(`robfig activation: ${spec.activation.length - failures.length}/${spec.activation.length}`);
    expect(spec.activation).toHaveLength(29);
    expect(failures).toEqual([]);
  });

  /**
   * Differences in daylight-saving handling, by design (croner follows Vixie cron):
   * - a fixed-time job in the spring-forward gap runs right after the gap (robfig skips that day);
   * - a fixed-time job at a repeated autumn hour runs once, at the first occurrence (robfig runs it at both).
   */
  const DST_DIFFERENCES = new Set([
    'TZ=America/New_York 0 30 2 11 Mar ? from 2012-03-11T00:00:00-0500', // croner: 2012-03-11T03:00-0400
    'TZ=America/New_York 0 0 2 * * ? from 2012-03-11T00:00:00-0500', // croner: 2012-03-11T03:00-0400
    'TZ=America/New_York 0 0 1 * * ? from 2012-11-04T01:00:00-0400', // croner: next day (ran once at 01:00 EDT)
    'TZ=America/New_York 0 30 1 04 Nov ? from 2012-11-04T01:45:00-0400', // croner: 2013 (ran once at 01:30 EDT)
    '0 0 1 * * ? from TZ=America/New_York 2012-11-04T01:00:00-0400', // same, zone from the start time
  ]);

  it('next run after a time (6-field with seconds, TZ prefixes, DST)', async () => {
    const failures: string[] = [];
    for (const c of spec.next) {
      const from = robfigTime(c.from);
      const r = await run({ expression: c.spec_with_seconds, from: from.iso, count: 1, ...(from.zone ? { timezone: from.zone } : {}) });
      const expected = c.expected_next === '' ? undefined : robfigTime(c.expected_next).iso;
      if (!r.valid || r.next_runs[0] !== expected) failures.push(`${c.spec_with_seconds} from ${c.from}`);
    }
    console.log(`robfig next: ${spec.next.length - failures.length}/${spec.next.length}; DST differences by design: ${failures.length}`);
    expect(spec.next).toHaveLength(58);
    expect(failures.sort()).toEqual([...DST_DIFFERENCES].sort());
  });

  it('rejects the parse-error cases', async () => {
    const accepted: string[] = [];
    for (const e of spec.errors) if ((await run({ expression: e, from: '2020-01-01T00:00:00Z' })).valid) accepted.push(e);
    console.log(`robfig errors: ${spec.errors.length - accepted.length}/${spec.errors.length} rejected`);
    expect(accepted).toEqual([]);
  });
});
