/**
 * The adapter for @node-oauth/oauth2-server. The library does the authorization-code and refresh-token
 * grants: it validates the authorize request (client, exact redirect URI, response_type, state, S256-only
 * PKCE), issues codes, checks code expiry, client binding, the redirect URI and the PKCE verifier at the
 * token endpoint (after consuming the code), rotates refresh tokens on use and shapes the token responses
 * and OAuth errors. Its model, here, makes the token values (random, prefixed) and stores only their hashes.
 */
import OAuth2Server from '@node-oauth/oauth2-server';
import { AccountDeletedError } from '../../store/store.js';
import { redirectMatches } from './client-metadata.js';
import { SCOPES, type OAuthClient, type OAuthUser } from './protocol.js';
import { ACCESS_TOKEN_PREFIX, CODE_PREFIX, REFRESH_TOKEN_PREFIX, newToken, sha256, type OAuthTables } from './tables.js';

const { OAuthError } = OAuth2Server;

/**
 * A write of a code or token, refused atomically once the account's deletion has begun (the store's
 * `liveAccount`): answered as OAuth's invalid_grant, as for a revoked grant.
 */
async function whileAccountLive(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (err instanceof AccountDeletedError)
      throw new OAuthError('The account of this grant was deleted', { code: 400, name: 'invalid_grant' });
    throw err;
  }
}

export interface ModelDeps {
  tables: OAuthTables;
  now: () => Date;
  /** The client with this id; rejects when there is none. */
  client: (clientId: string) => Promise<OAuthClient>;
  /** A spent code or refresh token (its hash) was presented again. */
  reused: (id: string, what: string) => Promise<void>;
}

export interface LibraryOptions {
  /** Access token lifetime, seconds (default 900). */
  accessTokenSeconds?: number;
  /** Refresh token lifetime, seconds (default 30 days). */
  refreshTokenSeconds?: number;
}

/** The library's server, on this model: codes live 60 s, clients are public, every refresh rotates. */
export function libraryServer(deps: ModelDeps, opts: LibraryOptions): OAuth2Server {
  return new OAuth2Server({
    model: { ...clientModel(deps), ...codeModel(deps), ...tokenModel(deps) } as never,
    accessTokenLifetime: opts.accessTokenSeconds ?? 900,
    refreshTokenLifetime: opts.refreshTokenSeconds ?? 30 * 86_400,
    authorizationCodeLifetime: 60,
    allowEmptyState: false,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
  });
}

/** Clients, redirect URIs, scopes and the token values. */
function clientModel(deps: ModelDeps) {
  return {
    getClient: async (clientId: string) => deps.client(clientId).catch(() => null),
    validateRedirectUri: async (uri: string, client: OAuthClient) => redirectMatches(client.redirectUris, uri),
    validateScope: async (_user: OAuthUser, _client: OAuthClient, scope?: string[]) => {
      if (!scope || scope.length === 0) return [...SCOPES];
      const allowed = new Set<string>([...SCOPES, 'offline_access']);
      return scope.every((s) => allowed.has(s)) ? scope.filter((s) => s !== 'offline_access').concat() : false;
    },
    verifyScope: async (t: { scope?: string[] }, scope: string[]) => scope.every((s) => t.scope?.includes(s)),
    generateAuthorizationCode: async () => newToken(CODE_PREFIX),
    generateAccessToken: async () => newToken(ACCESS_TOKEN_PREFIX),
    generateRefreshToken: async () => newToken(REFRESH_TOKEN_PREFIX),
  };
}

/** Authorization codes: stored by hash, taken once, remembered as spent for reuse detection. */
function codeModel({ tables, now, client, reused }: ModelDeps) {
  const nowIso = () => now().toISOString();
  return {
    saveAuthorizationCode: async (
      code: {
        authorizationCode: string;
        expiresAt: Date;
        redirectUri: string;
        scope?: string[];
        codeChallenge?: string;
        codeChallengeMethod?: string;
      },
      owner: OAuthClient,
      user: OAuthUser,
    ) => {
      if (!code.codeChallenge || code.codeChallengeMethod !== 'S256')
        throw new OAuthError('PKCE with S256 is required: send code_challenge and code_challenge_method=S256', {
          code: 400,
          name: 'invalid_request',
        });
      await whileAccountLive(
        tables.codes.put(
          {
            id: sha256(code.authorizationCode),
            accountId: user.accountId,
            value: {
              grantId: user.grantId,
              clientId: owner.id,
              redirectUri: code.redirectUri,
              scope: code.scope ?? [...SCOPES],
              codeChallenge: code.codeChallenge,
              codeChallengeMethod: code.codeChallengeMethod,
              expiresAt: code.expiresAt.toISOString(),
            },
            expiresAt: code.expiresAt.toISOString(),
          },
          { liveAccount: true },
        ),
      );
      return { ...code, client: owner, user };
    },
    getAuthorizationCode: async (code: string) => {
      const id = sha256(code);
      const row = await tables.codes.take(id, nowIso());
      if (!row) {
        await reused(id, 'authorization code');
        return null;
      }
      await tables.spent.put({
        id,
        accountId: row.accountId,
        value: { grantId: row.value.grantId },
        expiresAt: new Date(now().getTime() + 3600_000).toISOString(),
      });
      const grant = await tables.grants.get(row.value.grantId, nowIso());
      if (!grant || !row.accountId) return null;
      const owner = await client(row.value.clientId).catch(() => null);
      if (!owner) return null;
      return {
        authorizationCode: code,
        expiresAt: new Date(row.value.expiresAt),
        redirectUri: row.value.redirectUri,
        scope: row.value.scope,
        codeChallenge: row.value.codeChallenge,
        codeChallengeMethod: row.value.codeChallengeMethod,
        client: owner,
        user: {
          id: row.accountId,
          accountId: row.accountId,
          grantId: row.value.grantId,
          resource: grant.value.resource,
        } satisfies OAuthUser,
      };
    },
    // The code was taken (deleted) when it was read: one exchange per code, whoever asks.
    revokeAuthorizationCode: async () => true,
  };
}

/** Access and refresh tokens: stored by hash; a refresh token is taken on use (rotation) and remembered as spent. */
function tokenModel({ tables, now, client, reused }: ModelDeps) {
  const nowIso = () => now().toISOString();
  return {
    saveToken: async (
      t: { accessToken: string; accessTokenExpiresAt: Date; refreshToken?: string; refreshTokenExpiresAt?: Date; scope?: string[] },
      owner: OAuthClient,
      user: OAuthUser,
    ) => {
      const scope = t.scope ?? [...SCOPES];
      const base = { grantId: user.grantId, clientId: owner.id, scope, resource: user.resource };
      // Each refused once the account's deletion has begun; one written before it is removed by the deletion.
      const save = (kind: 'access' | 'refresh', token: string, expires: Date) =>
        whileAccountLive(
          tables.tokens.put(
            {
              id: sha256(token),
              accountId: user.accountId,
              value: { kind, ...base, expiresAt: expires.toISOString() },
              expiresAt: expires.toISOString(),
            },
            { liveAccount: true },
          ),
        );
      await save('access', t.accessToken, t.accessTokenExpiresAt);
      if (t.refreshToken && t.refreshTokenExpiresAt) await save('refresh', t.refreshToken, t.refreshTokenExpiresAt);
      return { ...t, scope, client: owner, user };
    },
    getAccessToken: async (accessToken: string) => {
      const row = await tables.tokens.get(sha256(accessToken), nowIso());
      if (!row || row.value.kind !== 'access' || !row.accountId) return null;
      const owner = await client(row.value.clientId).catch(() => null);
      if (!owner) return null;
      return {
        accessToken,
        accessTokenExpiresAt: new Date(row.value.expiresAt),
        scope: row.value.scope,
        client: owner,
        user: { id: row.accountId, accountId: row.accountId, grantId: row.value.grantId, resource: row.value.resource },
      };
    },
    getRefreshToken: async (refreshToken: string) => {
      const id = sha256(refreshToken);
      const row = await tables.tokens.get(id, nowIso());
      if (!row || row.value.kind !== 'refresh' || !row.accountId) {
        await reused(id, 'refresh token');
        return null;
      }
      const grant = await tables.grants.get(row.value.grantId, nowIso());
      if (!grant) return null;
      const owner = await client(row.value.clientId).catch(() => null);
      if (!owner) return null;
      return {
        refreshToken,
        refreshTokenExpiresAt: new Date(row.value.expiresAt),
        scope: row.value.scope,
        client: owner,
        user: {
          id: row.accountId,
          accountId: row.accountId,
          grantId: row.value.grantId,
          resource: grant.value.resource,
        } satisfies OAuthUser,
      };
    },
    revokeToken: async (t: { refreshToken: string; user: OAuthUser }) => {
      const id = sha256(t.refreshToken);
      const row = await tables.tokens.take(id, nowIso());
      if (!row) return false;
      await tables.spent.put({ id, accountId: row.accountId, value: { grantId: row.value.grantId }, expiresAt: row.value.expiresAt });
      return true;
    },
  };
}
