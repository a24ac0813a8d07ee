import { describe, expect, it } from 'vitest';
import jwt from '../../../tools/dev/jwt-decoder.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
    await expectToolError(
      jwt,
      { token: `${b64(HS)}.${Buffer.from([0xff, 0xfe]).toString('base64url')}.x` },
      400,
      /payload does not decode to UTF-8/,
    );
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
