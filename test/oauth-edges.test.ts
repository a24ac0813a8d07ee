/**
 * The OAuth authorization endpoint at its edges, over raw HTTP against a listening server (redirects never
 * followed), with a person signed in by passkey in Chromium (its session cookie used for the raw requests):
 *
 * - before the person has approved, every error about the request is werkbank's own 400 page: no Location, the
 *   client is never sent anywhere (RFC 9700 §4.11.2), anonymous or signed in, GET or a tampered POST;
 * - after the person decided, the answer goes back with `state` exactly as sent and `iss`;
 * - `state` and `code_challenge` are refused, never cut, outside their rules;
 * - redirect URIs: fragments, active and one-word custom schemes refused at registration, in a client ID
 *   metadata document and at authorization; reverse-domain private-use schemes accepted;
 * - client names cleaned of bidi, zero-width and control characters, refused when nothing visible is left;
 *   the consent page shows the redirect host highlighted and whether the client is verified.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sessionCookie, signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';
import { callbackServer, pkce, register } from './helpers/oauth.js';
import { loopbackCert, type LoopbackCert } from './helpers/tls.js';
import { launchBrowser } from './helpers/web.js';

let s: AccountsServer;
let browser: Browser;
let cb: Awaited<ReturnType<typeof callbackServer>>;
let cookie = '';
let csrf = '';
let clientId = '';
let tls: LoopbackCert | undefined;
let docHost: HttpsServer;
let docOrigin = '';
/** Client ID metadata documents the HTTPS host serves, by path (`client_id` is filled in with the document's URL). */
const documents: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  tls = loopbackCert('werkbank-edges-');
  cb = await callbackServer();
  docHost = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const doc = documents[req.url ?? ''];
    if (!doc) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ client_id: docOrigin + req.url, ...doc }));
  });
  await new Promise<void>((r) => docHost.listen(0, '127.0.0.1', () => r()));
  docOrigin = `https://127.0.0.1:${(docHost.address() as { port: number }).port}`;
  s = await startAccountsServer({
    toolsets: 'text',
    // The document host is on loopback: this test lets the fetch guard reach it (production: public addresses only).
    renderResolver: async () => ['127.0.0.1'],
    renderPolicy: () => true,
    oauthClientDocumentCa: tls.cert,
  });
  browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  await signUp(page, s.url, 'edgy');
  cookie = await sessionCookie(context);
  csrf = ((await (await fetch(`${s.url}/auth/me`, { headers: { Cookie: cookie } })).json()) as { data: { csrf: string } }).data.csrf;
  clientId = await register(s.url, cb.url, 'Edge App');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await cb?.close();
  await new Promise((r) => docHost?.close(() => r(undefined)));
  tls?.remove();
});

/** A valid authorization request for the registered client, with `over` applied (undefined removes a parameter). */
function request(over: Record<string, string | undefined> = {}): Record<string, string> {
  const p: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: cb.url,
    response_type: 'code',
    state: 'st-edge',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...over,
  };
  return Object.fromEntries(Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined));
}

/** GET /oauth/authorize with this query (a string keeps repeated parameters), signed in or not. */
function authorize(query: Record<string, string> | string, signedIn: boolean): Promise<Response> {
  const q = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return fetch(`${s.url}/oauth/authorize?${q}`, { headers: signedIn ? { Cookie: cookie } : {}, redirect: 'manual' });
}

/** The consent form's POST (Approve or Deny) with this body. */
function decide(fields: Record<string, string>, decision = 'approve'): Promise<Response> {
  return fetch(`${s.url}/oauth/authorize`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
    body: new URLSearchParams({ ...fields, decision, csrf }),
    redirect: 'manual',
  });
}

/** werkbank's own error page: 400, HTML, no Location; its text. */
async function errorPage(r: Response, why: RegExp): Promise<void> {
  const text = await r.text();
  expect(r.status, text.slice(0, 300)).toBe(400);
  expect(r.headers.get('location')).toBeNull();
  expect(r.headers.get('content-type')).toMatch(/^text\/html/);
  expect(text).toContain('This connection request cannot be used');
  expect(text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))).toMatch(why);
}

async function registerRaw(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const badRequests: [string, Record<string, string | undefined>, RegExp][] = [
  ['response_type=token', { response_type: 'token' }, /response_type/],
  ['no response_type', { response_type: undefined }, /response_type/],
  ['no state', { state: undefined }, /`state` is required/],
  ['an empty state', { state: '' }, /`state` is required/],
  ['a 3,000-character state', { state: 's'.repeat(3000) }, /`state` is longer than 2000 characters/],
  ['a non-ASCII state', { state: 'caf\u00e9' }, /`state` may hold only visible ASCII/],
  ['a state with a control character', { state: 'a\u0001b' }, /`state` may hold only visible ASCII/],
  ['a state with a line break', { state: 'a\nb' }, /`state` may hold only visible ASCII/],
  ['no code_challenge', { code_challenge: undefined }, /`code_challenge` is required/],
  ['a 42-character code_challenge', { code_challenge: 'a'.repeat(42) }, /43 to 128 characters/],
  ['a 129-character code_challenge', { code_challenge: 'a'.repeat(129) }, /43 to 128 characters/],
  ['a code_challenge with "+" and "="', { code_challenge: `${'a'.repeat(41)}+=` }, /43 to 128 characters/],
  ['a code_challenge with a space', { code_challenge: `${'a'.repeat(21)} ${'a'.repeat(21)}` }, /43 to 128 characters/],
  ['code_challenge_method=plain', { code_challenge_method: 'plain' }, /`code_challenge_method` must be "S256"/],
  ['no code_challenge_method', { code_challenge_method: undefined }, /`code_challenge_method` must be "S256"/],
  ['an unknown client', { client_id: 'wbc_nobody' }, /Unknown client_id/],
  ['no client_id', { client_id: undefined }, /`client_id` is required/],
  ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example/cb' }, /not registered for this client/],
  ['no redirect_uri', { redirect_uri: undefined }, /`redirect_uri` is required/],
  ['another resource', { resource: 'https://other.example/mcp' }, /`resource` must be this server/],
  ['an unknown scope', { scope: 'admin' }, /`scope`/],
];

describe('before the person approves, errors are shown on werkbank’s page and never redirected', () => {
  it.each(badRequests)('%s: 400 page, anonymous and signed in', async (_name, over, why) => {
    for (const signedIn of [false, true]) await errorPage(await authorize(request(over), signedIn), why);
  });

  it('a loopback redirect_uri with a fragment (any port) never reaches the consent page', async () => {
    const other = new URL(cb.url);
    other.port = '49999';
    for (const uri of [`${cb.url}#frag`, `${other.href}#frag`, `${cb.url}#`])
      for (const signedIn of [false, true])
        await errorPage(await authorize(request({ redirect_uri: uri }), signedIn), /`redirect_uri` must not have a fragment/);
  });

  it('a redirect_uri with vbscript:, javascript: or a one-word scheme is refused, registered or not', async () => {
    for (const uri of ['vbscript:msgbox(1)', 'javascript:alert(1)', 'data:text/html,x', 'myapp:/cb'])
      await errorPage(await authorize(request({ redirect_uri: uri }), true), /`redirect_uri`: the scheme/);
  });

  it('a parameter given twice is refused', async () => {
    const q = `${new URLSearchParams(request()).toString()}&state=again`;
    await errorPage(await authorize(q, true), /`state` is given more than once/);
  });

  it('a client anyone registered for evil.example gets no redirect for response_type=token or a missing state', async () => {
    const evil = await register(s.url, 'https://evil.example/landing', 'Evil');
    const base = request({ client_id: evil, redirect_uri: 'https://evil.example/landing' });
    await errorPage(await authorize({ ...base, response_type: 'token' }, false), /response_type/);
    const { state: _dropped, ...stateless } = base;
    await errorPage(await authorize(stateless, false), /`state` is required/);
  });

  it('a consent POST whose request fails the checks is a 400 page too, never a redirect', async () => {
    for (const [, over, why] of badRequests.filter(([name]) => !/client_id|client$/.test(name)))
      await errorPage(await decide(request(over)), why);
    await errorPage(await decide(request({ state: 'caf\u00e9' }), 'deny'), /visible ASCII/);
  });
});

describe('after the person decided, the answer goes back with state and iss', () => {
  it('Approve: a code, the state byte for byte (every visible ASCII character) and the issuer', async () => {
    const visible = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const state of ['st-1', visible, 'x'.repeat(2000)]) {
      const r = await decide(request({ state }));
      expect(r.status).toBe(302);
      const back = new URL(r.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(cb.url);
      expect(back.searchParams.get('code')).toMatch(/^wbac_/);
      expect(back.searchParams.get('state')).toBe(state);
      expect(back.searchParams.get('iss')).toBe(s.url);
    }
  });

  it('Deny: access_denied with the state and the issuer', async () => {
    const r = await decide(request({ state: 'deny me' }), 'deny');
    expect(r.status).toBe(302);
    const back = new URL(r.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny me');
    expect(back.searchParams.get('iss')).toBe(s.url);
  });
});

describe('redirect URIs at registration', () => {
  it.each([
    ['https://app.example/cb#frag', /must not have a fragment/],
    ['https://app.example/cb#', /must not have a fragment/],
    ['http://127.0.0.1:8080/cb#x', /must not have a fragment/],
    ['vbscript:msgbox(1)', /the scheme vbscript: is not allowed/],
    ['javascript:alert(1)', /the scheme javascript: is not allowed/],
    ['data:text/html,<script>alert(1)</script>', /the scheme data: is not allowed/],
    ['file:///etc/passwd', /the scheme file: is not allowed/],
    ['myapp://callback', /the scheme myapp: is not allowed: use https/],
    ['ws://127.0.0.1/cb', /the scheme ws: is not allowed/],
    ['http://evil.example/cb', /http is allowed only for loopback/],
    ['https://claude.ai@evil.example/cb', /user name or password/],
  ])('refuses %s', async (uri, why) => {
    const r = await registerRaw({ client_name: 'x', redirect_uris: ['https://ok.example/cb', uri] });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toMatch(/`redirect_uris\[1\]`/);
    expect(body.error_description).toMatch(why);
  });

  it("accepts https, loopback http, reverse-domain private-use schemes and Cursor's callback", async () => {
    const uris = [
      'https://claude.ai/api/mcp/auth_callback',
      'http://[::1]:3000/cb',
      'com.example.app:/oauth2redirect',
      'cursor://anysphere.cursor-mcp/oauth/callback',
    ];
    const r = await registerRaw({ client_name: 'Native', redirect_uris: uris });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { redirect_uris: string[] }).redirect_uris).toEqual(uris);
  });
});

describe('client names people can trust', () => {
  it.each([
    ['Claude\u202Eexe.bat', 'Claudeexe.bat'],
    ['Cla\u200Bude', 'Claude'],
    ['\u2067Claude\u2069 \u200E', 'Claude'],
    ['Tab\there\nand\u2028there', 'Tab here and there'],
    ['  Spaced   out  ', 'Spaced out'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['\u200B'.repeat(300) + 'Short', 'Short'],
    ['Z\u0300\u0301\u0302\u0303\u0304\u0305\u0306', 'Z\u0300\u0301\u0302\u0303'],
  ])('%j registers as %j', async (name, shown) => {
    const r = await registerRaw({ client_name: name, redirect_uris: [cb.url] });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { client_name: string }).client_name).toBe(shown);
  });

  it.each([
    ['   ', /visible characters/],
    ['\u200B\u202E\u2066', /visible characters/],
    ['\u3164\u3164', /visible characters/],
    ['\u2800', /visible characters/],
    ['x'.repeat(101), /1 to 100 characters/],
    ['x'.repeat(2000), /1 to 100 characters/],
  ])('%j is refused', async (name, why) => {
    const r = await registerRaw({ client_name: name, redirect_uris: [cb.url] });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_client_metadata');
    expect(body.error_description).toMatch(/`client_name`/);
    expect(body.error_description).toMatch(why);
  });
});

describe('the consent page', () => {
  it('a self-registered client: its cleaned name, "Unverified", the redirect host highlighted', async () => {
    const id = await register(s.url, cb.url, 'Claude\u202Eexe.bat');
    const r = await authorize(request({ client_id: id }), true);
    const html = await r.text();
    expect(r.status).toBe(200);
    expect(html).toContain('<strong id="client-name">Claudeexe.bat</strong>');
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/);
    expect(html).toMatch(/id="client-unverified">Unverified</);
    const host = new URL(cb.url).host;
    expect(html).toContain(`http://<mark><strong id="redirect-host">${host}</strong></mark>/callback</code>`);
    expect(html).toContain('(an application on this computer)');
  });

  it('a native app: the scheme that receives the answer is what is highlighted', async () => {
    const id = await register(s.url, 'com.example.app:/oauth2redirect', 'Native App');
    const html = await (await authorize(request({ client_id: id, redirect_uri: 'com.example.app:/oauth2redirect' }), true)).text();
    expect(html).toContain('<mark><strong id="redirect-host">com.example.app:</strong></mark>/oauth2redirect</code>');
    expect(html).toContain('client-unverified');
  });

  it('a client ID metadata document: identified by its https host, not marked unverified', async () => {
    documents['/ok.json'] = { client_name: 'Doc\u200B App', redirect_uris: [cb.url] };
    const r = await authorize(request({ client_id: `${docOrigin}/ok.json` }), true);
    const html = await r.text();
    expect(r.status, html.slice(0, 400)).toBe(200);
    expect(html).toContain('<strong id="client-name">Doc App</strong>');
    expect(html).toContain(`<strong id="client-host">${new URL(docOrigin).host}</strong>`);
    expect(html).not.toContain('client-unverified');
    expect(html).toContain(`id="redirect-host">${new URL(cb.url).host}<`);
  });

  it('a client ID metadata document with a blank name, a fragment or a vbscript: redirect is refused on the page', async () => {
    documents['/blank.json'] = { client_name: ' \u200B ', redirect_uris: [cb.url] };
    documents['/fragment.json'] = { client_name: 'Frag', redirect_uris: [`${cb.url}#x`] };
    documents['/vbscript.json'] = { client_name: 'VB', redirect_uris: ['vbscript:msgbox(1)'] };
    for (const [path, why] of [
      ['/blank.json', /`client_name` must contain visible characters/],
      ['/fragment.json', /must not have a fragment/],
      ['/vbscript.json', /the scheme vbscript: is not allowed/],
    ] as const)
      await errorPage(await authorize(request({ client_id: docOrigin + path }), true), why);
  });
});
