/**
 * The terms the OAuth modules share: the one scope this server grants, what the library sees of a client and
 * of the person behind a grant, an OAuth error answer, and where the issuer and the protected resource are.
 */
import type { Context } from 'hono';
import { requestBase, type BaseOptions } from '../public-base.js';

export const SCOPES = ['mcp'] as const;
export const SCOPE_TEXT = "Call tools and spend this account's credits; read and write its agent memory";

/** What the library sees of a client. */
export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  logoUri?: string;
  grants: string[];
  /** A client ID metadata document (fetched), or registered here. */
  kind: 'metadata-document' | 'registered';
}

/** What the library sees of the user: the account, and the grant its codes and tokens belong to. */
export interface OAuthUser {
  id: string;
  accountId: string;
  grantId: string;
  resource: string;
}

/** An error answered in OAuth's shape: `{ error, error_description }` with this status. */
export class OAuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Where this server is, as a request sees it: the issuer (its public origin) and the protected resource (/mcp). */
export interface Site {
  base(c: Context): string;
  mcpUrl(c: Context): string;
}

export function site(opts: BaseOptions): Site {
  const base = (c: Context) => requestBase(c, opts);
  return { base, mcpUrl: (c) => `${base(c)}/mcp` };
}
