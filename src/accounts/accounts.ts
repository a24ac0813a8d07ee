/**
 * Accounts: administration (accounts, keys, packs added by the operator), the usage report, and
 * authentication by API key. Plans, packs and the monthly period are in ./plans.ts, the key material in
 * ./keys.ts, the credit ledger (reservations and their settlement) in ./credit-ledger.ts, the charging rule
 * in ./charging.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  AccountDeletedError,
  QuotaExceededError,
  type Account,
  type ApiKeyRecord,
  type Plan,
  type Store,
  type UsagePage,
} from '../store/store.js';
import type { Balance, Ledger, Reservation } from '../core/ledger.js';
import { UnknownCredentialError, type Auth, type HeaderReader } from '../core/auth.js';
import type { Caller } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';
import { CreditLedger } from './credit-ledger.js';
import { hashKey, KEY_PREFIX, keyName, randomId, randomKey, type CreatedKey } from './keys.js';
import { creditsAdded, isPlan, PACKS, PLANS, type OperatorSurface } from './plans.js';

/** Usage entries per page of `GET /api/v1/usage` (default; `limit` takes up to USAGE_PAGE_MAX). */
export const USAGE_PAGE = 1_000;
export const USAGE_PAGE_MAX = 10_000;

const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export class Accounts implements Ledger, Auth {
  private readonly revokeListeners: ((credentialId: string) => void)[] = [];
  /** Called after a key is revoked (e.g. to close its open MCP streams). */
  onCredentialRevoked(listener: (credentialId: string) => void): void {
    this.revokeListeners.push(listener);
  }

  private readonly credits: CreditLedger;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.credits = new CreditLedger(store, now);
  }

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

  /** The account, unless its deletion has begun (410: a tombstone gains nothing). */
  private async requireLiveAccount(name: string): Promise<Account> {
    const account = await this.requireAccount(name);
    if (account.deletedAt) throw new AccountDeletedError();
    return account;
  }

  /** Creates a key; the returned `key` is shown once and never stored. */
  async createKey(accountName: string, opts: { name?: string } = {}): Promise<CreatedKey> {
    const name = keyName(opts.name);
    // Checked here for a clear answer, and again by the store atomically with the insert (a deletion in between).
    const account = await this.requireLiveAccount(accountName);
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
        throw new HttpError(
          `Key limit reached: an account holds at most ${maxActive} keys that are not revoked; revoke one before creating another`,
          409,
        );
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
    const account = await this.requireLiveAccount(accountName);
    // The credits and their usage entry (as a purchase has: credits added, no call) are durable together.
    const reference = `operator:${via}:pack_${randomBytes(8).toString('hex')}`;
    await this.store.charge(account.id, creditsAdded(this.now().toISOString(), pack, 'operator', reference), {
      periodStart: account.periodStart,
      packCredits: pack,
    });
    return this.credits.balance(account.id);
  }

  /**
   * The account's usage of the last `days` days (capped at the plan's retention): totals, per day (and
   * per tool within the day), per tool, and one page of the entries, newest first (`limit` from `offset`;
   * `nextOffset` is null on the last page).
   */
  async usage(accountId: string, days: number, page: UsagePage = { offset: 0, limit: USAGE_PAGE }) {
    const account = await this.credits.accountById(accountId);
    const retention = PLANS[account.plan].usageRetentionDays;
    const span = Math.min(Math.max(1, Math.floor(days)), retention);
    const since = isoDate(new Date(this.now().getTime() - (span - 1) * 86_400_000));
    // One entry past the page says whether another page follows (credits bought are entries but no calls).
    const [totals, read] = await Promise.all([
      this.store.usageTotals(accountId, since),
      this.store.readUsage(accountId, since, { ...page, limit: page.limit + 1 }),
    ]);
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
    return this.infoOf(await this.credits.accountById(accountId));
  }

  private infoOf(account: Account) {
    const plan = PLANS[account.plan];
    const view = this.credits.view(account);
    return {
      name: account.name,
      plan: account.plan,
      createdAt: account.createdAt,
      monthlyCredits: plan.credits,
      allowanceRemaining: plan.credits - view.allowanceUsed,
      packCredits: account.packCredits,
      remaining: this.credits.balanceOf(account).remaining,
      periodStart: view.periodStart,
      resetsAt: new Date(this.credits.period(account.createdAt).resetMs).toISOString(),
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
    // A key that outlived its account's deletion (whatever the order of the deletion's steps) authenticates nothing.
    if (account.deletedAt) throw new HttpError('This API key was revoked: its account was deleted', 401);
    this.credits.knowCreatedAt(account.id, account.createdAt);
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

  // ---- credits -------------------------------------------------------

  /** Hold `cost` credits for a call, or throw 429 (see CreditLedger.reserve). */
  reserve(accountId: string, cost: number, tool: string, surface: string): Promise<Reservation> {
    return this.credits.reserve(accountId, cost, tool, surface);
  }

  /** Reserve one render: from the monthly render allowance, then credits (see CreditLedger.reserveRender). */
  reserveRender(accountId: string, price: number, tool: string, surface: string) {
    return this.credits.reserveRender(accountId, price, tool, surface);
  }

  balance(accountId: string): Promise<Balance> {
    return this.credits.balance(accountId);
  }

  /** Pack credits held by this process's calls in flight (see CreditLedger.packsHeld). */
  packsHeld(accountId: string): number {
    return this.credits.packsHeld(accountId);
  }
}
