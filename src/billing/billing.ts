/**
 * Payments: buying credit packs and the paid plan through a payment provider (Stripe today:
 * src/billing/stripe.ts), applied to the credit ledger exactly once.
 *
 * The provider turns its signed webhooks into the few `BillingEvent`s below; `Billing.apply` applies
 * each through `Store.applyEvent`, which records the event's id in the same atomic write as the change
 * of the account (so a repeated delivery, on any instance, changes nothing). Besides the event id, each
 * change is keyed by the object it comes from: a pack is granted once per purchase (a Checkout Session),
 * so two different events about one payment (completed, then async payment succeeded) grant it once.
 *
 * What is kept per account (record tables of the store):
 * - `billing` (id = account id): the provider's customer, the subscription as last seen (by event
 *   time: an older event never overwrites a newer state) and how far paid invoices reach;
 * - `billing_purchases` (id = purchase id): each pack bought, its price and what a refund took back;
 * - `billing_refs` (id = payment or subscription id): which account and purchase it belongs to
 *   (a refund names only the payment);
 * - `billing_events` (id = event id): events applied, kept 90 days (providers retry for 3).
 *
 * Decisions:
 * - The plan is paid while the paid period lasts: an active subscription to the end of its current
 *   period, a renewal that failed (past due, unpaid) only to the start of the period it failed to pay
 *   for, a cancelled one to when it ended; a cancellation at the period's end keeps it paid until then.
 *   The hourly sweep (and the provider's own "deleted" event) sets the plan back to free after that.
 * - An upgrade mid-cycle takes effect at once and is not prorated: the current monthly period's
 *   allowance becomes the paid plan's 7,500 credits, less what the account already used this period;
 *   the reset day stays the account's own cycle day. A downgrade likewise keeps what was used.
 * - A refund takes back the pack's credits in proportion to the amount refunded, as far as pack
 *   credits remain: never below zero, and what was spent stays spent (pack credits are one pool).
 */
import { randomBytes } from 'node:crypto';
import { PACKS, creditsAdded, type PackSize } from '../accounts/plans.js';
import { HttpError } from '../core/errors.js';
import type { Plan, RecordRef, Store, UsageEntry } from '../store/store.js';

export type Interval = 'month' | 'year';

/** What a person can buy: a credit pack, or the paid plan by the month or the year. */
export type Product = { kind: 'pack'; credits: PackSize } | { kind: 'plan'; interval: Interval };

/** Products by the name a form sends (`pack-1000`, `plan-month`). */
export const PRODUCTS: Readonly<Record<string, Product>> = Object.fromEntries<Product>([
  ...Object.keys(PACKS).map((n) => [`pack-${n}`, { kind: 'pack', credits: Number(n) as PackSize }] as const),
  ...(['month', 'year'] as const).map((interval) => [`plan-${interval}`, { kind: 'plan', interval }] as const),
]);

export function productName(p: Product): string {
  return p.kind === 'pack' ? `pack-${p.credits}` : `plan-${p.interval}`;
}

/** A subscription's state as the provider reports it. */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

/** A subscription as the provider reports it (ISO times). */
export interface SubscriptionInfo {
  status: SubscriptionStatus;
  interval: Interval;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
}

/** A provider's webhook, translated. `created` is the provider's event time (epoch seconds). */
export type BillingEvent = { id: string; created: number; type: string } & (
  | {
      kind: 'pack-paid';
      accountId: string;
      purchase: string;
      credits: PackSize;
      amount: number;
      payment: string | null;
      customer: string | null;
    }
  | { kind: 'customer'; accountId: string; customer: string }
  | ({ kind: 'subscription'; accountId: string; subscription: string; customer: string } & SubscriptionInfo)
  | { kind: 'invoice-paid'; accountId: string | null; subscription: string; periodEnd: string }
  | { kind: 'refund'; payment: string; amount: number; refunded: number; reference: string }
  | { kind: 'ignored'; reason: string }
);

/** The payment provider behind `Billing` (src/billing/stripe.ts). */
export interface PaymentProvider {
  readonly name: string;
  /** Origins the account page's forms are sent on to (its checkout and portal pages), for the page's CSP. */
  readonly pageOrigins: readonly string[];
  /** A hosted checkout page for the product; returns its URL. */
  checkout(req: {
    accountId: string;
    product: Product;
    customer: string | null;
    successUrl: string;
    cancelUrl: string;
    attempt: string;
  }): Promise<string>;
  /** The provider's customer portal (subscription, payment method, invoices); returns its URL. */
  portal(req: { customer: string; returnUrl: string }): Promise<string>;
  /** Verify the webhook's signature (and its age) on the raw body, then translate it; a 400 HttpError when it does not verify or makes no sense. */
  parseWebhook(rawBody: string, headers: Headers): Promise<BillingEvent>;
}

export interface BillingState {
  customer: string | null;
  /** The subscription as of `eventCreated`, the time of the event it is from (epoch seconds). */
  subscription: (SubscriptionInfo & { id: string; eventCreated: number }) | null;
  /** The latest period a paid invoice covers: its subscription and its end (ISO). */
  paidInvoice: { subscription: string; periodEnd: string } | null;
}

interface Purchase {
  credits: number;
  /** What was paid, in the currency's smallest unit. */
  amount: number;
  payment: string | null;
  paidAt: string;
  /** Credits a refund took back so far (its share of the pack, whether or not they were still there). */
  refundedCredits: number;
}

const T = { state: 'billing', purchases: 'billing_purchases', refs: 'billing_refs', events: 'billing_events' } as const;
const EVENT_KEEP_MS = 90 * 86_400_000;

const EMPTY: BillingState = { customer: null, subscription: null, paidInvoice: null };

/** Until when the plan is paid (ISO), or null. */
export function paidUntil(s: BillingState): string | null {
  const sub = s.subscription;
  let through: string | null = null;
  if (sub) {
    if (sub.status === 'active' || sub.status === 'trialing') through = sub.periodEnd;
    else if (sub.status === 'canceled') through = sub.endedAt ?? sub.periodEnd;
    else through = sub.periodStart; // a renewal not paid: the period before it was
  }
  // Invoices count for the subscription they are of (an invoice may come before its subscription's first event).
  const invoiced = s.paidInvoice && (!sub || s.paidInvoice.subscription === sub.id) ? s.paidInvoice.periodEnd : null;
  let until = through && invoiced ? (through > invoiced ? through : invoiced) : (through ?? invoiced);
  // A subscription that ended ends the paid plan, whatever its invoices covered.
  if (sub?.status === 'canceled' && until && sub.endedAt && sub.endedAt < until) until = sub.endedAt;
  return until;
}

function planAt(s: BillingState, now: Date): Plan {
  const until = paidUntil(s);
  return until && until > now.toISOString() ? 'paid' : 'free';
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored' | 'no-account';

export class Billing {
  constructor(
    private readonly store: Store,
    readonly provider: PaymentProvider,
    /** Pack credits held by calls in flight (`Accounts.packsHeld`): a refund leaves them. */
    private readonly packsHeld: (accountId: string) => number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async state(accountId: string): Promise<BillingState> {
    const row = await this.store.records<BillingState>(T.state).get(accountId, this.now().toISOString());
    return row?.value ?? EMPTY;
  }

  /** The account's packs bought, newest first. */
  async purchases(accountId: string): Promise<(Purchase & { id: string })[]> {
    const rows = await this.store.records<Purchase>(T.purchases).listByAccount(accountId, this.now().toISOString());
    return rows.map((r) => ({ id: r.id, ...r.value })).sort((a, b) => (a.paidAt < b.paidAt ? 1 : -1));
  }

  /** What the account's export holds about payments: the provider's customer, the subscription, the packs bought. */
  async exportAccount(accountId: string): Promise<{ state: BillingState; purchases: (Purchase & { id: string })[] }> {
    return { state: await this.state(accountId), purchases: await this.purchases(accountId) };
  }

  /** A checkout page for `product`: its URL. 409 for the plan while a subscription runs (change it in the portal). */
  async checkout(accountId: string, product: Product, urls: { successUrl: string; cancelUrl: string }): Promise<string> {
    const state = await this.state(accountId);
    if (
      product.kind === 'plan' &&
      state.subscription &&
      state.subscription.status !== 'canceled' &&
      state.subscription.status !== 'incomplete_expired'
    )
      throw new HttpError('This account already has a subscription: change or cancel it under "Manage subscription and invoices"', 409);
    return this.provider.checkout({ accountId, product, customer: state.customer, ...urls, attempt: randomBytes(12).toString('hex') });
  }

  async portal(accountId: string, returnUrl: string): Promise<string> {
    const { customer } = await this.state(accountId);
    if (!customer) throw new HttpError('Nothing to manage yet: the account has no payments', 409);
    return this.provider.portal({ customer, returnUrl });
  }

  /**
   * Refuse (409) while the account has a subscription that will renew: deleting the account would not
   * stop the provider from charging. Cancelled at the period's end, or ended: no objection.
   */
  async assertNoRenewal(accountId: string): Promise<void> {
    const sub = (await this.state(accountId)).subscription;
    if (sub && !sub.cancelAtPeriodEnd && ['active', 'trialing', 'past_due', 'unpaid', 'paused'].includes(sub.status))
      throw new HttpError(
        'This account has a subscription that renews: cancel it first under "Manage subscription and invoices", then delete the account',
        409,
      );
  }

  /** The account an event is about, and the pack purchase it names; null when it is about none made here. */
  private async eventAccount(
    event: Exclude<BillingEvent, { kind: 'ignored' }>,
    now: Date,
  ): Promise<{ accountId: string; purchaseId: string | null } | null> {
    let accountId: string | null;
    let purchaseId: string | null = null;
    if (event.kind === 'refund') {
      const ref = await this.store.records<{ purchase: string }>(T.refs).get(event.payment, now.toISOString());
      if (!ref?.accountId) return null; // not a payment of a pack bought here
      accountId = ref.accountId;
      purchaseId = ref.value.purchase;
    } else if (event.kind === 'invoice-paid' && !event.accountId) {
      accountId = (await this.store.records(T.refs).get(event.subscription, now.toISOString()))?.accountId ?? null;
    } else accountId = event.accountId;
    if (event.kind === 'pack-paid') purchaseId = event.purchase;
    return accountId ? { accountId, purchaseId } : null;
  }

  /** Apply a translated webhook exactly once. */
  async apply(event: BillingEvent): Promise<ApplyOutcome> {
    if (event.kind === 'ignored') return 'ignored';
    const now = this.now();
    const about = await this.eventAccount(event, now);
    if (!about) return 'ignored';
    const { accountId, purchaseId } = about;
    const reads: RecordRef[] = [{ table: T.state, id: accountId }];
    if (purchaseId) reads.push({ table: T.purchases, id: purchaseId });
    const at = now.toISOString();
    const owned = accountId;
    const row = <V>(table: string, id: string, value: V, expiresAt: string | null = null) => ({
      table,
      id,
      accountId: owned,
      value: value as unknown,
      expiresAt,
    });
    return this.store.applyEvent(
      row(T.events, event.id, { type: event.type, created: event.created, at }, new Date(now.getTime() + EVENT_KEEP_MS).toISOString()),
      accountId,
      reads,
      (account, [stateRow, purchaseRow]) => {
        const state: BillingState = { ...EMPTY, ...(stateRow?.value as BillingState | undefined) };
        const rows: ReturnType<typeof row>[] = [];
        let entry: UsageEntry | undefined;
        const setPlan = () => {
          account.plan = planAt(state, now);
        };
        switch (event.kind) {
          case 'customer':
            state.customer ??= event.customer;
            break;
          case 'pack-paid': {
            if (event.customer) state.customer ??= event.customer;
            if (purchaseRow) break; // granted already, by another event about the same payment
            account.packCredits += event.credits;
            rows.push(
              row<Purchase>(T.purchases, event.purchase, {
                credits: event.credits,
                amount: event.amount,
                payment: event.payment,
                paidAt: at,
                refundedCredits: 0,
              }),
            );
            if (event.payment) rows.push(row(T.refs, event.payment, { purchase: event.purchase }));
            entry = creditsAdded(at, event.credits, 'payment', event.purchase);
            break;
          }
          case 'subscription': {
            state.customer ??= event.customer;
            const seen = state.subscription;
            const stale = seen && (event.created < seen.eventCreated || (seen.id === event.subscription && seen.status === 'canceled'));
            if (!stale) {
              const { subscription: id, status, interval, periodStart, periodEnd, cancelAtPeriodEnd, endedAt } = event;
              state.subscription = {
                id,
                status,
                interval,
                periodStart,
                periodEnd,
                cancelAtPeriodEnd,
                endedAt,
                eventCreated: event.created,
              };
              rows.push(row(T.refs, id, { subscription: id }));
            }
            setPlan();
            break;
          }
          case 'invoice-paid': {
            if (state.subscription && state.subscription.id !== event.subscription) break; // an old subscription's invoice
            const last = state.paidInvoice;
            if (!last || last.subscription !== event.subscription || event.periodEnd > last.periodEnd)
              state.paidInvoice = { subscription: event.subscription, periodEnd: event.periodEnd };
            setPlan();
            break;
          }
          case 'refund': {
            const p = purchaseRow?.value as Purchase | undefined;
            if (!p || !purchaseId || p.amount <= 0) break;
            const share = Math.min(p.credits, Math.floor((p.credits * Math.min(event.refunded, p.amount)) / p.amount));
            const more = share - p.refundedCredits;
            if (more <= 0) break; // an older or repeated refund event
            const taken = Math.max(0, Math.min(more, account.packCredits - this.packsHeld(account.id)));
            account.packCredits -= taken;
            rows.push(row<Purchase>(T.purchases, purchaseId, { ...p, refundedCredits: share }));
            if (taken > 0) entry = creditsAdded(at, -taken, 'payment', event.reference);
            break;
          }
        }
        rows.push(row(T.state, owned, state));
        return { rows, entry };
      },
    );
  }

  /**
   * Set the plan back to free on accounts whose paid period is over (a cancellation at the period's end,
   * a renewal that failed), in case the provider's own event did not come. Accounts whose plan the
   * operator set (no billing state) are left alone.
   */
  async expire(): Promise<number> {
    const now = this.now();
    let changed = 0;
    for (const account of await this.store.listAccounts()) {
      if (account.plan !== 'paid') continue;
      const stateRow = await this.store.records<BillingState>(T.state).get(account.id, now.toISOString());
      if (!stateRow || planAt(stateRow.value, now) === 'paid') continue;
      const outcome = await this.store.applyEvent(
        {
          table: T.events,
          id: `expired:${account.id}:${paidUntil(stateRow.value)}`,
          accountId: account.id,
          value: { type: 'expired', at: now.toISOString() },
          expiresAt: new Date(now.getTime() + EVENT_KEEP_MS).toISOString(),
        },
        account.id,
        [{ table: T.state, id: account.id }],
        (a, [row]) => {
          a.plan = planAt((row?.value as BillingState | undefined) ?? EMPTY, now);
          return { rows: [] };
        },
      );
      if (outcome === 'applied') changed++;
    }
    return changed;
  }

  /** Delete events past their keeping time. */
  sweep(): Promise<number> {
    return this.store.records(T.events).sweep(this.now().toISOString());
  }
}
