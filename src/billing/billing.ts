/**
 * Payments: buying credit packs and the paid plan through a payment provider (Stripe today:
 * src/billing/stripe.ts), applied to the credit ledger exactly once, and only as far as werkbank sold it.
 *
 * Every checkout werkbank starts is recorded as an order first (src/billing/orders.ts). The provider turns
 * its signed webhooks into `BillingEvent`s (src/billing/events.ts); `Billing.apply` applies each through
 * `Store.applyEvent` when it matches its order, which records the event's id in the same atomic write as
 * the change of the account (so a repeated delivery, on any instance, changes nothing). Besides the event
 * id, each change is keyed by the object it comes from: a pack is granted once per purchase (a Checkout
 * Session), so two different events about one payment (completed, then async payment succeeded) grant it
 * once. An event that does not match, or is about an account being deleted or gone, is refused: kept with
 * its reason for the operator (`refused()`), logged in one line, and acknowledged so the provider stops
 * retrying.
 *
 * What is kept per account (record tables of the store):
 * - `billing` (id = account id): the provider's customer, the subscription as last seen (by event
 *   time: an older event never overwrites a newer state) and how far paid invoices reach;
 * - `billing_orders` (id = order id): each checkout started (src/billing/orders.ts);
 * - `billing_purchases` (id = purchase id): each pack bought, its price and what a refund took back;
 * - `billing_refs` (id = payment or subscription id): which account and purchase or order it belongs to
 *   (a refund names only the payment);
 * - `billing_events` (id = event id): events applied or refused, kept 90 days (providers retry for 3);
 * - `billing_refused` (id = event id): events refused and why, kept 90 days.
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
import { creditsAdded } from '../accounts/plans.js';
import { HttpError } from '../core/errors.js';
import { log } from '../core/log.js';
import type { Account, Plan, RecordRef, Store, StoredRecord, UsageEntry } from '../store/store.js';
import { PRODUCTS, productName, type BillingEvent, type PaymentProvider, type Product, type SubscriptionInfo } from './events.js';
import {
  checkoutMismatch,
  formatMoney,
  listPrice,
  ORDERS,
  orderRow,
  REFS,
  REFUSED,
  REFUSED_OWNER,
  refusedRow,
  subscriptionMatch,
  type Order,
  type Refused,
  type SubscriptionRef,
} from './orders.js';

export {
  PRODUCTS,
  productName,
  type BillingEvent,
  type Interval,
  type PaymentProvider,
  type Product,
  type SubscriptionInfo,
  type SubscriptionStatus,
} from './events.js';

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

const T = { state: 'billing', purchases: 'billing_purchases', refs: REFS, events: 'billing_events', orders: ORDERS } as const;
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

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

/** What became of a delivered event, and why when it was ignored or refused. */
export interface ApplyResult {
  outcome: ApplyOutcome;
  reason?: string;
}

type Row = StoredRecord<unknown> & { table: string };

/** What one event reads under its account's lock. */
interface EventReads {
  purchase: StoredRecord<Purchase> | undefined;
  order: StoredRecord<Order> | undefined;
  ref: StoredRecord<SubscriptionRef> | undefined;
}

/** What one event changes: the account (in place), rows and a usage entry; or why it is refused. */
interface EventWork {
  event: Exclude<BillingEvent, { kind: 'ignored' }>;
  account: Account;
  reads: EventReads;
  state: BillingState;
  rows: Row[];
  row: <V>(table: string, id: string, value: V) => Row;
  at: string;
  now: Date;
  promotionCodes: boolean;
  packsHeld: (accountId: string) => number;
}
type Step = { refused: string } | { entry?: UsageEntry };

function applyPack(w: EventWork & { event: { kind: 'pack-paid' } }): Step {
  const { event, reads, state } = w;
  const refused = checkoutMismatch(reads.order, { ...event, session: event.purchase }, 'pack', w.promotionCodes);
  if (refused) return { refused };
  const product = PRODUCTS[reads.order!.value.product];
  if (event.customer) state.customer ??= event.customer;
  if (reads.purchase || product.kind !== 'pack') return {}; // granted already, by another event about the same payment
  w.account.packCredits += product.credits;
  w.rows.push(
    w.row<Purchase>(T.purchases, event.purchase, {
      credits: product.credits,
      amount: event.amount,
      payment: event.payment,
      paidAt: w.at,
      refundedCredits: 0,
    }),
  );
  if (event.payment) w.rows.push(w.row(T.refs, event.payment, { purchase: event.purchase }));
  return { entry: creditsAdded(w.at, product.credits, 'payment', event.purchase) };
}

function applySubscriptionCheckout(w: EventWork & { event: { kind: 'subscription-checkout' } }): Step {
  const { event, reads } = w;
  const refused = checkoutMismatch(reads.order, event, 'plan', w.promotionCodes);
  if (refused) return { refused };
  if (event.subscription) {
    const bound = subscriptionMatch(reads.ref, reads.order, { ...event, subscription: event.subscription });
    if ('refused' in bound) return bound;
    w.rows.push(...bound.bind);
  }
  if (event.customer) w.state.customer ??= event.customer;
  return {};
}

function applySubscription(w: EventWork & { event: { kind: 'subscription' } }): Step {
  const { event, state } = w;
  if (event.product !== `plan-${event.interval}`)
    return { refused: `subscription ${event.subscription}: its price is not werkbank's plan by the ${event.interval}` };
  const bound = subscriptionMatch(w.reads.ref, w.reads.order, event);
  if ('refused' in bound) return bound;
  w.rows.push(...bound.bind);
  state.customer ??= event.customer;
  const seen = state.subscription;
  const stale = seen && (event.created < seen.eventCreated || (seen.id === event.subscription && seen.status === 'canceled'));
  if (!stale) {
    const { subscription: id, status, interval, periodStart, periodEnd, cancelAtPeriodEnd, endedAt } = event;
    state.subscription = { id, status, interval, periodStart, periodEnd, cancelAtPeriodEnd, endedAt, eventCreated: event.created };
  }
  w.account.plan = planAt(state, w.now);
  return {};
}

function applyInvoice(w: EventWork & { event: { kind: 'invoice-paid' } }): Step {
  const { event, state } = w;
  const bound = subscriptionMatch(w.reads.ref, w.reads.order, { ...event, accountId: w.account.id });
  if ('refused' in bound) return bound;
  w.rows.push(...bound.bind);
  if (state.subscription && state.subscription.id !== event.subscription) return {}; // an old subscription's invoice
  const last = state.paidInvoice;
  if (!last || last.subscription !== event.subscription || event.periodEnd > last.periodEnd)
    state.paidInvoice = { subscription: event.subscription, periodEnd: event.periodEnd };
  w.account.plan = planAt(state, w.now);
  return {};
}

function applyRefund(w: EventWork & { event: { kind: 'refund' } }): Step {
  const { event, account } = w;
  const p = w.reads.purchase?.value;
  const purchaseId = w.reads.purchase?.id;
  if (!p || !purchaseId || p.amount <= 0) return {};
  const share = Math.min(p.credits, Math.floor((p.credits * Math.min(event.refunded, p.amount)) / p.amount));
  const more = share - p.refundedCredits;
  if (more <= 0) return {}; // an older or repeated refund event
  const taken = Math.max(0, Math.min(more, account.packCredits - w.packsHeld(account.id)));
  account.packCredits -= taken;
  w.rows.push(w.row<Purchase>(T.purchases, purchaseId, { ...p, refundedCredits: share }));
  return taken > 0 ? { entry: creditsAdded(w.at, -taken, 'payment', event.reference) } : {};
}

function applyStep(w: EventWork): Step {
  if (w.account.deletedAt) return { refused: `account ${w.account.id} is being deleted` };
  const e = w.event;
  switch (e.kind) {
    case 'pack-paid':
      return applyPack({ ...w, event: e });
    case 'subscription-checkout':
      return applySubscriptionCheckout({ ...w, event: e });
    case 'subscription':
      return applySubscription({ ...w, event: e });
    case 'invoice-paid':
      return applyInvoice({ ...w, event: e });
    case 'refund':
      return applyRefund({ ...w, event: e });
  }
}

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

  /** What the account's export holds about payments: the provider's customer, the subscription, the packs bought, the checkouts started. */
  async exportAccount(
    accountId: string,
  ): Promise<{ state: BillingState; purchases: (Purchase & { id: string })[]; orders: (Order & { id: string })[] }> {
    const orders = await this.store.records<Order>(T.orders).listByAccount(accountId, this.now().toISOString());
    return {
      state: await this.state(accountId),
      purchases: await this.purchases(accountId),
      orders: orders.map((r) => ({ id: r.id, ...r.value })).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)),
    };
  }

  /** Events refused in the last 90 days, newest first (for the operator). */
  async refused(): Promise<(Refused & { event: string })[]> {
    const rows = await this.store.records<Refused>(REFUSED).listByAccount(REFUSED_OWNER, this.now().toISOString());
    return rows.map((r) => ({ event: r.id, ...r.value })).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  /**
   * A checkout page for `product`, recorded as an order before its URL is given out: its URL. 409 for the plan
   * while a subscription runs (change it in the portal); 502 when the provider's price is not what werkbank sells
   * the product for (a misconfiguration: nobody could be credited for paying it).
   */
  async checkout(accountId: string, product: Product, urls: { successUrl: string; cancelUrl: string }): Promise<string> {
    const state = await this.state(accountId);
    if (
      product.kind === 'plan' &&
      state.subscription &&
      state.subscription.status !== 'canceled' &&
      state.subscription.status !== 'incomplete_expired'
    )
      throw new HttpError('This account already has a subscription: change or cancel it under "Manage subscription and invoices"', 409);
    const attempt = randomBytes(12).toString('hex');
    const order = `ord_${attempt}`;
    const page = await this.provider.checkout({ accountId, product, order, customer: state.customer, ...urls, attempt });
    const sells = listPrice(product);
    if (page.total && (page.total.amount !== sells.amount || page.total.currency !== sells.currency)) {
      log(
        `billing: the provider's price ${page.price} for ${productName(product)} is ${formatMoney(page.total)}, not ${formatMoney(sells)}`,
      );
      throw new HttpError(
        `The payment provider's price for ${productName(product)} is ${formatMoney(page.total)}, not the ${formatMoney(sells)} werkbank sells it for. Nothing was charged; the operator must correct the price setting.`,
        502,
      );
    }
    const now = this.now();
    await this.store.records<Order>(T.orders).put(
      orderRow(
        order,
        accountId,
        {
          product: productName(product),
          price: page.price,
          ...sells,
          session: page.session,
          subscription: null,
          createdAt: now.toISOString(),
        },
        now,
      ),
    );
    return page.url;
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

  /**
   * The account an event is about (and for a refund, the purchase it refunds), or null when it names none: a
   * payment or subscription werkbank has nothing to do with.
   */
  private async eventAccount(
    event: Exclude<BillingEvent, { kind: 'ignored' }>,
    at: string,
  ): Promise<{ accountId: string; purchase: string | null } | null> {
    const refs = this.store.records<{ purchase?: string }>(T.refs);
    if (event.kind === 'refund') {
      const ref = await refs.get(event.payment, at);
      return ref?.accountId && ref.value.purchase ? { accountId: ref.accountId, purchase: ref.value.purchase } : null;
    }
    if (event.kind === 'pack-paid') return { accountId: event.accountId, purchase: event.purchase };
    if (event.kind !== 'invoice-paid') return { accountId: event.accountId, purchase: null };
    let accountId = event.accountId;
    if (!accountId) accountId = (await refs.get(event.subscription, at))?.accountId ?? null;
    if (!accountId && event.order) accountId = (await this.store.records(T.orders).get(event.order, at))?.accountId ?? null;
    return accountId ? { accountId, purchase: null } : null;
  }

  /** Record a refusal (once per event), with one log line. */
  private async refuse(event: BillingEvent, account: string | null, reason: string, now: Date): Promise<ApplyResult> {
    const fresh = await this.store.records<Refused>(REFUSED).insert(refusedRow(event, reason, account, now), now.toISOString());
    if (!fresh) return { outcome: 'duplicate' };
    log(`billing: ${event.type} ${event.id} refused: ${reason}`, 'warn');
    return { outcome: 'refused', reason };
  }

  /** Apply a translated webhook exactly once, if it matches what werkbank ordered; else refuse it. */
  async apply(event: BillingEvent): Promise<ApplyResult> {
    if (event.kind === 'ignored') return { outcome: 'ignored', reason: event.reason };
    const now = this.now();
    const at = now.toISOString();
    const about = await this.eventAccount(event, at);
    if (!about) {
      if (event.kind === 'invoice-paid' && event.order)
        return this.refuse(event, null, `subscription ${event.subscription} is not one werkbank created`, now);
      return { outcome: 'ignored', reason: 'about nothing werkbank sold' };
    }
    const { accountId } = about;
    const refs: RecordRef[] = [{ table: T.state, id: accountId }];
    const slot = (table: string, id: string | null) => (id ? refs.push({ table, id }) - 1 : -1);
    const idx = {
      purchase: slot(T.purchases, about.purchase),
      order: slot(T.orders, 'order' in event ? event.order : null),
      ref: slot(T.refs, 'subscription' in event ? event.subscription : null),
    };
    let refusal: string | null = null;
    const row = <V>(table: string, id: string, value: V): Row => ({ table, id, accountId, value, expiresAt: null });
    const outcome = await this.store.applyEvent(
      {
        ...row(T.events, event.id, { type: event.type, created: event.created, at }),
        expiresAt: new Date(now.getTime() + EVENT_KEEP_MS).toISOString(),
      },
      accountId,
      refs,
      (account, found) => {
        const get = <V>(i: number) => (i < 0 ? undefined : (found[i] as StoredRecord<V> | undefined));
        const state: BillingState = { ...EMPTY, ...get<BillingState>(0)?.value };
        const reads: EventReads = {
          purchase: get<Purchase>(idx.purchase),
          order: get<Order>(idx.order),
          ref: get<SubscriptionRef>(idx.ref),
        };
        const rows: Row[] = [];
        const w: EventWork = {
          event,
          account,
          reads,
          state,
          rows,
          row,
          at,
          now,
          promotionCodes: this.provider.promotionCodes,
          packsHeld: this.packsHeld,
        };
        const step = applyStep(w);
        if ('refused' in step) {
          refusal = step.refused;
          return { rows: [refusedRow(event, step.refused, accountId, now)] };
        }
        rows.push(row(T.state, accountId, state));
        return { rows, entry: step.entry };
      },
    );
    if (outcome === 'no-account') return this.refuse(event, accountId, `account ${accountId} does not exist`, now);
    if (refusal) {
      log(`billing: ${event.type} ${event.id} refused: ${refusal as string}`, 'warn');
      return { outcome: 'refused', reason: refusal };
    }
    return { outcome };
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

  /** Delete events, refusals and orders past their keeping time. */
  async sweep(): Promise<number> {
    const at = this.now().toISOString();
    let n = 0;
    for (const table of [T.events, REFUSED, T.orders]) n += await this.store.records(table).sweep(at);
    return n;
  }
}
