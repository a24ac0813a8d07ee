/**
 * Client ID metadata documents cost werkbank little whoever asks: a self-signed HTTPS document host on 127.0.0.1
 * counts the fetches and watches its connections while documents are asked for directly, through a listening
 * werkbank (GET /oauth/authorize, POST /oauth/token), through the OAuth routes served by @hono/node-server (a
 * caller that hangs up), and from two server processes' stores on one PostgreSQL (one budget per address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { rmSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { ClientDocuments, type ClientDocumentOptions, type DocumentCaller } from '../../src/http/oauth/client-documents.js';
import { OAuth, oauthRoutes } from '../../src/http/oauth/index.js';
import { OAuthHttpError } from '../../src/http/oauth/protocol.js';
import { AddressLimit } from '../../src/http/protect.js';
import { memoryCounters } from '../../src/store/embedded/counters.js';
import { PostgresStore } from '../../src/store/postgres/store.js';
import { openStore } from '../../src/store/select.js';
import type { RouteHelpers } from '../../src/http/app.js';
import { loopbackCert, type LoopbackCert } from '../helpers/tls.js';
import { startPostgres, type TestDatabase } from '../helpers/postgres.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';

const REDIRECT = 'https://app.example/callback';
let tls: LoopbackCert | undefined;
let host: Server;
let origin = '';
const hits = new Map<string, number>();
/** Per path, the last request's end: true when its answer was sent in full, false when the connection was cut first. */
const closes = new Map<string, Promise<boolean>>();
const arrivals = new Map<string, () => void>();
/** Held answers (`/hold/…`), sent when the test releases them. */
const held = new Map<string, () => void>();

/**
 * `/drip/…` sends its document one byte at a time over 10 s; `/hold/…` sends its document when released (a space
 * a second until then); `/nostore/…` may not be cached; `/missing/…` is a 404; any other path is a document cacheable for a minute.
 */
function answer(path: string, res: ServerResponse): void {
  const body = JSON.stringify({ client_id: `${origin}${path}`, client_name: 'Limits App', redirect_uris: [REDIRECT] });
  const json = { 'Content-Type': 'application/json' };
  if (path.startsWith('/missing/')) return void res.writeHead(404).end();
  if (path.startsWith('/nostore/')) return void res.writeHead(200, { ...json, 'Cache-Control': 'no-store' }).end(body);
  if (path.startsWith('/hold/')) {
    // Headers at once, then a space a second (JSON allows it) so that no idle timeout ends the wait: only the
    // fetcher's deadline, its caller leaving, or the release does.
    res.writeHead(200, { ...json, 'Cache-Control': 'no-store' });
    const alive = setInterval(() => res.write(' '), 1_000);
    res.on('close', () => clearInterval(alive));
    return void held.set(path, () => {
      clearInterval(alive);
      res.end(body);
    });
  }
  if (path.startsWith('/drip/')) {
    res.writeHead(200, json);
    let sent = 0;
    const drip = setInterval(() => {
      res.write(body[sent++]);
      if (sent === body.length) {
        clearInterval(drip);
        res.end();
      }
    }, 10_000 / body.length);
    res.on('close', () => clearInterval(drip));
    return;
  }
  res.writeHead(200, { ...json, 'Cache-Control': 'max-age=60' }).end(body);
}

const arrived = (path: string) => new Promise<void>((resolve) => arrivals.set(path, resolve));
const hitsUnder = (prefix: string) => [...hits].filter(([p]) => p.startsWith(prefix)).reduce((n, [, h]) => n + h, 0);

beforeAll(async () => {
  tls = loopbackCert('werkbank-cimd-limits-');
  host = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    closes.set(path, new Promise((resolve) => res.on('close', () => resolve(res.writableFinished))));
    arrivals.get(path)?.();
    answer(path, res);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  origin = `https://127.0.0.1:${(host.address() as { port: number }).port}`;
});
afterAll(async () => {
  host?.closeAllConnections();
  await new Promise((r) => host?.close(() => r(undefined)));
  tls?.remove();
});

/** The document host is on loopback: these options let the fetch guard reach it (production: public addresses only). */
const reach = (): ClientDocumentOptions => ({ resolver: async () => ['127.0.0.1'], policy: () => true, clientDocumentCa: tls!.cert });
/** A clock at the start of a limit window, so a test's counts cannot straddle two windows. */
const windowStart = () => new Date(Math.ceil(Date.now() / 600_000) * 600_000 + 1_000);

function documents(extra: Partial<ClientDocumentOptions> = {}): ClientDocuments {
  const at = windowStart();
  return new ClientDocuments({ ...reach(), now: () => at, ...extra }, memoryCounters());
}

/** Ask for a document as `caller`: the client, or the OAuth error; `refused` when a limit said no. */
async function ask(docs: ClientDocuments, url: string, caller: DocumentCaller = {}) {
  const { value, refused } = await docs.serving(caller, () =>
    docs.client(url).then(
      (client) => ({ client, error: undefined }),
      (e: unknown) => ({ client: undefined, error: e as OAuthHttpError }),
    ),
  );
  return { ...value, refused };
}

describe('client ID metadata documents: bounded fetches', () => {
  it('refuses a document dripped over 10 s at the 5 s deadline, cuts its connection and remembers the failure', async () => {
    const docs = documents();
    const url = `${origin}/drip/unit.json`;
    const { error } = await ask(docs, url, { address: '198.51.100.1' });
    expect(error).toBeInstanceOf(OAuthHttpError);
    expect([error!.status, error!.error, error!.description]).toEqual([
      400,
      'invalid_client',
      '`client_id`: the client metadata document could not be fetched (no complete answer within 5 s)',
    ]);
    // Cut before the host finished dripping.
    expect(await closes.get('/drip/unit.json')).toBe(false);
    // Asked again at once: refused from memory, not fetched again.
    expect((await ask(docs, url, { address: '198.51.100.2' })).error?.description).toBe(error!.description);
    expect(hits.get('/drip/unit.json')).toBe(1);
  }, 20_000);

  it('stops the fetch when its only caller leaves: the host sees the connection closed, and the URL is not held against it', async () => {
    const docs = documents({ clientDocumentLimits: { deadlineMs: 60_000 } });
    const path = '/hold/leave.json';
    const caller = new AbortController();
    const coming = arrived(path);
    const asked = ask(docs, `${origin}${path}`, { address: '198.51.100.1', signal: caller.signal });
    await coming;
    caller.abort();
    expect((await asked).error?.description).toBe('`client_id`: the request ended before its client metadata document was fetched');
    expect(await closes.get(path)).toBe(false);
    // Nobody's failure: the next caller fetches it afresh.
    const comingAgain = arrived(path);
    const again = ask(docs, `${origin}${path}`, { address: '198.51.100.1' });
    await comingAgain;
    expect(hits.get(path)).toBe(2);
    held.get(path)!();
    expect((await again).client?.name).toBe('Limits App');
  }, 20_000);

  it('keeps a shared fetch going while another caller still waits for it', async () => {
    const docs = documents({ clientDocumentLimits: { deadlineMs: 60_000 } });
    const path = '/hold/shared.json';
    const [first, second] = [new AbortController(), new AbortController()];
    const coming = arrived(path);
    const a = ask(docs, `${origin}${path}`, { address: '198.51.100.1', signal: first.signal });
    const b = ask(docs, `${origin}${path}`, { address: '198.51.100.2', signal: second.signal });
    await coming;
    first.abort();
    expect((await a).error?.description).toMatch(/the request ended before/);
    held.get(path)!();
    expect((await b).client?.name).toBe('Limits App');
    expect(await closes.get(path)).toBe(true);
    expect(hits.get(path)).toBe(1);
  }, 20_000);

  it('shares one fetch among concurrent requests for one URL (a document that may not be cached)', async () => {
    const docs = documents();
    for (let round = 0; round < 3; round++) {
      const url = `${origin}/nostore/concurrent-${round}.json`;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(docs, url, { address: `198.51.100.${i + 1}` })));
      expect(answers.map((a) => a.client?.id)).toEqual(Array(30).fill(url));
      expect(hits.get(`/nostore/concurrent-${round}.json`)).toBe(1);
    }
  });

  it('fetches a cached document once for many requests, and a failing one once for many refusals', async () => {
    const docs = documents();
    for (let i = 0; i < 50; i++)
      expect((await ask(docs, `${origin}/cached/many.json`, { address: '198.51.100.1' })).client?.name).toBe('Limits App');
    expect(hits.get('/cached/many.json')).toBe(1);
    const refusals = new Set<string>();
    for (let i = 0; i < 20; i++)
      refusals.add((await ask(docs, `${origin}/missing/many.json`, { address: '198.51.100.1' })).error!.description);
    expect([...refusals]).toEqual([
      '`client_id`: the client metadata document could not be fetched (HTTP 404; only 200 is accepted, redirects are not followed)',
    ]);
    expect(hits.get('/missing/many.json')).toBe(1);
  });

  it('fetches at most 10 uncached documents per address per 10 minutes, refusing the rest unfetched with a Retry-After', async () => {
    const docs = documents();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await ask(docs, `${origin}/per-address/${i}.json`, { address: '203.0.113.7' }));
    expect(answers.filter((a) => a.client).length).toBe(10);
    expect(hitsUnder('/per-address/')).toBe(10);
    for (const a of answers.slice(10)) {
      expect([a.error?.status, a.error?.error]).toEqual([429, 'invalid_client']);
      expect(a.error?.description).toMatch(/at most 10 documents are fetched for one address every 10 minutes; try again in \d+ s$/);
      expect(a.refused?.retryAfter).toBeGreaterThan(0);
      expect(a.refused?.retryAfter).toBeLessThanOrEqual(600);
    }
    // Another address has its own budget; a document already cached costs nobody a fetch.
    expect((await ask(docs, `${origin}/per-address/other.json`, { address: '203.0.113.8' })).client).toBeDefined();
    expect((await ask(docs, `${origin}/per-address/0.json`, { address: '203.0.113.7' })).client).toBeDefined();
    expect(hitsUnder('/per-address/')).toBe(11);
  });

  it('bounds the fetches of the whole service per minute and of a process at once', async () => {
    const at = windowStart();
    const overall = new AddressLimit('client-documents-test', 5, 60_000, memoryCounters(), () => at.getTime());
    const docs = documents({ clientDocumentLimits: { overall, inFlight: 2, deadlineMs: 60_000 } });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask(docs, `${origin}/overall/${i}.json`, { address: `192.0.2.${i + 1}` }));
    expect(answers.map((a) => a.error?.status ?? 200)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5].error?.description).toMatch(/werkbank fetches at most 5 documents every minute; try again in \d+ s$/);
    expect(hitsUnder('/overall/')).toBe(5);

    const busy = documents({ clientDocumentLimits: { inFlight: 2, deadlineMs: 60_000 } });
    const coming = [arrived('/hold/busy-0.json'), arrived('/hold/busy-1.json')];
    const slow = [0, 1].map((i) => ask(busy, `${origin}/hold/busy-${i}.json`, { address: '192.0.2.100' }));
    await Promise.all(coming);
    const third = await ask(busy, `${origin}/busy/third.json`, { address: '192.0.2.101' });
    expect(third.error?.status).toBe(429);
    expect(third.refused?.retryAfter).toBe(1);
    expect(third.error?.description).toMatch(/werkbank is fetching 2 documents at once/);
    expect(hits.get('/busy/third.json')).toBeUndefined();
    for (const i of [0, 1]) held.get(`/hold/busy-${i}.json`)!();
    expect((await Promise.all(slow)).every((a) => a.client)).toBe(true);
    expect((await ask(busy, `${origin}/busy/third.json`, { address: '192.0.2.101' })).client).toBeDefined();
  }, 20_000);
});

describe('client ID metadata documents over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    const shift = windowStart().getTime() - Date.now();
    s = await startServer({
      trustProxy: true,
      now: () => new Date(Date.now() + shift),
      renderResolver: async () => ['127.0.0.1'],
      renderPolicy: () => true,
      oauthClientDocumentCa: tls!.cert,
    });
  });
  afterAll(async () => s?.close());

  const authorize = (clientId: string, from: string) =>
    fetch(`${s.url}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code' })}`, {
      headers: { 'X-Forwarded-For': from },
      redirect: 'manual',
    });

  it('GET /oauth/authorize: 40 client_id URLs from one address fetch 10 documents; the rest are a 429 page with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await authorize(`${origin}/authorize/${i}.json`, '203.0.113.20');
      statuses.push(res.status);
      const text = await res.text();
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(text).toMatch(/at most 10 documents are fetched for one address every 10 minutes/);
      }
    }
    expect(statuses.filter((st) => st === 429).length).toBe(30);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(hitsUnder('/authorize/')).toBe(10);
    // Another address is not held back by this one.
    expect((await authorize(`${origin}/authorize/other.json`, '203.0.113.21')).status).not.toBe(429);
    expect(hitsUnder('/authorize/')).toBe(11);
  });

  it('POST /oauth/token: 40 client_id URLs from one address fetch 10 documents; the rest are invalid_client 401 with Retry-After', async () => {
    const answers: { status: number; retryAfter: string | null; body: { error: string; error_description: string } }[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${s.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.30' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          code_verifier: 'v'.repeat(43),
          redirect_uri: REDIRECT,
          client_id: `${origin}/token/${i}.json`,
        }),
      });
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as never });
    }
    expect(hitsUnder('/token/')).toBe(10);
    // Fetched: the client is known, the code is not.
    expect(answers.slice(0, 10).map((a) => a.body.error)).toEqual(Array(10).fill('invalid_grant'));
    for (const a of answers.slice(10)) {
      expect([a.status, a.body.error]).toEqual([401, 'invalid_client']);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.body.error_description).toMatch(/at most 10 documents are fetched for one address every 10 minutes; try again in \d+ s$/);
    }
  });

  it('GET /oauth/authorize: a document dripped over 10 s is refused at the deadline, its connection cut', async () => {
    const res = await authorize(`${origin}/drip/authorize.json`, '203.0.113.40');
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/could not be fetched \(no complete answer within 5 s\)/);
    expect(await closes.get('/drip/authorize.json')).toBe(false);
  }, 20_000);

  it('GET /oauth/authorize: 30 requests at once for one document fetch it once', async () => {
    const url = `${origin}/cached/authorize.json`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => authorize(url, `198.18.0.${i + 1}`)));
    for (const res of answers) {
      expect(res.status).not.toBe(429);
      await res.arrayBuffer();
    }
    expect(hits.get('/cached/authorize.json')).toBe(1);
  });
});

describe('a caller that hangs up', () => {
  it('stops the document fetch of its request: the host sees the connection closed long before the deadline', async () => {
    const dir = tempDir();
    const store = await openStore({ dataDir: dir });
    const identity = { session: async () => undefined };
    // A deadline of a minute: only the caller's leaving can close the host's connection within this test.
    const oauth = new OAuth({
      store,
      accounts: {} as never,
      identity: identity as never,
      baseUrl: () => undefined,
      trustProxy: false,
      ...reach(),
      clientDocumentLimits: { deadlineMs: 60_000 },
    });
    const app = new Hono();
    const helpers = { readJsonObject: (c: Context) => c.req.json(), errorResponse: () => new Response(null, { status: 500 }) };
    oauthRoutes(oauth, identity as never, (c, args) => c.json(args, 400))(app, helpers as unknown as RouteHelpers);
    const listening: ServerType = await new Promise((r) => {
      const srv = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(srv));
    });
    try {
      const path = '/hold/hangup.json';
      const coming = arrived(path);
      const query = new URLSearchParams({ client_id: `${origin}${path}`, redirect_uri: REDIRECT, response_type: 'code' });
      const req = httpRequest(`http://127.0.0.1:${(listening.address() as { port: number }).port}/oauth/authorize?${query}`);
      req.on('error', () => undefined);
      req.end();
      await coming;
      req.destroy();
      expect(await closes.get(path)).toBe(false);
    } finally {
      await new Promise((r) => listening.close(() => r(undefined)));
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('two server processes on one PostgreSQL', () => {
  let db: TestDatabase | undefined;
  const stores: PostgresStore[] = [];
  beforeAll(async () => {
    db = await startPostgres();
    for (let i = 0; i < 2; i++) stores.push(await PostgresStore.open(db.url));
  }, 120_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    await db?.stop();
  });

  it('share one budget per address: of 40 URLs asked at once through both, 10 are fetched', async () => {
    for (let round = 0; round < 3; round++) {
      const docs = stores.map((store) => new ClientDocuments(reach(), store.counters));
      const address = `203.0.113.${100 + round}`;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => ask(docs[i % 2], `${origin}/postgres-${round}/${i}.json`, { address })),
      );
      expect(answers.filter((a) => a.client).length).toBe(10);
      expect(answers.filter((a) => a.refused).length).toBe(30);
      expect(hitsUnder(`/postgres-${round}/`)).toBe(10);
    }
  });
});
