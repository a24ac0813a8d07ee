/**
 * Account routes: the administration API (behind WERKBANK_ADMIN_TOKEN; off
 * when it is unset) and a caller's own account and usage (behind its key).
 * The CLI (`src/cli.ts`) runs the same `Accounts` operations. The accounts
 * feature mounts the administration API and sweeps old usage and stale holds.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { USAGE_PAGE, USAGE_PAGE_MAX, type Accounts } from '../accounts/accounts.js';
import { PLANS, nextResetFor, periodStartFor } from '../accounts/plans.js';
import type { Store, UsagePage } from '../store/store.js';
import type { RouteHelpers } from './app.js';
import type { ApiOperation } from '../docs/openapi.js';
import type { Feature } from '../feature.js';
import { z } from 'zod';
import { HttpError } from '../core/errors.js';
import { parseInput } from '../core/validate.js';

function tokenMatches(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** Refuse a request to the admin API without the admin token: 404 while the admin API is disabled, else 401. */
export function assertAdmin(adminToken: string | undefined, authorization: string | undefined): void {
  if (!adminToken) throw new HttpError('Not found: the admin API is disabled (set WERKBANK_ADMIN_TOKEN to enable it)', 404);
  const given = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  if (!given || !tokenMatches(adminToken, given))
    throw new HttpError('Admin token missing or invalid (Authorization: Bearer <token>)', 401);
}

function intParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new HttpError(`Invalid query parameter \`${name}\`: an integer from ${min} to ${max}`);
  return n;
}

/** `days`, `limit` and `offset` of a usage request. */
function usageQuery(c: Context): [days: number, page: UsagePage] {
  return [
    intParam(c.req.query('days'), 'days', 1, 365, 7),
    {
      limit: intParam(c.req.query('limit'), 'limit', 1, USAGE_PAGE_MAX, USAGE_PAGE),
      offset: intParam(c.req.query('offset'), 'offset', 0, 1_000_000_000, 0),
    },
  ];
}

/** The admin API's request bodies: exactly these fields (an unknown one is a 400 naming it). */
const BODIES = {
  account: z.strictObject({ name: z.string().min(1).max(63), plan: z.enum(['free', 'paid']).default('free') }),
  key: z.strictObject({
    account: z.string().min(1).max(63),
    name: z.string().max(200).optional().describe('A name for the key (1-40 characters)'),
  }),
  ownKey: z.strictObject({ name: z.string().max(200).optional().describe('A name for the key (1-40 characters)') }),
  credits: z.strictObject({ account: z.string().min(1).max(63), pack: z.literal([100, 1000, 5000]) }),
};

// ---- what these routes answer (the OpenAPI document; test/rest.test.ts checks the answers against it) ----

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
const isoTime = z.string().describe('ISO 8601 UTC time');
const accountInfo = z.object({
  name: z.string(),
  plan: z.enum(['free', 'paid']),
  createdAt: isoTime,
  monthlyCredits: z.int().describe("The plan's monthly allowance"),
  allowanceRemaining: z.int(),
  packCredits: z.int().describe('Credits of packs bought (never expire, spent after the allowance)'),
  remaining: z.int().describe('Allowance left + pack credits'),
  periodStart: isoTime,
  resetsAt: isoTime,
  price: z.object({ month: z.number(), year: z.number() }).describe('EUR'),
  usageRetentionDays: z.int(),
  memoryRetentionDays: z.int(),
});
const usageReport = z.object({
  account: z.string(),
  days: z.int().describe('The window, capped at the retention'),
  retentionDays: z.int(),
  totals: z.object({ calls: z.int(), credits: z.int() }),
  perDay: z.array(
    z.object({ date: z.string(), calls: z.int(), credits: z.int(), tools: z.record(z.string(), z.int()).describe('Calls per tool') }),
  ),
  perTool: z.array(z.object({ tool: z.string(), calls: z.int(), credits: z.int() })).describe('Busiest first'),
  entries: z
    .array(
      z.object({
        at: isoTime,
        tool: z.string(),
        surface: z.string(),
        credits: z.int(),
        fromAllowance: z.int(),
        fromPacks: z.int(),
        added: z.int().optional().describe('Credits added to the packs (a purchase), or taken back when negative (a refund): no call'),
        reference: z
          .string()
          .optional()
          .describe(
            'Where added credits came from: a payment reference (e.g. a Stripe Checkout Session id), or operator:cli|admin-api:<pack id> for credits the operator added',
          ),
      }),
    )
    .describe('Newest first, one page'),
  offset: z.int(),
  limit: z.int(),
  nextOffset: z.int().nullable().describe('The offset of the next page; null on the last'),
});
const keyView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string(),
  createdAt: isoTime,
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
});
const createdKey = z.object({
  id: z.string(),
  key: z.string().describe('The key: shown this once, stored only as a hash'),
  prefix: z.string(),
  account: z.string(),
  name: z.string().nullable(),
});
const revokedKey = z.object({ id: z.string(), prefix: z.string(), revokedAt: isoTime.nullable() });
const balance = z.object({ limit: z.int(), remaining: z.int(), resetAt: z.int().describe('Epoch seconds') });
const renders = z.object({ limit: z.int(), used: z.int(), remaining: z.int(), resetsAt: isoTime });

const usageParams = (): NonNullable<ApiOperation['parameters']> => [
  {
    name: 'days',
    in: 'query',
    description: 'Days back, today included (1–365, default 7; capped at the retention)',
    schema: { type: 'integer', minimum: 1, maximum: 365, default: 7 },
  },
  {
    name: 'limit',
    in: 'query',
    description: `Entries per page (1–${USAGE_PAGE_MAX}, default ${USAGE_PAGE})`,
    schema: { type: 'integer', minimum: 1, maximum: USAGE_PAGE_MAX, default: USAGE_PAGE },
  },
  {
    name: 'offset',
    in: 'query',
    description: 'Entries to skip (nextOffset of the previous page)',
    schema: { type: 'integer', minimum: 0, default: 0 },
  },
];
const accountParam = { name: 'account', in: 'query' as const, required: true, description: 'Account name', schema: { type: 'string' } };
const keyIdParam = { name: 'id', in: 'path' as const, required: true, description: 'Key id (key_…)', schema: { type: 'string' } };

/** The account, usage and admin routes below (`accountRoutes`), for the OpenAPI document. */
export function accountOperations(): ApiOperation[] {
  return [
    {
      method: 'get',
      path: '/api/v1/account',
      tag: 'account',
      auth: 'key',
      summary: 'Your account: plan, balance, reset date',
      data: json(accountInfo),
    },
    {
      method: 'get',
      path: '/api/v1/usage',
      tag: 'account',
      auth: 'key',
      summary: 'Your usage: totals per day and per tool, and the calls, newest first, a page at a time',
      parameters: usageParams(),
      data: json(usageReport),
    },
    {
      method: 'get',
      path: '/api/v1/admin/accounts',
      tag: 'admin',
      auth: 'admin',
      summary: 'All accounts',
      data: json(z.array(accountInfo)),
    },
    {
      method: 'post',
      path: '/api/v1/admin/accounts',
      tag: 'admin',
      auth: 'admin',
      summary: 'Create an account',
      status: 201,
      body: json(BODIES.account),
      data: json(accountInfo),
      errors: { 409: 'The name is taken' },
    },
    {
      method: 'post',
      path: '/api/v1/admin/keys',
      tag: 'admin',
      auth: 'admin',
      summary: 'Create a key for an account (shown once)',
      status: 201,
      body: json(BODIES.key),
      data: json(createdKey),
    },
    {
      method: 'get',
      path: '/api/v1/admin/keys',
      tag: 'admin',
      auth: 'admin',
      summary: "An account's keys",
      parameters: [accountParam],
      data: json(z.array(keyView)),
    },
    {
      method: 'delete',
      path: '/api/v1/admin/keys/{id}',
      tag: 'admin',
      auth: 'admin',
      summary: 'Revoke a key',
      parameters: [keyIdParam],
      data: json(revokedKey),
    },
    {
      method: 'post',
      path: '/api/v1/admin/credits',
      tag: 'admin',
      auth: 'admin',
      summary: 'Add a credit pack to an account',
      body: json(BODIES.credits),
      data: json(balance),
    },
    {
      method: 'get',
      path: '/api/v1/admin/usage',
      tag: 'admin',
      auth: 'admin',
      summary: "An account's usage (as GET /api/v1/usage)",
      parameters: [accountParam, ...usageParams()],
      data: json(usageReport),
    },
  ];
}

/** The self-service routes (`selfServiceRoutes`: keys and the render allowance), for the OpenAPI document. */
export function selfServiceOperations(): ApiOperation[] {
  return [
    {
      method: 'get',
      path: '/api/v1/account/renders',
      tag: 'account',
      auth: 'key',
      summary: "Your render allowance: this month's renders used and left",
      data: json(renders),
    },
    {
      method: 'get',
      path: '/api/v1/keys',
      tag: 'account',
      auth: 'key',
      summary: "Your account's API keys (prefixes only)",
      data: json(z.array(keyView)),
    },
    {
      method: 'post',
      path: '/api/v1/keys',
      tag: 'account',
      auth: 'key',
      summary: 'Create another API key (shown once), optionally named',
      status: 201,
      body: json(BODIES.ownKey),
      data: json(createdKey),
    },
    {
      method: 'delete',
      path: '/api/v1/keys/{id}',
      tag: 'account',
      auth: 'key',
      summary: 'Revoke one of your keys: the next request with it is 401, on every instance',
      parameters: [keyIdParam],
      data: json(revokedKey),
      errors: { 404: 'No such key on this account' },
    },
  ];
}

export function accountsFeature(accounts: Accounts, store: Store, adminToken: string | undefined): Feature {
  return {
    routes: [accountRoutes(accounts, adminToken)],
    operations: accountOperations,
    sweep: async () => {
      await accounts.sweepUsage();
      // Holds of calls whose process died mid-call (no call runs for an hour) go back to their accounts.
      await store.ledger?.releaseStaleHolds(3600_000);
    },
  };
}

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

    const admin = async (c: Context) => assertAdmin(adminToken, c.req.header('authorization'));
    const A = '/api/v1/admin';
    app.get(
      A + '/accounts',
      wrap(async (c) => (await admin(c), accounts.listAccounts())),
    );
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
        const { account, name } = parseInput(BODIES.key, await h.readJsonObject(c));
        return accounts.createKey(account, { name });
      }, 201),
    );
    app.get(
      A + '/keys',
      wrap(async (c) => {
        await admin(c);
        const name = c.req.query('account');
        if (!name) throw new HttpError('Invalid query parameter `account`: required');
        return accounts.listKeys(name);
      }),
    );
    app.delete(
      A + '/keys/:id',
      wrap(async (c) => (await admin(c), accounts.revokeKey(c.req.param('id') ?? ''))),
    );
    app.post(
      A + '/credits',
      wrap(async (c) => {
        await admin(c);
        const { account, pack } = parseInput(BODIES.credits, await h.readJsonObject(c));
        return accounts.addPack(account, pack, 'admin-api');
      }),
    );
    app.get(
      A + '/usage',
      wrap(async (c) => {
        await admin(c);
        const name = c.req.query('account');
        if (!name) throw new HttpError('Invalid query parameter `account`: required');
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

    app.get(
      '/api/v1/keys',
      wrap(async (c) => accounts.listKeys(await own(c))),
    );
    app.post(
      '/api/v1/keys',
      wrap(async (c) => {
        // The body is optional: none (or an empty one) makes an unnamed key.
        const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
        const { name } = hasBody ? parseInput(BODIES.ownKey, await h.readJsonObject(c)) : {};
        return accounts.createKey(await own(c), { name });
      }, 201),
    );
    app.delete(
      '/api/v1/keys/:id',
      wrap(async (c) => {
        const id = c.req.param('id') ?? '';
        const keys = await accounts.listKeys(await own(c));
        if (!keys.some((k) => k.id === id)) throw new HttpError(`No key with id "${id}" on this account`, 404);
        return accounts.revokeKey(id);
      }),
    );
    app.get(
      '/api/v1/account/renders',
      wrap(async (c) => {
        const caller = await h.authenticate(c);
        const account = await store.getAccount(caller.accountId);
        if (!account) throw new HttpError('No such account', 404);
        const now = clock();
        // A new period starts with the whole allowance (the ledger rolls the counter on the next charge).
        const current = periodStartFor(new Date(account.createdAt), now).toISOString() <= account.periodStart;
        const used = current ? account.renderAllowanceUsed : 0;
        const limit = PLANS[account.plan].renderAllowance;
        return {
          limit,
          used,
          remaining: Math.max(0, limit - used),
          resetsAt: nextResetFor(new Date(account.createdAt), now).toISOString(),
        };
      }),
    );
  };
}
