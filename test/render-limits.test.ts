/**
 * Render metering and limits with real Chromium: allowance then credits,
 * exact charging under concurrency, anonymous daily allowance, refunds of
 * failed renders, the per-render deadline, and the bounded queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestServer } from './helpers/server.js';
import { PLANS } from '../src/accounts/plans.js';
import { renderServer } from './render-helpers.js';

let srv: TestServer;
let now = new Date('2026-05-04T10:00:00Z');

beforeAll(async () => {
  srv = await renderServer({ now: () => now, renderDeadlineMs: 4_000, renderPrice: 25 }, 'free');
});
afterAll(async () => srv?.close());

const page = '<!doctype html><p>metered</p>';
const render = (body: unknown, headers: Record<string, string> = {}, key: string = srv.key) =>
  post(srv.url, '/api/v1/render/html-to-pdf', body, key, headers);

async function setAccount(renderAllowanceUsed: number, creditsLeft: number) {
  await srv.server.store.updateAccount(srv.accountId, (a) => {
    a.renderAllowanceUsed = renderAllowanceUsed;
    a.allowanceUsed = PLANS[a.plan].credits - creditsLeft;
    a.packCredits = 0;
  });
}

describe('with a key', () => {
  it('uses the render allowance first (remaining = renders left), then 25 credits', async () => {
    await setAccount(48, 1000);
    const a = await render({ html: page });
    expect(a.json.data.metering).toEqual({ source: 'allowance', remaining: 1 });
    const b = await render({ html: page });
    expect(b.json.data.metering).toEqual({ source: 'allowance', remaining: 0 });
    const c = await render({ html: page });
    expect(c.json.data.metering).toEqual({ source: 'credits', remaining: 975 });
    expect(c.headers.get('x-ratelimit-remaining')).toBe('975');
  });

  it('20 parallel renders with credits for 4 → exactly 4 succeed and 100 credits are charged', async () => {
    await setAccount(50, 100);
    const results = await Promise.all(Array.from({ length: 20 }, () => render({ html: page })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok.length).toBe(4);
    expect(refused.length).toBe(16);
    expect(refused[0].json.error).toMatch(/Render allowance reached/);
    expect(refused[0].headers.get('retry-after')).toBe(String(refused[0].json.retry_after));
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(0);
  });

  it('a failed render (502) is refunded exactly once; the server stays healthy after an infinite loop', async () => {
    await setAccount(50, 50);
    const started = Date.now();
    const res = await render({ html: '<p>spin</p><script>while (true) {}</script>' });
    expect(res.status, res.text).toBe(502);
    expect(res.json.error).toMatch(/deadline/);
    expect(Date.now() - started).toBeLessThan(4_000 + 6_000);
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(50);
    const after = await render({ html: page });
    expect(after.status, after.text).toBe(200);
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(25);
  });

  it('a 502 from the allowance gives the render back to the allowance', async () => {
    await setAccount(10, 1000);
    const res = await render({ html: '<script>while (true) {}</script>' });
    expect(res.status).toBe(502);
    expect((await srv.server.store.getAccount(srv.accountId))!.renderAllowanceUsed).toBe(10);
  });
});

describe('anonymous', () => {
  it('10 parallel renders from one client → exactly 3 succeed; the next UTC day allows 3 more', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => render({ html: page }, {}, '')));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(3);
    expect(ok.map((r) => r.json.data.metering.remaining).sort()).toEqual([0, 1, 2]);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBe(7);
    expect(refused[0].json.error).toMatch(/Anonymous render allowance reached/);
    expect(refused[0].json.retry_after).toBe(14 * 3600); // 10:00 → midnight UTC
    // An untrusted X-Forwarded-For does not make a new client.
    expect((await render({ html: page }, { 'X-Forwarded-For': '203.0.113.9' }, '')).status).toBe(429);
    const day = now;
    now = new Date('2026-05-05T00:00:01Z');
    try {
      expect((await render({ html: page }, {}, '')).status).toBe(200);
    } finally {
      now = day;
    }
  });
});

describe('queue', () => {
  it('beyond concurrency + queue, renders are refused at once with 503 and Retry-After', async () => {
    const { RenderPool } = await import('../src/render/pool.js');
    const pool = new RenderPool({ proxy: { resolver: async () => [], policy: () => false }, concurrency: 1, queue: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    try {
      const first = pool.run(async () => gate);
      const second = pool.run(async () => 'second');
      const third = await pool
        .run(async () => 'third')
        .then(
          () => null,
          (e) => e,
        );
      expect(third).toMatchObject({ status: 503, extra: { retryAfter: 5 } });
      release();
      await first;
      expect(await second).toBe('second');
    } finally {
      await pool.close();
    }
  });
});
