/**
 * The authorization endpoint: the request is checked before anything is shown, the signed-in person sees the
 * consent page (src/web/consent-page.ts), and Approve makes a grant and lets the library issue the code. Only
 * this server's /mcp is a valid `resource` (RFC 8707).
 *
 * Until the person has approved, an error about the request is shown on werkbank's own page (400) and never
 * sent to the client's redirect URI: anyone can register a client, so redirecting them would make werkbank an
 * open redirector (RFC 9700 §4.11.2). Once the person has decided (Approve or Deny), every answer, an error
 * too, goes back to the redirect URI with `state` and `iss` (RFC 9207).
 */
import type { Context, Hono } from 'hono';
import OAuth2Server from '@node-oauth/oauth2-server';
import { HttpError } from '../../core/errors.js';
import type { Identity } from '../identity/identity.js';
import { readParams, requestProblem, type AuthorizeParams } from './authorize-request.js';
import { checkRedirectUri, redirectMatches } from './client-metadata.js';
import type { Grants } from './grants.js';
import { OAuthHttpError, SCOPES, type OAuthClient, type OAuthUser, type Site } from './protocol.js';
import type { Registrations } from './registration.js';

const { Request: OAuthRequest, Response: OAuthResponse, OAuthError } = OAuth2Server;

/** An authorization request that passed the checks. */
export interface CheckedAuthorize {
  client: OAuthClient;
  redirectUri: string;
  resource: string;
  scope: string[];
}

/** A checked request, or why it cannot be used: shown on werkbank's own page with this status, never redirected. */
export type AuthorizeCheck = ({ ok: true } & CheckedAuthorize) | { ok: false; status: number; message: string };

/** What the consent page is given: the request to approve, or the error to show. */
export type ConsentArgs =
  | { error: string; status: number }
  | { params: Record<string, string>; client: OAuthClient; redirectUri: string; scope: string[]; account: string; csrf: string };

/** The redirect URI with an error, the request's `state` and the issuer: an answer after the person decided. */
export function errorRedirect(redirectUri: string, error: string, description: string, state: string, iss: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  url.searchParams.set('state', state);
  url.searchParams.set('iss', iss);
  return url.href;
}

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

  /** Check an authorization request before anything is shown: the client, its redirect URI, then the rest. */
  async check(c: Context, p: AuthorizeParams): Promise<AuthorizeCheck> {
    const { site } = this.deps;
    const refuse = (message: string) => ({ ok: false as const, status: 400, message });
    if (!p.client_id) return refuse('`client_id` is required');
    let client: OAuthClient;
    try {
      client = await this.deps.client(p.client_id);
    } catch (err) {
      return refuse(err instanceof OAuthHttpError ? err.description : 'The client could not be loaded');
    }
    if (!p.redirect_uri) return refuse('`redirect_uri` is required');
    try {
      checkRedirectUri(p.redirect_uri, 'redirect_uri');
    } catch (err) {
      return refuse((err as Error).message);
    }
    if (!redirectMatches(client.redirectUris, p.redirect_uri))
      return refuse('`redirect_uri` is not registered for this client (it must match a registered URI exactly)');
    const problem = requestProblem(p);
    if (problem) return refuse(`${problem.message} (${problem.error})`);
    const resource = p.resource ?? site.mcpUrl(c);
    if (resource.replace(/\/$/, '') !== site.mcpUrl(c))
      return refuse(`\`resource\` must be this server's MCP endpoint ${site.mcpUrl(c)} (invalid_target)`);
    const scope = p.scope ? p.scope.split(/\s+/).filter(Boolean) : [...SCOPES];
    const allowed = new Set<string>([...SCOPES, 'offline_access']);
    if (!scope.every((s) => allowed.has(s))) return refuse(`\`scope\`: this server grants "${SCOPES.join(' ')}" (invalid_scope)`);
    return { ok: true, client, redirectUri: p.redirect_uri, resource: site.mcpUrl(c), scope: scope.filter((s) => s !== 'offline_access') };
  }

  /** The person approved: make the grant and let the library issue the code; returns where to send the browser. */
  async approve(c: Context, accountId: string, p: Record<string, string>, checked: CheckedAuthorize): Promise<string> {
    const at = this.deps.now().toISOString();
    const iss = this.deps.site.base(c);
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
      if (err instanceof OAuthError) return errorRedirect(checked.redirectUri, err.name, err.message, p.state, iss);
      throw err;
    }
    const location = new URL(response.get('location') as string);
    location.searchParams.set('iss', iss);
    return location.href;
  }
}

/** The parameters as strings, only those that are set (the consent form carries them on). */
function defined(p: AuthorizeParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) out[k] = v;
  return out;
}

/** A form field's values: none, one, or each of a repeated field. */
function formValues(form: Record<string, unknown>, name: string): unknown[] {
  const v = form[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

interface Authorizer {
  base(c: Context): string;
  checkAuthorize(c: Context, p: AuthorizeParams): Promise<AuthorizeCheck>;
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
    const read = readParams((name) => c.req.queries(name) ?? []);
    if ('error' in read) return consent(c, { error: read.error, status: 400 });
    const checked = await oauth.checkAuthorize(c, read.params);
    if (!checked.ok) return consent(c, { error: checked.message, status: checked.status });
    const session = await identity.session(c);
    if (!session) {
      const here = new URL(c.req.url);
      return c.redirect(`/signin?next=${encodeURIComponent(here.pathname + here.search)}`, 302);
    }
    const account = await identity.opts.accounts.accountInfo(session.accountId);
    return consent(c, {
      params: defined(read.params),
      client: checked.client,
      redirectUri: checked.redirectUri,
      scope: checked.scope,
      account: account.name,
      csrf: session.csrf,
    });
  });

  app.post('/oauth/authorize', async (c) => {
    const form = await c.req.parseBody({ all: true }).catch((): Record<string, unknown> => ({}));
    try {
      const session = await identity.requireSession(c, form);
      // The consent page sent only a request that passed; one that fails now was not made there: never redirected.
      const read = readParams((name) => formValues(form, name));
      if ('error' in read) return consent(c, { error: read.error, status: 400 });
      const checked = await oauth.checkAuthorize(c, read.params);
      if (!checked.ok) return consent(c, { error: checked.message, status: checked.status });
      const p = defined(read.params);
      if (form.decision !== 'approve')
        return c.redirect(
          errorRedirect(checked.redirectUri, 'access_denied', 'The account owner denied access', p.state, oauth.base(c)),
          302,
        );
      return c.redirect(await oauth.approve(c, session.accountId, p, checked), 302);
    } catch (err) {
      if (err instanceof HttpError) return consent(c, { error: err.message, status: err.status });
      throw err;
    }
  });
}
