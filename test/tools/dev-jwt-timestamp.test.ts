import { describe, expect, it } from 'vitest';
import jwt from '../../tools/dev/jwt-decoder.js';
import ts from '../../tools/dev/timestamp-converter.js';
import { expectToolError, runTool } from '../helpers/run.js';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const token = (header: unknown, payload: unknown, sig = 'c2ln') => `${b64(header)}.${b64(payload)}.${sig}`;
const HS = { alg: 'HS256', typ: 'JWT' };

describe('jwt-decoder', () => {
  it('reports exp, iat and nbf as {unix, iso} and expired against now', async () => {
    const t = token(HS, { exp: 1700000000, iat: 1699990000, nbf: 1699990000.75 });
    const out = await runTool(jwt, { token: t, now: '2023-11-14T22:13:19Z' });
    expect(out.expiresAt).toEqual({ unix: 1700000000, iso: '2023-11-14T22:13:20.000Z' });
    expect(out.issuedAt).toEqual({ unix: 1699990000, iso: '2023-11-14T19:26:40.000Z' });
    expect(out.notBefore).toEqual({ unix: 1699990000, iso: '2023-11-14T19:26:40.750Z' });
    expect(out.expired).toBe(false);
    expect(out.checkedAt).toBe('2023-11-14T22:13:19.000Z');
    expect(out.verified).toBe(false);
    expect((await runTool(jwt, { token: t, now: '2023-11-14T22:13:20Z' })).expired).toBe(true);
  });

  it('uses the clock without now (the only clock use)', async () => {
    const before = Date.now();
    const out = await runTool(jwt, { token: token(HS, { exp: 1 }) });
    const checked = Date.parse(out.checkedAt);
    expect(checked).toBeGreaterThanOrEqual(before - 1);
    expect(out.expired).toBe(true);
  });

  it('non-numeric or absurd time claims are null; the payload keeps them', async () => {
    const out = await runTool(jwt, { token: token(HS, { exp: '1700000000', iat: 1e300, nbf: null }), now: '2024-01-01' });
    expect(out).toMatchObject({ expiresAt: null, issuedAt: null, notBefore: null, expired: null });
    expect(out.payload.exp).toBe('1700000000');
  });

  it('accepts a Bearer prefix, whitespace and base64 padding', async () => {
    const t = token(HS, { sub: 'x' });
    const out = await runTool(jwt, { token: `  Bearer ${t.replace('.', '==.')}\n`, now: '2024-01-01' });
    expect(out.payload).toEqual({ sub: 'x' });
  });

  it('keeps unicode and hostile keys as data', async () => {
    const out = await runTool(jwt, { token: token(HS, { naam: 'Zoë 👍', __proto__x: 1, constructor: 'c' }), now: '2024-01-01' });
    expect(out.payload).toEqual({ naam: 'Zoë 👍', __proto__x: 1, constructor: 'c' });
    const proto = await runTool(jwt, { token: `${b64(HS)}.${b64('{"__proto__":{"polluted":1}}')}.`, now: '2024-01-01' });
    expect(Object.keys(proto.payload)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says which part is malformed', async () => {
    const p = b64({ a: 1 });
    await expectToolError(jwt, { token: 'abc' }, 400, /three base64url parts.*found 1 part$/);
    await expectToolError(jwt, { token: 'a.b' }, 400, /found 2 parts/);
    await expectToolError(jwt, { token: 'a.b.c.d.e' }, 400, /encrypted JWT \(JWE\)/);
    await expectToolError(jwt, { token: `.${p}.x` }, 400, /header \(first part\) is empty/);
    await expectToolError(jwt, { token: `${b64(HS)}..x` }, 400, /payload \(second part\) is empty/);
    await expectToolError(jwt, { token: `${b64(HS)}.${p}.ab+c` }, 400, /the signature is not base64url: character "\+" at position 3/);
    await expectToolError(jwt, { token: `e!J.${p}.x` }, 400, /the header is not base64url: character "!"/);
    await expectToolError(jwt, { token: `${b64('not json')}.${p}.x` }, 400, /the header is not JSON/);
    await expectToolError(jwt, { token: `${b64(HS)}.${b64('[1,2]')}.x` }, 400, /the payload must be a JSON object, got an array/);
    await expectToolError(jwt, { token: `${b64(HS)}.${b64('null')}.x` }, 400, /payload must be a JSON object, got null/);
    await expectToolError(jwt, { token: `${b64(HS)}.${Buffer.from([0xff, 0xfe]).toString('base64url')}.x` }, 400, /payload does not decode to UTF-8/);
    await expectToolError(jwt, { token: `${b64(HS)}.abcde.x` }, 400, /payload is not valid base64url \(its length 5/);
  });

  it('refuses JSON nested deeper than 100 levels (it could not be serialised back), allows 100', async () => {
    const nested = (n: number) => `{"a":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    const ok = await runTool(jwt, { token: `${b64(HS)}.${b64(nested(100))}.`, now: '2024-01-01' });
    expect(Object.keys(ok.payload)).toEqual(['a']);
    await expectToolError(jwt, { token: `${b64(HS)}.${b64(nested(101))}.` }, 400, /payload nests JSON deeper than 100 levels/);
    await expectToolError(jwt, { token: `${b64(HS)}.${b64(nested(30000))}.` }, 400, /deeper than 100/);
    // brackets inside strings do not count
    const strings = await runTool(jwt, { token: `${b64(HS)}.${b64({ s: '[[[[{{{{\\"'.repeat(100) })}.`, now: '2024-01-01' });
    expect(strings.payload.s).toHaveLength(1000);
  });

  it('validates now and the token length', async () => {
    const t = token(HS, {});
    await expectToolError(jwt, { token: t, now: 'yesterday' }, 400, /^now is not an ISO 8601 date/);
    await expectToolError(jwt, { token: t, now: '2024-02-30' }, 400, /now has day 30, but 2024-02 has 29 days/);
    await expectToolError(jwt, { token: '' }, 400, /token.*at least 1/);
    await expectToolError(jwt, { token: 'a'.repeat(100_001) }, 400, /token.*at most 100000/);
  });
});

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
    expect(await runTool(ts, { value: ' 1700000000 ' })).toMatchObject({ interpretedAs: 'seconds', iso: '2023-11-14T22:13:20.000Z', input: ' 1700000000 ' });
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
