/**
 * What the surfaces need from the account domain to authenticate a caller.
 * Declared here, in core, so the domain (src/accounts) implements it without
 * depending on any transport.
 */
import type { Caller } from './pipeline.js';
import type { Balance } from './ledger.js';
import { HttpError } from './errors.js';

/**
 * A credential that matches nothing (a 401): what guessing produces, so the surfaces count it per client
 * address (src/http/protect.ts). A missing or revoked key is a plain 401 HttpError.
 */
export class UnknownCredentialError extends HttpError {
  constructor(message = 'Invalid API key') {
    super(message, 401);
    this.name = 'UnknownCredentialError';
  }
}

/** A request's headers as the credentials are read from them: a web `Headers`, or Node's own request headers. */
export type HeaderReader = Pick<Headers, 'get'>;

/** Authenticates a request. Throws a 401 HttpError for a missing, invalid or revoked key. */
export interface Auth {
  /** `surface`: 'mcp' for /mcp (which also takes OAuth access tokens), 'rest' for the API (which also takes a session with its CSRF token). */
  authenticate(headers: HeaderReader, surface?: 'rest' | 'mcp'): Promise<Caller & { kind: 'account' }>;
  /** Headers for an authenticated response (X-RateLimit-*). */
  rateLimitHeaders(balance: Balance): Record<string, string>;
  balance(accountId: string): Promise<Balance>;
}
