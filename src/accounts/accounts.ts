/**
 * Accounts, plans, API keys and the credit ledger.
 *
 * Credits: each plan has a monthly allowance that resets on the account's
 * cycle day (00:00 UTC on the day of the month the account was created,
 * clamped to the month's length); pack credits never expire and are spent
 * after the allowance. A call reserves its cost atomically before the tool
 * runs (two concurrent calls can never spend the same credit; the balance
 * never goes negative) and settles after: commit on success (durable before
 * the response is sent), refund on failure.
 *
 * On the embedded store (one process) the holds of calls in flight live in
 * memory here; on a shared database (`store.ledger`) each reservation,
 * commit and refund is one atomic SQL statement (src/store/postgres.ts), so
 * several processes can serve the same account.
 */
import { hash, randomBytes } from 'node:crypto';
import { QuotaExceededError, type Account, type ApiKeyRecord, type AtomicLedger, type Hold, type Plan, type Store, type UsageEntry, type UsagePage } from '../store/store.js';
import type { Balance, Ledger, Reservation } from '../core/ledger.js';
import { UnknownCredentialError, type Auth, type HeaderReader } from '../core/auth.js';
import type { Caller } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';

const MiB = 1024 * 1024;

/**
 * The plans. Besides credits and retention, what an account may grow to: agent memory in stored bytes
 * (each item's key plus its value as JSON, escapes included), API keys not revoked, and MCP listen
 * streams open at once per key.
 */
export const PLANS = {
  free: {
    credits: 1_000,
    usageRetentionDays: 7,
    memoryRetentionDays: 30,
    memoryBytes: 5 * MiB,
    activeKeys: 50,
    listenStreamsPerKey: 10,
    renderAllowance: 50,
    priceEur: { month: 0, year: 0 },
  },
  paid: {
    credits: 7_500,
    usageRetentionDays: 365,
    memoryRetentionDays: 365,
    memoryBytes: 100 * MiB,
    activeKeys: 50,
    listenStreamsPerKey: 10,
    renderAllowance: 50,
    priceEur: { month: 19, year: 190 },
  },
} as const satisfies Record<Plan, unknown>;

/** A plan by name (a name from a request is never looked up on a plain object's prototype). */
export function isPlan(name: string): name is Plan {
  return Object.hasOwn(PLANS, name);
}

/** Each plan's monthly credits (what the shared database's reservation statement reads the plan against). */
const PLAN_CREDITS = Object.fromEntries(Object.entries(PLANS).map(([plan, p]) => [plan, p.credits])) as Record<Plan, number>;

/** Usage entries per page of `GET /api/v1/usage` (default; `limit` takes up to USAGE_PAGE_MAX). */
export const USAGE_PAGE = 1_000;
export const USAGE_PAGE_MAX = 10_000;

/** Credit packs: credits → price in EUR. They never expire. */
export const PACKS = { 100: 1.0, 1000: 5.0, 5000: 20.0 } as const;
export type PackSize = keyof typeof PACKS;

/** Where the operator added credits: the CLI (`werkbank credits add`) or the admin API. */
export type OperatorSurface = 'cli' | 'admin-api';

/**
 * A usage entry for credits added to the packs (negative: taken back by a refund): no call. `surface` says
 * who added them ('payment': bought; 'operator'), `reference` which payment or operator action it was.
 */
export function creditsAdded(at: string, credits: number, surface: 'payment' | 'operator', reference: string): UsageEntry {
  return { at, tool: 'credit-pack', surface, credits: 0, fromAllowance: 0, fromPacks: 0, added: credits, reference };
}

const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const KEY_PREFIX = 'wbk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function hashKey(key: string): string {
  return hash('sha256', key, 'hex'); // one-shot: no Hash object per request
}

function randomKey(): string {
  // 40 base62 characters ≈ 238 bits of entropy (rejection sampling keeps it uniform).
  let out = '';
  while (out.length < 40) for (const b of randomBytes(48)) if (b < 248 && out.length < 40) out += BASE62[b % 62];
  return KEY_PREFIX + out;
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}`;
}

/** Start of the monthly period containing `now` for an account created at `createdAt` (UTC). */
export function periodStartFor(createdAt: Date, now: Date): Date {
  const anchorDay = createdAt.getUTCDate();
  const boundary = (year: number, month: number) => {
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(anchorDay, days)));
  };
  let start = boundary(now.getUTCFullYear(), now.getUTCMonth());
  if (now < start) start = boundary(now.getUTCFullYear(), now.getUTCMonth() - 1);
  return start < createdAt ? createdAt : start;
}

export function nextResetFor(createdAt: Date, now: Date): Date {
  const anchorDay = createdAt.getUTCDate();
  const start = periodStartFor(createdAt, now);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + 1;
  const days = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(anchorDay, days)));
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  account: string;
  name: string | null;
}

/** A key's name: 1-40 characters once trimmed, no control characters. */
function keyName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 40 || /\p{Cc}/u.test(trimmed))
    throw new HttpError('Invalid `name`: give the key a name of 1 to 40 characters without control characters, or leave it out', 400, { field: 'name' });
  return trimmed;
}

export class Accounts implements Ledger, Auth {
  private readonly revokeListeners: ((credentialId: string) => void)[] = [];
  /** Called after a key is revoked (e.g. to close its open MCP streams). */
  onCredentialRevoked(listener: (credentialId: string) => void): void {
    this.revokeListeners.push(listener);
  }

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ---- administration -------------------------------------------------

  async createAccount(name: string, plan: Plan = 'free'): Promise<Account> {
    if (!ACCOUNT_NAME.test(name))
      throw new HttpError('Invalid account name: use 1-63 characters a-z, 0-9, ".", "_" or "-", starting with a letter or digit');
    if (!isPlan(plan)) throw new HttpError('Invalid plan: use "free" or "paid"');
    if (await this.store.getAccountByName(name)) throw new HttpError(`Account "${name}" already exists`, 409);
    const now = this.now().toISOString();
    const account: Account = {
      id: randomId('acc'),
      name,
      plan,
      createdAt: now,
      periodStart: now,
      allowanceUsed: 0,
      packCredits: 0,
      renderAllowanceUsed: 0,
    };
    await this.store.createAccount(account);
    return account;
  }

  async listAccounts() {
    return (await this.store.listAccounts()).map((a) => this.infoOf(a));
  }

  async requireAccount(name: string): Promise<Account> {
    const account = await this.store.getAccountByName(name);
    if (!account) throw new HttpError(`No account named "${name}"`, 404);
    return account;
  }

  /** Creates a key; the returned `key` is shown once and never stored. */
  async createKey(accountName: string, opts: { name?: string } = {}): Promise<CreatedKey> {
    const name = keyName(opts.name);
    const account = await this.requireAccount(accountName);
    const key = randomKey();
    const record: ApiKeyRecord = {
      id: randomId('key'),
      accountId: account.id,
      hash: hashKey(key),
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      createdAt: this.now().toISOString(),
      revokedAt: null,
      ...(name ? { name } : {}),
    };
    const maxActive = PLANS[account.plan].activeKeys;
    try {
      await this.store.createKey(record, { maxActive });
    } catch (err) {
      if (err instanceof QuotaExceededError)
        throw new HttpError(`Key limit reached: an account holds at most ${maxActive} keys that are not revoked; revoke one before creating another`, 409);
      throw err;
    }
    return { id: record.id, key, prefix: record.prefix, account: account.name, name: name ?? null };
  }

  async listKeys(accountName: string) {
    const account = await this.requireAccount(accountName);
    return (await this.store.listKeys(account.id)).map(({ id, name, prefix, createdAt, revokedAt, lastUsedAt }) => ({
      id,
      name: name ?? null,
      prefix,
      createdAt,
      revokedAt,
      lastUsedAt: lastUsedAt ?? null,
    }));
  }

  /** Revokes at once: the in-memory record changes before this returns, so no later request passes. */
  async revokeKey(id: string) {
    const key = await this.store.revokeKey(id, this.now().toISOString());
    if (!key) throw new HttpError(`No key with id "${id}"`, 404);
    for (const listener of this.revokeListeners) listener(key.id);
    await this.store.publish?.('key_revoked', key.id).catch(() => undefined);
    return { id: key.id, prefix: key.prefix, revokedAt: key.revokedAt };
  }

  /** A key revoked by another process on the same store: close this process's streams of it too. */
  credentialRevokedElsewhere(credentialId: string): void {
    for (const listener of this.revokeListeners) listener(credentialId);
  }

  async addPack(accountName: string, pack: number, via: OperatorSurface): Promise<Balance> {
    if (!Object.hasOwn(PACKS, pack)) throw new HttpError(`Invalid pack: choose ${Object.keys(PACKS).join(', ')} credits`);
    const account = await this.requireAccount(accountName);
    // The credits and their usage entry (as a purchase has: credits added, no call) are durable together.
    const reference = `operator:${via}:pack_${randomBytes(8).toString('hex')}`;
    await this.store.charge(account.id, creditsAdded(this.now().toISOString(), pack, 'operator', reference), { periodStart: account.periodStart, packCredits: pack });
    return this.balance(account.id);
  }

  /**
   * The account's usage of the last `days` days (capped at the plan's retention): totals, per day (and
   * per tool within the day), per tool, and one page of the entries, newest first (`limit` from `offset`;
   * `nextOffset` is null on the last page).
   */
  async usage(accountId: string, days: number, page: UsagePage = { offset: 0, limit: USAGE_PAGE }) {
    const account = await this.accountById(accountId);
    const retention = PLANS[account.plan].usageRetentionDays;
    const span = Math.min(Math.max(1, Math.floor(days)), retention);
    const since = isoDate(new Date(this.now().getTime() - (span - 1) * 86_400_000));
    // One entry past the page says whether another page follows (credits bought are entries but no calls).
    const [totals, read] = await Promise.all([this.store.usageTotals(accountId, since), this.store.readUsage(accountId, since, { ...page, limit: page.limit + 1 })]);
    const entries = read.slice(0, page.limit);
    const perDay = new Map<string, { date: string; calls: number; credits: number; tools: Record<string, number> }>();
    const perTool = new Map<string, { tool: string; calls: number; credits: number }>();
    for (const t of totals) {
      let d = perDay.get(t.date);
      if (!d) perDay.set(t.date, (d = { date: t.date, calls: 0, credits: 0, tools: {} }));
      d.calls += t.calls;
      d.credits += t.credits;
      d.tools[t.tool] = t.calls;
      let p = perTool.get(t.tool);
      if (!p) perTool.set(t.tool, (p = { tool: t.tool, calls: 0, credits: 0 }));
      p.calls += t.calls;
      p.credits += t.credits;
    }
    const calls = totals.reduce((n, t) => n + t.calls, 0);
    return {
      account: account.name,
      days: span,
      retentionDays: retention,
      totals: { calls, credits: totals.reduce((n, t) => n + t.credits, 0) },
      perDay: [...perDay.values()],
      perTool: [...perTool.values()].sort((a, b) => b.calls - a.calls || (a.tool < b.tool ? -1 : 1)),
      entries,
      offset: page.offset,
      limit: page.limit,
      nextOffset: read.length > page.limit ? page.offset + entries.length : null,
    };
  }

  async accountInfo(accountId: string) {
    return this.infoOf(await this.accountById(accountId));
  }

  private infoOf(account: Account) {
    const plan = PLANS[account.plan];
    const view = this.view(account);
    return {
      name: account.name,
      plan: account.plan,
      createdAt: account.createdAt,
      monthlyCredits: plan.credits,
      allowanceRemaining: plan.credits - view.allowanceUsed,
      packCredits: account.packCredits,
      remaining: this.balanceOf(account).remaining,
      periodStart: view.periodStart,
      resetsAt: new Date(this.period(account.createdAt).resetMs).toISOString(),
      price: plan.priceEur,
      usageRetentionDays: plan.usageRetentionDays,
      memoryRetentionDays: plan.memoryRetentionDays,
    };
  }

  /** Deletes usage history past each account's plan retention. */
  async sweepUsage(): Promise<void> {
    // Concurrently: the accounts' changes share one group-committed write.
    await Promise.all(
      (await this.store.listAccounts()).map((account) => {
        const keep = PLANS[account.plan].usageRetentionDays;
        return this.store.pruneUsage(account.id, isoDate(new Date(this.now().getTime() - (keep - 1) * 86_400_000)));
      }),
    );
  }

  // ---- authentication -------------------------------------------------

  async authenticate(headers: HeaderReader): Promise<Caller & { kind: 'account' }> {
    const headerKey = headers.get('x-api-key')?.trim() || undefined;
    const authz = headers.get('authorization');
    const bearer = authz ? /^Bearer\s+(\S+)\s*$/i.exec(authz)?.[1] : undefined;
    if (authz && !bearer) throw new HttpError('Invalid Authorization header: use "Authorization: Bearer <API key>"', 401);
    if (headerKey && bearer && headerKey !== bearer)
      throw new HttpError('Conflicting credentials: X-API-Key and Authorization: Bearer carry different keys', 401);
    const key = headerKey ?? bearer;
    if (!key) throw new HttpError('API key required: send it as X-API-Key: <key> or Authorization: Bearer <key>', 401);
    if (key.length > 200) throw new UnknownCredentialError();
    const hash = hashKey(key);
    // Looked up by the hash itself: a match is exact, and timing reveals nothing of the key (only of its hash).
    const found = await this.store.findKey(hash);
    if (!found) throw new UnknownCredentialError();
    const { key: record, account } = found;
    if (record.revokedAt) throw new HttpError('This API key was revoked', 401);
    this.createdAt.set(account.id, account.createdAt);
    this.noteKeyUse(record.id);
    return { kind: 'account', accountId: account.id, credentialId: record.id, plan: account.plan };
  }

  /** When each key was last recorded as used here: a key's last use is written at most once a minute. */
  private readonly keyUseWritten = new Map<string, number>();

  /** Record a key's use (for the account page's "last used") off the request's path: errors only cost the record. */
  private noteKeyUse(keyId: string): void {
    const now = this.now().getTime();
    if (now - (this.keyUseWritten.get(keyId) ?? -Infinity) < 60_000) return;
    this.keyUseWritten.set(keyId, now);
    void this.store.touchKey(keyId, new Date(now).toISOString()).catch(() => undefined);
  }

  rateLimitHeaders(b: Balance): Record<string, string> {
    const window = Math.max(0, b.resetAt - Math.floor(this.now().getTime() / 1000));
    return {
      'X-RateLimit-Limit': String(b.limit),
      'X-RateLimit-Remaining': String(b.remaining),
      'X-RateLimit-Reset': String(b.resetAt),
      'RateLimit-Policy': `"credits";q=${b.limit};w=2592000`,
      RateLimit: `"credits";r=${b.remaining};t=${window}`,
    };
  }

  // ---- ledger ---------------------------------------------------------

  /**
   * The current period of accounts created at `createdAt` (its start, ISO, and its reset, epoch ms), worked out
   * once per period: calls within it read the cached answer (a call used to work it out three times).
   */
  private period(createdAt: string): { start: string; startMs: number; resetMs: number } {
    const now = this.now();
    const t = now.getTime();
    let p = this.periods.get(createdAt);
    if (!p || t < p.startMs || t >= p.resetMs) {
      const created = new Date(createdAt);
      const start = periodStartFor(created, now);
      p = { start: start.toISOString(), startMs: start.getTime(), resetMs: nextResetFor(created, now).getTime() };
      this.periods.set(createdAt, p);
    }
    return p;
  }
  private readonly periods = new Map<string, { start: string; startMs: number; resetMs: number }>();

  /** The account as of now: a new period starts with a fresh allowance (read-only view). */
  private view(a: Account): { periodStart: string; allowanceUsed: number; renderAllowanceUsed: number } {
    const start = this.period(a.createdAt).start;
    return start > a.periodStart
      ? { periodStart: start, allowanceUsed: 0, renderAllowanceUsed: 0 }
      : { periodStart: a.periodStart, allowanceUsed: a.allowanceUsed, renderAllowanceUsed: a.renderAllowanceUsed };
  }

  /** Credits and renders held by calls in flight (reserved, not yet committed or refunded), per account. */
  private readonly held = new Map<string, { allowance: number; packs: number; renders: number }>();

  private holdOf(accountId: string) {
    let h = this.held.get(accountId);
    if (!h) this.held.set(accountId, (h = { allowance: 0, packs: 0, renders: 0 }));
    return h;
  }

  /**
   * Pack credits held by this process's calls in flight (the embedded store; a shared database takes
   * them off the stored balance at once): what a refund may not take back (src/billing/billing.ts).
   */
  packsHeld(accountId: string): number {
    return this.held.get(accountId)?.packs ?? 0;
  }

  /** The stored account (read only: it changes only through the store). */
  private async accountById(accountId: string): Promise<Account> {
    const account = await this.store.getAccount(accountId);
    if (!account) throw new HttpError('No such account', 404);
    return account;
  }

  private balanceOf(a: Account): Balance {
    const limit = PLANS[a.plan].credits;
    const { allowanceUsed } = this.view(a);
    const h = this.held.get(a.id);
    return {
      limit,
      remaining: Math.max(0, limit - allowanceUsed - (h?.allowance ?? 0)) + a.packCredits - (h?.packs ?? 0),
      resetAt: Math.floor(this.period(a.createdAt).resetMs / 1000),
    };
  }

  async balance(accountId: string): Promise<Balance> {
    return this.balanceOf(await this.accountById(accountId));
  }

  /**
   * Hold `cost` credits for a call (synchronously, so concurrent calls can
   * never take the same credit), or throw 429. The charge becomes durable on
   * `commit` (the journal append the response waits for); `refund` releases it.
   */
  async reserve(accountId: string, cost: number, tool: string, surface: string): Promise<Reservation> {
    if (this.store.ledger) return this.reserveAtomic(this.store.ledger, accountId, cost, tool, surface);
    // Embedded store: no await between the check and the hold, so concurrent calls cannot take the same credit.
    const a = await this.accountById(accountId);
    const v = this.view(a);
    const h = this.holdOf(accountId);
    const allowanceLeft = Math.max(0, PLANS[a.plan].credits - v.allowanceUsed - h.allowance);
    if (allowanceLeft + a.packCredits - h.packs < cost) throw this.exhausted(a, cost);
    const fromAllowance = Math.min(cost, allowanceLeft);
    const fromPacks = cost - fromAllowance;
    h.allowance += fromAllowance;
    h.packs += fromPacks;
    const release = () => {
      h.allowance -= fromAllowance;
      h.packs -= fromPacks;
    };
    return this.settlement(accountId, release, async () => {
      await this.store.charge(
        accountId,
        { at: this.now().toISOString(), tool, surface, credits: cost, fromAllowance, fromPacks },
        { periodStart: v.periodStart, allowanceUsed: fromAllowance, packCredits: -fromPacks },
      );
    });
  }

  private exhausted(a: Account, cost: number): HttpError {
    const b = this.balanceOf(a);
    const retryAfter = Math.max(1, b.resetAt - Math.floor(this.now().getTime() / 1000));
    return new HttpError(
      `Credit balance exhausted: this call costs ${cost} credit${cost === 1 ? '' : 's'} and ${b.remaining} ${b.remaining === 1 ? 'is' : 'are'} left. ` +
        `The monthly allowance of ${b.limit} credits resets at ${new Date(b.resetAt * 1000).toISOString()}; credit packs (100, 1,000 or 5,000 credits) never expire.`,
      429,
      { retryAfter },
    );
  }

  /** The account's plan, for the statement that needs its allowance (plans change rarely; one read). */
  private async planOf(accountId: string): Promise<Account> {
    const account = await this.accountById(accountId);
    this.createdAt.set(account.id, account.createdAt);
    return account;
  }

  /**
   * When each account seen by this process was created: it never changes, and the reservation statement
   * needs it (for the current period) before it reads the row; `authenticate` has just read it.
   */
  private readonly createdAt = new Map<string, string>();

  /** Shared database: the reservation is one atomic statement; the hold row is committed or refunded exactly once. */
  private async reserveAtomic(ledger: AtomicLedger, accountId: string, cost: number, tool: string, surface: string): Promise<Reservation> {
    const createdAt = this.createdAt.get(accountId) ?? (await this.planOf(accountId)).createdAt;
    const { hold, account } = await ledger.reserve(accountId, cost, PLAN_CREDITS, this.periodOf(createdAt));
    if (!account) throw new HttpError('No such account', 404);
    if (!hold) throw this.exhausted(account, cost);
    return this.atomicSettlement(ledger, hold, tool, surface, cost);
  }

  private periodOf(createdAt: string): string {
    return this.period(createdAt).start;
  }

  private atomicSettlement(ledger: AtomicLedger, hold: Hold, tool: string, surface: string, credits: number): Reservation {
    let settled = false;
    return {
      commit: async () => {
        if (settled) throw new Error('reservation already settled');
        settled = true;
        const after = await ledger.commit(hold, {
          at: this.now().toISOString(),
          tool,
          surface,
          credits,
          fromAllowance: hold.fromAllowance,
          fromPacks: hold.fromPacks,
        });
        if (!after) throw new Error('the reservation was released before the call finished (it ran for more than an hour)');
        return this.balanceOf(after);
      },
      refund: async () => {
        if (settled) return;
        settled = true;
        await ledger.refund(hold);
      },
    };
  }

  /** A reservation settled exactly once: commit (durable charge, then release the hold) or refund (release). */
  private settlement(accountId: string, release: () => void, charge: () => Promise<void>): Reservation {
    let settled = false;
    return {
      commit: async () => {
        if (settled) throw new Error('reservation already settled');
        settled = true;
        try {
          await charge();
        } finally {
          release();
        }
        return this.balance(accountId);
      },
      refund: async () => {
        if (settled) return;
        settled = true;
        release();
      },
    };
  }

  // ---- render allowance (used by src/render/meter.ts) ---------------------

  /**
   * Reserve one render: from the plan's monthly render allowance while it
   * lasts (`source: 'allowance'`, `remaining` = renders left), then `price`
   * credits (`source: 'credits'`, `remaining` = credits left). Atomic like
   * `reserve`; 429 when both are exhausted, naming the render allowance.
   */
  async reserveRender(
    accountId: string,
    price: number,
    tool: string,
    surface: string,
  ): Promise<Reservation & { metering: { source: 'allowance' | 'credits'; remaining: number } }> {
    if (this.store.ledger) {
      const ledger = this.store.ledger;
      const a = await this.planOf(accountId);
      const limit = PLANS[a.plan].renderAllowance;
      const { hold, account } = await ledger.reserveRender(accountId, limit, this.periodOf(a.createdAt));
      if (!account) throw new HttpError('No such account', 404);
      if (hold) return { ...this.atomicSettlement(ledger, hold, tool, surface, 0), metering: { source: 'allowance', remaining: limit - account.renderAllowanceUsed } };
    } else {
      const a = await this.accountById(accountId);
      const v = this.view(a);
      const h = this.holdOf(accountId);
      const limit = PLANS[a.plan].renderAllowance;
      if (v.renderAllowanceUsed + h.renders < limit) {
        h.renders++;
        const left = limit - v.renderAllowanceUsed - h.renders;
        const reservation = this.settlement(
          accountId,
          () => void h.renders--,
          () =>
            this.store.charge(
              accountId,
              { at: this.now().toISOString(), tool, surface, credits: 0, fromAllowance: 0, fromPacks: 0 },
              { periodStart: v.periodStart, renderAllowanceUsed: 1 },
            ),
        );
        return { ...reservation, metering: { source: 'allowance', remaining: left } };
      }
    }
    let credits: Reservation;
    try {
      credits = await this.reserve(accountId, price, tool, surface);
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) {
        const account = (await this.store.getAccount(accountId))!;
        throw new HttpError(
          `Render allowance reached: the ${PLANS[account.plan].renderAllowance} renders of this month's render allowance are used, ` +
            `and renders beyond it cost ${price} credits. ${err.message}`,
          429,
          err.extra,
        );
      }
      throw err;
    }
    return { ...credits, metering: { source: 'credits', remaining: (await this.balance(accountId)).remaining } };
  }
}
