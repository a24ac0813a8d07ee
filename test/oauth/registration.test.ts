/**
 * Dynamic client registration (RFC 7591) through the route: what is stored and answered, each validation with
 * its OAuth error and the field it names, the per-address limit (120 an hour), and the lifetime of a
 * registration (30 days unless someone consents).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { HttpError } from '../../src/core/errors.js';
import type { RouteHelpers } from '../../src/http/app.js';
import { OAuth, oauthRoutes } from '../../src/http/oauth/index.js';
import { Registrations } from '../../src/http/oauth/registration.js';
import { openStore } from '../../src/store/select.js';
import type { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

let dir = '';
let store: Store;
let oauth: OAuth;
let app: Hono;
let t = Date.parse('2026-11-26T12:00:00Z');
const now = () => new Date(t);

/** Route helpers as the app's: a JSON body, and an HttpError as `{ error, status }` with Retry-After. */
const helpers = {
  readJsonObject: (c: Context) => c.req.json<Record<string, unknown>>(),
  errorResponse: (c: Context, err: unknown) => {
    const e = err as HttpError;
    return c.json(
      { error: e.message, status: e.status },
      e.status as 400,
      e.extra.retryAfter ? { 'Retry-After': String(e.extra.retryAfter) } : {},
    );
  },
} as unknown as RouteHelpers;

beforeEach(async () => {
  t = Date.parse('2026-11-26T12:00:00Z');
  dir = tempDir();
  store = await openStore({ dataDir: dir });
  oauth = new OAuth({ store, accounts: {} as never, identity: {} as never, baseUrl: () => 'https://wb.example', trustProxy: false, now });
  app = new Hono();
  oauthRoutes(oauth, {} as never, () => new Response('consent'))(app, helpers);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function register(body: unknown, address = '203.0.113.7') {
  return app.request(
    'https://wb.example/oauth/register',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: address } } },
  );
}

const ok = {
  client_name: 'Claude',
  redirect_uris: [
    'https://claude.ai/api/mcp/auth_callback',
    'http://127.0.0.1:33418/callback',
    'cursor://anysphere.cursor-mcp/oauth/callback',
  ],
};

describe('dynamic client registration', () => {
  it('registers a public client: 201, RFC 7591 client information, no-store, stored for 30 days', async () => {
    const res = await register({ ...ok, logo_uri: 'https://claude.ai/logo.png', client_uri: 'https://claude.ai' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const info = (await res.json()) as Record<string, unknown>;
    expect(info).toEqual({
      client_id: expect.stringMatching(/^wbc_[A-Za-z0-9_-]{22}$/),
      client_id_issued_at: Math.floor(t / 1000),
      client_name: 'Claude',
      redirect_uris: ok.redirect_uris,
      logo_uri: 'https://claude.ai/logo.png',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp',
    });
    const row = await oauth.clients.get(info.client_id as string, now().toISOString());
    expect(row).toMatchObject({
      accountId: null,
      value: {
        name: 'Claude',
        redirectUris: ok.redirect_uris,
        logoUri: 'https://claude.ai/logo.png',
        clientUri: 'https://claude.ai',
        registeredAt: now().toISOString(),
      },
      expiresAt: new Date(t + 30 * 86_400_000).toISOString(),
    });
    expect(await oauth.client(info.client_id as string)).toEqual({
      id: info.client_id,
      name: 'Claude',
      redirectUris: ok.redirect_uris,
      logoUri: 'https://claude.ai/logo.png',
      grants: ['authorization_code', 'refresh_token'],
      kind: 'registered',
    });
  });

  it('names an unnamed client and trims the name', async () => {
    expect(((await (await register({ redirect_uris: ['https://a.example/cb'] })).json()) as { client_name: string }).client_name).toBe(
      'Unnamed application',
    );
    expect(
      ((await (await register({ client_name: '  Spaced  ', redirect_uris: ['https://a.example/cb'] })).json()) as { client_name: string })
        .client_name,
    ).toBe('Spaced');
  });

  it.each([
    [{}, 'invalid_redirect_uri', '`redirect_uris` must be an array of 1 to 10 URIs'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri', '`redirect_uris` must be an array of 1 to 10 URIs'],
    [
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      'invalid_redirect_uri',
      '`redirect_uris` must be an array of 1 to 10 URIs',
    ],
    [{ redirect_uris: ['https://a.example/cb', 42] }, 'invalid_redirect_uri', '`redirect_uris[1]` must be a URI string'],
    [{ redirect_uris: ['/relative'] }, 'invalid_redirect_uri', '`redirect_uris[0]`: "/relative" is not an absolute URI'],
    [{ redirect_uris: ['https://a.example/cb#frag'] }, 'invalid_redirect_uri', '`redirect_uris[0]` must not have a fragment'],
    [
      { redirect_uris: ['http://a.example/cb'] },
      'invalid_redirect_uri',
      '`redirect_uris[0]`: http is allowed only for loopback (localhost, 127.0.0.1, [::1]); use https',
    ],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri', '`redirect_uris[0]`: the scheme javascript: is not allowed'],
    [
      { redirect_uris: ['https://a.example/cb'], client_name: '' },
      'invalid_client_metadata',
      '`client_name` must contain visible characters (white space, control and invisible characters are removed)',
    ],
    [
      { redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(101) },
      'invalid_client_metadata',
      '`client_name` must be a string of 1 to 100 characters',
    ],
    [
      { redirect_uris: ['https://a.example/cb'], logo_uri: 'http://a.example/logo.png' },
      'invalid_client_metadata',
      '`logo_uri` must be an https URL',
    ],
    [
      { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] },
      'invalid_client_metadata',
      '`grant_types`: only authorization_code and refresh_token are supported, not "client_credentials"',
    ],
    [
      { redirect_uris: ['https://a.example/cb'], response_types: ['token'] },
      'invalid_client_metadata',
      '`response_types`: only "code" is supported',
    ],
  ])('refuses %j: 400 %s', async (body, error, description) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error, error_description: description });
  });

  it('allows 120 registrations an hour per address; refused ones do not count', async () => {
    for (let i = 0; i < 5; i++) expect((await register({ redirect_uris: ['http://a.example/cb'] })).status).toBe(400);
    for (let i = 0; i < 120; i++) expect((await register(ok)).status).toBe(201);
    const refused = await register(ok);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Too many client registrations from this address: try again in 3600 s',
    );
    expect((await register(ok, '198.51.100.9')).status).toBe(201);
  });

  it('a registration nobody consents to goes after 30 days; a kept one stays', async () => {
    const registrations = new Registrations(oauth.clients, { trustProxy: false, now, counters: store.counters });
    const idle = ((await (await register(ok)).json()) as { client_id: string }).client_id;
    const kept = ((await (await register(ok)).json()) as { client_id: string }).client_id;
    await registrations.keep(kept, now().toISOString());
    expect((await oauth.clients.get(kept, now().toISOString()))?.expiresAt).toBeNull();
    t += 30 * 86_400_000 + 1000;
    await oauth.sweep();
    await expect(oauth.client(idle)).rejects.toMatchObject({
      status: 400,
      error: 'invalid_client',
      description: `Unknown client_id "${idle}": register the client first`,
    });
    expect((await oauth.client(kept)).id).toBe(kept);
  });
});
