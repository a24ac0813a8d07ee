/**
 * Stripe's verified webhook events translated into `BillingEvent`s (src/billing/events.ts). Every field
 * read is checked for what Stripe sends (a 400 naming it otherwise, never a 500): ids are Stripe's ids,
 * an account id is a werkbank account id, amounts are integers and currencies ISO codes. Whether an
 * event matches what werkbank ordered is decided later, by `Billing.apply`.
 */
import type StripeSdk from 'stripe';
import { HttpError } from '../core/errors.js';
import { PRODUCTS, type BillingEvent, type Interval, type Paid, type SubscriptionStatus } from './events.js';

/** Stripe's object ids (`cs_…`, `sub_…`, `evt_…`) and werkbank's order ids: letters, digits and `_`. */
const PROVIDER_ID = /^[A-Za-z0-9_]{1,255}$/;
/** A werkbank account id, as the store keeps them. */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const CURRENCY = /^[a-z]{3}$/;

const STATUSES = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

const PACK_NAMES = Object.keys(PRODUCTS).filter((p) => p.startsWith('pack-'));

/** Reads fields of a verified event (its `data.object`, or the event itself); a field that is not what Stripe sends is a 400 naming it. */
class Fields {
  constructor(
    private readonly type: string,
    private readonly obj: unknown,
    private readonly prefix = 'data.object.',
  ) {}
  private at(path: string): unknown {
    let v: unknown = this.obj;
    for (const part of path.split('.'))
      v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[/^\d+$/.test(part) ? Number(part) : part] : undefined;
    return v;
  }
  private bad(path: string, rule: string): HttpError {
    const field = `${this.prefix}${path}`;
    return new HttpError(`Invalid ${this.type} event: \`${field}\` must be ${rule}`, 400, { field });
  }
  has(path: string): boolean {
    return this.at(path) !== undefined && this.at(path) !== null;
  }
  /** A Stripe id (or an expanded object's id), or null when absent. */
  optId(path: string): string | null {
    let v = this.at(path);
    if (v === undefined || v === null) return null;
    if (typeof v === 'object' && !Array.isArray(v)) v = (v as { id?: unknown }).id; // an expanded object
    if (typeof v === 'string' && PROVIDER_ID.test(v)) return v;
    throw this.bad(path, 'an id (letters, digits and _, at most 255) or null');
  }
  id(path: string): string {
    const v = this.optId(path);
    if (!v) throw this.bad(path, 'an id');
    return v;
  }
  /** A werkbank account id, or null when absent or empty. */
  optAccount(path: string): string | null {
    const v = this.at(path);
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string' || !ACCOUNT_ID.test(v))
      throw this.bad(path, 'a werkbank account id (letters, digits, _ and -, at most 128 characters)');
    return v;
  }
  int(path: string): number {
    const v = this.at(path);
    if (!Number.isSafeInteger(v) || (v as number) < 0) throw this.bad(path, 'an integer ≥ 0');
    return v as number;
  }
  optInt(path: string): number | null {
    return this.has(path) ? this.int(path) : null;
  }
  /** A string matching `re`. */
  text(path: string, re: RegExp, rule: string): string {
    const v = this.at(path);
    if (typeof v !== 'string' || !re.test(v)) throw this.bad(path, rule);
    return v;
  }
  currency(path: string): string {
    return this.text(path, CURRENCY, 'a three-letter ISO currency code in lower case');
  }
  time(path: string): string {
    return new Date(this.int(path) * 1000).toISOString();
  }
  optTime(path: string): string | null {
    return this.has(path) ? this.time(path) : null;
  }
  bool(path: string): boolean {
    const v = this.at(path);
    if (typeof v !== 'boolean') throw this.bad(path, 'true or false');
    return v;
  }
  oneOf<T extends string>(path: string, values: ReadonlySet<T> | readonly T[]): T {
    const v = this.at(path);
    const set = values instanceof Set ? values : new Set(values);
    if (typeof v !== 'string' || !set.has(v)) throw this.bad(path, `one of ${[...set].join(', ')}`);
    return v as T;
  }
  optOneOf<T extends string>(path: string, values: readonly T[]): T | null {
    return this.has(path) ? this.oneOf(path, values) : null;
  }
  array(path: string): unknown[] {
    const v = this.at(path);
    if (!Array.isArray(v) || !v.length) throw this.bad(path, 'a non-empty list');
    return v;
  }
}

/** The name of the product a Stripe price is for (null: none of werkbank's prices). */
export type PriceProducts = (price: string) => string | null;

type Base = { id: string; created: number; type: string };

function checkoutEvent(base: Base, f: Fields, products: PriceProducts): BillingEvent {
  const mode = f.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
  const accountId = f.optAccount('client_reference_id') ?? f.optAccount('metadata.account_id');
  const order = f.optId('metadata.order');
  if (!accountId) return { ...base, kind: 'ignored', reason: 'a checkout that names no werkbank account' };
  if (mode === 'setup') return { ...base, kind: 'ignored', reason: 'mode setup' };
  const session = f.id('id');
  const paid: Paid = { amount: f.int('amount_total'), subtotal: f.optInt('amount_subtotal'), currency: f.currency('currency') };
  if (mode === 'subscription')
    return {
      ...base,
      kind: 'subscription-checkout',
      accountId,
      order,
      session,
      customer: f.optId('customer'),
      subscription: f.optId('subscription'),
      ...paid,
    };
  const status = f.oneOf('payment_status', ['paid', 'unpaid', 'no_payment_required'] as const);
  if (status === 'unpaid')
    return { ...base, kind: 'ignored', reason: 'payment not yet received (an asynchronous method: wait for async_payment_succeeded)' };
  const lines = f.has('line_items.data') ? f.array('line_items.data') : [];
  return {
    ...base,
    kind: 'pack-paid',
    accountId,
    order,
    purchase: session,
    product: f.optOneOf('metadata.product', PACK_NAMES),
    lineProducts: lines.map((_, i) => products(f.id(`line_items.data.${i}.price.id`))),
    ...paid,
    payment: f.optId('payment_intent'),
    customer: f.optId('customer'),
  };
}

function subscriptionEvent(base: Base, f: Fields, products: PriceProducts): BillingEvent {
  const accountId = f.optAccount('metadata.account_id');
  if (!accountId) return { ...base, kind: 'ignored', reason: 'a subscription that names no werkbank account' };
  const items = f.array('items.data');
  const price = f.id('items.data.0.price.id');
  return {
    ...base,
    kind: 'subscription',
    accountId,
    order: f.optId('metadata.order'),
    subscription: f.id('id'),
    customer: f.id('customer'),
    product: items.length === 1 ? products(price) : null,
    currency: f.currency('currency'),
    status: f.oneOf('status', STATUSES),
    interval: f.oneOf<Interval>('items.data.0.price.recurring.interval', ['month', 'year']),
    periodStart: f.time('items.data.0.current_period_start'),
    periodEnd: f.time('items.data.0.current_period_end'),
    cancelAtPeriodEnd: f.bool('cancel_at_period_end'),
    endedAt: f.optTime('ended_at'),
  };
}

function invoiceEvent(base: Base, f: Fields): BillingEvent {
  const subscription = f.optId('parent.subscription_details.subscription');
  if (!subscription) return { ...base, kind: 'ignored', reason: 'not a subscription invoice' };
  const ends = f.array('lines.data').map((_, i) => f.int(`lines.data.${i}.period.end`));
  return {
    ...base,
    kind: 'invoice-paid',
    accountId: f.optAccount('parent.subscription_details.metadata.account_id'),
    order: f.optId('parent.subscription_details.metadata.order'),
    subscription,
    periodEnd: new Date(Math.max(...ends) * 1000).toISOString(),
    currency: f.currency('currency'),
  };
}

/** A verified Stripe event as a `BillingEvent`; `products` names werkbank's product of a Stripe price. */
export function translate(event: StripeSdk.Event, products: PriceProducts): BillingEvent {
  const envelope = new Fields('Stripe', event, '');
  const type = envelope.text('type', /^[a-z0-9_.]{1,100}$/, 'an event type (lower-case letters, digits, _ and ., at most 100)');
  const base: Base = { id: envelope.id('id'), created: envelope.int('created'), type };
  const f = new Fields(type, (event as { data?: { object?: unknown } }).data?.object);
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutEvent(base, f, products);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionEvent(base, f, products);
    case 'invoice.paid':
      return invoiceEvent(base, f);
    case 'charge.refunded': {
      const payment = f.optId('payment_intent');
      if (!payment) return { ...base, kind: 'ignored', reason: 'a charge without a payment' };
      return { ...base, kind: 'refund', payment, amount: f.int('amount'), refunded: f.int('amount_refunded'), reference: f.id('id') };
    }
    default:
      return { ...base, kind: 'ignored', reason: `event type ${type} is not used` };
  }
}
