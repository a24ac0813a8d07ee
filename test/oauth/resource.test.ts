/**
 * The resource side: an access token on /mcp is its account (credentialId `oauth:<grant>`) while it is known,
 * unexpired, its grant alive and issued for this server's /mcp; the grant's last use is written at most once a
 * minute. Also what the code flow stores: only hashes of codes and tokens.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mcpHeaders, startFlow, type Flow } from './flow.js';

let f: Flow;
beforeEach(async () => {
  f = await startFlow();
});
afterEach(async () => {
  await f.close();
});

describe('access tokens on /mcp', () => {
  it('are the account, with the grant as credentialId', async () => {
    const { access_token, refresh_token, expires_in } = await f.connect();
    expect(access_token).toMatch(/^wbat_/);
    expect(refresh_token).toMatch(/^wbrt_/);
    expect(expires_in).toBeGreaterThanOrEqual(899);
    expect(expires_in).toBeLessThanOrEqual(900);
    expect(f.oauth.isToken(access_token)).toBe(true);
    expect(f.oauth.isToken('wbk_an_api_key')).toBe(false);
    const [grant] = await f.oauth.connections(f.accountId);
    expect(await f.oauth.verify(access_token, mcpHeaders())).toEqual({
      kind: 'account',
      accountId: f.accountId,
      credentialId: `oauth:${grant.id}`,
      plan: 'paid',
    });
  });

  it('stores only hashes of the tokens, with the grant, client, scope and resource', async () => {
    const { clientId, access_token } = await f.connect();
    const hash = createHash('sha256').update(access_token, 'utf8').digest('hex');
    const row = await f.store.records<Record<string, unknown>>('oauth_tokens').get(hash, f.now().toISOString());
    expect(row?.accountId).toBe(f.accountId);
    expect(row?.value).toMatchObject({
      kind: 'access',
      clientId,
      scope: ['mcp'],
      resource: 'http://wb.test/mcp',
      grantId: expect.stringMatching(/^grt_/),
    });
    expect(await f.store.records('oauth_tokens').get(access_token, f.now().toISOString())).toBeUndefined();
  });

  it('refuses unknown, overlong, expired and revoked tokens, and tokens for another resource', async () => {
    const { access_token } = await f.connect();
    const [kept] = await f.oauth.connections(f.accountId);
    const removed = await f.connect();
    await expect(f.oauth.verify('wbat_unknown', mcpHeaders())).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired access token: refresh it or authorize again',
    });
    await expect(f.oauth.verify(`wbat_${'x'.repeat(200)}`, mcpHeaders())).rejects.toMatchObject({
      status: 401,
      message: 'Invalid access token',
    });
    await expect(f.oauth.verify(access_token, mcpHeaders('other.test'))).rejects.toMatchObject({
      status: 401,
      message: 'This access token was issued for another resource (http://wb.test/mcp), not http://other.test/mcp',
    });
    const other = (await f.oauth.connections(f.accountId)).find((g) => g.id !== kept.id)!;
    await f.oauth.revokeGrant(f.accountId, other.id);
    expect(f.revoked).toEqual([`oauth:${other.id}`]);
    await expect(f.oauth.verify(removed.access_token, mcpHeaders())).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired access token: refresh it or authorize again',
    });
    f.advance(901_000);
    await expect(f.oauth.verify(access_token, mcpHeaders())).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired access token: refresh it or authorize again',
    });
  });

  it("writes the grant's last use at most once a minute", async () => {
    const { access_token } = await f.connect();
    expect((await f.oauth.connections(f.accountId))[0].lastUsedAt).toBeNull();
    const first = f.now().toISOString();
    await f.oauth.verify(access_token, mcpHeaders());
    await expect.poll(async () => (await f.oauth.connections(f.accountId))[0].lastUsedAt).toBe(first);
    f.advance(30_000);
    await f.oauth.verify(access_token, mcpHeaders());
    await new Promise((r) => setTimeout(r, 50));
    expect((await f.oauth.connections(f.accountId))[0].lastUsedAt).toBe(first);
    f.advance(31_000);
    await f.oauth.verify(access_token, mcpHeaders());
    await expect.poll(async () => (await f.oauth.connections(f.accountId))[0].lastUsedAt).toBe(f.now().toISOString());
  });
});
