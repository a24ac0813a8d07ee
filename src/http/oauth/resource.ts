/**
 * The resource side: an access token on /mcp is accepted when it is known, not expired, its grant is alive,
 * and it was issued for this server's /mcp (RFC 8707 audience); a token that matches nothing counts against the
 * caller's address like an unknown key (src/http/protect.ts). An OAuth caller is its account, like a key,
 * with `oauth:<grant>` as its credentialId; the grant's last use is written at most once a minute.
 */
import { UnknownCredentialError, type HeaderReader } from '../../core/auth.js';
import { HttpError } from '../../core/errors.js';
import type { Caller } from '../../core/pipeline.js';
import type { Store } from '../../store/store.js';
import { publicBase, type BaseOptions } from '../public-base.js';
import { ACCESS_TOKEN_PREFIX, sha256, type OAuthTables } from './tables.js';

export class AccessTokens {
  /** When each grant's last use was written here (at most once a minute). */
  private readonly grantUse = new Map<string, number>();

  constructor(
    private readonly tables: Pick<OAuthTables, 'tokens' | 'grants'>,
    private readonly opts: BaseOptions & { store: Pick<Store, 'getAccount'>; now: () => Date },
  ) {}

  isToken(bearer: string): boolean {
    return bearer.startsWith(ACCESS_TOKEN_PREFIX);
  }

  /** Check an access token on /mcp: known, not expired, its grant alive, and issued for this resource. */
  async verify(accessToken: string, headers: HeaderReader): Promise<Caller & { kind: 'account' }> {
    const now = this.opts.now();
    // A token that matches nothing is guessing (or an expired one): counted per address like an unknown key.
    if (accessToken.length > 200) throw new UnknownCredentialError('Invalid access token');
    const row = await this.tables.tokens.get(sha256(accessToken), now.toISOString());
    if (!row || row.value.kind !== 'access' || !row.accountId)
      throw new UnknownCredentialError('Invalid or expired access token: refresh it or authorize again');
    const grant = await this.tables.grants.get(row.value.grantId, now.toISOString());
    if (!grant) throw new HttpError('This access token was revoked (the connection was removed): authorize again', 401);
    const expected = `${publicBase(headers, this.opts)}/mcp`;
    if (row.value.resource !== expected)
      throw new HttpError(`This access token was issued for another resource (${row.value.resource}), not ${expected}`, 401);
    const account = await this.opts.store.getAccount(row.accountId);
    if (!account) throw new HttpError('Invalid access token', 401);
    // A token that outlived its account's deletion (whatever the order of the deletion's steps) is refused.
    if (account.deletedAt) throw new HttpError('This access token was revoked (its account was deleted)', 401);
    const last = this.grantUse.get(grant.id) ?? (grant.value.lastUsedAt ? Date.parse(grant.value.lastUsedAt) : 0);
    if (now.getTime() - last > 60_000) {
      this.grantUse.set(grant.id, now.getTime());
      if (this.grantUse.size > 10_000) this.grantUse.delete(this.grantUse.keys().next().value!);
      // An update, never a put: a grant revoked since it was read stays revoked.
      void this.tables.grants
        .update(grant.id, now.toISOString(), (g) => ({ value: { ...g.value, lastUsedAt: now.toISOString() }, expiresAt: g.expiresAt }))
        .catch(() => undefined);
    }
    return { kind: 'account', accountId: row.accountId, credentialId: `oauth:${grant.id}`, plan: account.plan };
  }
}
