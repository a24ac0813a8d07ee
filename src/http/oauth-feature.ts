/**
 * The OAuth feature: OAuth 2.1 for /mcp (src/http/oauth/): discovery, registration, consent (through the
 * identity's sign-in and consent page) and tokens, and the hourly sweep of its expired rows.
 */
import type { Context } from 'hono';
import type { Feature } from '../feature.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Store } from '../store/store.js';
import type { AddressPolicy, Resolver } from '../render/address.js';
import type { Identity } from './identity/identity.js';
import { OAuth, oauthRoutes, type ConsentArgs } from './oauth/index.js';

/** The settings of the server configuration OAuth reads (`baseUrl` per request: the CLI fills it in once it listens). */
export interface OAuthConfig {
  baseUrl?: string;
  trustProxy?: boolean;
  accessTokenSeconds?: number;
  /** Client ID metadata documents are fetched with the render tools' resolver and address policy. */
  renderResolver?: Resolver;
  renderPolicy?: AddressPolicy;
  oauthClientDocumentCa?: string;
  now?: () => Date;
}

export interface OAuthServices {
  store: Store;
  accounts: Accounts;
  identity: Identity;
  consent: (c: Context, args: ConsentArgs) => Response;
  /** Called when a grant is revoked here, so this process closes its open MCP streams at once. */
  onRevoked: (credentialId: string) => void;
}

export interface OAuthFeature extends Feature {
  oauth: OAuth;
}

export function oauthFeature(config: OAuthConfig, services: OAuthServices): OAuthFeature {
  const { store, accounts, identity } = services;
  const oauth = new OAuth({
    store,
    accounts,
    identity,
    baseUrl: () => config.baseUrl,
    trustProxy: config.trustProxy ?? false,
    accessTokenSeconds: config.accessTokenSeconds,
    resolver: config.renderResolver,
    policy: config.renderPolicy,
    clientDocumentCa: config.oauthClientDocumentCa,
    now: config.now,
    onRevoked: services.onRevoked,
  });
  return { oauth, routes: [oauthRoutes(oauth, identity, services.consent)], sweep: () => oauth.sweep() };
}
