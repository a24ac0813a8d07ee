/**
 * The discovery documents and the 401 challenge: every field of RFC 9728 protected resource metadata (root
 * and path form) and RFC 8414 server metadata, cacheable for 5 minutes, at the request's own origin or the
 * configured base URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { RouteHelpers } from '../../src/http/app.js';
import { OAuth, oauthRoutes } from '../../src/http/oauth/index.js';
import { openStore } from '../../src/store/select.js';
import type { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

let dir = '';
let store: Store;

beforeAll(async () => {
  dir = tempDir();
  store = await openStore({ dataDir: dir });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function serve(baseUrl?: string, trustProxy = false): { app: Hono; oauth: OAuth } {
  const oauth = new OAuth({ store, accounts: {} as never, identity: {} as never, baseUrl: () => baseUrl, trustProxy });
  const app = new Hono();
  oauthRoutes(oauth, {} as never, () => new Response('consent'))(app, {} as RouteHelpers);
  return { app, oauth };
}

const resourceMetadata = (base: string) => ({
  resource: `${base}/mcp`,
  authorization_servers: [base],
  scopes_supported: ['mcp'],
  bearer_methods_supported: ['header'],
  resource_name: 'werkbank',
  resource_documentation: `${base}/docs`,
});

describe('discovery', () => {
  it('publishes the protected resource metadata at the root and in path form', async () => {
    const { app } = serve();
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await app.request(`http://wb.test:8080${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(await res.json()).toEqual(resourceMetadata('http://wb.test:8080'));
    }
  });

  it('publishes the authorization server metadata', async () => {
    const { app } = serve();
    const res = await app.request('http://wb.test:8080/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const base = 'http://wb.test:8080';
    expect(await res.json()).toEqual({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      scopes_supported: ['mcp'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${base}/docs`,
    });
  });

  it('uses the configured base URL (without a trailing slash), and https from a trusted proxy', async () => {
    const configured = serve('https://tools.example/');
    expect(await (await configured.app.request('http://10.0.0.5:8080/.well-known/oauth-protected-resource')).json()).toEqual(
      resourceMetadata('https://tools.example'),
    );
    const proxied = serve(undefined, true);
    const res = await proxied.app.request('http://wb.test/.well-known/oauth-authorization-server', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(((await res.json()) as { issuer: string }).issuer).toBe('https://wb.test');
    const untrusted = serve(undefined, false);
    const plain = await untrusted.app.request('http://wb.test/.well-known/oauth-authorization-server', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(((await plain.json()) as { issuer: string }).issuer).toBe('http://wb.test');
  });

  it('the 401 challenge names the path-form resource metadata and the scope, and an error when given', async () => {
    const { app, oauth } = serve();
    app.get('/challenge', (c: Context) => c.text(oauth.challenge(c)));
    app.get('/challenge/invalid', (c: Context) => c.text(oauth.challenge(c, 'invalid_token')));
    expect(await (await app.request('http://wb.test/challenge')).text()).toBe(
      'Bearer realm="werkbank", resource_metadata="http://wb.test/.well-known/oauth-protected-resource/mcp", scope="mcp"',
    );
    expect(await (await app.request('http://wb.test/challenge/invalid')).text()).toBe(
      'Bearer realm="werkbank", resource_metadata="http://wb.test/.well-known/oauth-protected-resource/mcp", scope="mcp", error="invalid_token"',
    );
  });
});
