/**
 * MCP hosts connect by consent: the official MCP SDK client's OAuth support against a listening
 * server, with a real browser (Chromium's virtual authenticator) signing in and pressing Approve.
 * Discovery from the 401 → dynamic registration (or a client ID metadata document on a local
 * HTTPS host) → PKCE authorization → token → tools/list and a metered tools/call → refresh →
 * removal on /account → the next request is 401 at once. Then the security cases over plain HTTP.
 */
import { loopbackCert, type LoopbackCert } from './helpers/tls.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client, StreamableHTTPClientTransport, UnauthorizedError, auth } from '@modelcontextprotocol/client';
import { axeScan, launchBrowser, screenshot } from './helpers/web.js';
import { sessionCookie, signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';
import { TestOAuthProvider, approve, callbackServer, mcpList, pkce, register, tokenRequest } from './helpers/oauth.js';

let s: AccountsServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cb: Awaited<ReturnType<typeof callbackServer>>;
let shift = 0;
// A self-signed HTTPS host on 127.0.0.1 that serves a client ID metadata document.
let tls: LoopbackCert | undefined;
let cimdHost: HttpsServer;
let cimdUrl = '';

beforeAll(async () => {
  tls = loopbackCert('werkbank-cimd-');
  const cert = tls.cert;
  cb = await callbackServer();
  cimdHost = createHttpsServer({ key: tls.key, cert }, (req, res) => {
    const self = `https://127.0.0.1:${(cimdHost.address() as { port: number }).port}${req.url}`;
    if (req.url === '/big.json')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ client_id: self, client_name: 'x'.repeat(20_000), redirect_uris: [cb.url] }));
    if (req.url === '/moved.json') return void res.writeHead(302, { Location: '/client.json' }).end();
    if (req.url === '/other.json')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ client_id: cimdUrl, client_name: 'Impostor', redirect_uris: [cb.url] }));
    if (req.url === '/secret.json')
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          client_id: self,
          client_name: 'Secretive',
          redirect_uris: [cb.url],
          token_endpoint_auth_method: 'client_secret_basic',
        }),
      );
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=60' });
    res.end(
      JSON.stringify({
        client_id: cimdUrl,
        client_name: 'Metadata Document App',
        redirect_uris: [cb.url],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      }),
    );
  });
  await new Promise<void>((r) => cimdHost.listen(0, '127.0.0.1', () => r()));
  cimdUrl = `https://127.0.0.1:${(cimdHost.address() as { port: number }).port}/client.json`;
  s = await startAccountsServer({
    toolsets: 'text',
    now: () => new Date(Date.now() + shift),
    // The document host is on loopback: this test lets the fetch guard reach it (production: public addresses only).
    renderResolver: async () => ['127.0.0.1'],
    renderPolicy: () => true,
    oauthClientDocumentCa: cert,
  });
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
  await virtualAuthenticator(context, page);
  await signUp(page, s.url, 'bob');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await cb?.close();
  await new Promise((r) => cimdHost?.close(() => r(undefined)));
  tls?.remove();
});

/** The browser's part of an authorization: open the URL (signing in when asked), press Approve, return the callback's query. */
async function browserApproves(url: URL, expectName: string): Promise<URLSearchParams> {
  const before = cb.calls.length;
  await page.goto(url.href);
  if (page.url().includes('/signin')) await page.click('#passkey-signin');
  await page.locator('#approve').waitFor({ timeout: 15_000 });
  expect(await page.locator('#client-name').textContent()).toBe(expectName);
  expect(await page.locator('#redirect-host').textContent()).toBe(new URL(cb.url).host);
  await screenshot(page, `consent-${expectName.replace(/\W+/g, '-').toLowerCase()}`);
  const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious)).toEqual([]);
  await page.click('#approve');
  await expect.poll(() => cb.calls.length, { timeout: 15_000 }).toBe(before + 1);
  return cb.calls[cb.calls.length - 1];
}

async function connectWithOAuth(provider: TestOAuthProvider, callback: () => URLSearchParams): Promise<Client> {
  const url = new URL(`${s.url}/mcp`);
  const first = new Client({ name: 'oauth-test', version: '1.0.0' });
  await expect(first.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }))).rejects.toThrow(UnauthorizedError);
  const params = callback();
  expect(params.get('state')).toBe(provider.lastState);
  expect(params.get('iss')).toBe(s.url);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await transport.finishAuth(params);
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return client;
}

describe('the SDK client connects by consent (dynamic client registration)', () => {
  let provider: TestOAuthProvider;
  let client: Client;
  let callback: URLSearchParams;
  let revoked = false;

  it('discovers from the 401, registers, authorizes with PKCE in the browser, and gets tokens', async () => {
    const challenge = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain(`resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp"`);
    // Signed out first, so the authorization goes through the passkey sign-in page.
    await context.clearCookies();
    provider = new TestOAuthProvider(cb.url, async (url) => {
      if (revoked) throw new Error('authorization needed again (the connection was removed)');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('resource')).toBe(`${s.url}/mcp`);
      callback = await browserApproves(url, 'werkbank test client');
    });
    client = await connectWithOAuth(provider, () => callback);
    expect(provider.info.client_id).toMatch(/^wbc_/);
    expect(provider.saved.access_token).toMatch(/^wbat_/);
    expect(provider.saved.refresh_token).toBeTruthy();
    expect(provider.saved.expires_in).toBeLessThanOrEqual(900);
  });

  it('lists tools and makes a metered call on the account (same ledger, X-RateLimit-* headers)', async () => {
    const tools = await client.listTools();
    const name = s.server.registry.bySlugOrNull('word-counter')!.tool.name;
    expect(tools.tools.map((t) => t.name)).toContain(name);
    const account = await s.server.accounts.requireAccount('bob');
    const before = (await s.server.accounts.balance(account.id)).remaining;
    const result = await client.callTool({ name, arguments: { text: 'one two three' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { words: number }).words).toBe(3);
    expect((await s.server.accounts.balance(account.id)).remaining).toBe(before - 1);
    const usage = await s.server.accounts.usage(account.id, 1);
    expect(usage.entries[0]).toMatchObject({ surface: 'mcp-http' });
    const raw = await mcpList(s.url, provider.saved.access_token);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-ratelimit-remaining')).toBe(String(before - 1));
  });

  it('refreshes: a new access token and a rotated refresh token', async () => {
    const old = { ...provider.saved };
    expect(await auth(provider, { serverUrl: new URL(`${s.url}/mcp`) })).toBe('AUTHORIZED');
    expect(provider.saved.access_token).not.toBe(old.access_token);
    expect(provider.saved.refresh_token).not.toBe(old.refresh_token);
    expect((await mcpList(s.url, provider.saved.access_token)).status).toBe(200);
  });

  it('shows up under Connected applications; removing it there makes the next request 401 at once', async () => {
    await page.goto(`${s.url}/account`);
    const row = page.locator('#connections li').filter({ hasText: 'werkbank test client' });
    await row.waitFor();
    expect(await row.textContent()).toContain(new URL(cb.url).host);
    await screenshot(page, 'connected-applications');
    revoked = true;
    await row.locator('button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove application' }).click();
    await page.locator('#connections').filter({ hasText: 'No connected applications' }).waitFor();
    const r = await mcpList(s.url, provider.saved.access_token);
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toContain('resource_metadata=');
    await expect(client.listTools()).rejects.toThrow();
    await client.close().catch(() => undefined);
  });
});

describe('the SDK client connects with a client ID metadata document', () => {
  it('fetches the document from the HTTPS host, shows its name, and connects', async () => {
    let callback!: URLSearchParams;
    const provider = new TestOAuthProvider(
      cb.url,
      async (url) => {
        expect(url.searchParams.get('client_id')).toBe(cimdUrl);
        callback = await browserApproves(url, 'Metadata Document App');
      },
      cimdUrl,
    );
    const client = await connectWithOAuth(provider, () => callback);
    expect(provider.info?.client_id ?? cimdUrl).toBe(cimdUrl);
    const tools = await client.listTools();
    expect(tools.tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('refuses documents that are too large, redirected, for another client_id, or for a confidential client', async () => {
    const origin = new URL(cimdUrl).origin;
    for (const [path, why] of [
      ['/big.json', /larger than 10240 bytes/],
      ['/moved.json', /HTTP 302; only 200 is accepted/],
      ['/other.json', /client_id does not equal its URL/],
      ['/secret.json', /token_endpoint_auth_method/],
      ['/missing.json', /HTTP 404/],
    ] as const) {
      const q = new URLSearchParams({
        client_id: origin + path,
        redirect_uri: cb.url,
        response_type: 'code',
        state: 'x',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const r = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual' });
      expect(r.status, path).toBe(400);
      expect(await r.text(), path).toMatch(why);
    }
  });

  it('refuses a document host on a private address without the test policy, naming client_id', async () => {
    const strict = await startAccountsServer({ toolsets: 'text' });
    try {
      const r = await fetch(
        `${strict.url}/oauth/authorize?client_id=${encodeURIComponent(cimdUrl)}&redirect_uri=${encodeURIComponent(cb.url)}&response_type=code&state=x&code_challenge=abc&code_challenge_method=S256`,
        { redirect: 'manual' },
      );
      expect(r.status).toBe(400);
      expect(await r.text()).toMatch(/client_id.*not a public address/);
    } finally {
      await strict.close();
    }
  });
});

describe('security of the OAuth endpoints', () => {
  let clientId = '';
  let cookie = '';
  const base = () => ({ client_id: clientId, redirect_uri: cb.url, response_type: 'code', state: 'st-1', code_challenge_method: 'S256' });

  beforeAll(async () => {
    clientId = await register(s.url, cb.url);
    if (!(await context.cookies()).some((c) => c.name === 'wb_session')) {
      await page.goto(`${s.url}/signin`);
      await page.click('#passkey-signin');
      await page.waitForURL(/\/account$/);
    }
    cookie = await sessionCookie(context);
  });

  /** A code for a fresh PKCE pair. */
  async function code(extra: Record<string, string> = {}): Promise<{ code: string; verifier: string }> {
    const p = pkce();
    const r = await approve(s.url, cookie, { ...base(), code_challenge: p.challenge, ...extra });
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location')!);
    expect(loc.searchParams.get('state')).toBe('st-1');
    return { code: loc.searchParams.get('code')!, verifier: p.verifier };
  }
  const exchange = (c: { code: string; verifier?: string }, extra: Record<string, string> = {}) =>
    tokenRequest(s.url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: cb.url,
      code: c.code,
      ...(c.verifier !== undefined ? { code_verifier: c.verifier } : {}),
      ...extra,
    });

  it('publishes the discovery documents', async () => {
    const prm = await (await fetch(`${s.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${s.url}/mcp`, authorization_servers: [s.url], scopes_supported: ['mcp'] });
    const as = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: s.url,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      registration_endpoint: `${s.url}/oauth/register`,
    });
  });

  it('refuses an unregistered redirect URI without redirecting (400 on the page)', async () => {
    const q = new URLSearchParams({ ...base(), code_challenge: pkce().challenge, redirect_uri: 'https://evil.example/cb' });
    const r = await fetch(`${s.url}/oauth/authorize?${q}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(await r.text()).toContain('redirect_uri');
  });

  it("registers Claude's callback URLs", async () => {
    const r = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Claude',
        redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: 'mcp',
      }),
    });
    expect(r.status).toBe(201);
    const body = await r.json();
    expect(body).toMatchObject({
      client_name: 'Claude',
      token_endpoint_auth_method: 'none',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'],
    });
  });

  it('refuses registration with a bad redirect URI, naming the field', async () => {
    const r = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const none = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'x' }),
    });
    expect((await none.json()).error_description).toMatch(/redirect_uris/);
  });

  it('requires PKCE S256, a state and its own resource (before approval: a 400 page, never a redirect)', async () => {
    for (const [extra, error] of [
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'x'.repeat(43), resource: 'https://other.example/mcp' }, 'invalid_target'],
    ] as const) {
      const q = new URLSearchParams({ ...base(), ...extra });
      const r = await fetch(`${s.url}/oauth/authorize?${q}`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
      expect(await r.text()).toContain(`(${error})`);
    }
  });

  it('refuses the consent POST without the CSRF token (403), and Deny returns access_denied with the state', async () => {
    const p = pkce();
    const r = await approve(s.url, cookie, { ...base(), code_challenge: p.challenge }, 'approve', '');
    expect(r.status).toBe(403);
    const d = await approve(s.url, cookie, { ...base(), code_challenge: p.challenge }, 'deny');
    const loc = new URL(d.headers.get('location')!);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('st-1');
  });

  it('refuses a missing, malformed or wrong code_verifier', async () => {
    const c = await code();
    const missing = await exchange({ code: c.code });
    expect(missing.status).toBe(400);
    expect(missing.json.error_description).toMatch(/code_verifier/);
    for (const verifier of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)} `]) {
      const bad = await exchange({ code: c.code, verifier });
      expect([bad.status, bad.json.error], verifier).toEqual([400, 'invalid_request']);
      expect(bad.json.error_description).toMatch(/`code_verifier` must be 43 to 128 characters/);
    }
    const wrong = await exchange({ code: c.code, verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('invalid_grant');
  });

  it('a reused code is refused and the tokens it issued are revoked', async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    expect((await mcpList(s.url, first.json.access_token)).status).toBe(200);
    const again = await exchange(c);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
    expect((await mcpList(s.url, first.json.access_token)).status).toBe(401);
  });

  it('a rotated refresh token used again revokes the grant', async () => {
    const t = (await exchange(await code())).json;
    const next = await tokenRequest(s.url, { grant_type: 'refresh_token', client_id: clientId, refresh_token: t.refresh_token });
    expect(next.status).toBe(200);
    expect((await mcpList(s.url, next.json.access_token)).status).toBe(200);
    const replay = await tokenRequest(s.url, { grant_type: 'refresh_token', client_id: clientId, refresh_token: t.refresh_token });
    expect(replay.json.error).toBe('invalid_grant');
    expect((await mcpList(s.url, next.json.access_token)).status).toBe(401);
  });

  it('refuses a token request for another resource, and a token used on another resource', async () => {
    const c = await code();
    const other = await exchange(c, { resource: 'https://other.example/mcp' });
    expect(other.status).toBe(400);
    expect(other.json.error).toBe('invalid_target');
    const t = (await exchange(await code(), { resource: `${s.url}/mcp` })).json;
    const configured = s.config.baseUrl;
    s.config.baseUrl = 'https://werkbank.example'; // the same store behind another public address
    try {
      const r = await mcpList(s.url, t.access_token);
      expect(r.status).toBe(401);
      expect((await r.json()).error).toMatch(/another resource/);
    } finally {
      s.config.baseUrl = configured;
    }
    expect((await mcpList(s.url, t.access_token)).status).toBe(200);
  });

  it('refuses expired and revoked access tokens; an OAuth token is not an API key', async () => {
    const t = (await exchange(await code())).json;
    expect((await fetch(`${s.url}/api/v1/account`, { headers: { Authorization: `Bearer ${t.access_token}` } })).status).toBe(401);
    shift = 16 * 60_000; // past the 15-minute lifetime
    try {
      expect((await mcpList(s.url, t.access_token)).status).toBe(401);
    } finally {
      shift = 0;
    }
    const t2 = (await exchange(await code())).json;
    const revoke = await fetch(`${s.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t2.refresh_token }),
    });
    expect(revoke.status).toBe(200);
    expect((await mcpList(s.url, t2.access_token)).status).toBe(401);
  });

  it('API keys keep working on /mcp', async () => {
    const me = await (await fetch(`${s.url}/auth/me`, { headers: { Cookie: cookie } })).json();
    const created = await (
      await fetch(`${s.url}/api/v1/keys`, { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': me.data.csrf } })
    ).json();
    expect((await mcpList(s.url, created.data.key)).status).toBe(200);
  });
});
