/**
 * OAuth fixtures: an OAuthClientProvider for the official MCP SDK client (in memory, its browser
 * step handed to the test), a redirect-URI catcher (a local HTTP server), PKCE values, and the
 * authorize step done with a session cookie over plain HTTP (for the security tests).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';

type Provider = OAuthClientProvider;

export class TestOAuthProvider implements Provider {
  info: any;
  saved: any;
  verifier = '';
  lastState = '';
  redirects = 0;
  constructor(
    private readonly redirect: string,
    private readonly onRedirect: (url: URL) => Promise<void>,
    readonly clientMetadataUrl?: string,
    private readonly name = 'werkbank test client',
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    } as Provider['clientMetadata'];
  }
  state() {
    this.lastState = `st-${randomBytes(8).toString('hex')}`;
    return this.lastState;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: any) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: any) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.redirects++;
    await this.onRedirect(url);
  }
  discovery: any;
  saveDiscoveryState(state: any) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A local redirect URI: answers 200 and remembers the query of each callback. */
export async function callbackServer(): Promise<{ url: string; calls: URLSearchParams[]; close(): Promise<void> }> {
  const calls: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/callback') return void res.writeHead(404).end(); // e.g. the browser's favicon request
    calls.push(url.searchParams);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('You can close this window.');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/callback`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(base: string, redirect: string, name = 'security test client'): Promise<string> {
  const r = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    }),
  });
  if (r.status !== 201) throw new Error(`register: ${r.status} ${await r.text()}`);
  return (await r.json()).client_id;
}

/** Approve on the consent endpoint with a session cookie; returns the redirect Location. */
export async function approve(
  base: string,
  cookie: string,
  params: Record<string, string>,
  decision = 'approve',
  csrf?: string,
): Promise<Response> {
  const me = await (await fetch(`${base}/auth/me`, { headers: { Cookie: cookie } })).json();
  const form = new URLSearchParams({ ...params, decision, ...(csrf === undefined ? { csrf: me.data.csrf } : csrf ? { csrf } : {}) });
  return fetch(`${base}/oauth/authorize`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
}

export async function tokenRequest(base: string, fields: Record<string, string>): Promise<{ status: number; json: any }> {
  const r = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: r.status, json: await r.json().catch(() => undefined) };
}

/** A tools/list on /mcp with a bearer token: the status and headers. */
export async function mcpList(base: string, bearer: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}
