/**
 * Grants, the connected applications: listed newest first, revoked by their owner only, by RFC 7009
 * revocation of any of their tokens, by a spent code or refresh token presented again, and with the account.
 * Every revocation tells `onRevoked` (which closes the grant's MCP streams).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDIRECT, mcpHeaders, startFlow, type Flow } from './flow.js';

let f: Flow;
beforeEach(async () => {
  f = await startFlow();
});
afterEach(async () => {
  await f.close();
});

const refresh = (clientId: string, token: string) =>
  f.form('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });

describe('connected applications', () => {
  it('are listed newest first with their client, redirect host and scope', async () => {
    const first = await f.connect();
    f.advance(1000);
    await f.connect();
    const list = await f.oauth.connections(f.accountId);
    expect(list).toHaveLength(2);
    expect(list[0].connectedAt > list[1].connectedAt).toBe(true);
    expect(list[1]).toEqual({
      id: expect.stringMatching(/^grt_/),
      client: 'Flow App',
      clientId: first.clientId,
      redirectHost: new URL(REDIRECT).host,
      scope: 'mcp',
      connectedAt: expect.any(String),
      lastUsedAt: null,
    });
  });

  it('are revoked only by their own account', async () => {
    await f.connect();
    const [grant] = await f.oauth.connections(f.accountId);
    await expect(f.oauth.revokeGrant('acc_other', grant.id)).rejects.toMatchObject({
      status: 404,
      message: `No connected application with id "${grant.id}" on this account`,
    });
    expect(await f.oauth.revokeGrant(f.accountId, grant.id)).toEqual({ id: grant.id, revoked: true });
    expect(await f.oauth.connections(f.accountId)).toEqual([]);
  });

  it('a token whose grant row is gone is refused as revoked', async () => {
    const { access_token } = await f.connect();
    const [grant] = await f.oauth.connections(f.accountId);
    await f.oauth.grants.delete(grant.id);
    await expect(f.oauth.verify(access_token, mcpHeaders())).rejects.toMatchObject({
      status: 401,
      message: 'This access token was revoked (the connection was removed): authorize again',
    });
  });

  it('refreshing rotates the refresh token; the spent one presented again revokes the grant', async () => {
    const { clientId, refresh_token } = await f.connect();
    const [grant] = await f.oauth.connections(f.accountId);
    const rotated = await refresh(clientId, refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const next = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(refresh_token);
    expect((await f.oauth.verify(next.access_token, mcpHeaders())).credentialId).toBe(`oauth:${grant.id}`);
    const again = await refresh(clientId, refresh_token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    expect(f.revoked).toEqual([`oauth:${grant.id}`]);
    await expect(f.oauth.verify(next.access_token, mcpHeaders())).rejects.toMatchObject({ status: 401 });
    expect(await f.oauth.connections(f.accountId)).toEqual([]);
  });

  it('RFC 7009 revocation of a token revokes its grant; always 200, but the token is required', async () => {
    const { clientId, access_token } = await f.connect();
    const [grant] = await f.oauth.connections(f.accountId);
    const missing = await f.form('/oauth/revoke', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'Missing parameter: `token`' });
    expect((await f.form('/oauth/revoke', { token: 'wbat_unknown' })).status).toBe(200);
    expect((await f.form('/oauth/revoke', { token: access_token, client_id: 'wbc_someone_else' })).status).toBe(200);
    expect(await f.oauth.connections(f.accountId)).toHaveLength(1);
    const res = await f.form('/oauth/revoke', { token: access_token, client_id: clientId });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(f.revoked).toEqual([`oauth:${grant.id}`]);
    expect(await f.oauth.connections(f.accountId)).toEqual([]);
  });

  it('go with the account, with every code and token', async () => {
    const { access_token } = await f.connect();
    await f.connect();
    const ids = (await f.oauth.connections(f.accountId)).map((g) => `oauth:${g.id}`);
    await f.oauth.deleteAccount(f.accountId);
    expect(f.revoked.sort()).toEqual(ids.sort());
    expect(await f.oauth.connections(f.accountId)).toEqual([]);
    for (const table of ['oauth_grants', 'oauth_tokens', 'oauth_codes', 'oauth_spent'])
      expect(await f.store.records(table).listByAccount(f.accountId, f.now().toISOString())).toEqual([]);
    await expect(f.oauth.verify(access_token, mcpHeaders())).rejects.toMatchObject({ status: 401 });
  });
});
