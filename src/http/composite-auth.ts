/**
 * The one place that decides how a request authenticates: an API key anywhere; on /mcp also an OAuth
 * access token; on the REST API also a session cookie with its CSRF token in X-CSRF-Token. Never a
 * session on /mcp (an MCP client is not a browser page), never an OAuth token on REST (its audience is /mcp).
 */
import { createHash } from 'node:crypto';
import type { Accounts } from '../accounts/accounts.js';
import type { Auth, HeaderReader } from '../core/auth.js';
import { HttpError } from '../core/errors.js';
import type { Balance } from '../core/ledger.js';
import type { Caller } from '../core/pipeline.js';
import { SESSION_COOKIE, Sessions, readCookie } from './sessions.js';

export class CompositeAuth implements Auth {
  constructor(
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly oauth: {
      isToken(bearer: string): boolean;
      verify(token: string, headers: HeaderReader): Promise<Caller & { kind: 'account' }>;
    },
  ) {}

  async authenticate(headers: HeaderReader, surface: 'rest' | 'mcp' = 'rest'): Promise<Caller & { kind: 'account' }> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
    if (bearer && this.oauth.isToken(bearer)) {
      if (surface !== 'mcp') throw new HttpError('OAuth access tokens are for /mcp only: use an API key for the REST API', 401);
      return this.oauth.verify(bearer, headers);
    }
    if (surface === 'rest' && !headers.get('authorization') && !headers.get('x-api-key')) {
      const session = await this.sessions.find(readCookie(headers.get('cookie'), SESSION_COOKIE));
      if (session) {
        if (!Sessions.csrfMatches(session, headers.get('x-csrf-token')))
          throw new HttpError(
            "CSRF token missing or wrong: a request signed in with a session must send the page's token as X-CSRF-Token",
            403,
          );
        const info = await this.accounts.accountInfo(session.accountId);
        // Streams and handlers are keyed by a hash of the session id, never by the id itself.
        const credentialId = `session:${createHash('sha256').update(session.id).digest('hex').slice(0, 24)}`;
        return { kind: 'account', accountId: session.accountId, credentialId, plan: info.plan };
      }
    }
    return this.accounts.authenticate(headers);
  }

  rateLimitHeaders(balance: Balance): Record<string, string> {
    return this.accounts.rateLimitHeaders(balance);
  }

  balance(accountId: string): Promise<Balance> {
    return this.accounts.balance(accountId);
  }
}
