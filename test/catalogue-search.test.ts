/**
 * GET /api/v1/tools?q=: the tool search over REST, the same ranking as MCP find_tools,
 * in the shape the web catalogue reads; the catalogue without q is unchanged apart from new fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { findTools } from '../src/mcp/discovery.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({});
});
afterAll(async () => {
  await srv?.close();
});

const get = async (query: string) => {
  const res = await fetch(`${srv.url}/api/v1/tools${query}`);
  return { status: res.status, body: await res.json() };
};

describe('GET /api/v1/tools?q=', () => {
  it('ranks a whole sentence, best first, with the same order as find_tools', async () => {
    const q = 'how much notice must I give after 7 years at my job';
    const { status, body } = await get(`?q=${encodeURIComponent(q)}&limit=5`);
    expect(status).toBe(200);
    expect(body.data.query).toBe(q);
    expect(body.data.tools[0]).toMatchObject({
      slug: 'notice-period-calculator',
      name: 'notice_period_calculator',
      toolset: 'dutch-calc',
      path: '/api/v1/tools/notice-period-calculator',
    });
    expect(Object.keys(body.data.tools[0])).toEqual([
      'slug',
      'name',
      'title',
      'summary',
      'description',
      'toolset',
      'keywords',
      'cost',
      'path',
      'score',
    ]);
    expect(body.data.count).toBe(body.data.tools.length);
    const scores = body.data.tools.map((t: { score: number }) => t.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.data.tools.map((t: { name: string }) => t.name)).toEqual(
      findTools(srv.server.registry, { query: q, limit: 5 }).tools.map((t) => t.name),
    );
  });

  it('filters by toolset, defaults to 20 and refuses a bad limit or toolset naming the field', async () => {
    const { body } = await get('?q=calculator');
    expect(body.data.tools.length).toBe(20);
    const health = await get('?q=calories&toolset=health');
    expect(health.body.data.tools.every((t: { toolset: string }) => t.toolset === 'health')).toBe(true);
    expect((await get('?q=x&limit=0')).body).toMatchObject({ code: 400, error: expect.stringContaining('limit') });
    expect((await get('?q=x&limit=abc')).status).toBe(400);
    const bad = await get('?q=x&toolset=helth');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('did you mean "health"?');
  });

  it('without q lists every listed tool with its summary and keywords; no match is an empty list', async () => {
    const { body } = await get('');
    expect(body.data.count).toBe(srv.server.registry.listed().length);
    expect(body.data.tools[0].summary).toEqual(expect.any(String));
    expect(body.data.tools[0].keywords.nl.length).toBeGreaterThan(0);
    expect((await get('?q=qqqqzzzz')).body.data).toEqual({ count: 0, query: 'qqqqzzzz', tools: [] });
  });

  it('ranks by the tool before its toolset: a typo finds word-counter first, "loan" only the tools about loans', async () => {
    const typo = await get('?q=word%20cuonter');
    expect(typo.body.data.tools[0].slug).toBe('word-counter');
    // Loan-like: the tool's own title or keywords are about borrowing; a shelf named "Loans and savings" is not enough.
    const loan = (await get('?q=loan&limit=200')).body.data.tools as {
      slug: string;
      title: string;
      keywords: { en: string[]; nl: string[] };
    }[];
    expect(loan[0].slug).toBe('loan-calculator');
    for (const t of loan)
      expect(`${t.title} ${t.keywords.en.join(' ')} ${t.keywords.nl.join(' ')}`, t.slug).toMatch(/loan|lening|mortgage|hypothe|instal/i);
    expect(loan.map((t) => t.slug)).not.toContain('savings-calculator');
    // A word only toolsets have still finds their tools.
    const health = (await get('?q=health&limit=200')).body.data.tools as { toolset: string }[];
    expect(health.length).toBe(srv.server.registry.listed().filter((e) => e.tool.toolset === 'health').length);
  });

  it('answers the summary written for people when the tool declares one', async () => {
    const { body } = await get('?q=loan%20calculator&limit=1');
    expect(body.data.tools[0].summary).toBe(srv.server.registry.requireSlug('loan-calculator').tool.summary);
    expect(body.data.tools[0].summary).not.toMatch(/[`=]/);
  });

  it('is described in the OpenAPI document with q, limit and toolset', async () => {
    const doc = await (await fetch(`${srv.url}/openapi.json`)).json();
    const op = doc.paths['/api/v1/tools'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'limit', 'toolset']);
  });
});
