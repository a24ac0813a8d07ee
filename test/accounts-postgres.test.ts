/**
 * People's accounts and OAuth on the shared PostgreSQL store, with two instances behind one public
 * address (as behind a load balancer): a passkey sign-up on one, the session honoured on the other,
 * an OAuth code issued on one and exchanged on the other, and a connection removed on one refused
 * on the other at once; deleting the account on one kills its key on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './helpers/web.js';
import { post, tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { sessionCookie, signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';
import { approve, callbackServer, mcpList, pkce, register, tokenRequest } from './helpers/oauth.js';

let db: TestDatabase;
let a: AccountsServer;
let b: AccountsServer;
let browser: Browser;
let cookie = '';
let cb: Awaited<ReturnType<typeof callbackServer>>;
const at = (s: AccountsServer) => `http://localhost:${s.port}`;

beforeAll(async () => {
  db = await startPostgres();
  a = await startAccountsServer({ databaseUrl: db.url, dataDir: tempDir(), toolsets: 'text' });
  b = await startAccountsServer({ databaseUrl: db.url, dataDir: tempDir(), toolsets: 'text', baseUrl: a.url });
  cb = await callbackServer();
  browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  await signUp(page, a.url, 'carol');
  cookie = await sessionCookie(context);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await a?.close();
  await b?.close();
  await cb?.close();
  await db?.stop();
});

async function csrf(base: string): Promise<string> {
  const me = await (await fetch(`${base}/auth/me`, { headers: { Cookie: cookie } })).json();
  return me.data.csrf;
}

describe('two instances on one PostgreSQL database', () => {
  it('a session made on one instance is honoured on the other (and its key works on both)', async () => {
    const me = await (await fetch(`${at(b)}/auth/me`, { headers: { Cookie: cookie } })).json();
    expect(me.data.account.name).toBe('carol');
    expect(me.data.passkeys).toHaveLength(1);
    const key = await (
      await fetch(`${at(b)}/api/v1/keys`, { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': me.data.csrf } })
    ).json();
    expect((await post(at(a), '/api/v1/tools/word-counter', { text: 'a b' }, key.data.key)).status).toBe(200);
  });

  it('an OAuth code from one instance is exchanged on the other; a connection removed on one is refused on the other at once', async () => {
    const clientId = await register(at(a), cb.url);
    const p = pkce();
    const r = await approve(at(b), cookie, {
      client_id: clientId,
      redirect_uri: cb.url,
      response_type: 'code',
      state: 's',
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
    });
    expect(r.status).toBe(302);
    const code = new URL(r.headers.get('location')!).searchParams.get('code')!;
    const t = await tokenRequest(at(a), {
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: cb.url,
      code,
      code_verifier: p.verifier,
      resource: `${a.url}/mcp`,
    });
    expect(t.status).toBe(200);
    expect((await mcpList(at(a), t.json.access_token)).status).toBe(200);
    expect((await mcpList(at(b), t.json.access_token)).status).toBe(200);
    const refreshed = await tokenRequest(at(b), { grant_type: 'refresh_token', client_id: clientId, refresh_token: t.json.refresh_token });
    expect(refreshed.status).toBe(200);
    // A code used on one instance cannot be used again on the other.
    const again = await tokenRequest(at(b), {
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: cb.url,
      code,
      code_verifier: p.verifier,
    });
    expect(again.json.error).toBe('invalid_grant');
    // (that reuse revoked the grant: connect once more for the removal case)
    expect((await mcpList(at(a), refreshed.json.access_token)).status).toBe(401);

    const p2 = pkce();
    const r2 = await approve(at(a), cookie, {
      client_id: clientId,
      redirect_uri: cb.url,
      response_type: 'code',
      state: 's',
      code_challenge: p2.challenge,
      code_challenge_method: 'S256',
    });
    const code2 = new URL(r2.headers.get('location')!).searchParams.get('code')!;
    const t2 = (
      await tokenRequest(at(b), {
        grant_type: 'authorization_code',
        client_id: clientId,
        redirect_uri: cb.url,
        code: code2,
        code_verifier: p2.verifier,
      })
    ).json;
    expect((await mcpList(at(b), t2.access_token)).status).toBe(200);
    const me = await (await fetch(`${at(a)}/auth/me`, { headers: { Cookie: cookie } })).json();
    expect(me.data.connections).toHaveLength(1);
    const del = await fetch(`${at(a)}/auth/connections/${me.data.connections[0].id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'X-CSRF-Token': me.data.csrf },
    });
    expect(del.status).toBe(200);
    expect((await mcpList(at(b), t2.access_token)).status).toBe(401);
  });

  it('deleting the account on one instance revokes its keys on the other', async () => {
    const token = await csrf(at(a));
    const key = (await (await fetch(`${at(a)}/api/v1/keys`, { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': token } })).json())
      .data.key;
    expect((await post(at(b), '/api/v1/tools/word-counter', { text: 'x' }, key)).status).toBe(200);
    const del = await fetch(`${at(a)}/auth/delete-account`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: 'carol' }),
    });
    expect(del.status).toBe(200);
    expect((await post(at(b), '/api/v1/tools/word-counter', { text: 'x' }, key)).status).toBe(401);
    expect((await fetch(`${at(b)}/auth/me`, { headers: { Cookie: cookie } })).status).toBe(401);
  });
});
