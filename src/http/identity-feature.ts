/**
 * The identity feature: people's own accounts (passkeys, sessions), the sign-in, consent and account pages
 * (src/web/account-auth.ts) and their JSON routes (src/http/identity/). OAuth signs people in through the
 * identity, so it is made after it: the identity reaches OAuth's grants through a function, called only when a
 * request needs them. Other features add to the account (billing: the page's payments section, the export, a
 * check before deletion) through `AccountExtensions`.
 */
import type { Context } from 'hono';
import type { Feature } from '../feature.js';
import type { Accounts } from '../accounts/accounts.js';
import type { MemoryService } from '../memory/service.js';
import type { Store } from '../store/store.js';
import { authPages, type AuthPagesOptions } from '../web/account-auth.js';
import { webAssets } from '../web/feature.js';
import type { ConsentArgs } from './oauth/index.js';
import { Sessions } from './sessions.js';
import { Identity } from './identity/identity.js';
import { identityRoutes, type IdentityRouteExtras } from './identity/routes.js';
import type { SignupMode } from './identity/gate.js';

/** The settings of the server configuration identity reads (`baseUrl` per request: the CLI fills it in once it listens). */
export interface IdentityConfig {
  signup?: SignupMode;
  baseUrl?: string;
  trustProxy?: boolean;
  signupsPerHour?: number;
  failedSigninsPer15Min?: number;
  now?: () => Date;
}

/** An account's OAuth connections (src/http/oauth/), as identity uses them. */
export interface AccountGrants {
  connections(accountId: string): Promise<unknown[]>;
  revokeGrant(accountId: string, grantId: string): Promise<unknown>;
  deleteAccount(accountId: string): Promise<void>;
}

/** What other features add to people's accounts. */
export interface AccountExtensions {
  /** Called before anything is deleted; a throw refuses the deletion. */
  beforeAccountDeleted?: (accountId: string) => Promise<void>;
  /** What the export adds about payments. */
  payments?: (accountId: string) => Promise<unknown>;
  billingSection: AuthPagesOptions['billingSection'];
  formTargets: readonly string[];
}

export interface IdentityServices {
  store: Store;
  accounts: Accounts;
  memory: MemoryService;
  grants: () => AccountGrants;
  extensions: AccountExtensions;
}

export interface IdentityFeature extends Feature {
  identity: Identity;
  sessions: Sessions;
  /** The OAuth consent page. */
  consent: (c: Context, args: ConsentArgs) => Response;
  /** The signed-in person of a page request (its CSRF token and account name), or null. */
  pageSession(c: Context): Promise<{ csrf: string; account: string } | undefined>;
}

export function identityFeature(config: IdentityConfig, services: IdentityServices): IdentityFeature {
  const { store, accounts, grants, extensions } = services;
  const sessions = new Sessions(store, config.now);
  const identity = new Identity({
    store,
    accounts,
    memory: services.memory,
    sessions,
    signup: config.signup ?? 'off',
    baseUrl: () => config.baseUrl,
    trustProxy: config.trustProxy ?? false,
    signupsPerHour: config.signupsPerHour,
    failedSigninsPer15Min: config.failedSigninsPer15Min,
    now: config.now,
    onAccountDeleted: (accountId) => grants().deleteAccount(accountId),
    beforeAccountDeleted: extensions.beforeAccountDeleted,
  });
  const pages = authPages({ identity, assets: webAssets, billingSection: extensions.billingSection, formTargets: extensions.formTargets });
  const extra: IdentityRouteExtras = {
    connections: (id) => grants().connections(id),
    revokeConnection: (id, grant) => grants().revokeGrant(id, grant),
  };
  if (extensions.payments) extra.payments = extensions.payments;
  return {
    identity,
    sessions,
    consent: pages.consent,
    pageSession: async (c) => {
      const session = await identity.session(c);
      return session && { csrf: session.csrf, account: (await accounts.accountInfo(session.accountId)).name };
    },
    routes: [pages.routes, identityRoutes(identity, extra)],
    sweep: async () => {
      const now = (config.now?.() ?? new Date()).toISOString();
      await sessions.table.sweep(now);
      await store.records('webauthn_flows').sweep(now);
      await identity.finishDeletions();
    },
  };
}
