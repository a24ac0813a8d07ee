/**
 * The JSON routes of the passkey pages (/auth/…); the pages themselves are in src/web/account-auth.ts.
 * Every answer is `{ ok, data }` or the platform's error body, never cached.
 */
import type { Context, Hono } from 'hono';
import { HttpError } from '../../core/errors.js';
import type { RouteHelpers } from '../app.js';
import { Sessions } from '../sessions.js';
import type { Identity } from './identity.js';

export interface IdentityRouteExtras {
  connections: (accountId: string) => Promise<unknown[]>;
  revokeConnection: (accountId: string, id: string) => Promise<unknown>;
  /** What the export adds about payments (src/billing), when they are on. */
  payments?: (accountId: string) => Promise<unknown>;
}

/** What every route group is given: the identity, the extras, and the two ways a route reads and answers. */
interface RouteKit {
  identity: Identity;
  extra: IdentityRouteExtras;
  h: RouteHelpers;
  /** A route whose result is the `data` of a JSON answer (errors as the platform's error body). */
  json: (fn: (c: Context) => Promise<unknown>, status?: number) => (c: Context) => Promise<Response>;
  /** The request's JSON object (a post from another origin was refused before: src/http/guard.ts, `originCheck`). */
  body: (c: Context) => Promise<Record<string, unknown>>;
}

export function identityRoutes(identity: Identity, extra: IdentityRouteExtras) {
  return (app: Hono, h: RouteHelpers) => {
    const kit: RouteKit = { identity, extra, h, json: jsonRoute(h), body: (c) => h.readJsonObject(c) };
    ceremonyRoutes(app, kit);
    sessionRoutes(app, kit);
    passkeyRoutes(app, kit);
    accountRoutes(app, kit);
  };
}

function jsonRoute(h: RouteHelpers): RouteKit['json'] {
  return (fn, status = 200) =>
    async (c) => {
      try {
        const data = await fn(c);
        return c.json({ ok: true, data }, status as 200, { 'Cache-Control': 'no-store' });
      } catch (err) {
        return h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
      }
    };
}

/** Sign up and sign in: the two steps of each ceremony. */
function ceremonyRoutes(app: Hono, { identity, json, body }: RouteKit): void {
  app.post(
    '/auth/signup/options',
    json(async (c) => identity.signupOptions(c, await body(c))),
  );
  app.post(
    '/auth/signup/verify',
    json(async (c) => identity.signupVerify(c, await body(c)), 201),
  );
  app.post(
    '/auth/signin/options',
    json(async (c) => (await body(c), identity.signinOptions(c))),
  );
  app.post(
    '/auth/signin/verify',
    json(async (c) => identity.signinVerify(c, await body(c))),
  );
}

/** Who is signed in, and signing out (this session, or every session of the account). */
function sessionRoutes(app: Hono, { identity, extra, json }: RouteKit): void {
  app.get(
    '/auth/me',
    json(async (c) => {
      const session = await identity.session(c);
      if (!session) throw new HttpError('Not signed in', 401);
      const info = await identity.opts.accounts.accountInfo(session.accountId);
      return {
        account: info,
        csrf: session.csrf,
        passkeys: await identity.listPasskeys(session.accountId),
        connections: await extra.connections(session.accountId),
      };
    }),
  );
  app.post(
    '/auth/signout',
    json(async (c) => {
      const session = await identity.requireSession(c);
      await identity.opts.sessions.end(session.id);
      c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
      return { signedOut: true };
    }),
  );
  app.post(
    '/auth/signout-everywhere',
    json(async (c) => {
      const session = await identity.requireSession(c);
      const ended = await identity.opts.sessions.endAll(session.accountId);
      c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
      return { signedOut: true, sessions: ended };
    }),
  );
}

/** The signed-in account's passkeys: add one (a ceremony), rename, remove. */
function passkeyRoutes(app: Hono, { identity, json, body }: RouteKit): void {
  app.post(
    '/auth/passkeys/options',
    json(async (c) => {
      const session = await identity.requireSession(c);
      return identity.addOptions(c, session, await body(c));
    }),
  );
  app.post(
    '/auth/passkeys/verify',
    json(async (c) => {
      const session = await identity.requireSession(c);
      return identity.addVerify(c, session, await body(c));
    }, 201),
  );
  app.post(
    '/auth/passkeys/:id/name',
    json(async (c) => {
      const session = await identity.requireSession(c);
      return identity.renamePasskey(session.accountId, c.req.param('id') ?? '', (await body(c)).name);
    }),
  );
  app.delete(
    '/auth/passkeys/:id',
    json(async (c) => {
      const session = await identity.requireSession(c);
      return identity.removePasskey(session.accountId, c.req.param('id') ?? '');
    }),
  );
}

/** The account as a whole: its connected applications, its export (a download) and its deletion. */
function accountRoutes(app: Hono, { identity, extra, h, json, body }: RouteKit): void {
  app.delete(
    '/auth/connections/:id',
    json(async (c) => {
      const session = await identity.requireSession(c);
      return extra.revokeConnection(session.accountId, c.req.param('id') ?? '');
    }),
  );
  app.get('/auth/export', async (c) => {
    try {
      const session = await identity.session(c);
      if (!session) throw new HttpError('Not signed in', 401);
      const data = await identity.exportAccount(session.accountId, {
        connections: await extra.connections(session.accountId),
        ...(extra.payments ? { payments: await extra.payments(session.accountId) } : {}),
      });
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="werkbank-${data.account.name}.json"`,
        'Cache-Control': 'no-store',
      });
    } catch (err) {
      return h.errorResponse(c, err);
    }
  });
  app.post(
    '/auth/delete-account',
    json(async (c) => {
      const session = await identity.requireSession(c);
      const given = await body(c);
      const info = await identity.opts.accounts.accountInfo(session.accountId);
      if (given.confirm !== info.name) throw new HttpError('`confirm`: type the account name to delete the account', 400);
      const result = await identity.deleteAccount(session.accountId);
      c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
      return result;
    }),
  );
}
