/**
 * What werkbank asked the payment provider for, and whether an event matches it.
 *
 * A signed webhook proves only that the provider sent it; what it asks werkbank to grant must also be
 * something werkbank sold. So every checkout werkbank starts is recorded as an order (`billing_orders`, id =
 * the order id the provider's session, payment and subscription carry back in their metadata): its account,
 * product, the provider's price, what werkbank charges for it and the provider's session id. An event is
 * applied only when it matches its order; anything else is refused with its reason and kept for the
 * operator (`billing_refused`), and answered 200 so the provider stops retrying.
 *
 * A subscription is werkbank's once it is bound to its order (`billing_refs`, id = the subscription): by
 * the first of its subscription's events, its checkout's completion or its invoice that names the order.
 * An order binds one subscription; from then on the subscription's events and invoices are matched by its
 * id, for as long as it runs.
 */
import { PACKS, PLANS } from '../accounts/plans.js';
import type { StoredRecord } from '../store/store.js';
import { PRODUCTS, type BillingEvent, type Paid, type Product } from './events.js';

export const ORDERS = 'billing_orders';
export const REFUSED = 'billing_refused';
/** Payments and subscriptions by the provider's id: which account (and purchase or order) each belongs to. */
export const REFS = 'billing_refs';
/** The owner every refused event's row is filed under, so that one query lists them all (none belongs to an account). */
export const REFUSED_OWNER = 'billing-refused';
/** Checkout Sessions expire after a day; an asynchronous payment (SEPA) may succeed days after that. */
const ORDER_KEEP_MS = 60 * 86_400_000;
const REFUSED_KEEP_MS = 90 * 86_400_000;

export interface Order {
  /** A name of `PRODUCTS`. */
  product: string;
  /** The provider's price the checkout sells. */
  price: string;
  /** What werkbank charges for the product, in the currency's smallest unit. */
  amount: number;
  currency: string;
  /** The provider's id of the checkout (the Checkout Session). */
  session: string;
  /** The subscription the order made, once known. */
  subscription: string | null;
  createdAt: string;
}

/** A subscription werkbank knows (`billing_refs`, id = the subscription id, owned by its account). */
export interface SubscriptionRef {
  subscription: string;
  order?: string;
  currency?: string;
}

/** A refused event, as the operator lists it. */
export interface Refused {
  type: string;
  /** The provider's event time (epoch seconds). */
  created: number;
  at: string;
  reason: string;
  /** The account the event named, if any. */
  account: string | null;
  /** The provider's object the event is about (a session, subscription or payment). */
  object: string | null;
}

/** What werkbank charges for a product, in the smallest unit of its currency. */
export function listPrice(product: Product): { amount: number; currency: string } {
  const eur = product.kind === 'pack' ? PACKS[product.credits] : PLANS.paid.priceEur[product.interval];
  return { amount: Math.round(eur * 100), currency: 'eur' };
}

export function formatMoney(m: { amount: number; currency: string }): string {
  return `${(m.amount / 100).toFixed(2)} ${m.currency.toUpperCase()}`;
}

export function orderRow(id: string, accountId: string, order: Order, now: Date): StoredRecord<Order> & { table: string } {
  return { table: ORDERS, id, accountId, value: order, expiresAt: new Date(now.getTime() + ORDER_KEEP_MS).toISOString() };
}

/** The row that keeps a refused event for the operator. */
export function refusedRow(
  event: BillingEvent,
  reason: string,
  account: string | null,
  now: Date,
): StoredRecord<Refused> & { table: string } {
  let object: string | null = null;
  if (event.kind === 'pack-paid') object = event.purchase;
  else if (event.kind === 'subscription-checkout') object = event.session;
  else if (event.kind === 'subscription' || event.kind === 'invoice-paid') object = event.subscription;
  else if (event.kind === 'refund') object = event.payment;
  return {
    table: REFUSED,
    id: event.id,
    accountId: REFUSED_OWNER,
    value: { type: event.type, created: event.created, at: now.toISOString(), reason, account, object },
    expiresAt: new Date(now.getTime() + REFUSED_KEEP_MS).toISOString(),
  };
}

/** Why what was paid is not what the order asked for; null when it is. A discount only with promotion codes on. */
export function paymentMismatch(order: Order, paid: Paid, promotionCodes: boolean): string | null {
  if (paid.currency !== order.currency) return `paid in ${paid.currency.toUpperCase()}, the order is in ${order.currency.toUpperCase()}`;
  if (paid.amount === order.amount) return null;
  const discounted = paid.amount < order.amount && (paid.subtotal === null || paid.subtotal === order.amount);
  if (discounted && promotionCodes) return null;
  return (
    `paid ${formatMoney(paid)}, the order is ${formatMoney(order)}` +
    (discounted ? ' (a discount, and promotion codes are not enabled)' : '')
  );
}

type OrderRow = StoredRecord<Order> | undefined;

/** Why a checkout event does not match the order it names; null when it does. */
export function checkoutMismatch(
  row: OrderRow,
  ev: Paid & { accountId: string; order: string | null; session: string; product?: string | null; lineProducts?: (string | null)[] },
  kind: Product['kind'],
  promotionCodes: boolean,
): string | null {
  if (!ev.order || !row) return `Checkout Session ${ev.session} is not one werkbank created`;
  const o = row.value;
  if (o.session !== ev.session) return `Checkout Session ${ev.session} is not the one of order ${ev.order}`;
  if (row.accountId !== ev.accountId) return `account ${ev.accountId} is not the one of order ${ev.order}`;
  if (PRODUCTS[o.product]?.kind !== kind) return `order ${ev.order} is for ${o.product}, not a ${kind}`;
  if (ev.product && ev.product !== o.product) return `product ${ev.product} is not the order's ${o.product}`;
  for (const p of ev.lineProducts ?? [])
    if (p !== o.product) return `a line item's price (${p ?? "none of werkbank's"}) is not the order's ${o.product}`;
  return paymentMismatch(o, ev, promotionCodes);
}

/**
 * Whether a subscription (named by an event, a checkout or an invoice) is werkbank's: bound to this account
 * before, or named with an order of this account for the plan that binds no other subscription (then the
 * rows that bind it are returned).
 */
export function subscriptionMatch(
  ref: StoredRecord<SubscriptionRef> | undefined,
  row: OrderRow,
  ev: { accountId: string; order: string | null; subscription: string; currency: string },
): { refused: string } | { bind: (StoredRecord<unknown> & { table: string })[] } {
  const { subscription, accountId } = ev;
  if (ref) {
    if (ref.accountId !== accountId) return { refused: `subscription ${subscription} is another account's` };
    if (ref.value.currency && ref.value.currency !== ev.currency)
      return { refused: `subscription ${subscription} is in ${ref.value.currency.toUpperCase()}, not ${ev.currency.toUpperCase()}` };
    return { bind: [] };
  }
  if (!ev.order || !row) return { refused: `subscription ${subscription} is not one werkbank created` };
  const o = row.value;
  if (row.accountId !== accountId) return { refused: `account ${accountId} is not the one of order ${ev.order}` };
  if (PRODUCTS[o.product]?.kind !== 'plan') return { refused: `order ${ev.order} is for ${o.product}, not the plan` };
  if (o.subscription && o.subscription !== subscription)
    return { refused: `order ${ev.order} made subscription ${o.subscription}, not ${subscription}` };
  if (o.currency !== ev.currency)
    return { refused: `subscription ${subscription} is in ${ev.currency.toUpperCase()}, the order in ${o.currency.toUpperCase()}` };
  return {
    bind: [
      { ...row, table: ORDERS, value: { ...o, subscription } },
      { table: REFS, id: subscription, accountId, value: { subscription, order: ev.order, currency: o.currency }, expiresAt: null },
    ],
  };
}
