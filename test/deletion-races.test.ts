/**
 * Deleting an account cannot be raced, on both stores, over HTTP against a listening server: the deletion
 * runs amid key creations (with the session and with a key of the account), consent approvals with their
 * code exchanges, and refreshes of existing connections; afterwards no credential that any of them produced
 * works (keys: 401 on a tool call; access tokens: 401 on /mcp; refresh tokens and codes: no token). A
 * tombstone (an account whose deletion began) authenticates nothing, whatever row of it survived, and a
 * deletion stopped midway is finished by the sweep.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sessions } from '../src/http/sessions.js';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import { callbackServer, mcpList, pkce } from './helpers/oauth.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { tempDir } from './helpers/server.js';

let db: TestDatabase;
let cb: Awaited<ReturnType<typeof callbackServer>>;
const servers = new Map<string, { s: AccountsServer; clientId: string }>();

/** A new client address for each request that may fail to authenticate (failed credentials are throttled per address). */
let addresses = 0;
const address = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;

beforeAll(async () => {
  db = await startPostgres();
  cb = await callbackServer();
  for (const [name, over] of [
    ['embedded', {}],
    ['postgres', { databaseUrl: db.url }],
  ] as const) {
    const s = await startAccountsServer({ toolsets: 'text', trustProxy: true, ...over });
    const r = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address() },
      body: JSON.stringify({ client_name: 'Race App', redirect_uris: [cb.url], token_endpoint_auth_method: 'none' }),
    });
    expect(r.status).toBe(201);
    servers.set(name, { s, clientId: ((await r.json()) as { client_id: string }).client_id });
  }
}, 120_000);
afterAll(async () => {
  for (const { s } of servers.values()) await s.close();
  await cb?.close();
  await db?.stop();
});

interface Person {
  id: string;
  name: string;
  /** The headers of a request signed in with the session (cookie, CSRF token, same origin). */
  headers(): Record<string, string>;
  csrf: string;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

let people = 0;
async function person(s: AccountsServer): Promise<Person> {
  const account = await s.server.accounts.createAccount(`racer${++people}`);
  const session = await new Sessions(s.server.store).create(account.id);
  return {
    id: account.id,
    name: account.name,
    csrf: session.csrf,
    headers: () => ({
      Cookie: `wb_session=${session.id}`,
      'X-CSRF-Token': session.csrf,
      Origin: s.url,
      'X-Forwarded-For': address(),
    }),
  };
}

/** A new key: made with the session, or with a key of the account; the key, or null when refused. */
async function newKey(s: AccountsServer, p: Person, withKey?: string): Promise<string | null> {
  const headers = withKey ? { 'X-API-Key': withKey, 'X-Forwarded-For': address() } : p.headers();
  const r = await fetch(`${s.url}/api/v1/keys`, { method: 'POST', headers });
  if (r.status !== 201) {
    expect([401, 410]).toContain(r.status);
    return null;
  }
  return ((await r.json()) as { data: { key: string } }).data.key;
}

/** The person approves the client on the consent page: the code, or null when refused. */
async function approve(s: AccountsServer, p: Person, clientId: string, challenge: string): Promise<string | null> {
  const r = await fetch(`${s.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...p.headers(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      redirect_uri: cb.url,
      response_type: 'code',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      decision: 'approve',
      csrf: p.csrf,
    }),
  });
  const location = r.headers.get('location');
  return (location && new URL(location).searchParams.get('code')) || null;
}

async function token(s: AccountsServer, fields: Record<string, string>): Promise<{ status: number; json: Tokens }> {
  const r = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address() },
    body: new URLSearchParams(fields),
  });
  return { status: r.status, json: (await r.json()) as Tokens };
}

const exchange = (s: AccountsServer, clientId: string, code: string, verifier: string) =>
  token(s, { grant_type: 'authorization_code', client_id: clientId, redirect_uri: cb.url, code, code_verifier: verifier });
const refresh = (s: AccountsServer, clientId: string, refreshToken: string) =>
  token(s, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

/** Approve and exchange: the tokens, or null when either step was refused. */
async function connect(s: AccountsServer, p: Person, clientId: string): Promise<Tokens | null> {
  const { verifier, challenge } = pkce();
  const code = await approve(s, p, clientId, challenge);
  if (!code) return null;
  const t = await exchange(s, clientId, code, verifier);
  return t.status === 200 ? t.json : null;
}

const toolCall = (s: AccountsServer, key: string) =>
  fetch(`${s.url}/api/v1/tools/word-counter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key, 'X-Forwarded-For': address() },
    body: JSON.stringify({ text: 'a b' }),
  });
const onMcp = (s: AccountsServer, accessToken: string) => mcpList(s.url, accessToken, { 'X-Forwarded-For': address() });
const me = (s: AccountsServer, p: Person) => fetch(`${s.url}/auth/me`, { headers: p.headers() });

for (const store of ['embedded', 'postgres']) {
  describe(`account deletion on the ${store} store`, () => {
    it('racing key creations, consent approvals, code exchanges and refreshes leaves no working credential', async () => {
      const { s, clientId } = servers.get(store)!;
      let made = 0;
      for (let round = 0; round < 4; round++) {
        const p = await person(s);
        const key = (await newKey(s, p))!;
        expect((await toolCall(s, key)).status).toBe(200);
        const before = await Promise.all(Array.from({ length: 3 }, () => connect(s, p, clientId)));
        expect((await onMcp(s, before[0]!.access_token)).status).toBe(200);

        // Everything at once; the deletion request goes out after a part of the others (a different part each round).
        const keys: Promise<string | null>[] = [];
        const connections: Promise<Tokens | null>[] = [];
        const codes: Promise<{ code: string | null; verifier: string }>[] = [];
        const racers: (() => void)[] = [
          ...Array.from({ length: 8 }, () => () => void keys.push(newKey(s, p))),
          ...Array.from({ length: 4 }, () => () => void keys.push(newKey(s, p, key))),
          ...Array.from({ length: 8 }, () => () => void connections.push(connect(s, p, clientId))),
          ...before.map(
            (t) => () => void connections.push(refresh(s, clientId, t!.refresh_token).then((r) => (r.status === 200 ? r.json : null))),
          ),
          ...Array.from({ length: 4 }, () => () => {
            const { verifier, challenge } = pkce();
            codes.push(approve(s, p, clientId, challenge).then((code) => ({ code, verifier })));
          }),
        ];
        const split = 3 + round * 6;
        racers.slice(0, split).forEach((start) => start());
        const deleted = fetch(`${s.url}/auth/delete-account`, {
          method: 'POST',
          headers: { ...p.headers(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ confirm: p.name }),
        });
        racers.slice(split).forEach((start) => start());
        expect((await deleted).status).toBe(200);
        const newKeys = (await Promise.all(keys)).filter((k): k is string => k !== null);
        const tokens = [...before, ...(await Promise.all(connections))].filter((t): t is Tokens => t !== null);
        made += newKeys.length + tokens.length - before.length;

        // Codes issued around the deletion, exchanged after it: none gives a token.
        for (const { code, verifier } of await Promise.all(codes))
          if (code) expect((await exchange(s, clientId, code, verifier)).status).not.toBe(200);
        for (const k of [key, ...newKeys]) expect((await toolCall(s, k)).status, `key of round ${round}`).toBe(401);
        for (const t of tokens) {
          expect((await onMcp(s, t.access_token)).status, `access token of round ${round}`).toBe(401);
          expect((await refresh(s, clientId, t.refresh_token)).status, `refresh token of round ${round}`).not.toBe(200);
        }
        expect((await me(s, p)).status).toBe(401);
        // Nothing of it is left in the store either.
        const now = new Date().toISOString();
        expect((await s.server.store.listKeys(p.id)).filter((k) => !k.revokedAt)).toEqual([]);
        for (const table of ['oauth_grants', 'oauth_tokens', 'oauth_codes', 'sessions'])
          expect(await s.server.store.records(table).listByAccount(p.id, now), table).toEqual([]);
      }
      // The races were real: credentials were made while the deletion ran (and then revoked by it).
      expect(made).toBeGreaterThan(0);
    }, 120_000);

    it('a tombstone authenticates nothing and gains nothing, whatever row of it survived', async () => {
      const { s, clientId } = servers.get(store)!;
      const p = await person(s);
      const key = (await newKey(s, p))!;
      const t = (await connect(s, p, clientId))!;
      const { verifier, challenge } = pkce();
      const code = (await approve(s, p, clientId, challenge))!;
      // A deletion stopped right after its first step: every credential row is still there.
      await s.server.store.updateAccount(p.id, (a) => void (a.deletedAt = new Date().toISOString()));
      expect((await toolCall(s, key)).status).toBe(401);
      expect(
        (
          await fetch(`${s.url}/api/v1/memory/notes/one`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', 'X-API-Key': key, 'X-Forwarded-For': address() },
            body: JSON.stringify({ value: 'x' }),
          })
        ).status,
      ).toBe(401);
      expect(await newKey(s, p, key)).toBeNull();
      expect(await newKey(s, p)).toBeNull();
      expect((await onMcp(s, t.access_token)).status).toBe(401);
      const refreshed = await refresh(s, clientId, t.refresh_token);
      expect(refreshed.status).toBe(400);
      expect(refreshed.json).toMatchObject({ error: 'invalid_grant' });
      expect((await exchange(s, clientId, code, verifier)).status).toBe(400);
      expect((await me(s, p)).status).toBe(401);
      expect(await approve(s, p, clientId, challenge)).toBeNull();
      // The operator cannot give it a key or credits either (410), and no session can be made for it.
      await expect(s.server.accounts.createKey(p.name)).rejects.toMatchObject({ status: 410 });
      await expect(s.server.accounts.addPack(p.name, 5000, 'cli')).rejects.toMatchObject({ status: 410 });
      await expect(new Sessions(s.server.store).create(p.id)).rejects.toMatchObject({ status: 410 });
    }, 60_000);

    it('a deletion stopped after its first step is finished by the next sweep (here: at the next start)', async () => {
      const dataDir = tempDir();
      const over = { toolsets: 'text', trustProxy: true, dataDir, ...(store === 'postgres' ? { databaseUrl: db.url } : {}) };
      const first = await startAccountsServer(over);
      const p = await person(first);
      expect(await newKey(first, p)).not.toBeNull();
      await first.server.store.updateAccount(p.id, (a) => void (a.deletedAt = new Date().toISOString()));
      await first.close();
      const second = await startAccountsServer(over);
      try {
        expect((await second.server.store.getAccount(p.id))?.name).toMatch(/^deleted-[0-9a-f]{16}$/);
        expect((await second.server.store.listKeys(p.id)).filter((k) => !k.revokedAt)).toEqual([]);
        expect(await second.server.store.records('sessions').listByAccount(p.id, new Date().toISOString())).toEqual([]);
      } finally {
        await second.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  });
}
