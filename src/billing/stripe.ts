/**
 * Stripe as the payment provider: Checkout for packs (mode `payment`) and the paid plan (mode
 * `subscription`), the customer portal, and its signed webhooks translated into `BillingEvent`s.
 *
 * The `stripe` SDK is imported on first use only (a server without payments never loads it). Its
 * `webhooks.constructEvent` checks the `Stripe-Signature` header (HMAC-SHA256 of "t.body" with the
 * endpoint's secret) on the raw body before anything of it is read, and refuses a timestamp more than
 * 300 s old; it accepts any timestamp ahead of the clock, so one more than 300 s ahead is refused here.
 * The account and werkbank's order travel as `client_reference_id` and in the metadata of the session,
 * the payment and the subscription (Stripe does not copy a session's metadata to them); events are
 * translated in src/billing/stripe-events.ts.
 */
import type StripeSdk from 'stripe';
import { HttpError } from '../core/errors.js';
import { productName, type BillingEvent, type CheckoutPage, type CheckoutRequest, type PaymentProvider, type Product } from './events.js';
import { translate } from './stripe-events.js';

/** How far a webhook's signed timestamp may be from the clock, either way (seconds). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface StripeSettings {
  /** The secret API key (`sk_live_…`, `sk_test_…`, or a restricted `rk_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** The Price ids of the three packs and of the plan by month and by year. */
  prices: { pack100: string; pack1000: string; pack5000: string; month: string; year: string };
  /** Whether Checkout lets people enter promotion codes (then a discounted payment, down to 0, is accepted). */
  promotionCodes?: boolean;
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

/** Optional: `on` lets people enter the promotion codes made in the Stripe Dashboard at checkout (default `off`). */
export const STRIPE_PROMOTION_CODES_ENV = 'WERKBANK_STRIPE_PROMOTION_CODES';

function promotionCodesFromEnv(env: NodeJS.ProcessEnv): boolean {
  const v = env[STRIPE_PROMOTION_CODES_ENV]?.trim().toLowerCase() || 'off';
  if (v !== 'on' && v !== 'off') throw new HttpError(`${STRIPE_PROMOTION_CODES_ENV} must be on or off`);
  return v === 'on';
}

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
    promotionCodes: promotionCodesFromEnv(env),
  };
}

/** `werkbank doctor`'s line on payments: off, on (test or live mode; where Stripe must send its webhooks), or what is missing. */
export function paymentsCheck(env: NodeJS.ProcessEnv = process.env): [string, boolean | 'note', string] {
  try {
    const settings = stripeSettingsFromEnv(env);
    if (!settings) return ['payments', 'note', 'off (no WERKBANK_STRIPE_* settings): the operator adds credits and sets plans'];
    const mode = /^(sk|rk)_live_/.test(settings.secretKey) ? 'live' : 'test';
    const base = env.WERKBANK_BASE_URL?.replace(/\/$/, '') || 'https://<your host>';
    const codes = settings.promotionCodes ? ', promotion codes on' : '';
    return ['payments', true, `Stripe (${mode} mode), 5 prices${codes}; Stripe's webhook endpoint: ${base}/api/v1/billing/webhook`];
  } catch (err) {
    return ['payments', false, (err as Error).message];
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private client?: Promise<StripeSdk>;

  readonly pageOrigins: readonly string[];
  readonly promotionCodes: boolean;

  constructor(private readonly settings: StripeSettings) {
    this.promotionCodes = settings.promotionCodes ?? false;
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

  /** The product a Stripe price is for, by the prices the operator configured. */
  private readonly priceProduct = (price: string): string | null => {
    const p = this.settings.prices;
    const names: Record<string, string> = {
      [p.pack100]: 'pack-100',
      [p.pack1000]: 'pack-1000',
      [p.pack5000]: 'pack-5000',
      [p.month]: 'plan-month',
      [p.year]: 'plan-year',
    };
    return Object.hasOwn(names, price) ? names[price] : null;
  };

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

  async checkout(req: CheckoutRequest): Promise<CheckoutPage> {
    const { accountId, product, order } = req;
    const metadata = { account_id: accountId, product: productName(product), order };
    const price = this.price(product);
    const session = await this.call('start the checkout', (stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: product.kind === 'pack' ? 'payment' : 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: accountId,
          metadata,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          ...(this.promotionCodes ? { allow_promotion_codes: true } : {}),
          ...(req.customer ? { customer: req.customer } : product.kind === 'pack' ? { customer_creation: 'always' as const } : {}),
          ...(product.kind === 'pack'
            ? { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }
            : { subscription_data: { metadata: { account_id: accountId, order } } }),
        },
        { idempotencyKey: `checkout-${req.attempt}` },
      ),
    );
    if (!session.url) throw new HttpError('The payment provider returned no checkout page', 502);
    const total =
      typeof session.amount_total === 'number' && session.currency ? { amount: session.amount_total, currency: session.currency } : null;
    return { url: session.url, session: session.id, price, total };
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
      event = stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, WEBHOOK_TOLERANCE_S);
    } catch (err) {
      throw new HttpError(`Invalid \`Stripe-Signature\`: ${(err as Error).message.split('\n')[0]}`, 400, { field: 'Stripe-Signature' });
    }
    // The SDK refuses a timestamp too old only: one too far ahead is refused alike. The timestamp is the one the SDK
    // verified the signature with: the header's last `t=` item.
    let signedAt = -1;
    for (const item of signature.split(',')) {
      const [k, v] = item.split('=');
      if (k === 't') signedAt = parseInt(v, 10);
    }
    if (signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_S)
      throw new HttpError('Invalid `Stripe-Signature`: Timestamp outside the tolerance zone (ahead of the clock)', 400, {
        field: 'Stripe-Signature',
      });
    return translate(event, this.priceProduct);
  }
}
