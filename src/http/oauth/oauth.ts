/**
 * OAuth 2.1 for /mcp, as the MCP authorization specification (2025-06-18 and 2025-11-25) asks: werkbank is
 * both the protected resource (/mcp) and its authorization server. The OAuth class composes the parts, one
 * concern a file in this folder:
 *
 * - tables.ts: the record tables (`oauth_clients`, `oauth_grants`, `oauth_codes`, `oauth_tokens`, `oauth_spent`)
 * - model.ts: the adapter for @node-oauth/oauth2-server, which does the grants
 * - client-metadata.ts, registration.ts, client-documents.ts (document-fetch.ts): clients, registered (RFC 7591)
 *   or described by a client ID metadata document
 * - authorize.ts (authorize-request.ts), token.ts, revoke.ts: the endpoints (consent page: src/web/consent-page.ts)
 * - client-text.ts: the client's own words people read (its name), made safe to show
 * - discovery.ts: RFC 9728 and RFC 8414 metadata, the 401 challenge
 * - resource.ts: access tokens on /mcp; grants.ts: connected applications, reuse detection
 * - routes.ts: the routes
 */
import type { Context } from 'hono';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { Accounts } from '../../accounts/accounts.js';
import type { HeaderReader } from '../../core/auth.js';
import type { Caller } from '../../core/pipeline.js';
import type { RecordTable, Store } from '../../store/store.js';
import { clientIp } from '../client-ip.js';
import type { Identity } from '../identity/identity.js';
import { Authorization, type AuthorizeCheck, type CheckedAuthorize } from './authorize.js';
import { ClientDocuments, type ClientDocumentOptions, type DocumentCaller } from './client-documents.js';
import { challenge, protectedResource, serverMetadata } from './discovery.js';
import { Grants } from './grants.js';
import { libraryServer, type LibraryOptions } from './model.js';
import { site, type OAuthClient, type Site } from './protocol.js';
import { Registrations } from './registration.js';
import { AccessTokens } from './resource.js';
import { revokeEndpoint } from './revoke.js';
import { openTables, type ClientValue, type GrantValue, type OAuthTables } from './tables.js';
import { tokenEndpoint } from './token.js';

export interface OAuthOptions extends LibraryOptions, ClientDocumentOptions {
  store: Store;
  accounts: Accounts;
  identity: Identity;
  baseUrl: () => string | undefined;
  trustProxy: boolean;
  now?: () => Date;
  /** Called with `oauth:<grantId>` when a grant is revoked (closes its MCP streams). */
  onRevoked?: (credentialId: string) => void;
}

export class OAuth {
  readonly clients: RecordTable<ClientValue>;
  readonly grants: RecordTable<GrantValue>;
  private readonly tables: OAuthTables;
  private readonly site: Site;
  private readonly now: () => Date;
  private readonly server: OAuth2Server;
  private readonly registrations: Registrations;
  private readonly documents: ClientDocuments;
  private readonly connected: Grants;
  private readonly authorization: Authorization;
  private readonly accessTokens: AccessTokens;
  /** Called with `oauth:<grantId>` when a grant is revoked (closes its MCP streams): `opts.onRevoked`, else nothing. */
  onRevoked: (credentialId: string) => void;

  constructor(readonly opts: OAuthOptions) {
    this.onRevoked = opts.onRevoked ?? (() => undefined);
    const now = (this.now = opts.now ?? (() => new Date()));
    this.tables = openTables(opts.store);
    this.clients = this.tables.clients;
    this.grants = this.tables.grants;
    this.site = site(opts);
    this.registrations = new Registrations(this.tables.clients, { trustProxy: opts.trustProxy, now, counters: opts.store.counters });
    this.documents = new ClientDocuments(opts, opts.store.counters);
    this.connected = new Grants(this.tables, { store: opts.store, now, onRevoked: (credentialId) => this.onRevoked(credentialId) });
    const client = (clientId: string) => this.client(clientId);
    this.server = libraryServer({ tables: this.tables, now, client, reused: (id, what) => this.connected.reused(id, what) }, opts);
    this.authorization = new Authorization({
      site: this.site,
      server: this.server,
      grants: this.connected,
      registrations: this.registrations,
      client,
      now,
    });
    this.accessTokens = new AccessTokens(this.tables, { baseUrl: opts.baseUrl, trustProxy: opts.trustProxy, store: opts.store, now });
  }

  base(c: Context): string {
    return this.site.base(c);
  }
  mcpUrl(c: Context): string {
    return this.site.mcpUrl(c);
  }
  /** The WWW-Authenticate challenge of a 401 on /mcp. */
  challenge(c: Context, error?: string): string {
    return challenge(this.site, c, error);
  }
  protectedResource(c: Context) {
    return protectedResource(this.site, c);
  }
  serverMetadata(c: Context) {
    return serverMetadata(this.site, c);
  }

  /** The client with this id: registered here, or an https client ID metadata document (fetched, cached). */
  async client(clientId: string): Promise<OAuthClient> {
    if (/^https?:\/\//i.test(clientId)) return this.documents.client(clientId);
    return this.registrations.client(clientId);
  }
  /** RFC 7591 dynamic client registration (public clients: token_endpoint_auth_method "none"). */
  async register(c: Context, body: Record<string, unknown>) {
    return this.registrations.register(c, body);
  }

  /** The request checked; a document fetch a limit refused is a 429 on werkbank's own page, with Retry-After. */
  async checkAuthorize(c: Context, p: Record<string, string | undefined>): Promise<AuthorizeCheck> {
    const { value, refused } = await this.documents.serving(this.caller(c), () => this.authorization.check(c, p));
    if (!refused || value.ok) return value;
    c.header('Retry-After', String(refused.retryAfter));
    return { ok: false, status: 429, message: refused.description };
  }
  approve(c: Context, accountId: string, p: Record<string, string>, checked: CheckedAuthorize): Promise<string> {
    return this.authorization.approve(c, accountId, p, checked);
  }
  /** The token endpoint; a document fetch a limit refused is its invalid_client 401, with Retry-After. */
  async tokenEndpoint(c: Context): Promise<Response> {
    const { value, refused } = await this.documents.serving(this.caller(c), () => tokenEndpoint(c, this.site, this.server));
    if (!refused || value.status !== 401) return value;
    const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache', 'Retry-After': String(refused.retryAfter) };
    return c.json({ error: 'invalid_client', error_description: refused.description }, 401, headers);
  }
  /** Who asks for client documents in this request: its address (the rate-limit key) and its abort signal. */
  private caller(c: Context): DocumentCaller {
    return { address: clientIp(c, this.opts.trustProxy), signal: c.req.raw.signal };
  }
  revokeEndpoint(c: Context): Promise<Response> {
    return revokeEndpoint(c, { tokens: this.tables.tokens, grants: this.connected, now: this.now });
  }

  isToken(bearer: string): boolean {
    return this.accessTokens.isToken(bearer);
  }
  /** Check an access token on /mcp: known, not expired, its grant alive, and issued for this resource. */
  verify(accessToken: string, headers: HeaderReader): Promise<Caller & { kind: 'account' }> {
    return this.accessTokens.verify(accessToken, headers);
  }

  connections(accountId: string) {
    return this.connected.connections(accountId);
  }
  /** Revoke a connection: its row goes, so every token of it is refused at once on every instance. */
  revokeGrant(accountId: string, grantId: string) {
    return this.connected.revoke(accountId, grantId);
  }
  deleteAccount(accountId: string) {
    return this.connected.deleteAccount(accountId);
  }

  /** Delete expired rows: codes, tokens, spent hashes and registrations nobody consented to. */
  async sweep(): Promise<void> {
    const now = this.now().toISOString();
    const { clients, codes, tokens, spent } = this.tables;
    for (const t of [clients, codes, tokens, spent]) await t.sweep(now);
  }
}
