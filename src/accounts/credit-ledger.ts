/**
 * The credit ledger of `Accounts`: reservations before a call and their settlement after it, with the
 * charging rule of ./charging.ts. A call reserves its cost atomically before the tool runs (two concurrent
 * calls can never spend the same credit; the balance never goes negative) and settles after: commit on
 * success (durable before the response is sent), refund on failure.
 *
 * On the embedded store (one process) the holds of calls in flight live in memory here; on a shared
 * database (`store.ledger`) each reservation, commit and refund is one atomic SQL statement
 * (src/store/postgres/ledger.ts), so several processes can serve the same account.
 */
import type { Account, AtomicLedger, Hold, Store } from '../store/store.js';
import type { Balance, Reservation } from '../core/ledger.js';
import { HttpError } from '../core/errors.js';
import { isNewPeriod, takeCredits } from './charging.js';
import { nextResetFor, periodStartFor, PLAN_CREDITS, PLANS } from './plans.js';

export class CreditLedger {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  /**
   * The current period of accounts created at `createdAt` (its start, ISO, and its reset, epoch ms), worked out
   * once per period: calls within it read the cached answer.
   */
  period(createdAt: string): { start: string; startMs: number; resetMs: number } {
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
  view(a: Account): { periodStart: string; allowanceUsed: number; renderAllowanceUsed: number } {
    const start = this.period(a.createdAt).start;
    return isNewPeriod(a.periodStart, start)
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
  async accountById(accountId: string): Promise<Account> {
    const account = await this.store.getAccount(accountId);
    if (!account) throw new HttpError('No such account', 404);
    return account;
  }

  balanceOf(a: Account): Balance {
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
    const take = takeCredits(cost, PLANS[a.plan].credits, v.allowanceUsed + h.allowance, a.packCredits - h.packs);
    if (!take) throw this.exhausted(a, cost);
    const { fromAllowance, fromPacks } = take;
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

  /** Remember when an account was created (`authenticate` has just read it). */
  knowCreatedAt(accountId: string, createdAt: string): void {
    this.createdAt.set(accountId, createdAt);
  }

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
      if (hold)
        return {
          ...this.atomicSettlement(ledger, hold, tool, surface, 0),
          metering: { source: 'allowance', remaining: limit - account.renderAllowanceUsed },
        };
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
