import { describe, expect, it } from 'vitest';
import pxRem, { roundTo } from '../../tools/dev/px-rem-converter.js';
import utm from '../../tools/dev/utm-builder.js';
import http from '../../tools/dev/http-status-codes.js';
import { expectToolError, runTool } from '../helpers/run.js';

describe('px-rem-converter', () => {
  it('converts both ways with the documented rounding', async () => {
    expect(await runTool(pxRem, { value: 13 })).toMatchObject({ rem: 0.8125, remText: '0.8125rem' });
    expect(await runTool(pxRem, { value: 1 })).toMatchObject({ rem: 0.0625 });
    expect(await runTool(pxRem, { value: 1, rootFontSize: 3 })).toMatchObject({ rem: 0.3333 });
    expect(await runTool(pxRem, { value: 2, rootFontSize: 3 })).toMatchObject({ rem: 0.6667 });
    expect(await runTool(pxRem, { value: -8 })).toMatchObject({ px: -8, rem: -0.5, pxText: '-8px', remText: '-0.5rem' });
    expect(await runTool(pxRem, { value: 0.3333, direction: 'rem2px', rootFontSize: 3 })).toMatchObject({ px: 1, pxText: '1px' });
    expect(await runTool(pxRem, { value: 1.005, direction: 'REM-TO-PX', rootFontSize: 1 })).toMatchObject({ px: 1.01 });
    expect(await runTool(pxRem, { value: 0 })).toEqual({ input: 0, direction: 'px-to-rem', rootFontSize: 16, px: 0, rem: 0, pxText: '0px', remText: '0rem' });
  });

  it('rounds half away from zero on the decimal value', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.00005, 4)).toBe(0.0001);
    expect(roundTo(1e-7, 4)).toBe(0);
    expect(roundTo(-1e-7, 4)).toBe(0);
    expect(Object.is(roundTo(-0.00001, 2), 0)).toBe(true);
    expect(roundTo(0.1 * 3, 2)).toBe(0.3);
  });

  it('validates value, direction and rootFontSize', async () => {
    await expectToolError(pxRem, { value: 1, rootFontSize: 0 }, 400, /rootFontSize.*> 0/);
    await expectToolError(pxRem, { value: 1, rootFontSize: -16 }, 400, /rootFontSize.*> 0/);
    await runTool(pxRem, { value: 1, rootFontSize: 1000 });
    await expectToolError(pxRem, { value: 1, rootFontSize: 1000.5 }, 400, /rootFontSize.*≤ 1000/);
    await runTool(pxRem, { value: 1_000_000 });
    await expectToolError(pxRem, { value: 1_000_001 }, 400, /value.*≤ 1000000/);
    await expectToolError(pxRem, { value: -1_000_001 }, 400, /value.*≥ -1000000/);
    await expectToolError(pxRem, { value: '16px' }, 400, /value.*must be a number/);
    await expectToolError(pxRem, { value: 1, direction: 'em-to-px' }, 400, /direction.*must be one of "px-to-rem", "rem-to-px"/);
  });
});

describe('utm-builder', () => {
  const all = { source: 'newsletter', medium: 'email', campaign: 'spring' };

  it('keeps the original encoding of existing parameters and repeated keys', async () => {
    const out = await runTool(utm, { url: 'https://example.com/a%20b?q=x+y&q=%C3%A9&flag&utm_id=7', ...all });
    expect(out.url).toBe('https://example.com/a%20b?q=x+y&q=%C3%A9&flag&utm_id=7&utm_source=newsletter&utm_medium=email&utm_campaign=spring');
    expect(out.warnings).toEqual([]);
  });

  it('keeps utm tags already in the URL that are not given, and reports them in params', async () => {
    const out = await runTool(utm, { url: 'https://example.com/?utm_campaign=Summer%20Sale', source: 'x', medium: 'y' });
    expect(out.url).toBe('https://example.com/?utm_campaign=Summer%20Sale&utm_source=x&utm_medium=y');
    expect(out.params.utm_campaign).toBe('Summer Sale');
    expect(out.warnings).toEqual([
      'utm_campaign "Summer Sale" has upper-case letters; analytics tools treat UTM values as case-sensitive, so prefer lower case ("summer sale")',
    ]);
  });

  it('encodes hostile values and trims; empty values count as missing', async () => {
    const out = await runTool(utm, { url: 'http://example.com', source: ' a&b=c#d ', medium: '   ', campaign: '€ 100%', term: '<script>' });
    expect(out.url).toBe('http://example.com/?utm_source=a%26b%3Dc%23d&utm_campaign=%E2%82%AC%20100%25&utm_term=%3Cscript%3E');
    expect(out.params).toEqual({ utm_source: 'a&b=c#d', utm_medium: null, utm_campaign: '€ 100%', utm_term: '<script>', utm_content: null });
    expect(out.warnings).toEqual(['utm_medium is missing (source, medium and campaign are the required tags)']);
  });

  it('warns for every missing required tag when none is given', async () => {
    const out = await runTool(utm, { url: 'https://example.com/x' });
    expect(out.url).toBe('https://example.com/x');
    expect(out.warnings).toHaveLength(3);
  });

  it('adds https:// to a bare host (also host:port), refuses other schemes and invalid URLs', async () => {
    expect((await runTool(utm, { url: 'localhost:3000/p', ...all })).baseUrl).toBe('https://localhost:3000/p');
    await expectToolError(utm, { url: 'javascript:alert(1)', ...all }, 400, /http or https URL, not "javascript:"/);
    await expectToolError(utm, { url: 'mailto:a@b.c', ...all }, 400, /not "mailto:"/);
    await expectToolError(utm, { url: 'ftp://example.com', ...all }, 400, /not "ftp:"/);
    await expectToolError(utm, { url: 'http://exa mple.com', ...all }, 400, /url is not a valid URL/);
    await expectToolError(utm, { url: 'https://', ...all }, 400, /url is not a valid URL/);
    await expectToolError(utm, { url: '', ...all }, 400, /url.*at least 1/);
    await expectToolError(utm, { url: 'https://x.nl', source: 'a'.repeat(201) }, 400, /source.*at most 200/);
    await expectToolError(utm, { url: 'https://x.nl', utm_source: 'a' }, 400, /unknown field `utm_source`/);
  });
});

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
