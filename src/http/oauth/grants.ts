/**
 * Grants, the "connected applications" of an account: one per consent, revocable, with when it was last used.
 * Revoking a grant deletes its row and its tokens, so every token of it is refused at once on every instance,
 * and closes its MCP streams here and (through the store's events) on the other server processes. A code or
 * refresh token presented again after its use revokes the grant it belonged to (OAuth 2.1 §4.3.1, §4.1.3).
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../../core/errors.js';
import { log } from '../../core/log.js';
import type { Store } from '../../store/store.js';
import type { OAuthClient } from './protocol.js';
import type { OAuthTables } from './tables.js';

export class Grants {
  constructor(
    private readonly tables: OAuthTables,
    private readonly opts: {
      store: Pick<Store, 'publish'>;
      now: () => Date;
      /** Called with `oauth:<grantId>` when a grant is revoked. */
      onRevoked: (credentialId: string) => void;
    },
  ) {}

  /**
   * A new grant for this account and client; returns its id. Refused with `AccountDeletedError` (410)
   * once the account's deletion has begun (checked atomically with the write).
   */
  async create(
    accountId: string,
    checked: { client: OAuthClient; redirectUri: string; resource: string; scope: string[] },
    at: string,
  ): Promise<string> {
    const grantId = `grt_${randomBytes(12).toString('base64url')}`;
    const fresh = await this.tables.grants.insert(
      {
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
      },
      at,
      { liveAccount: true },
    );
    if (!fresh) throw new Error('grant id collision');
    return grantId;
  }

  /** Drop a grant the library issued no code for (the request failed after consent). */
  async discard(grantId: string): Promise<void> {
    await this.tables.grants.delete(grantId);
  }

  async connections(accountId: string) {
    return (await this.tables.grants.listByAccount(accountId, this.opts.now().toISOString()))
      .map((g) => ({
        id: g.id,
        client: g.value.clientName,
        clientId: g.value.clientId,
        redirectHost: g.value.redirectHost,
        scope: g.value.scope.join(' '),
        connectedAt: g.value.connectedAt,
        lastUsedAt: g.value.lastUsedAt,
      }))
      .sort((a, b) => (a.connectedAt < b.connectedAt ? 1 : -1));
  }

  /** Revoke a connection: its row goes, so every token of it is refused at once on every instance. */
  async revoke(accountId: string, grantId: string) {
    const { grants, tokens } = this.tables;
    const grant = await grants.get(grantId, this.opts.now().toISOString());
    if (!grant || grant.accountId !== accountId)
      throw new HttpError(`No connected application with id "${grantId.slice(0, 80)}" on this account`, 404);
    await grants.delete(grantId);
    for (const t of await tokens.listByAccount(accountId, this.opts.now().toISOString()))
      if (t.value.grantId === grantId) await tokens.delete(t.id);
    await this.revoked(grantId);
    return { id: grantId, revoked: true };
  }

  async deleteAccount(accountId: string) {
    const { grants, tokens, codes, spent } = this.tables;
    const all = await grants.listByAccount(accountId, this.opts.now().toISOString());
    await grants.deleteByAccount(accountId);
    await tokens.deleteByAccount(accountId);
    await codes.deleteByAccount(accountId);
    await spent.deleteByAccount(accountId);
    for (const g of all) await this.revoked(g.id);
  }

  /** A code or refresh token presented again after its use (`id` is its hash): revoke everything its grant issued. */
  async reused(id: string, what: string): Promise<void> {
    const spent = await this.tables.spent.get(id, this.opts.now().toISOString());
    if (!spent || !spent.accountId) return;
    log(`oauth: a used ${what} was presented again; grant ${spent.value.grantId} revoked`, 'warn');
    await this.revoke(spent.accountId, spent.value.grantId).catch(() => undefined);
  }

  private async revoked(grantId: string): Promise<void> {
    this.opts.onRevoked(`oauth:${grantId}`);
    await this.opts.store.publish?.('key_revoked', `oauth:${grantId}`).catch(() => undefined);
  }
}
