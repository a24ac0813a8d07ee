/**
 * Account routes: the administration API (behind WERKBANK_ADMIN_TOKEN; off
 * when it is unset) and a caller's own account and usage (behind its key).
 * The CLI (`src/cli.ts`) runs the same `Accounts` operations.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { PLANS, USAGE_PAGE, USAGE_PAGE_MAX, nextResetFor, periodStartFor, type Accounts } from '../accounts/accounts.js';
import type { Store, UsagePage } from '../store/store.js';
import type { RouteHelpers } from './app.js';
import { z } from 'zod';
import { ToolError } from '../core/tool.js';
import { parseInput } from '../core/validate.js';

function tokenMatches(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

function intParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ToolError(`Invalid query parameter \`${name}\`: an integer from ${min} to ${max}`);
  return n;
}

/** `days`, `limit` and `offset` of a usage request. */
function usageQuery(c: Context): [days: number, page: UsagePage] {
  return [
    intParam(c.req.query('days'), 'days', 1, 365, 7),
    { limit: intParam(c.req.query('limit'), 'limit', 1, USAGE_PAGE_MAX, USAGE_PAGE), offset: intParam(c.req.query('offset'), 'offset', 0, 1_000_000_000, 0) },
  ];
}

/** The admin API's request bodies: exactly these fields (an unknown one is a 400 naming it). */
const BODIES = {
  account: z.strictObject({ name: z.string().min(1).max(63), plan: z.enum(['free', 'paid']).default('free') }),
  key: z.strictObject({ account: z.string().min(1).max(63) }),
  credits: z.strictObject({ account: z.string().min(1).max(63), pack: z.literal([100, 1000, 5000]) }),
};

export function accountRoutes(accounts: Accounts, adminToken: string | undefined) {
  return (app: Hono, h: RouteHelpers) => {
    const wrap =
      (fn: (c: Context) => Promise<unknown>, status = 200) =>
      async (c: Context) => {
        try {
          return c.json({ ok: true, data: await fn(c) }, status as 200);
        } catch (err) {
          return h.errorResponse(c, err);
        }
      };

    // The caller's own account (its key decides which; never another's).
    app.get(
      '/api/v1/account',
      wrap(async (c) => accounts.accountInfo((await h.authenticate(c)).accountId)),
    );
    app.get(
      '/api/v1/usage',
      wrap(async (c) => {
        const caller = await h.authenticate(c);
        return accounts.usage(caller.accountId, ...usageQuery(c));
      }),
    );

    const admin = async (c: Context) => {
      if (!adminToken) throw new ToolError('Not found: the admin API is disabled (set WERKBANK_ADMIN_TOKEN to enable it)', 404);
      const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      if (!given || !tokenMatches(adminToken, given)) throw new ToolError('Admin token missing or invalid (Authorization: Bearer <token>)', 401);
    };
    const A = '/api/v1/admin';
    app.get(A + '/accounts', wrap(async (c) => (await admin(c), accounts.listAccounts())));
    app.post(
      A + '/accounts',
      wrap(async (c) => {
        await admin(c);
        const { name, plan } = parseInput(BODIES.account, await h.readJsonObject(c));
        const account = await accounts.createAccount(name, plan);
        return accounts.accountInfo(account.id);
      }, 201),
    );
    app.post(
      A + '/keys',
      wrap(async (c) => {
        await admin(c);
        return accounts.createKey(parseInput(BODIES.key, await h.readJsonObject(c)).account);
      }, 201),
    );
    app.get(
      A + '/keys',
      wrap(async (c) => {
        await admin(c);
        const name = c.req.query('account');
        if (!name) throw new ToolError('Invalid query parameter `account`: required');
        return accounts.listKeys(name);
      }),
    );
    app.delete(A + '/keys/:id', wrap(async (c) => (await admin(c), accounts.revokeKey(c.req.param('id') ?? ''))));
    app.post(
      A + '/credits',
      wrap(async (c) => {
        await admin(c);
        const { account, pack } = parseInput(BODIES.credits, await h.readJsonObject(c));
        return accounts.addPack(account, pack);
      }),
    );
    app.get(
      A + '/usage',
      wrap(async (c) => {
        await admin(c);
        const name = c.req.query('account');
        if (!name) throw new ToolError('Invalid query parameter `account`: required');
        return accounts.usage((await accounts.requireAccount(name)).id, ...usageQuery(c));
      }),
    );
  };
}

/**
 * Self-service with the caller's own key (the account page uses these): list,
 * create and revoke the account's keys, and read its render allowance. A key
 * reaches only its own account's keys; another account's key id is a 404.
 * The key travels in a header only (no cookies), so a cross-site page cannot
 * call these in the user's name.
 */
export function selfServiceRoutes(accounts: Accounts, store: Store, clock: () => Date = () => new Date()) {
  return (app: Hono, h: RouteHelpers) => {
    const wrap =
      (fn: (c: Context) => Promise<unknown>, status = 200) =>
      async (c: Context) => {
        try {
          return c.json({ ok: true, data: await fn(c) }, status as 200, { 'Cache-Control': 'no-store' });
        } catch (err) {
          return h.errorResponse(c, err);
        }
      };
    const own = async (c: Context) => (await accounts.accountInfo((await h.authenticate(c)).accountId)).name;

    app.get('/api/v1/keys', wrap(async (c) => accounts.listKeys(await own(c))));
    app.post('/api/v1/keys', wrap(async (c) => accounts.createKey(await own(c)), 201));
    app.delete(
      '/api/v1/keys/:id',
      wrap(async (c) => {
        const id = c.req.param('id') ?? '';
        const keys = await accounts.listKeys(await own(c));
        if (!keys.some((k) => k.id === id)) throw new ToolError(`No key with id "${id}" on this account`, 404);
        return accounts.revokeKey(id);
      }),
    );
    app.get(
      '/api/v1/account/renders',
      wrap(async (c) => {
        const caller = await h.authenticate(c);
        const account = await store.getAccount(caller.accountId);
        if (!account) throw new ToolError('No such account', 404);
        const now = clock();
        // A new period starts with the whole allowance (the ledger rolls the counter on the next charge).
        const current = periodStartFor(new Date(account.createdAt), now).toISOString() <= account.periodStart;
        const used = current ? account.renderAllowanceUsed : 0;
        const limit = PLANS[account.plan].renderAllowance;
        return { limit, used, remaining: Math.max(0, limit - used), resetsAt: nextResetFor(new Date(account.createdAt), now).toISOString() };
      }),
    );
  };
}
