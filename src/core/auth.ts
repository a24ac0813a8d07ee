/**
 * What the surfaces need from the account domain to authenticate a caller.
 * Declared here, in core, so the domain (src/accounts) implements it without
 * depending on any transport.
 */
import type { Caller } from './pipeline.js';
import type { Balance } from './ledger.js';

/** Authenticates a request. Throws a 401 ToolError for a missing, invalid or revoked key. */
export interface Auth {
  /** `surface`: 'mcp' for /mcp (which also takes OAuth access tokens), 'rest' for the API (which also takes a session with its CSRF token). */
  authenticate(headers: Headers, surface?: 'rest' | 'mcp'): Promise<Caller & { kind: 'account' }>;
  /** Headers for an authenticated response (X-RateLimit-*). */
  rateLimitHeaders(balance: Balance): Record<string, string>;
  balance(accountId: string): Promise<Balance>;
}
