/**
 * How an MCP client finds the authorization server: the 401 challenge on /mcp names the protected resource
 * metadata (RFC 9728, served at the root and in path form), which names this server as the authorization
 * server, whose metadata (RFC 8414) lists the endpoints and what they support.
 */
import type { Context, Hono } from 'hono';
import { SCOPES, type Site } from './protocol.js';

/** The WWW-Authenticate challenge of a 401 on /mcp. */
export function challenge(site: Site, c: Context, error?: string): string {
  return `Bearer realm="werkbank", resource_metadata="${site.base(c)}/.well-known/oauth-protected-resource/mcp", scope="${SCOPES.join(' ')}"${error ? `, error="${error}"` : ''}`;
}

/** RFC 9728 protected resource metadata for /mcp. */
export function protectedResource(site: Site, c: Context) {
  return {
    resource: site.mcpUrl(c),
    authorization_servers: [site.base(c)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'werkbank',
    resource_documentation: `${site.base(c)}/docs`,
  };
}

/** RFC 8414 authorization server metadata. */
export function serverMetadata(site: Site, c: Context) {
  const base = site.base(c);
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

/** The discovery documents' routes, cacheable for 5 minutes. */
export function discoveryRoutes(
  app: Hono,
  documents: { protectedResource(c: Context): unknown; serverMetadata(c: Context): unknown },
): void {
  const json = (c: Context, data: unknown) => c.json(data as Record<string, unknown>, 200, { 'Cache-Control': 'public, max-age=300' });
  app.get('/.well-known/oauth-protected-resource', (c) => json(c, documents.protectedResource(c)));
  app.get('/.well-known/oauth-protected-resource/mcp', (c) => json(c, documents.protectedResource(c)));
  app.get('/.well-known/oauth-authorization-server', (c) => json(c, documents.serverMetadata(c)));
}
