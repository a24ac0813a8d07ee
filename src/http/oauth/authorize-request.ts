/**
 * The authorization request's parameters and the rules each must meet before anything is shown. Nothing is
 * cut or guessed: a parameter given twice, not text, over its length or outside its alphabet is refused by name.
 *
 * - `state`: required, 1 to 2,000 characters, each visible ASCII or space (0x20-0x7E: RFC 6749 Appendix A.5
 *   VSCHAR), so it comes back byte for byte on every redirect;
 * - `code_challenge`: 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.2), `code_challenge_method` S256;
 * - `response_type` "code"; every other parameter at most 2,000 characters.
 */
export const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
] as const;

export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

export const MAX_STATE = 2000;
const MAX_PARAM = 2000;
const STATE = /^[\x20-\x7E]+$/;
/** A PKCE `code_challenge` and `code_verifier` alike: 43 to 128 unreserved characters (RFC 7636 §4.1, §4.2). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The authorization parameters of a query or form (each name with all its values); an error message names a bad one. */
export function readParams(values: (name: string) => unknown[]): { params: AuthorizeParams } | { error: string } {
  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const all = values(name);
    if (all.length === 0) continue;
    if (all.length > 1) return { error: `\`${name}\` is given more than once (RFC 6749 §3.1)` };
    const value = all[0];
    if (typeof value !== 'string') return { error: `\`${name}\` must be text` };
    if (value.length > (name === 'state' ? MAX_STATE : MAX_PARAM))
      return { error: `\`${name}\` is longer than ${name === 'state' ? MAX_STATE : MAX_PARAM} characters` };
    params[name] = value;
  }
  return { params };
}

/** What is wrong with `response_type`, `state` and PKCE, in OAuth's terms; undefined when they are right. */
export function requestProblem(p: AuthorizeParams): { error: string; message: string } | undefined {
  if (p.response_type !== 'code') return { error: 'unsupported_response_type', message: '`response_type` must be "code"' };
  if (!p.state) return { error: 'invalid_request', message: '`state` is required' };
  if (!STATE.test(p.state))
    return { error: 'invalid_request', message: '`state` may hold only visible ASCII characters and spaces (0x20-0x7E)' };
  if (!p.code_challenge) return { error: 'invalid_request', message: '`code_challenge` is required (PKCE with S256)' };
  if (!PKCE_VALUE.test(p.code_challenge))
    return {
      error: 'invalid_request',
      message: '`code_challenge` must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~" (RFC 7636)',
    };
  if (p.code_challenge_method !== 'S256') return { error: 'invalid_request', message: '`code_challenge_method` must be "S256"' };
  return undefined;
}
