/**
 * The vocabulary of payments shared by `Billing` (src/billing/billing.ts), the order matching
 * (src/billing/orders.ts) and a provider (src/billing/stripe.ts): what can be bought, a provider's
 * webhooks translated into `BillingEvent`s, and the provider interface.
 */
import { PACKS, type PackSize } from '../accounts/plans.js';

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

/** What a checkout says was paid: in the currency's smallest unit, before (`subtotal`) and after discounts. */
export interface Paid {
  amount: number;
  subtotal: number | null;
  /** ISO 4217, lower case. */
  currency: string;
}

/**
 * A provider's webhook, translated. `created` is the provider's event time (epoch seconds). `order` is
 * the werkbank order the provider's object names (null: it names none); products are the names of
 * `PRODUCTS` the provider's prices stand for (null: a price that is none of werkbank's).
 */
export type BillingEvent = { id: string; created: number; type: string } & (
  | ({
      kind: 'pack-paid';
      accountId: string;
      order: string | null;
      /** The Checkout Session: the purchase. */
      purchase: string;
      /** The product the session's metadata names, if any. */
      product: string | null;
      /** The products of the session's line items, when the event carries them. */
      lineProducts: (string | null)[];
      payment: string | null;
      customer: string | null;
    } & Paid)
  | ({
      kind: 'subscription-checkout';
      accountId: string;
      order: string | null;
      session: string;
      customer: string | null;
      subscription: string | null;
    } & Paid)
  | ({
      kind: 'subscription';
      accountId: string;
      order: string | null;
      subscription: string;
      customer: string;
      product: string | null;
      currency: string;
    } & SubscriptionInfo)
  | {
      kind: 'invoice-paid';
      accountId: string | null;
      order: string | null;
      subscription: string;
      periodEnd: string;
      currency: string;
    }
  | { kind: 'refund'; payment: string; amount: number; refunded: number; reference: string }
  | { kind: 'ignored'; reason: string }
);

/** What a checkout asked the provider for. */
export interface CheckoutRequest {
  accountId: string;
  product: Product;
  /** The werkbank order: the provider's objects carry it back in their metadata. */
  order: string;
  customer: string | null;
  successUrl: string;
  cancelUrl: string;
  attempt: string;
}

/** A checkout page the provider made: its URL, the provider's id of it, the price it sells, and its total if the provider says. */
export interface CheckoutPage {
  url: string;
  session: string;
  price: string;
  total: { amount: number; currency: string } | null;
}

/** The payment provider behind `Billing` (src/billing/stripe.ts). */
export interface PaymentProvider {
  readonly name: string;
  /** Origins the account page's forms are sent on to (its checkout and portal pages), for the page's CSP. */
  readonly pageOrigins: readonly string[];
  /** Whether the operator lets people enter promotion codes at checkout (then a discount, up to 100 %, is accepted). */
  readonly promotionCodes: boolean;
  /** A hosted checkout page for the product. */
  checkout(req: CheckoutRequest): Promise<CheckoutPage>;
  /** The provider's customer portal (subscription, payment method, invoices); returns its URL. */
  portal(req: { customer: string; returnUrl: string }): Promise<string>;
  /**
   * Verify the webhook's signature and its time (at most 300 s old, at most 300 s ahead) on the raw body,
   * then translate it; a 400 HttpError when it does not verify or makes no sense.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<BillingEvent>;
}
