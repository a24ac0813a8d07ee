/**
 * The authorization endpoint: the request is checked before anything is shown, the signed-in person sees the
 * consent page (src/web/account-auth.ts), and Approve makes a grant and lets the library issue the code. Only
 * this server's /mcp is a valid `resource` (RFC 8707); the answer carries `iss` (RFC 9207).
 */
import type { Context, Hono } from 'hono';
import OAuth2Server from '@node-oauth/oauth2-server';
import { HttpError } from '../../core/errors.js';
import type { Identity } from '../identity/identity.js';
import { redirectMatches } from './client-metadata.js';
import type { Grants } from './grants.js';
import { OAuthHttpError, SCOPES, type OAuthClient, type OAuthUser, type Site } from './protocol.js';
import type { Registrations } from './registration.js';

const { Request: OAuthRequest, Response: OAuthResponse } = OAuth2Server;

/** An authorization request that passed the checks. */
export interface CheckedAuthorize {
  client: OAuthClient;
  redirectUri: string;
  resource: string;
  scope: string[];
}

export type AuthorizeCheck = ({ ok: true } & CheckedAuthorize) | { ok: false; status: number; message: string; redirect?: string };

/** What the consent page is given: the request to approve, or the error to show. */
export type ConsentArgs =
  | { error: string; status: number }
  | { params: Record<string, string>; client: OAuthClient; redirectUri: string; scope: string[]; account: string; csrf: string };

export class Authorization {
  constructor(
    private readonly deps: {
      site: Site;
      server: OAuth2Server;
      grants: Grants;
      registrations: Registrations;
      client: (clientId: string) => Promise<OAuthClient>;
      now: () => Date;
    },
  ) {}

  /**
   * Check an authorization request before anything is shown: the client and redirect URI first (errors about
   * them are shown, never redirected: the URI is not trusted yet), then the rest (redirected to the client).
   */
  async check(c: Context, p: Record<string, string | undefined>): Promise<AuthorizeCheck> {
    const { site } = this.deps;
    if (!p.client_id) return { ok: false, status: 400, message: '`client_id` is required' };
    let client: OAuthClient;
    try {
      client = await this.deps.client(p.client_id);
    } catch (err) {
      return { ok: false, status: 400, message: err instanceof OAuthHttpError ? err.description : 'The client could not be loaded' };
    }
    if (!p.redirect_uri) return { ok: false, status: 400, message: '`redirect_uri` is required' };
    if (!redirectMatches(client.redirectUris, p.redirect_uri))
      return {
        ok: false,
        status: 400,
        message: '`redirect_uri` is not registered for this client (it must match a registered URI exactly)',
      };
    const back = (error: string, description: string) => {
      const url = new URL(p.redirect_uri!);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (p.state) url.searchParams.set('state', p.state);
      url.searchParams.set('iss', site.base(c));
      return { ok: false as const, status: 302, message: description, redirect: url.href };
    };
    if (p.response_type !== 'code') return back('unsupported_response_type', '`response_type` must be "code"');
    if (!p.state) return back('invalid_request', '`state` is required');
    if (!p.code_challenge) return back('invalid_request', '`code_challenge` is required (PKCE with S256)');
    if (p.code_challenge_method !== 'S256') return back('invalid_request', '`code_challenge_method` must be "S256"');
    const resource = p.resource ?? site.mcpUrl(c);
    if (resource.replace(/\/$/, '') !== site.mcpUrl(c))
      return back('invalid_target', `\`resource\` must be this server's MCP endpoint ${site.mcpUrl(c)}`);
    const scope = p.scope ? p.scope.split(/\s+/).filter(Boolean) : [...SCOPES];
    const allowed = new Set<string>([...SCOPES, 'offline_access']);
    if (!scope.every((s) => allowed.has(s))) return back('invalid_scope', `\`scope\`: this server grants "${SCOPES.join(' ')}"`);
    return { ok: true, client, redirectUri: p.redirect_uri, resource: site.mcpUrl(c), scope: scope.filter((s) => s !== 'offline_access') };
  }

  /** The person approved: make the grant and let the library issue the code; returns where to send the browser. */
  async approve(c: Context, accountId: string, p: Record<string, string>, checked: CheckedAuthorize): Promise<string> {
    const at = this.deps.now().toISOString();
    const grantId = await this.deps.grants.create(accountId, checked, at);
    if (checked.client.kind === 'registered') await this.deps.registrations.keep(checked.client.id, at);
    const user: OAuthUser = { id: accountId, accountId, grantId, resource: checked.resource };
    const request = new OAuthRequest({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      query: {},
      body: { ...p, scope: checked.scope.join(' ') },
    });
    const response = new OAuthResponse({ headers: {} });
    try {
      await this.deps.server.authorize(request, response, { authenticateHandler: { handle: async () => user } });
    } catch (err) {
      await this.deps.grants.discard(grantId);
      const location = response.get('location') as string | undefined;
      if (location) return location;
      throw err;
    }
    const location = new URL(response.get('location') as string);
    location.searchParams.set('iss', this.deps.site.base(c));
    return location.href;
  }
}

/** Keep only the authorization parameters, each at most 2000 characters. */
function params(source: Record<string, unknown>): Record<string, string> {
  const p: Record<string, string> = {};
  for (const k of ['client_id', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'scope', 'resource'])
    if (typeof source[k] === 'string') p[k] = source[k].slice(0, 2000);
  return p;
}

interface Authorizer {
  base(c: Context): string;
  checkAuthorize(c: Context, p: Record<string, string | undefined>): Promise<AuthorizeCheck>;
  approve(c: Context, accountId: string, p: Record<string, string>, checked: CheckedAuthorize): Promise<string>;
}

/** GET shows the consent page (after sign-in); POST is its Approve or Deny. */
export function authorizeRoutes(
  app: Hono,
  oauth: Authorizer,
  identity: Identity,
  consent: (c: Context, args: ConsentArgs) => Response,
): void {
  app.get('/oauth/authorize', async (c) => {
    const p = params(c.req.query());
    const checked = await oauth.checkAuthorize(c, p);
    if (!checked.ok)
      return checked.redirect ? c.redirect(checked.redirect, 302) : consent(c, { error: checked.message, status: checked.status });
    const session = await identity.session(c);
    if (!session) {
      const here = new URL(c.req.url);
      return c.redirect(`/signin?next=${encodeURIComponent(here.pathname + here.search)}`, 302);
    }
    const account = await identity.opts.accounts.accountInfo(session.accountId);
    return consent(c, {
      params: p,
      client: checked.client,
      redirectUri: checked.redirectUri,
      scope: checked.scope,
      account: account.name,
      csrf: session.csrf,
    });
  });

  app.post('/oauth/authorize', async (c) => {
    const form = await c.req.parseBody().catch((): Record<string, unknown> => ({}));
    try {
      const session = await identity.requireSession(c, form);
      const p = params(form);
      const checked = await oauth.checkAuthorize(c, p);
      if (!checked.ok)
        return checked.redirect ? c.redirect(checked.redirect, 302) : consent(c, { error: checked.message, status: checked.status });
      if (form.decision !== 'approve') {
        const url = new URL(checked.redirectUri);
        url.searchParams.set('error', 'access_denied');
        url.searchParams.set('error_description', 'The account owner denied access');
        url.searchParams.set('state', p.state);
        url.searchParams.set('iss', oauth.base(c));
        return c.redirect(url.href, 302);
      }
      return c.redirect(await oauth.approve(c, session.accountId, p, checked), 302);
    } catch (err) {
      if (err instanceof HttpError) return consent(c, { error: err.message, status: err.status });
      throw err;
    }
  });
}
