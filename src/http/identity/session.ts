/**
 * The glue between the passkey routes and the sessions (src/http/sessions.ts): the session a request
 * comes with, the session a state-changing request must come with (cookie and CSRF token), and the
 * session a ceremony starts.
 */
import type { Context } from 'hono';
import type { Accounts } from '../../accounts/accounts.js';
import { HttpError } from '../../core/errors.js';
import { requestBase, type BaseOptions } from '../public-base.js';
import { SESSION_COOKIE, Sessions, readCookie, type SessionInfo } from '../sessions.js';

/** The session of this request (cookie), or undefined. */
export function sessionOf(c: Context, sessions: Sessions): Promise<SessionInfo | undefined> {
  return sessions.find(readCookie(c.req.header('cookie'), SESSION_COOKIE));
}

/** The session of a state-changing request: 401 without one, 403 without its CSRF token. */
export async function requireSession(c: Context, sessions: Sessions, form?: Record<string, unknown>): Promise<SessionInfo> {
  const session = await sessionOf(c, sessions);
  if (!session) throw new HttpError('Not signed in: sign in with your passkey first', 401);
  const given = c.req.header('x-csrf-token') ?? (typeof form?.csrf === 'string' ? form.csrf : undefined);
  if (!Sessions.csrfMatches(session, given)) throw new HttpError("CSRF token missing or wrong: send the page's token as X-CSRF-Token", 403);
  return session;
}

/** The cookie is Secure only when the public origin is https (a plain-http localhost would never send it back). */
export function secureCookies(c: Context, opts: BaseOptions): boolean {
  return requestBase(c, opts).startsWith('https:');
}

/** A new session for the account, its cookie set on the answer; the account name and CSRF token for the page. */
export async function startSession(c: Context, opts: BaseOptions & { sessions: Sessions; accounts: Accounts }, accountId: string) {
  const session = await opts.sessions.create(accountId);
  c.header('Set-Cookie', opts.sessions.cookie(session.id, secureCookies(c, opts)), { append: true });
  const info = await opts.accounts.accountInfo(accountId);
  return { account: info.name, csrf: session.csrf };
}
