/**
 * Token revocation (RFC 7009): revoking an access or refresh token revokes its whole grant. The answer is 200
 * whether or not the token was known (and when a client_id is given, only that client's token is revoked).
 */
import type { Context } from 'hono';
import type { Grants } from './grants.js';
import { sha256, type OAuthTables } from './tables.js';

export async function revokeEndpoint(
  c: Context,
  deps: { tokens: OAuthTables['tokens']; grants: Grants; now: () => Date },
): Promise<Response> {
  const form = await c.req.parseBody().catch((): Record<string, unknown> => ({}));
  const value = typeof form.token === 'string' ? form.token : '';
  if (!value) return c.json({ error: 'invalid_request', error_description: 'Missing parameter: `token`' }, 400);
  const row = await deps.tokens.get(sha256(value), deps.now().toISOString());
  if (row?.accountId && (typeof form.client_id !== 'string' || form.client_id === row.value.clientId))
    await deps.grants.revoke(row.accountId, row.value.grantId);
  return c.body(null, 200);
}
