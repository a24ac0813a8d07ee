/**
 * Client metadata as this server accepts it, the same for a registration (RFC 7591) and for a client ID
 * metadata document: 1 to 10 redirect URIs (the policy below), a name people can trust (client-text.ts), an
 * https logo, and only the authorization-code and refresh-token grants.
 *
 * Redirect URIs (RFC 6749 §3.1.2, RFC 8252, RFC 9700 §4.1), checked at registration, in a client ID metadata
 * document and again at authorization:
 * - absolute, at most 2,000 characters, without a fragment (not even an empty "#") or a user name or password;
 * - https on any host; http only on loopback (localhost, 127.0.0.1, [::1]), which then matches on any port
 *   (RFC 8252 §7.3: native apps listen on a free port);
 * - a native app's private-use scheme as RFC 8252 §7.1 states: a domain name the app's maker controls, in
 *   reverse order, so with at least one dot (com.example.app:/callback);
 * - and Cursor's documented callback, exactly (PRIVATE_USE_EXCEPTIONS: its scheme has no dot, and Cursor
 *   registers it beside its https and loopback URIs, so refusing it would refuse Cursor's whole registration);
 * - nothing else: javascript:, data:, vbscript:, file:, blob:, about:, ws:, ftp: and any other scheme are refused.
 */
import { HttpError } from '../../core/errors.js';
import { clientText } from './client-text.js';
import { OAuthHttpError } from './protocol.js';

export interface ClientMetadata {
  name: string;
  redirectUris: string[];
  logoUri?: string;
  clientUri?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_URI = 2000;
/** Schemes that run or read something where they are opened, named in the answer as such. */
const ACTIVE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);
/** RFC 8252 §7.1: a reverse domain name, at least two labels. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;
/** Private-use redirect URIs without a dot in their scheme, each accepted exactly, for the stated client. */
export const PRIVATE_USE_EXCEPTIONS: readonly string[] = [
  // Cursor's MCP OAuth callback (cursor.com/docs/mcp).
  'cursor://anysphere.cursor-mcp/oauth/callback',
];

/** A redirect URI a client may register or send (the policy above); a 400 naming `field` otherwise. */
export function checkRedirectUri(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URI) throw new HttpError(`\`${field}\` must be a URI string`, 400);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(`\`${field}\`: "${raw.slice(0, 100)}" is not an absolute URI`, 400);
  }
  if (raw.includes('#')) throw new HttpError(`\`${field}\` must not have a fragment`, 400);
  if (url.username || url.password) throw new HttpError(`\`${field}\` must not have a user name or password`, 400);
  if (url.protocol === 'https:') return raw;
  if (url.protocol === 'http:') {
    if (LOOPBACK.has(url.hostname)) return raw;
    throw new HttpError(`\`${field}\`: http is allowed only for loopback (localhost, 127.0.0.1, [::1]); use https`, 400);
  }
  if (ACTIVE_SCHEMES.has(url.protocol)) throw new HttpError(`\`${field}\`: the scheme ${url.protocol} is not allowed`, 400);
  if (PRIVATE_USE_SCHEME.test(url.protocol) || PRIVATE_USE_EXCEPTIONS.includes(raw)) return raw;
  throw new HttpError(
    `\`${field}\`: the scheme ${url.protocol.slice(0, 40)} is not allowed: use https, http on loopback, or a private-use scheme named by a reverse domain name (com.example.app:/callback, RFC 8252 §7.1)`,
    400,
  );
}

/** Exact match, except a loopback redirect's port (RFC 8252 §7.3: native apps pick a free port); never with a fragment. */
export function redirectMatches(registered: string[], given: string): boolean {
  if (given.includes('#')) return false;
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !LOOPBACK.has(g.hostname) || g.username || g.password) return false;
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return u.protocol === 'http:' && u.hostname === g.hostname && u.pathname === g.pathname && u.search === g.search;
    } catch {
      return false;
    }
  });
}

/** An optional URL field: https only (or http too when `http`), at most 2,000 characters, parseable, no credentials. */
function checkUrlField(raw: unknown, field: string, http = false): string | undefined {
  if (raw === undefined) return undefined;
  const wrong = () => new HttpError(`\`${field}\` must be an ${http ? 'http(s)' : 'https'} URL`, 400);
  if (typeof raw !== 'string' || raw.length > MAX_URI || !(http ? /^https?:\/\//i : /^https:\/\//i).test(raw)) throw wrong();
  try {
    const url = new URL(raw);
    if (url.username || url.password) throw wrong();
  } catch {
    throw wrong();
  }
  return raw;
}

/** Check a registration body or a fetched document; an OAuthHttpError names the field (invalid_redirect_uri, invalid_client_metadata). */
export function checkMetadata(doc: Record<string, unknown>): ClientMetadata {
  const fail = (error: string, text: string): never => {
    throw new OAuthHttpError(400, error, text);
  };
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10)
    return fail('invalid_redirect_uri', '`redirect_uris` must be an array of 1 to 10 URIs');
  const redirectUris: string[] = [];
  (uris as unknown[]).forEach((u, i) => {
    try {
      redirectUris.push(checkRedirectUri(u, `redirect_uris[${i}]`));
    } catch (err) {
      fail('invalid_redirect_uri', (err as Error).message);
    }
  });
  for (const field of ['grant_types', 'response_types'])
    if (doc[field] !== undefined && !Array.isArray(doc[field])) fail('invalid_client_metadata', `\`${field}\` must be an array`);
  for (const g of (doc.grant_types as unknown[] | undefined) ?? [])
    if (g !== 'authorization_code' && g !== 'refresh_token')
      fail(
        'invalid_client_metadata',
        `\`grant_types\`: only authorization_code and refresh_token are supported, not "${String(g).slice(0, 40)}"`,
      );
  for (const r of (doc.response_types as unknown[] | undefined) ?? [])
    if (r !== 'code') fail('invalid_client_metadata', '`response_types`: only "code" is supported');
  try {
    return {
      name: doc.client_name === undefined ? 'Unnamed application' : clientText(doc.client_name, 'client_name'),
      redirectUris,
      logoUri: checkUrlField(doc.logo_uri, 'logo_uri'),
      clientUri: checkUrlField(doc.client_uri, 'client_uri', true),
    };
  } catch (err) {
    return fail('invalid_client_metadata', (err as Error).message);
  }
}
