/**
 * What OAuth keeps, in record tables: `oauth_clients` (registered clients), `oauth_grants` (one per consent,
 * owned by the account: deleting the row revokes every token of it on every instance at once), `oauth_codes`
 * (hash → code, taken once), `oauth_tokens` (hash → access or refresh token), `oauth_spent` (hashes of used
 * codes and rotated refresh tokens, for reuse detection). Token values are random and prefixed; only their
 * SHA-256 hashes are stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RecordTable, Store } from '../../store/store.js';

export const ACCESS_TOKEN_PREFIX = 'wbat_';
export const REFRESH_TOKEN_PREFIX = 'wbrt_';
export const CODE_PREFIX = 'wbac_';

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

export interface CodeValue {
  grantId: string;
  clientId: string;
  redirectUri: string;
  scope: string[];
  codeChallenge: string;
  codeChallengeMethod: string;
  expiresAt: string;
}

export interface TokenValue {
  kind: 'access' | 'refresh';
  grantId: string;
  clientId: string;
  scope: string[];
  resource: string;
  expiresAt: string;
}

export interface OAuthTables {
  clients: RecordTable<ClientValue>;
  grants: RecordTable<GrantValue>;
  codes: RecordTable<CodeValue>;
  tokens: RecordTable<TokenValue>;
  spent: RecordTable<{ grantId: string }>;
}

export function openTables(store: Store): OAuthTables {
  return {
    clients: store.records<ClientValue>('oauth_clients'),
    grants: store.records<GrantValue>('oauth_grants'),
    codes: store.records<CodeValue>('oauth_codes'),
    tokens: store.records<TokenValue>('oauth_tokens'),
    spent: store.records<{ grantId: string }>('oauth_spent'),
  };
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const newToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');
