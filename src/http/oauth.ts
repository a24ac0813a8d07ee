/**
 * OAuth 2.1 for /mcp, as the MCP authorization specification (2025-06-18 and 2025-11-25) asks:
 * werkbank is both the protected resource (/mcp) and its authorization server.
 *
 * The library: @node-oauth/oauth2-server does the authorization-code and refresh-token grants:
 * it validates the authorize request (client, exact redirect URI, response_type, state, S256-only
 * PKCE), issues codes, checks code expiry, client binding, the redirect URI and the PKCE
 * verifier at the token endpoint (after consuming the code), rotates refresh tokens on use and
 * shapes the token responses and OAuth errors. Token values are made here (random, prefixed) and
 * stored only as SHA-256 hashes through the model below.
 *
 * What werkbank adds around it: the discovery documents (RFC 9728 protected resource metadata,
 * root and path form; RFC 8414 server metadata), the 401 challenge with resource_metadata,
 * RFC 8707 `resource` (only this server's /mcp URL; stored on the grant and checked on every
 * request: audience), dynamic client registration (RFC 7591, public clients only), client ID
 * metadata documents (an https client_id fetched through the render tools' private-address guard,
 * size and time limits, a cache honouring max-age), loopback redirect URIs matched on any port
 * (RFC 8252), the consent page (src/web/account-auth.ts), grants ("connected applications":
 * revocable, last used), reuse detection (a code or refresh token used twice revokes its grant),
 * token revocation (RFC 7009) and metering (an OAuth caller is its account, like a key).
 *
 * State: record tables `oauth_clients` (registered clients), `oauth_grants` (one per consent,
 * owned by the account: deleting the row revokes every token of it on every instance at once),
 * `oauth_codes` (hash → code, taken once), `oauth_tokens` (hash → access or refresh token),
 * `oauth_spent` (hashes of used codes and rotated refresh tokens, for reuse detection).
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Context, Hono } from 'hono';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Accounts } from '../accounts/accounts.js';
import type { Caller } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';
import { log } from '../core/log.js';
import type { RecordTable, Store } from '../store/store.js';
import { bareHost, publicUnicastOnly, resolvePublic, systemResolver, type AddressPolicy, type Resolver } from '../render/address.js';
import type { RouteHelpers } from './app.js';
import { clientIp } from './client-ip.js';
import type { HeaderReader } from '../core/auth.js';
import type { Identity } from './identity/identity.js';
import { AddressLimit } from './protect.js';
import { publicBase, requestBase } from './public-base.js';

const { Request: OAuthRequest, Response: OAuthResponse, OAuthError } = OAuth2Server;

export const SCOPES = ['mcp'] as const;
export const SCOPE_TEXT = 'Call tools and spend this account\'s credits; read and write its agent memory';
export const ACCESS_TOKEN_PREFIX = 'wbat_';
const REFRESH_TOKEN_PREFIX = 'wbrt_';
const CODE_PREFIX = 'wbac_';

export interface ClientValue {
  name: string;
  redirectUris: string[];
  logoUri?: string;
  clientUri?: string;
  registeredAt: string;
}

export interface GrantValue {
  clientId: string;
  clientName: string;
  redirectHost: string;
  resource: string;
  scope: string[];
  connectedAt: string;
  lastUsedAt: string | null;
}

interface CodeValue {
  grantId: string;
  clientId: string;
  redirectUri: string;
  scope: string[];
  codeChallenge: string;
  codeChallengeMethod: string;
  expiresAt: string;
}

interface TokenValue {
  kind: 'access' | 'refresh';
  grantId: string;
  clientId: string;
  scope: string[];
  resource: string;
  expiresAt: string;
}

/** What the library sees of a client. */
export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  logoUri?: string;
  grants: string[];
  /** A client ID metadata document (fetched), or registered here. */
  kind: 'metadata-document' | 'registered';
}

interface OAuthUser {
  id: string;
  accountId: string;
  grantId: string;
  resource: string;
}

export interface OAuthOptions {
  store: Store;
  accounts: Accounts;
  identity: Identity;
  baseUrl: () => string | undefined;
  trustProxy: boolean;
  /** Access token lifetime, seconds (default 900). */
  accessTokenSeconds?: number;
  /** Refresh token lifetime, seconds (default 30 days). */
  refreshTokenSeconds?: number;
  /** How client ID metadata documents are fetched: the render tools' resolver and address policy. */
  resolver?: Resolver;
  policy?: AddressPolicy;
  /** Extra trusted CA (PEM) for fetching client ID metadata documents: tests with a self-signed local host only. */
  clientDocumentCa?: string;
  now?: () => Date;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const token = (prefix: string) => prefix + randomBytes(32).toString('base64url');

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A redirect URI a client may register: https, a loopback http, or a private-use scheme (native apps); no fragment. */
function checkRedirectUri(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) throw new HttpError(`\`${field}\` must be a URI string`, 400);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(`\`${field}\`: "${raw.slice(0, 100)}" is not an absolute URI`, 400);
  }
  if (url.hash) throw new HttpError(`\`${field}\` must not have a fragment`, 400);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) throw new HttpError(`\`${field}\`: http is allowed only for loopback (localhost, 127.0.0.1, [::1]); use https`, 400);
  if (['javascript:', 'data:', 'file:', 'blob:', 'about:'].includes(url.protocol)) throw new HttpError(`\`${field}\`: the scheme ${url.protocol} is not allowed`, 400);
  return raw;
}

/** Exact match, except a loopback redirect's port (RFC 8252 §7.3: native apps pick a free port). */
export function redirectMatches(registered: string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !LOOPBACK.has(g.hostname)) return false;
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return u.protocol === 'http:' && u.hostname === g.hostname && u.pathname === g.pathname && u.search === g.search;
    } catch {
      return false;
    }
  });
}

class OAuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export class OAuth {
  readonly clients: RecordTable<ClientValue>;
  readonly grants: RecordTable<GrantValue>;
  private readonly codes: RecordTable<CodeValue>;
  private readonly tokens: RecordTable<TokenValue>;
  private readonly spent: RecordTable<{ grantId: string }>;
  private readonly server: OAuth2Server;
  private readonly now: () => Date;
  private readonly documents = new Map<string, { client: OAuthClient; until: number }>();
  // Hosted connectors (Claude) register one client per connection, all from their provider's few addresses.
  private readonly registrations = new AddressLimit(120, 3600_000);
  /** When each grant's last use was written here (at most once a minute). */
  private readonly grantUse = new Map<string, number>();
  /** Called with `oauth:<grantId>` when a grant is revoked (closes its MCP streams). */
  onRevoked: (credentialId: string) => void = () => undefined;

  constructor(readonly opts: OAuthOptions) {
    this.now = opts.now ?? (() => new Date());
    const s = opts.store;
    this.clients = s.records<ClientValue>('oauth_clients');
    this.grants = s.records<GrantValue>('oauth_grants');
    this.codes = s.records<CodeValue>('oauth_codes');
    this.tokens = s.records<TokenValue>('oauth_tokens');
    this.spent = s.records<{ grantId: string }>('oauth_spent');
    this.server = new OAuth2Server({
      model: this.model() as never,
      accessTokenLifetime: opts.accessTokenSeconds ?? 900,
      refreshTokenLifetime: opts.refreshTokenSeconds ?? 30 * 86_400,
      authorizationCodeLifetime: 60,
      allowEmptyState: false,
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
      alwaysIssueNewRefreshToken: true,
    });
  }

  base(c: Context): string {
    return requestBase(c, this.opts);
  }
  mcpUrl(c: Context): string {
    return `${this.base(c)}/mcp`;
  }
  /** The WWW-Authenticate challenge of a 401 on /mcp. */
  challenge(c: Context, error?: string): string {
    return `Bearer realm="werkbank", resource_metadata="${this.base(c)}/.well-known/oauth-protected-resource/mcp", scope="${SCOPES.join(' ')}"${error ? `, error="${error}"` : ''}`;
  }

  // ---- the library's model ---------------------------------------------------

  private model() {
    const nowIso = () => this.now().toISOString();
    return {
      getClient: async (clientId: string) => this.client(clientId).catch(() => null),
      validateRedirectUri: async (uri: string, client: OAuthClient) => redirectMatches(client.redirectUris, uri),
      validateScope: async (_user: OAuthUser, _client: OAuthClient, scope?: string[]) => {
        if (!scope || scope.length === 0) return [...SCOPES];
        const allowed = new Set<string>([...SCOPES, 'offline_access']);
        return scope.every((s) => allowed.has(s)) ? scope.filter((s) => s !== 'offline_access').concat() : false;
      },
      generateAuthorizationCode: async () => token(CODE_PREFIX),
      generateAccessToken: async () => token(ACCESS_TOKEN_PREFIX),
      generateRefreshToken: async () => token(REFRESH_TOKEN_PREFIX),
      saveAuthorizationCode: async (
        code: { authorizationCode: string; expiresAt: Date; redirectUri: string; scope?: string[]; codeChallenge?: string; codeChallengeMethod?: string },
        client: OAuthClient,
        user: OAuthUser,
      ) => {
        if (!code.codeChallenge || code.codeChallengeMethod !== 'S256') throw new OAuthError('PKCE with S256 is required: send code_challenge and code_challenge_method=S256', { code: 400, name: 'invalid_request' });
        await this.codes.put({
          id: sha256(code.authorizationCode),
          accountId: user.accountId,
          value: {
            grantId: user.grantId,
            clientId: client.id,
            redirectUri: code.redirectUri,
            scope: code.scope ?? [...SCOPES],
            codeChallenge: code.codeChallenge,
            codeChallengeMethod: code.codeChallengeMethod,
            expiresAt: code.expiresAt.toISOString(),
          },
          expiresAt: code.expiresAt.toISOString(),
        });
        return { ...code, client, user };
      },
      getAuthorizationCode: async (code: string) => {
        const id = sha256(code);
        const row = await this.codes.take(id, nowIso());
        if (!row) {
          await this.reused(id, 'authorization code');
          return null;
        }
        await this.spent.put({ id, accountId: row.accountId, value: { grantId: row.value.grantId }, expiresAt: new Date(this.now().getTime() + 3600_000).toISOString() });
        const grant = await this.grants.get(row.value.grantId, nowIso());
        if (!grant || !row.accountId) return null;
        const client = await this.client(row.value.clientId).catch(() => null);
        if (!client) return null;
        return {
          authorizationCode: code,
          expiresAt: new Date(row.value.expiresAt),
          redirectUri: row.value.redirectUri,
          scope: row.value.scope,
          codeChallenge: row.value.codeChallenge,
          codeChallengeMethod: row.value.codeChallengeMethod,
          client,
          user: { id: row.accountId, accountId: row.accountId, grantId: row.value.grantId, resource: grant.value.resource } satisfies OAuthUser,
        };
      },
      // The code was taken (deleted) when it was read: one exchange per code, whoever asks.
      revokeAuthorizationCode: async () => true,
      saveToken: async (
        t: { accessToken: string; accessTokenExpiresAt: Date; refreshToken?: string; refreshTokenExpiresAt?: Date; scope?: string[] },
        client: OAuthClient,
        user: OAuthUser,
      ) => {
        const scope = t.scope ?? [...SCOPES];
        const base = { grantId: user.grantId, clientId: client.id, scope, resource: user.resource };
        await this.tokens.put({
          id: sha256(t.accessToken),
          accountId: user.accountId,
          value: { kind: 'access', ...base, expiresAt: t.accessTokenExpiresAt.toISOString() },
          expiresAt: t.accessTokenExpiresAt.toISOString(),
        });
        if (t.refreshToken && t.refreshTokenExpiresAt)
          await this.tokens.put({
            id: sha256(t.refreshToken),
            accountId: user.accountId,
            value: { kind: 'refresh', ...base, expiresAt: t.refreshTokenExpiresAt.toISOString() },
            expiresAt: t.refreshTokenExpiresAt.toISOString(),
          });
        return { ...t, scope, client, user };
      },
      getAccessToken: async (accessToken: string) => {
        const row = await this.tokens.get(sha256(accessToken), nowIso());
        if (!row || row.value.kind !== 'access' || !row.accountId) return null;
        const client = await this.client(row.value.clientId).catch(() => null);
        if (!client) return null;
        return {
          accessToken,
          accessTokenExpiresAt: new Date(row.value.expiresAt),
          scope: row.value.scope,
          client,
          user: { id: row.accountId, accountId: row.accountId, grantId: row.value.grantId, resource: row.value.resource },
        };
      },
      getRefreshToken: async (refreshToken: string) => {
        const id = sha256(refreshToken);
        const row = await this.tokens.get(id, nowIso());
        if (!row || row.value.kind !== 'refresh' || !row.accountId) {
          await this.reused(id, 'refresh token');
          return null;
        }
        const grant = await this.grants.get(row.value.grantId, nowIso());
        if (!grant) return null;
        const client = await this.client(row.value.clientId).catch(() => null);
        if (!client) return null;
        return {
          refreshToken,
          refreshTokenExpiresAt: new Date(row.value.expiresAt),
          scope: row.value.scope,
          client,
          user: { id: row.accountId, accountId: row.accountId, grantId: row.value.grantId, resource: grant.value.resource } satisfies OAuthUser,
        };
      },
      // Rotation: the used refresh token is taken (one caller gets it) and remembered as spent.
      revokeToken: async (t: { refreshToken: string; user: OAuthUser }) => {
        const id = sha256(t.refreshToken);
        const row = await this.tokens.take(id, nowIso());
        if (!row) return false;
        await this.spent.put({ id, accountId: row.accountId, value: { grantId: row.value.grantId }, expiresAt: row.value.expiresAt });
        return true;
      },
      verifyScope: async (t: { scope?: string[] }, scope: string[]) => scope.every((s) => t.scope?.includes(s)),
    };
  }

  /** A code or refresh token presented again after its use: revoke everything its grant issued (OAuth 2.1 §4.3.1, §4.1.3). */
  private async reused(id: string, what: string): Promise<void> {
    const spent = await this.spent.get(id, this.now().toISOString());
    if (!spent || !spent.accountId) return;
    log(`oauth: a used ${what} was presented again; grant ${spent.value.grantId} revoked`);
    await this.revokeGrant(spent.accountId, spent.value.grantId).catch(() => undefined);
  }

  // ---- clients -----------------------------------------------------------------

  /** The client with this id: registered here, or an https client ID metadata document (fetched, cached). */
  async client(clientId: string): Promise<OAuthClient> {
    if (/^https?:\/\//i.test(clientId)) return this.documentClient(clientId);
    const row = await this.clients.get(clientId, this.now().toISOString());
    if (!row) throw new OAuthHttpError(400, 'invalid_client', `Unknown client_id "${clientId.slice(0, 100)}": register the client first`);
    return { id: row.id, name: row.value.name, redirectUris: row.value.redirectUris, logoUri: row.value.logoUri, grants: ['authorization_code', 'refresh_token'], kind: 'registered' };
  }

  private async documentClient(clientId: string): Promise<OAuthClient> {
    const cached = this.documents.get(clientId);
    if (cached && cached.until > Date.now()) return cached.client;
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw new OAuthHttpError(400, 'invalid_client', '`client_id` is not a valid URL');
    }
    if (url.protocol !== 'https:')
      throw new OAuthHttpError(400, 'invalid_client', '`client_id`: a client ID metadata document must be served over https');
    if (url.pathname === '/' || url.hash || url.username || url.password)
      throw new OAuthHttpError(400, 'invalid_client', '`client_id`: a client ID metadata document URL needs a path and no fragment or credentials');
    let addresses: string[];
    try {
      addresses = await resolvePublic(bareHost(url), this.opts.resolver ?? systemResolver, this.opts.policy ?? publicUnicastOnly);
    } catch (err) {
      throw new OAuthHttpError(400, 'invalid_client', `\`client_id\`: ${(err as Error).message.replace(/renders reach only public http\(s\) hosts/, 'client documents are fetched only from public hosts')}`);
    }
    const { body, maxAge } = await fetchDocument(url, addresses[0], this.opts.clientDocumentCa).catch((err: Error) => {
      throw new OAuthHttpError(400, 'invalid_client', `\`client_id\`: the client metadata document could not be fetched (${err.message})`);
    });
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(body) as Record<string, unknown>;
    } catch {
      throw new OAuthHttpError(400, 'invalid_client', '`client_id`: the client metadata document is not JSON');
    }
    if (!doc || typeof doc !== 'object' || doc.client_id !== clientId)
      throw new OAuthHttpError(400, 'invalid_client', '`client_id`: the document\'s client_id does not equal its URL');
    const meta = this.checkMetadata(doc);
    if (doc.token_endpoint_auth_method !== undefined && doc.token_endpoint_auth_method !== 'none')
      throw new OAuthHttpError(400, 'invalid_client', '`token_endpoint_auth_method`: client documents here are public clients ("none")');
    const client: OAuthClient = { id: clientId, name: meta.name, redirectUris: meta.redirectUris, logoUri: meta.logoUri, grants: ['authorization_code', 'refresh_token'], kind: 'metadata-document' };
    if (this.documents.size >= 500) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(clientId, { client, until: Date.now() + maxAge * 1000 });
    return client;
  }

  private checkMetadata(doc: Record<string, unknown>): { name: string; redirectUris: string[]; logoUri?: string; clientUri?: string } {
    const fail = (error: string, text: string) => {
      throw new OAuthHttpError(400, error, text);
    };
    const uris = doc.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) fail('invalid_redirect_uri', '`redirect_uris` must be an array of 1 to 10 URIs');
    const redirectUris: string[] = [];
    (uris as unknown[]).forEach((u, i) => {
      try {
        redirectUris.push(checkRedirectUri(u, `redirect_uris[${i}]`));
      } catch (err) {
        fail('invalid_redirect_uri', (err as Error).message);
      }
    });
    const name = doc.client_name === undefined ? 'Unnamed application' : doc.client_name;
    if (typeof name !== 'string' || name.length === 0 || name.length > 100) fail('invalid_client_metadata', '`client_name` must be a string of 1 to 100 characters');
    let logoUri: string | undefined;
    if (doc.logo_uri !== undefined) {
      if (typeof doc.logo_uri !== 'string' || !/^https:\/\//.test(doc.logo_uri) || doc.logo_uri.length > 2000) fail('invalid_client_metadata', '`logo_uri` must be an https URL');
      logoUri = doc.logo_uri as string;
    }
    for (const g of (doc.grant_types as unknown[] | undefined) ?? [])
      if (g !== 'authorization_code' && g !== 'refresh_token') fail('invalid_client_metadata', `\`grant_types\`: only authorization_code and refresh_token are supported, not "${String(g).slice(0, 40)}"`);
    for (const r of (doc.response_types as unknown[] | undefined) ?? []) if (r !== 'code') fail('invalid_client_metadata', '`response_types`: only "code" is supported');
    return { name: (name as string).trim(), redirectUris, logoUri, clientUri: typeof doc.client_uri === 'string' ? doc.client_uri : undefined };
  }

  /** RFC 7591 dynamic client registration (public clients: token_endpoint_auth_method "none"). */
  async register(c: Context, body: Record<string, unknown>) {
    const address = clientIp(c, this.opts.trustProxy);
    const wait = this.registrations.waiting(address);
    if (wait) throw new HttpError(`Too many client registrations from this address: try again in ${wait} s`, 429, { retryAfter: wait });
    const meta = this.checkMetadata(body);
    this.registrations.count(address);
    const id = `wbc_${randomBytes(16).toString('base64url')}`;
    const at = this.now();
    // A registration nobody uses within 30 days goes (Claude registers one per connection); consent keeps it.
    await this.clients.put({
      id,
      accountId: null,
      value: { name: meta.name, redirectUris: meta.redirectUris, logoUri: meta.logoUri, clientUri: meta.clientUri, registeredAt: at.toISOString() },
      expiresAt: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
    });
    return {
      client_id: id,
      client_id_issued_at: Math.floor(at.getTime() / 1000),
      client_name: meta.name,
      redirect_uris: meta.redirectUris,
      ...(meta.logoUri ? { logo_uri: meta.logoUri } : {}),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: SCOPES.join(' '),
    };
  }

  // ---- authorization ---------------------------------------------------------------

  /**
   * Check an authorization request before anything is shown: the client and redirect URI first (errors about
   * them are shown, never redirected: the URI is not trusted yet), then the rest (redirected to the client).
   */
  async checkAuthorize(c: Context, p: Record<string, string | undefined>): Promise<
    { ok: true; client: OAuthClient; redirectUri: string; resource: string; scope: string[] } | { ok: false; status: number; message: string; redirect?: string }
  > {
    if (!p.client_id) return { ok: false, status: 400, message: '`client_id` is required' };
    let client: OAuthClient;
    try {
      client = await this.client(p.client_id);
    } catch (err) {
      return { ok: false, status: 400, message: err instanceof OAuthHttpError ? err.description : 'The client could not be loaded' };
    }
    if (!p.redirect_uri) return { ok: false, status: 400, message: '`redirect_uri` is required' };
    if (!redirectMatches(client.redirectUris, p.redirect_uri))
      return { ok: false, status: 400, message: '`redirect_uri` is not registered for this client (it must match a registered URI exactly)' };
    const back = (error: string, description: string) => {
      const url = new URL(p.redirect_uri!);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (p.state) url.searchParams.set('state', p.state);
      url.searchParams.set('iss', this.base(c));
      return { ok: false as const, status: 302, message: description, redirect: url.href };
    };
    if (p.response_type !== 'code') return back('unsupported_response_type', '`response_type` must be "code"');
    if (!p.state) return back('invalid_request', '`state` is required');
    if (!p.code_challenge) return back('invalid_request', '`code_challenge` is required (PKCE with S256)');
    if (p.code_challenge_method !== 'S256') return back('invalid_request', '`code_challenge_method` must be "S256"');
    const resource = p.resource ?? this.mcpUrl(c);
    if (resource.replace(/\/$/, '') !== this.mcpUrl(c)) return back('invalid_target', `\`resource\` must be this server's MCP endpoint ${this.mcpUrl(c)}`);
    const scope = p.scope ? p.scope.split(/\s+/).filter(Boolean) : [...SCOPES];
    const allowed = new Set<string>([...SCOPES, 'offline_access']);
    if (!scope.every((s) => allowed.has(s))) return back('invalid_scope', `\`scope\`: this server grants "${SCOPES.join(' ')}"`);
    return { ok: true, client, redirectUri: p.redirect_uri, resource: this.mcpUrl(c), scope: scope.filter((s) => s !== 'offline_access') };
  }

  /** The person approved: make the grant and let the library issue the code; returns where to send the browser. */
  async approve(c: Context, accountId: string, p: Record<string, string>, checked: { client: OAuthClient; redirectUri: string; resource: string; scope: string[] }): Promise<string> {
    const grantId = `grt_${randomBytes(12).toString('base64url')}`;
    const at = this.now().toISOString();
    await this.grants.put({
      id: grantId,
      accountId,
      value: {
        clientId: checked.client.id,
        clientName: checked.client.name,
        redirectHost: new URL(checked.redirectUri).host || new URL(checked.redirectUri).protocol,
        resource: checked.resource,
        scope: checked.scope,
        connectedAt: at,
        lastUsedAt: null,
      },
      expiresAt: null,
    });
    if (checked.client.kind === 'registered') {
      const row = await this.clients.get(checked.client.id, at);
      if (row && row.expiresAt) await this.clients.put({ ...row, expiresAt: null });
    }
    const user: OAuthUser = { id: accountId, accountId, grantId, resource: checked.resource };
    const request = new OAuthRequest({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, query: {}, body: { ...p, scope: checked.scope.join(' ') } });
    const response = new OAuthResponse({ headers: {} });
    try {
      await this.server.authorize(request, response, { authenticateHandler: { handle: async () => user } });
    } catch (err) {
      await this.grants.delete(grantId);
      const location = response.get('location') as string | undefined;
      if (location) return location;
      throw err;
    }
    const location = new URL(response.get('location') as string);
    location.searchParams.set('iss', this.base(c));
    return location.href;
  }

  /** The token endpoint: the library does the grant; werkbank checks `resource` first. */
  async tokenEndpoint(c: Context): Promise<Response> {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const body: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) if (typeof v === 'string') body[k] = v;
    const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
    if (body.resource !== undefined && body.resource.replace(/\/$/, '') !== this.mcpUrl(c))
      return c.json({ error: 'invalid_target', error_description: `\`resource\` must be this server's MCP endpoint ${this.mcpUrl(c)}` }, 400, headers);
    if (body.grant_type === 'authorization_code' && !body.code_verifier)
      return c.json({ error: 'invalid_request', error_description: 'Missing parameter: `code_verifier` (PKCE is required)' }, 400, headers);
    const request = new OAuthRequest({
      method: c.req.method,
      headers: lowerHeaders(c.req.raw.headers),
      query: {},
      body,
    });
    const response = new OAuthResponse({ headers: {} });
    try {
      await this.server.token(request, response);
    } catch (err) {
      if (!(err instanceof OAuthError)) log(`oauth token: ${(err as Error).message}`);
      const e = err instanceof OAuthError ? err : new OAuthError('Server error', { code: 500, name: 'server_error' });
      const status = e.code === 401 || e.name === 'invalid_client' ? 401 : e.code >= 500 ? 503 : e.code;
      return c.json({ error: e.name, error_description: e.message }, status as 400, headers);
    }
    return c.json(response.body as Record<string, unknown>, 200, headers);
  }

  /** RFC 7009: revoking an access or refresh token revokes its whole grant. Always 200. */
  async revokeEndpoint(c: Context): Promise<Response> {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const value = typeof form.token === 'string' ? form.token : '';
    if (!value) return c.json({ error: 'invalid_request', error_description: 'Missing parameter: `token`' }, 400);
    const row = await this.tokens.get(sha256(value), this.now().toISOString());
    if (row?.accountId && (typeof form.client_id !== 'string' || form.client_id === row.value.clientId)) await this.revokeGrant(row.accountId, row.value.grantId);
    return c.body(null, 200);
  }

  // ---- the resource side ------------------------------------------------------------

  isToken(bearer: string): boolean {
    return bearer.startsWith(ACCESS_TOKEN_PREFIX);
  }

  /** Check an access token on /mcp: known, not expired, its grant alive, and issued for this resource. */
  async verify(accessToken: string, headers: HeaderReader): Promise<Caller & { kind: 'account' }> {
    const now = this.now();
    if (accessToken.length > 200) throw new HttpError('Invalid access token', 401);
    const row = await this.tokens.get(sha256(accessToken), now.toISOString());
    if (!row || row.value.kind !== 'access' || !row.accountId) throw new HttpError('Invalid or expired access token: refresh it or authorize again', 401);
    const grant = await this.grants.get(row.value.grantId, now.toISOString());
    if (!grant) throw new HttpError('This access token was revoked (the connection was removed): authorize again', 401);
    const expected = `${publicBase(headers, this.opts)}/mcp`;
    if (row.value.resource !== expected) throw new HttpError(`This access token was issued for another resource (${row.value.resource}), not ${expected}`, 401);
    const account = await this.opts.store.getAccount(row.accountId);
    if (!account) throw new HttpError('Invalid access token', 401);
    const last = this.grantUse.get(grant.id) ?? (grant.value.lastUsedAt ? Date.parse(grant.value.lastUsedAt) : 0);
    if (now.getTime() - last > 60_000) {
      this.grantUse.set(grant.id, now.getTime());
      if (this.grantUse.size > 10_000) this.grantUse.delete(this.grantUse.keys().next().value!);
      void this.grants.put({ ...grant, value: { ...grant.value, lastUsedAt: now.toISOString() } }).catch(() => undefined);
    }
    return { kind: 'account', accountId: row.accountId, credentialId: `oauth:${grant.id}`, plan: account.plan };
  }

  // ---- connected applications ----------------------------------------------------------

  async connections(accountId: string) {
    return (await this.grants.listByAccount(accountId, this.now().toISOString()))
      .map((g) => ({ id: g.id, client: g.value.clientName, clientId: g.value.clientId, redirectHost: g.value.redirectHost, scope: g.value.scope.join(' '), connectedAt: g.value.connectedAt, lastUsedAt: g.value.lastUsedAt }))
      .sort((a, b) => (a.connectedAt < b.connectedAt ? 1 : -1));
  }

  /** Revoke a connection: its row goes, so every token of it is refused at once on every instance. */
  async revokeGrant(accountId: string, grantId: string) {
    const grant = await this.grants.get(grantId, this.now().toISOString());
    if (!grant || grant.accountId !== accountId) throw new HttpError(`No connected application with id "${grantId.slice(0, 80)}" on this account`, 404);
    await this.grants.delete(grantId);
    for (const t of await this.tokens.listByAccount(accountId, this.now().toISOString())) if (t.value.grantId === grantId) await this.tokens.delete(t.id);
    this.onRevoked(`oauth:${grantId}`);
    await this.opts.store.publish?.('key_revoked', `oauth:${grantId}`).catch(() => undefined);
    return { id: grantId, revoked: true };
  }

  async deleteAccount(accountId: string) {
    const grants = await this.grants.listByAccount(accountId, this.now().toISOString());
    await this.grants.deleteByAccount(accountId);
    await this.tokens.deleteByAccount(accountId);
    await this.codes.deleteByAccount(accountId);
    await this.spent.deleteByAccount(accountId);
    for (const g of grants) {
      this.onRevoked(`oauth:${g.id}`);
      await this.opts.store.publish?.('key_revoked', `oauth:${g.id}`).catch(() => undefined);
    }
  }

  /** Delete expired rows (codes, tokens, unused registrations, WebAuthn flows…). */
  async sweep(): Promise<void> {
    const now = this.now().toISOString();
    for (const t of [this.clients, this.codes, this.tokens, this.spent]) await t.sweep(now);
  }

  // ---- metadata documents -------------------------------------------------------------------

  protectedResource(c: Context) {
    return {
      resource: this.mcpUrl(c),
      authorization_servers: [this.base(c)],
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'werkbank',
      resource_documentation: `${this.base(c)}/docs`,
    };
  }

  serverMetadata(c: Context) {
    const base = this.base(c);
    return {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      scopes_supported: [...SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${base}/docs`,
    };
  }
}

function lowerHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k.toLowerCase()] = v));
  return out;
}

/** GET a client ID metadata document: the resolved (checked) address only, no redirects, 200 only, ≤ 10 KB, 5 s. */
async function fetchDocument(url: URL, address: string, ca?: string): Promise<{ body: string; maxAge: number }> {
  const LIMIT = 10 * 1024;
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        ...(ca ? { ca } : {}),
        headers: { Accept: 'application/json', 'User-Agent': 'werkbank-oauth' },
        lookup: (_host, opts, cb) => {
          const family = address.includes(':') ? 6 : 4;
          if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
        timeout: 5_000,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`HTTP ${res.statusCode}; only 200 is accepted, redirects are not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > LIMIT) {
            req.destroy();
            reject(new Error(`larger than ${LIMIT} bytes`));
          } else chunks.push(d);
        });
        res.on('end', () => {
          const cc = String(res.headers['cache-control'] ?? '');
          const m = /max-age=(\d+)/.exec(cc);
          const maxAge = /no-store|no-cache/.test(cc) ? 0 : Math.min(86_400, Math.max(60, m ? Number(m[1]) : 300));
          resolve({ body: Buffer.concat(chunks).toString('utf8'), maxAge });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

/** The OAuth routes: discovery, registration, authorize (consent), token, revoke. */
export function oauthRoutes(oauth: OAuth, identity: Identity, consent: (c: Context, args: ConsentArgs) => Response) {
  return (app: Hono, h: RouteHelpers) => {
    const json = (c: Context, data: unknown) => c.json(data as Record<string, unknown>, 200, { 'Cache-Control': 'public, max-age=300' });
    app.get('/.well-known/oauth-protected-resource', (c) => json(c, oauth.protectedResource(c)));
    app.get('/.well-known/oauth-protected-resource/mcp', (c) => json(c, oauth.protectedResource(c)));
    app.get('/.well-known/oauth-authorization-server', (c) => json(c, oauth.serverMetadata(c)));

    app.post('/oauth/register', async (c) => {
      try {
        return c.json(await oauth.register(c, await h.readJsonObject(c)), 201, { 'Cache-Control': 'no-store' });
      } catch (err) {
        if (err instanceof OAuthHttpError) return c.json({ error: err.error, error_description: err.description }, err.status as 400);
        if (err instanceof HttpError && err.status === 400) return c.json({ error: 'invalid_client_metadata', error_description: err.message }, 400);
        return h.errorResponse(c, err);
      }
    });
    app.post('/oauth/token', (c) => oauth.tokenEndpoint(c));
    app.post('/oauth/revoke', (c) => oauth.revokeEndpoint(c));

    const params = (source: Record<string, unknown>) => {
      const p: Record<string, string> = {};
      for (const k of ['client_id', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'scope', 'resource'])
        if (typeof source[k] === 'string') p[k] = (source[k] as string).slice(0, 2000);
      return p;
    };

    app.get('/oauth/authorize', async (c) => {
      const p = params(c.req.query());
      const checked = await oauth.checkAuthorize(c, p);
      if (!checked.ok) return checked.redirect ? c.redirect(checked.redirect, 302) : consent(c, { error: checked.message, status: checked.status });
      const session = await identity.session(c);
      if (!session) {
        const here = new URL(c.req.url);
        return c.redirect(`/signin?next=${encodeURIComponent(here.pathname + here.search)}`, 302);
      }
      const account = await identity.opts.accounts.accountInfo(session.accountId);
      return consent(c, { params: p, client: checked.client, redirectUri: checked.redirectUri, scope: checked.scope, account: account.name, csrf: session.csrf });
    });

    app.post('/oauth/authorize', async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      try {
        const session = await identity.requireSession(c, form);
        const p = params(form);
        const checked = await oauth.checkAuthorize(c, p);
        if (!checked.ok) return checked.redirect ? c.redirect(checked.redirect, 302) : consent(c, { error: checked.message, status: checked.status });
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
  };
}

export type ConsentArgs =
  | { error: string; status: number }
  | { params: Record<string, string>; client: OAuthClient; redirectUri: string; scope: string[]; account: string; csrf: string };
