import { describe, expect, it } from 'vitest';
import http from '../../../tools/dev/http-status-codes.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('http-status-codes', () => {
  it('searches words in names first, then descriptions', async () => {
    const out = await runTool(http, { query: 'too large' });
    expect(out.matches.map((m: { code: number }) => m.code)).toEqual([413, 431]);
    const redirect = await runTool(http, { query: 'REDIRECT' });
    expect(redirect.matches.map((m: { code: number }) => m.code)).toEqual([307, 308, 301, 302, 303]); // names first
    expect((await runTool(http, { query: '404 Not Found' })).matches.map((m: { code: number }) => m.code)).toEqual([404]);
    const rfc = await runTool(http, { query: 'RFC 6585' });
    expect(rfc.matches.map((m: { code: number }) => m.code)).toEqual([428, 429, 431, 511]);
  });

  it('finds classes in any case and trims the query', async () => {
    const out = await runTool(http, { query: ' 5XX ' });
    expect(out.query).toBe('5XX');
    expect(out.count).toBe(11);
    expect(out.matches[0]).toMatchObject({ code: 500, class: '5xx', className: 'Server Error' });
  });

  it('gives RFC 9110 names and their references', async () => {
    const out = await runTool(http, { query: '422' });
    expect(out.matches[0]).toMatchObject({ name: 'Unprocessable Content', rfc: 'RFC 9110, Section 15.5.21' });
    expect((await runTool(http, { query: '429' })).matches[0]).toMatchObject({ name: 'Too Many Requests', rfc: 'RFC 6585, Section 4' });
  });

  it('not found is not an error; malformed codes are', async () => {
    expect(await runTool(http, { query: 'xyzzy' })).toEqual({ query: 'xyzzy', found: false, count: 0, matches: [] });
    expect((await runTool(http, { query: '600' })).found).toBe(false);
    await expectToolError(http, { query: '40' }, 400, /neither a three-digit code/);
    await expectToolError(http, { query: '6xx' }, 400, /class 1xx to 5xx/);
    await expectToolError(http, { query: '4044' }, 400, /three-digit/);
    await expectToolError(http, { query: '   ' }, 400, /query.*at least 1/);
    await expectToolError(http, { query: 'a'.repeat(101) }, 400, /at most 100/);
  });
});
