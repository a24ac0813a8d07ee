import { describe, expect, it } from 'vitest';
import cron from '../../../tools/datetime/cron-parser.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const run = (input: Record<string, unknown>) => runTool(cron, input);

describe('cron-parser', () => {
  it('lists runs strictly after `from`, in UTC', async () => {
    const r = await run({ expression: '0 12 * * *', from: '2025-06-01T12:00:00Z', count: 2 });
    expect(r.next_runs).toEqual(['2025-06-02T12:00:00Z', '2025-06-03T12:00:00Z']);
  });
  it('reads `from` with an offset as an instant and without one in the time zone', async () => {
    const withOffset = await run({ expression: '0 * * * *', from: '2025-06-01T12:30:00+0200', count: 1 });
    expect(withOffset.next_runs).toEqual(['2025-06-01T11:00:00Z']);
    const local = await run({ expression: '0 * * * *', from: '2025-06-01T12:30:00', timezone: 'Europe/Amsterdam', count: 1 });
    expect(local.next_runs).toEqual(['2025-06-01T11:00:00Z']);
    const utc = await run({ expression: '0 * * * *', from: '2025-06-01T12:30', count: 1 });
    expect(utc.next_runs).toEqual(['2025-06-01T13:00:00Z']);
  });
  it('supports seconds, 7 fields, nicknames, ?, L, W and #', async () => {
    const from = '2025-01-01T00:00:00Z';
    expect((await run({ expression: '*/10 * * * * *', from, count: 2 })).next_runs).toEqual([
      '2025-01-01T00:00:10Z',
      '2025-01-01T00:00:20Z',
    ]);
    expect((await run({ expression: '0 0 12 1 1 ? 2027', from, count: 1 })).next_runs).toEqual(['2027-01-01T12:00:00Z']);
    expect((await run({ expression: '@monthly', from, count: 1 })).next_runs).toEqual(['2025-02-01T00:00:00Z']);
    expect((await run({ expression: '0 0 L * *', from, count: 2 })).next_runs).toEqual(['2025-01-31T00:00:00Z', '2025-02-28T00:00:00Z']);
    expect((await run({ expression: '0 9 * * 5#2', from, count: 1 })).next_runs).toEqual(['2025-01-10T09:00:00Z']);
    expect((await run({ expression: '0 9 15W * *', from: '2025-03-01T00:00:00Z', count: 1 })).next_runs).toEqual(['2025-03-14T09:00:00Z']);
  });
  it('treats ? as * so the result does not depend on the clock', async () => {
    const a = await run({ expression: '0 0 ? * MON', from: '2025-01-01T00:00:00Z', count: 2 });
    expect(a.next_runs).toEqual(['2025-01-06T00:00:00Z', '2025-01-13T00:00:00Z']);
  });
  it('combines day-of-month and day-of-week with OR', async () => {
    const r = await run({ expression: '0 0 13 * FRI', from: '2025-06-01T00:00:00Z', count: 3 });
    expect(r.next_runs).toEqual(['2025-06-06T00:00:00Z', '2025-06-13T00:00:00Z', '2025-06-20T00:00:00Z']);
  });
  it('handles a DST gap in Europe/Amsterdam (02:30 does not exist on 30 March 2025)', async () => {
    const r = await run({ expression: '30 2 * * *', from: '2025-03-29T12:00:00Z', timezone: 'Europe/Amsterdam', count: 2 });
    expect(r.next_runs).toEqual(['2025-03-30T01:00:00Z', '2025-03-31T00:30:00Z']); // right after the gap (03:00 CEST), then 02:30 CEST
  });
  it('accepts a TZ= prefix and refuses a conflicting timezone', async () => {
    const r = await run({ expression: 'TZ=Europe/Amsterdam 0 9 * * *', from: '2025-01-01T00:00:00Z', count: 1 });
    expect(r).toMatchObject({ timezone: 'Europe/Amsterdam', next_runs: ['2025-01-01T08:00:00Z'] });
    await expectToolError(cron, { expression: 'TZ=Europe/Amsterdam 0 9 * * *', timezone: 'UTC' }, 400, /conflicts/);
    await expectToolError(cron, { expression: '0 9 * * *', timezone: 'Mars/Olympus' }, 400, /IANA/);
  });
  it('returns valid:false with a reason for bad expressions', async () => {
    for (const e of ['', '* * *', '61 * * * *', '* * 32 * *', 'a b c d e', '* * * * * * * *', '@reboot', '*/0 * * * *', '\u0000 * * * *'])
      expect(await run({ expression: e, from: '2025-01-01T00:00:00Z' }), JSON.stringify(e)).toMatchObject({
        valid: false,
        next_runs: [],
        description: '',
      });
    expect((await run({ expression: '', from: '2025-01-01T00:00:00Z' })).reason).toBe('the expression is empty');
  });
  it('gives no runs for a date that never comes', async () => {
    expect(await run({ expression: '0 0 30 2 *', from: '2025-01-01T00:00:00Z' })).toMatchObject({ valid: true, next_runs: [] });
  });
  it('defaults to five runs from now', async () => {
    const r = await run({ expression: '* * * * *' });
    expect(r.next_runs).toHaveLength(5);
    expect(Date.parse(r.next_runs[0])).toBeGreaterThan(Date.now() - 60_000);
  });
  it('validates count, from and the expression length', async () => {
    await expectToolError(cron, { expression: '* * * * *', count: 0 }, 400, /count/);
    await expectToolError(cron, { expression: '* * * * *', count: 101 }, 400, /count.*≤ 100/);
    expect((await run({ expression: '* * * * * *', count: 100, from: '2025-01-01T00:00:00Z' })).next_runs).toHaveLength(100);
    await expectToolError(cron, { expression: '* * * * *', from: 'yesterday' }, 400, /from.*ISO 8601/);
    await expectToolError(cron, { expression: '* * * * *', from: '2025-13-45T99:99:00Z' }, 400, /from.*not a real date-time/);
    await expectToolError(cron, { expression: '* * * * *', from: '2025-02-30T10:00' }, 400, /from.*not a real date-time/);
    await expectToolError(cron, { expression: '* * * * *', from: '2025-02-28T24:00:00' }, 400, /from.*not a real date-time/);
    await expectToolError(cron, { expression: '* * * * *', from: '1969-12-31T23:59:59Z' }, 400, /from 1970 on/);
    await expectToolError(cron, { expression: '*'.repeat(201) }, 400, /expression.*at most 200/);
  });
});
