import { describe, expect, it } from 'vitest';
import utm from '../../../tools/dev/utm-builder.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('utm-builder', () => {
  const all = { source: 'newsletter', medium: 'email', campaign: 'spring' };

  it('keeps the original encoding of existing parameters and repeated keys', async () => {
    const out = await runTool(utm, { url: 'https://example.com/a%20b?q=x+y&q=%C3%A9&flag&utm_id=7', ...all });
    expect(out.url).toBe(
      'https://example.com/a%20b?q=x+y&q=%C3%A9&flag&utm_id=7&utm_source=newsletter&utm_medium=email&utm_campaign=spring',
    );
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
    expect(out.params).toEqual({
      utm_source: 'a&b=c#d',
      utm_medium: null,
      utm_campaign: '€ 100%',
      utm_term: '<script>',
      utm_content: null,
    });
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
