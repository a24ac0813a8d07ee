import { describe, expect, it } from 'vitest';
import ts from '../../../tools/dev/timestamp-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('timestamp-converter', () => {
  it('auto: 1e11 - 1 is seconds, 1e11 is milliseconds', async () => {
    expect((await runTool(ts, { value: 99_999_999_999 })).interpretedAs).toBe('seconds');
    const ms = await runTool(ts, { value: 100_000_000_000 });
    expect(ms).toMatchObject({ interpretedAs: 'milliseconds', iso: '1973-03-03T09:46:40.000Z', unixSeconds: 100_000_000 });
    expect((await runTool(ts, { value: -100_000_000_000 })).interpretedAs).toBe('milliseconds');
  });

  it('explicit units and their aliases', async () => {
    expect((await runTool(ts, { value: 1700000000000, unit: 'seconds' }).catch((e) => e)).status).toBe(400); // year > 9999
    expect(await runTool(ts, { value: 1, unit: 's' })).toMatchObject({ interpretedAs: 'seconds', unixMilliseconds: 1000 });
    expect(await runTool(ts, { value: 1, unit: 'MS' })).toMatchObject({ interpretedAs: 'milliseconds', unixMilliseconds: 1 });
    await expectToolError(ts, { value: 1, unit: 'minutes' }, 400, /unit.*must be one of "auto", "seconds", "milliseconds"/);
  });

  it('epoch and fractional seconds without binary noise', async () => {
    expect(await runTool(ts, { value: 0 })).toEqual({
      input: 0,
      interpretedAs: 'seconds',
      unixSeconds: 0,
      unixMilliseconds: 0,
      iso: '1970-01-01T00:00:00.000Z',
      utc: 'Thu, 01 Jan 1970 00:00:00 GMT',
      date: '1970-01-01',
      time: '00:00:00',
      weekday: 'Thursday',
    });
    expect((await runTool(ts, { value: '-0' })).unixSeconds).toBe(0); // toBe: not -0
    expect((await runTool(ts, { value: 1.001 })).unixMilliseconds).toBe(1001);
    expect((await runTool(ts, { value: 1.0019 })).unixMilliseconds).toBe(1001);
  });

  it('numeric strings are numbers; ISO strings in many forms, read in UTC', async () => {
    expect(await runTool(ts, { value: ' 1700000000 ' })).toMatchObject({
      interpretedAs: 'seconds',
      iso: '2023-11-14T22:13:20.000Z',
      input: ' 1700000000 ',
    });
    const cases: [string, string][] = [
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
      ['2024-02-29T12:30', '2024-02-29T12:30:00.000Z'],
      ['2024-02-29 12:30:15.5', '2024-02-29T12:30:15.500Z'],
      ['2024-02-29T12:30:15.123456Z', '2024-02-29T12:30:15.123Z'],
      ['2024-02-29T12:30:00-0530', '2024-02-29T18:00:00.000Z'],
      ['2024-03-01T00:30:00+01', '2024-02-29T23:30:00.000Z'],
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
      ['0099-12-31', '0099-12-31T00:00:00.000Z'],
    ];
    for (const [value, iso] of cases) {
      const out = await runTool(ts, { value });
      expect(out.iso, value).toBe(iso);
      expect(out.interpretedAs).toBe('iso8601');
    }
  });

  it('range edges: years 0001 to 9999', async () => {
    const min = await runTool(ts, { value: -62135596800 });
    expect(min).toMatchObject({ iso: '0001-01-01T00:00:00.000Z', utc: 'Mon, 01 Jan 0001 00:00:00 GMT', weekday: 'Monday' });
    const max = await runTool(ts, { value: 253402300799999 });
    expect(max).toMatchObject({ iso: '9999-12-31T23:59:59.999Z', unixSeconds: 253402300799, weekday: 'Friday' });
    await expectToolError(ts, { value: -62135596801 }, 400, /out of range.*read as seconds/);
    await expectToolError(ts, { value: 253402300800000 }, 400, /out of range.*read as milliseconds/);
    await expectToolError(ts, { value: 1e308 }, 400, /out of range/);
  });

  it('refuses what is not a date, with the reason', async () => {
    await expectToolError(ts, { value: '2023-13-01' }, 400, /month 13/);
    await expectToolError(ts, { value: '2023-02-29' }, 400, /day 29, but 2023-02 has 28 days/);
    await expectToolError(ts, { value: '2024-01-01T24:00' }, 400, /hour 24/);
    await expectToolError(ts, { value: '2024-01-01T23:59:60Z' }, 400, /leap seconds/);
    await expectToolError(ts, { value: '2024-01-01T10:00+25:00' }, 400, /offset \+25:00/);
    await expectToolError(ts, { value: 'next tuesday' }, 400, /is not an ISO 8601 date.*nor a number/);
    await expectToolError(ts, { value: '' }, 400, /value/);
    await expectToolError(ts, { value: true }, 400, /value/);
    await expectToolError(ts, {}, 400, /`value`/);
  });

  it('does not depend on the process time zone', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect((await runTool(ts, { value: '2024-06-01T00:00:00' })).unixSeconds).toBe(1717200000);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });
});
