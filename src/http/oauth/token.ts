/**
 * The token endpoint: the library does the authorization-code and refresh-token grants; werkbank first checks
 * `resource` (only this server's /mcp, RFC 8707) and that a code comes with a well-formed PKCE verifier. The library's
 * errors are answered in OAuth's shape; invalid_client is a 401, a failure of ours a 503.
 */
import type { Context } from 'hono';
import OAuth2Server from '@node-oauth/oauth2-server';
import { log } from '../../core/log.js';
import { PKCE_VALUE } from './authorize-request.js';
import type { Site } from './protocol.js';

const { Request: OAuthRequest, Response: OAuthResponse, OAuthError } = OAuth2Server;

export async function tokenEndpoint(c: Context, site: Site, server: OAuth2Server): Promise<Response> {
  const form = await c.req.parseBody().catch((): Record<string, unknown> => ({}));
  const body: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (typeof v === 'string') body[k] = v;
  const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (body.resource !== undefined && body.resource.replace(/\/$/, '') !== site.mcpUrl(c))
    return c.json(
      { error: 'invalid_target', error_description: `\`resource\` must be this server's MCP endpoint ${site.mcpUrl(c)}` },
      400,
      headers,
    );
  if (body.grant_type === 'authorization_code' && !body.code_verifier)
    return c.json({ error: 'invalid_request', error_description: 'Missing parameter: `code_verifier` (PKCE is required)' }, 400, headers);
  if (body.grant_type === 'authorization_code' && !PKCE_VALUE.test(body.code_verifier))
    return c.json(
      {
        error: 'invalid_request',
        error_description: '`code_verifier` must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~" (RFC 7636)',
      },
      400,
      headers,
    );
  const request = new OAuthRequest({
    method: c.req.method,
    headers: lowerHeaders(c.req.raw.headers),
    query: {},
    body,
  });
  const response = new OAuthResponse({ headers: {} });
  try {
    await server.token(request, response);
  } catch (err) {
    if (!(err instanceof OAuthError)) log(`oauth token: ${(err as Error).message}`);
    const e = err instanceof OAuthError ? err : new OAuthError('Server error', { code: 500, name: 'server_error' });
    const status = e.code === 401 || e.name === 'invalid_client' ? 401 : e.code >= 500 ? 503 : e.code;
    return c.json({ error: e.name, error_description: e.message }, status as 400, headers);
  }
  return c.json(response.body as Record<string, unknown>, 200, headers);
}

function lowerHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k.toLowerCase()] = v));
  return out;
}
