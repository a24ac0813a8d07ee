/**
 * Stripe as the payment provider: Checkout for packs (mode `payment`) and the paid plan (mode
 * `subscription`), the customer portal, and its signed webhooks translated into `BillingEvent`s.
 *
 * The `stripe` SDK is imported on first use only (a server without payments never loads it). Its
 * `webhooks.constructEvent` checks the `Stripe-Signature` header (HMAC-SHA256 of "t.body" with the
 * endpoint's secret, and a timestamp within 300 s) on the raw body before anything of it is read.
 * The account travels as `client_reference_id` and in the metadata of the session, the payment and
 * the subscription (Stripe does not copy a session's metadata to them).
 */
import type StripeSdk from 'stripe';
import { PACKS, type PackSize } from '../accounts/plans.js';
import { HttpError } from '../core/errors.js';
import { productName, type BillingEvent, type Interval, type PaymentProvider, type Product, type SubscriptionStatus } from './billing.js';

export interface StripeSettings {
  /** The secret API key (`sk_live_…`, `sk_test_…`, or a restricted `rk_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** The Price ids of the three packs and of the plan by month and by year. */
  prices: { pack100: string; pack1000: string; pack5000: string; month: string; year: string };
  /** Tests: where the API is (a local fake); default Stripe's own. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The settings by environment variable (README, `werkbank doctor`). */
export const STRIPE_ENV = {
  secretKey: 'WERKBANK_STRIPE_SECRET_KEY',
  webhookSecret: 'WERKBANK_STRIPE_WEBHOOK_SECRET',
  pack100: 'WERKBANK_STRIPE_PRICE_PACK_100',
  pack1000: 'WERKBANK_STRIPE_PRICE_PACK_1000',
  pack5000: 'WERKBANK_STRIPE_PRICE_PACK_5000',
  month: 'WERKBANK_STRIPE_PRICE_MONTH',
  year: 'WERKBANK_STRIPE_PRICE_YEAR',
} as const;

/** Payments from the environment: undefined when none of the settings is set; a clear error when only some are. */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeSettings | undefined {
  const v = Object.fromEntries(Object.entries(STRIPE_ENV).map(([k, name]) => [k, env[name]?.trim() || undefined])) as Record<
    keyof typeof STRIPE_ENV,
    string | undefined
  >;
  const missing = Object.entries(STRIPE_ENV)
    .filter(([k]) => !v[k as keyof typeof STRIPE_ENV])
    .map(([, name]) => name);
  if (missing.length === Object.keys(STRIPE_ENV).length) return undefined;
  if (missing.length)
    throw new HttpError(
      `Payments are half configured: set ${missing.join(', ')} too, or unset the other WERKBANK_STRIPE_* settings to turn payments off`,
    );
  if (!/^(sk|rk)_/.test(v.secretKey!)) throw new HttpError(`${STRIPE_ENV.secretKey} must be a Stripe secret key (sk_… or rk_…)`);
  if (!v.webhookSecret!.startsWith('whsec_'))
    throw new HttpError(`${STRIPE_ENV.webhookSecret} must be the webhook endpoint's signing secret (whsec_…)`);
  return {
    secretKey: v.secretKey!,
    webhookSecret: v.webhookSecret!,
    prices: { pack100: v.pack100!, pack1000: v.pack1000!, pack5000: v.pack5000!, month: v.month!, year: v.year! },
  };
}

/** `werkbank doctor`'s line on payments: off, on (test or live mode; where Stripe must send its webhooks), or what is missing. */
export function paymentsCheck(env: NodeJS.ProcessEnv = process.env): [string, boolean | 'note', string] {
  try {
    const settings = stripeSettingsFromEnv(env);
    if (!settings) return ['payments', 'note', 'off (no WERKBANK_STRIPE_* settings): the operator adds credits and sets plans'];
    const mode = /^(sk|rk)_live_/.test(settings.secretKey) ? 'live' : 'test';
    const base = env.WERKBANK_BASE_URL?.replace(/\/$/, '') || 'https://<your host>';
    return ['payments', true, `Stripe (${mode} mode), 5 prices; Stripe's webhook endpoint: ${base}/api/v1/billing/webhook`];
  } catch (err) {
    return ['payments', false, (err as Error).message];
  }
}

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

/** Reads fields of a verified event's object; a field that is not what Stripe sends is a 400 naming it. */
class Fields {
  constructor(
    private readonly type: string,
    private readonly obj: unknown,
  ) {}
  private at(path: string): unknown {
    let v: unknown = this.obj;
    for (const part of path.split('.'))
      v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[/^\d+$/.test(part) ? Number(part) : part] : undefined;
    return v;
  }
  private bad(path: string, rule: string): HttpError {
    return new HttpError(`Invalid ${this.type} event: \`data.object.${path}\` must be ${rule}`, 400, { field: `data.object.${path}` });
  }
  str(path: string): string {
    const v = this.at(path);
    if (typeof v !== 'string' || !v) throw this.bad(path, 'a non-empty string');
    return v;
  }
  optStr(path: string): string | null {
    const v = this.at(path);
    if (v === undefined || v === null) return null;
    if (typeof v === 'string' && v) return v;
    if (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id; // an expanded object
    throw this.bad(path, 'an id or null');
  }
  id(path: string): string {
    const v = this.optStr(path);
    if (!v) throw this.bad(path, 'an id');
    return v;
  }
  int(path: string): number {
    const v = this.at(path);
    if (!Number.isSafeInteger(v) || (v as number) < 0) throw this.bad(path, 'an integer ≥ 0');
    return v as number;
  }
  time(path: string): string {
    return new Date(this.int(path) * 1000).toISOString();
  }
  optTime(path: string): string | null {
    return this.at(path) === null || this.at(path) === undefined ? null : this.time(path);
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
  array(path: string): unknown[] {
    const v = this.at(path);
    if (!Array.isArray(v) || !v.length) throw this.bad(path, 'a non-empty list');
    return v;
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private client?: Promise<StripeSdk>;

  readonly pageOrigins: readonly string[];

  constructor(private readonly settings: StripeSettings) {
    const api = settings.api;
    // Checkout and the portal are Stripe's own pages; a local fake (tests) serves them itself.
    this.pageOrigins = api ? [`${api.protocol}://${api.host}:${api.port}`] : ['https://checkout.stripe.com', 'https://billing.stripe.com'];
  }

  private stripe(): Promise<StripeSdk> {
    this.client ??= import('stripe').then(
      ({ default: Stripe }) => new Stripe(this.settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(this.settings.api ?? {}) }),
    );
    return this.client;
  }

  private price(product: Product): string {
    const p = this.settings.prices;
    return product.kind === 'pack' ? p[`pack${product.credits}`] : p[product.interval];
  }

  /** A call to Stripe that failed: 502 with Stripe's reason (no secrets in it). */
  private async call<T>(what: string, fn: (stripe: StripeSdk) => Promise<T>): Promise<T> {
    const stripe = await this.stripe();
    try {
      return await fn(stripe);
    } catch (err) {
      throw new HttpError(
        `The payment provider could not ${what}: ${(err as Error).message}. Nothing was charged; try again shortly.`,
        502,
      );
    }
  }

  async checkout(req: Parameters<PaymentProvider['checkout']>[0]): Promise<string> {
    const { accountId, product } = req;
    const metadata = { account_id: accountId, product: productName(product) };
    const session = await this.call('start the checkout', (stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: product.kind === 'pack' ? 'payment' : 'subscription',
          line_items: [{ price: this.price(product), quantity: 1 }],
          client_reference_id: accountId,
          metadata,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          ...(req.customer ? { customer: req.customer } : product.kind === 'pack' ? { customer_creation: 'always' as const } : {}),
          ...(product.kind === 'pack'
            ? { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }
            : { subscription_data: { metadata: { account_id: accountId } } }),
        },
        { idempotencyKey: `checkout-${req.attempt}` },
      ),
    );
    if (!session.url) throw new HttpError('The payment provider returned no checkout page', 502);
    return session.url;
  }

  async portal(req: { customer: string; returnUrl: string }): Promise<string> {
    const session = await this.call('open the customer portal', (stripe) =>
      stripe.billingPortal.sessions.create({ customer: req.customer, return_url: req.returnUrl }),
    );
    return session.url;
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<BillingEvent> {
    const signature = headers.get('stripe-signature');
    if (!signature)
      throw new HttpError("Missing `Stripe-Signature` header: only Stripe's signed webhooks are accepted here", 400, {
        field: 'Stripe-Signature',
      });
    const stripe = await this.stripe();
    let event: StripeSdk.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (err) {
      throw new HttpError(`Invalid \`Stripe-Signature\`: ${(err as Error).message.split('\n')[0]}`, 400, { field: 'Stripe-Signature' });
    }
    return translate(event);
  }
}

/** A verified Stripe event as a `BillingEvent`. */
export function translate(event: StripeSdk.Event): BillingEvent {
  const base = { id: event.id, created: event.created, type: event.type };
  const f = new Fields(event.type, (event as { data?: { object?: unknown } }).data?.object);
  const ignored = (reason: string): BillingEvent => ({ ...base, kind: 'ignored', reason });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const mode = f.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
      const accountId = f.optStr('client_reference_id') ?? f.optStr('metadata.account_id');
      if (!accountId) return ignored('a checkout not started by werkbank');
      if (mode === 'subscription') {
        const customer = f.optStr('customer');
        return customer ? { ...base, kind: 'customer', accountId, customer } : ignored('no customer');
      }
      if (mode !== 'payment') return ignored(`mode ${mode}`);
      const paid = f.oneOf('payment_status', ['paid', 'unpaid', 'no_payment_required'] as const);
      if (paid !== 'paid') return ignored('payment not yet received (an asynchronous method: wait for async_payment_succeeded)');
      const product = f.str('metadata.product');
      const credits = Number(/^pack-(\d+)$/.exec(product)?.[1]);
      if (!Object.hasOwn(PACKS, credits))
        throw new HttpError(`Invalid ${event.type} event: \`data.object.metadata.product\` names no credit pack`, 400);
      return {
        ...base,
        kind: 'pack-paid',
        accountId,
        purchase: f.str('id'),
        credits: credits as PackSize,
        amount: f.int('amount_total'),
        payment: f.optStr('payment_intent'),
        customer: f.optStr('customer'),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const accountId = f.optStr('metadata.account_id');
      if (!accountId) return ignored('a subscription not started by werkbank');
      f.array('items.data');
      return {
        ...base,
        kind: 'subscription',
        accountId,
        subscription: f.str('id'),
        customer: f.id('customer'),
        status: f.oneOf('status', STATUSES),
        interval: f.oneOf<Interval>('items.data.0.price.recurring.interval', ['month', 'year']),
        periodStart: f.time('items.data.0.current_period_start'),
        periodEnd: f.time('items.data.0.current_period_end'),
        cancelAtPeriodEnd: f.bool('cancel_at_period_end'),
        endedAt: f.optTime('ended_at'),
      };
    }
    case 'invoice.paid': {
      const subscription = f.optStr('parent.subscription_details.subscription');
      if (!subscription) return ignored('not a subscription invoice');
      const ends = f.array('lines.data').map((_, i) => f.int(`lines.data.${i}.period.end`));
      return {
        ...base,
        kind: 'invoice-paid',
        accountId: f.optStr('parent.subscription_details.metadata.account_id'),
        subscription,
        periodEnd: new Date(Math.max(...ends) * 1000).toISOString(),
      };
    }
    case 'charge.refunded': {
      const payment = f.optStr('payment_intent');
      if (!payment) return ignored('a charge without a payment');
      return { ...base, kind: 'refund', payment, amount: f.int('amount'), refunded: f.int('amount_refunded'), reference: f.str('id') };
    }
    default:
      return ignored(`event type ${event.type} is not used`);
  }
}
