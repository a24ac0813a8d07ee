/**
 * The limits per client address hold however many requests arrive at once (a listening server on the
 * embedded store; test/limits-postgres.test.ts runs them across two server processes on one PostgreSQL):
 * sign-ups and failed sign-ins are counted before the passkey is checked, failed OAuth bearer tokens on /mcp
 * like failed keys, passkey ceremonies started without a session per address (so 2,000 option requests keep a
 * bounded number of flows in the store, and expired ones go promptly); and the origin check refuses every
 * state-changing request from another origin, forms included. Each round comes from an address of its own
 * (X-Forwarded-For, trusted here), so its budget is fresh.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import { SoftPasskey } from './helpers/soft-passkey.js';
import type { EmbeddedStore } from '../src/store/embedded/store.js';

let s: AccountsServer;
let clock = Date.parse('2026-11-29T06:00:00.000Z');
let addresses = 0;
/** An address no earlier request came from. */
const fresh = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  // allowedHosts null: any Host and Origin get past the DNS-rebinding guard, so the origin check is what refuses.
  s = await startAccountsServer({ trustProxy: true, allowedHosts: null, toolsets: 'text', now: () => new Date(clock) });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

interface Answer {
  status: number;
  body: { ok?: boolean; data?: Record<string, unknown>; error?: string; code?: number; retry_after?: number };
  retryAfter: string | null;
}

async function send(path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  const res = await fetch(s.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, retryAfter: res.headers.get('retry-after') };
}

const from = (address: string) => ({ 'X-Forwarded-For': address });
const tally = (answers: Answer[]) => answers.reduce<Record<number, number>>((t, a) => ((t[a.status] = (t[a.status] ?? 0) + 1), t), {});

async function signupOptions(address: string, name: string) {
  const r = await send('/auth/signup/options', { name }, from(address));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { flow: string; options: { challenge: string; rp: { id: string }; user: { id: string } } };
}

async function signinOptions(address: string) {
  const r = await send('/auth/signin/options', {}, from(address));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { flow: string; options: { challenge: string; rpId: string } };
}

/** A passkey signed up as `name` (from an address of its own). */
async function signedUp(name: string): Promise<SoftPasskey> {
  const address = fresh();
  const passkey = new SoftPasskey(s.url);
  const { flow, options } = await signupOptions(address, name);
  const r = await send('/auth/signup/verify', { flow, response: passkey.create(options) }, from(address));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return passkey;
}

describe('sign-ups and sign-ins from one address, all at once', () => {
  it('15 concurrent sign-ups from one address: 10 accounts (the hourly limit), 5 answers 429 with Retry-After (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const address = fresh();
      const names = Array.from({ length: 15 }, (_, i) => `burst-${round}-${i}`);
      const started = await Promise.all(names.map((name) => signupOptions(address, name)));
      const answers = await Promise.all(
        started.map(({ flow, options }) =>
          send('/auth/signup/verify', { flow, response: new SoftPasskey(s.url).create(options) }, from(address)),
        ),
      );
      expect(tally(answers)).toEqual({ 201: 10, 429: 5 });
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(a.body.error).toMatch(/^Too many sign-ups from this address: try again in \d+ s$/);
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(Number(a.retryAfter)).toBeLessThanOrEqual(3600);
      }
      const made = await Promise.all(names.map(async (name) => s.server.store.getAccountByName(name)));
      expect(made.filter(Boolean)).toHaveLength(10);
      // The address has used its budget: even a new ceremony is refused before it starts.
      expect((await send('/auth/signup/options', { name: `late-${round}` }, from(address))).status).toBe(429);
    }
  });

  it('a sign-up that fails is no sign-up: 12 refused passkeys, then 10 sign-ups all pass', async () => {
    const address = fresh();
    const started = await Promise.all(Array.from({ length: 22 }, (_, i) => signupOptions(address, `retry-${i}`)));
    // One after the other: an attempt holds its slot until it is known to have failed.
    const failed: Answer[] = [];
    for (const { flow, options } of started.slice(0, 12)) {
      const response = new SoftPasskey('http://localhost:1').create(options); // the wrong origin
      failed.push(await send('/auth/signup/verify', { flow, response }, from(address)));
    }
    expect(tally(failed)).toEqual({ 400: 12 });
    const passed = await Promise.all(
      started
        .slice(12)
        .map(({ flow, options }) => send('/auth/signup/verify', { flow, response: new SoftPasskey(s.url).create(options) }, from(address))),
    );
    expect(tally(passed)).toEqual({ 201: 10 });
  });

  it('25 concurrent failed sign-ins from one address: 10 are checked (401), 15 refused before (429) (3 rounds)', async () => {
    const passkey = await signedUp('guessed-at');
    for (let round = 0; round < 3; round++) {
      const address = fresh();
      const flows = await Promise.all(Array.from({ length: 12 }, () => signinOptions(address)));
      const attempts = Array.from({ length: 25 }, (_, i) => {
        if (i < flows.length) {
          // A registered passkey with a spoiled signature: checked in full, and fails.
          const { flow, options } = flows[i];
          return send('/auth/signin/verify', { flow, response: passkey.get(options, true) }, from(address));
        }
        return send('/auth/signin/verify', { flow: `unknown-${round}-${i}`, response: { id: 'nope' } }, from(address));
      });
      const answers = await Promise.all(attempts);
      expect(tally(answers)).toEqual({ 401: 10, 429: 15 });
      for (const a of answers.filter((x) => x.status === 429))
        expect(a.body.error).toMatch(/^Too many failed sign-ins from this address: try again in \d+ s$/);
      // Its budget used, the address cannot sign in even with the right passkey until the window ends.
      const { flow, options } = flows[flows.length - 1];
      expect((await send('/auth/signin/verify', { flow, response: passkey.get(options) }, from(address))).status).toBe(429);
    }
  });

  it('a sign-in that works is no failed sign-in: 12 in a row from one address all pass', async () => {
    const passkey = await signedUp('regular');
    const address = fresh();
    for (let i = 0; i < 12; i++) {
      const { flow, options } = await signinOptions(address);
      const r = await send('/auth/signin/verify', { flow, response: passkey.get(options) }, from(address));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
});

describe('failed OAuth bearer tokens on /mcp', () => {
  it('count like failed keys: of 40 unknown access tokens at once, 30 answer 401 and 10 answer 429 (2 rounds)', async () => {
    for (let round = 0; round < 2; round++) {
      const address = fresh();
      const answers = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await fetch(s.url + '/mcp', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              Authorization: `Bearer wbat_guess${round}x${i}`,
              ...from(address),
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
          });
          return { status: res.status, retryAfter: res.headers.get('retry-after'), body: JSON.parse(await res.text()) as Answer['body'] };
        }),
      );
      expect(tally(answers)).toEqual({ 401: 30, 429: 10 });
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(a.body.error).toMatch(
          /^Too many failed authentications from this address: try again in \d+ s \(Invalid or expired access token/,
        );
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
      }
    }
  });
});

describe('passkey ceremonies started without a session', () => {
  const flows = () => (s.server.store as EmbeddedStore).liveRecords('webauthn_flows').size;

  it('2,000 sign-in option requests from one address keep at most 60 flows in the store; the rest answer 429', async () => {
    const address = fresh();
    const before = flows();
    const snapshot = join(s.config.dataDir, 'werkbank.json');
    const bytesBefore = statSync(snapshot).size;
    const answers: Answer[] = [];
    for (let batch = 0; batch < 20; batch++)
      answers.push(...(await Promise.all(Array.from({ length: 100 }, () => send('/auth/signin/options', {}, from(address))))));
    expect(tally(answers)).toEqual({ 200: 60, 429: 1940 });
    expect(answers.find((a) => a.status === 429)!.body.error).toMatch(
      /^Too many passkey ceremonies started from this address: try again in \d+ s$/,
    );
    expect(flows() - before).toBe(60);
    // For the record: what the 2,000 requests added to the snapshot once it is written.
    await new Promise((r) => setTimeout(r, 1500));
    console.log(`2,000 option requests: +${flows() - before} flows, werkbank.json ${bytesBefore} -> ${statSync(snapshot).size} bytes`);
  });

  it('expired flows are deleted within a minute of the next ceremony, not only by the hourly sweep', async () => {
    const address = fresh();
    await Promise.all(Array.from({ length: 20 }, () => signinOptions(address)));
    expect(flows()).toBeGreaterThanOrEqual(20);
    clock += 6 * 60_000; // every flow so far has expired (5 minutes), and a minute has passed since the last sweep
    await signinOptions(fresh());
    await vi.waitFor(() => expect(flows()).toBe(1), { timeout: 5_000 });
  });
});

describe('the origin check on every state-changing route', () => {
  const form = (origin: string | undefined, path = '/oauth/authorize', method = 'POST', site?: string) =>
    fetch(s.url + path, {
      method,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(origin ? { Origin: origin } : {}),
        ...(site ? { 'Sec-Fetch-Site': site } : {}),
      },
      body: 'client_id=x&approve=1',
    });

  it('a cross-site form post is refused (403, the same answer as every route), whatever the route and method', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:1', 'null'])
      for (const [path, method] of [
        ['/oauth/authorize', 'POST'],
        ['/auth/signin/verify', 'POST'],
        ['/auth/signout-everywhere', 'POST'],
        ['/auth/passkeys/abc', 'DELETE'],
        ['/auth/connections/abc', 'DELETE'],
        ['/api/v1/keys', 'POST'],
        ['/api/v1/render/qr-code', 'POST'],
        ['/anything', 'PUT'],
        ['/anything', 'PATCH'],
      ]) {
        for (const site of [undefined, 'cross-site', 'same-site'].slice(0, origin === 'null' ? 3 : 1)) {
          const res = await form(origin, path, method, site);
          expect([res.status, await res.json()], `${method} ${path} from ${origin} (${site})`).toEqual([
            403,
            { error: 'Forbidden: cross-origin request', code: 403 },
          ]);
        }
      }
  });

  it('passes requests from this origin, without an Origin, with their own credential, and to the endpoints other origins use', async () => {
    expect((await form(s.url)).status).not.toBe(403);
    // The request's own origin (another name than the public base's).
    const own = `http://127.0.0.1:${s.port}`;
    const direct = await fetch(own + '/oauth/authorize', {
      method: 'POST',
      headers: { Origin: own },
      body: new URLSearchParams({ a: '1' }),
    });
    expect(direct.status).not.toBe(403);
    expect((await form(undefined)).status).not.toBe(403);
    // A form posted from one of this site's pages (served with Referrer-Policy: no-referrer): Origin null, Sec-Fetch-Site same-origin.
    expect((await form('null', '/oauth/authorize', 'POST', 'same-origin')).status).not.toBe(403);
    expect((await fetch(s.url + '/auth/me', { headers: { Origin: 'https://evil.example' } })).status).toBe(401);
    await s.server.accounts.createAccount('origin-test', 'free');
    const { key } = await s.server.accounts.createKey('origin-test');
    const api = await send('/api/v1/tools/word-counter', { text: 'a b' }, { Origin: 'https://app.example', 'X-API-Key': key });
    expect(api.status).toBe(200);
    const mcp = await send(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Origin: 'https://app.example', Accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(401);
    const token = await fetch(s.url + '/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://app.example' },
      body: 'grant_type=authorization_code&code=nope',
    });
    expect(token.status).toBe(400);
  });
});
