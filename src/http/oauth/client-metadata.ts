/**
 * Client metadata as this server accepts it, the same for a registration (RFC 7591) and for a client ID
 * metadata document: 1 to 10 redirect URIs (https, loopback http, or a native app's private-use scheme), a
 * name, an https logo, and only the authorization-code and refresh-token grants. Loopback redirect URIs match
 * on any port (RFC 8252).
 */
import { HttpError } from '../../core/errors.js';
import { OAuthHttpError } from './protocol.js';

export interface ClientMetadata {
  name: string;
  redirectUris: string[];
  logoUri?: string;
  clientUri?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A redirect URI a client may register: https, a loopback http, or a private-use scheme (native apps); no fragment. */
export function checkRedirectUri(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) throw new HttpError(`\`${field}\` must be a URI string`, 400);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(`\`${field}\`: "${raw.slice(0, 100)}" is not an absolute URI`, 400);
  }
  if (url.hash) throw new HttpError(`\`${field}\` must not have a fragment`, 400);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    throw new HttpError(`\`${field}\`: http is allowed only for loopback (localhost, 127.0.0.1, [::1]); use https`, 400);
  if (['javascript:', 'data:', 'file:', 'blob:', 'about:'].includes(url.protocol))
    throw new HttpError(`\`${field}\`: the scheme ${url.protocol} is not allowed`, 400);
  return raw;
}

/** Exact match, except a loopback redirect's port (RFC 8252 §7.3: native apps pick a free port). */
export function redirectMatches(registered: string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !LOOPBACK.has(g.hostname)) return false;
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return u.protocol === 'http:' && u.hostname === g.hostname && u.pathname === g.pathname && u.search === g.search;
    } catch {
      return false;
    }
  });
}

/** Check a registration body or a fetched document; an OAuthHttpError names the field (invalid_redirect_uri, invalid_client_metadata). */
export function checkMetadata(doc: Record<string, unknown>): ClientMetadata {
  const fail = (error: string, text: string) => {
    throw new OAuthHttpError(400, error, text);
  };
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10)
    fail('invalid_redirect_uri', '`redirect_uris` must be an array of 1 to 10 URIs');
  const redirectUris: string[] = [];
  (uris as unknown[]).forEach((u, i) => {
    try {
      redirectUris.push(checkRedirectUri(u, `redirect_uris[${i}]`));
    } catch (err) {
      fail('invalid_redirect_uri', (err as Error).message);
    }
  });
  const name = doc.client_name === undefined ? 'Unnamed application' : doc.client_name;
  if (typeof name !== 'string' || name.length === 0 || name.length > 100)
    fail('invalid_client_metadata', '`client_name` must be a string of 1 to 100 characters');
  let logoUri: string | undefined;
  if (doc.logo_uri !== undefined) {
    if (typeof doc.logo_uri !== 'string' || !/^https:\/\//.test(doc.logo_uri) || doc.logo_uri.length > 2000)
      fail('invalid_client_metadata', '`logo_uri` must be an https URL');
    logoUri = doc.logo_uri as string;
  }
  for (const g of (doc.grant_types as unknown[] | undefined) ?? [])
    if (g !== 'authorization_code' && g !== 'refresh_token')
      fail(
        'invalid_client_metadata',
        `\`grant_types\`: only authorization_code and refresh_token are supported, not "${String(g).slice(0, 40)}"`,
      );
  for (const r of (doc.response_types as unknown[] | undefined) ?? [])
    if (r !== 'code') fail('invalid_client_metadata', '`response_types`: only "code" is supported');
  return {
    name: (name as string).trim(),
    redirectUris,
    logoUri,
    clientUri: typeof doc.client_uri === 'string' ? doc.client_uri : undefined,
  };
}
