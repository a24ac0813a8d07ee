/**
 * A local fake of the few Stripe endpoints werkbank uses, for the payment tests: the real `stripe`
 * SDK is pointed at it (`StripeSettings.api`: host, port, protocol).
 *
 * - `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions`: recorded (form fields as the SDK
 *   encodes them, `line_items[0][price]`..., and the headers) and answered with a session whose `url`
 *   is a page of this fake, and its `amount_total` and `currency` as Stripe computes them from the price
 *   (`prices` changes what a price costs, to test a misconfigured one).
 * - `GET /pay/<session>`: a "Checkout" page with a Pay button; `POST /pay/<session>` completes the
 *   payment like Stripe would: it delivers the signed webhooks (a pack: checkout.session.completed; the
 *   plan: customer.subscription.created, checkout.session.completed, invoice.paid) to the server's
 *   webhook URL, then sends the browser to the session's success_url.
 * - Event builders and `deliver` (signed with the SDK's own `webhooks.generateTestHeaderString`) for
 *   the tests that send webhooks themselves.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { StripeSettings } from '../../src/billing/stripe.js';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_werkbank_tests';
export const PRICES = {
  pack100: 'price_pack_100',
  pack1000: 'price_pack_1000',
  pack5000: 'price_pack_5000',
  month: 'price_plan_month',
  year: 'price_plan_year',
};
/** What each price costs (cents, EUR) as the operator made them in the Dashboard. */
const PRICE_CENTS: Record<string, number> = {
  price_pack_100: 100,
  price_pack_1000: 500,
  price_pack_5000: 2000,
  price_plan_month: 1900,
  price_plan_year: 19000,
};
const sdk = new Stripe('sk_test_fake');

export interface Recorded {
  path: string;
  params: Record<string, string>;
  headers: Record<string, string | undefined>;
}

type Obj = Record<string, unknown>;

let seq = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A Stripe event around `object`. `created` in epoch seconds (default now). */
export function event(type: string, object: Obj, created = Math.floor(Date.now() / 1000)): Obj {
  return {
    id: nextId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

/** A completed pack Checkout Session. */
export function packSession(accountId: string, credits: 100 | 1000 | 5000, over: Obj = {}): Obj {
  const cents = { 100: 100, 1000: 500, 5000: 2000 }[credits];
  return {
    id: nextId('cs'),
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: accountId,
    metadata: { account_id: accountId, product: `pack-${credits}` },
    amount_total: cents,
    currency: 'eur',
    payment_intent: nextId('pi'),
    customer: nextId('cus'),
    ...over,
  };
}

/** A subscription in state `status` whose current period runs from `start` to `end` (epoch seconds). */
export function subscription(
  accountId: string,
  over: {
    id?: string;
    /** The werkbank order its checkout carried. */
    order?: string;
    price?: string;
    currency?: string;
    status?: string;
    start: number;
    end: number;
    interval?: 'month' | 'year';
    cancelAtPeriodEnd?: boolean;
    endedAt?: number | null;
    customer?: string;
  },
): Obj {
  return {
    id: over.id ?? nextId('sub'),
    object: 'subscription',
    customer: over.customer ?? 'cus_test_sub',
    status: over.status ?? 'active',
    currency: over.currency ?? 'eur',
    cancel_at_period_end: over.cancelAtPeriodEnd ?? false,
    ended_at: over.endedAt ?? null,
    metadata: { account_id: accountId, ...(over.order ? { order: over.order } : {}) },
    items: {
      object: 'list',
      data: [
        {
          id: nextId('si'),
          object: 'subscription_item',
          current_period_start: over.start,
          current_period_end: over.end,
          price: {
            id: over.price ?? (over.interval === 'year' ? PRICES.year : PRICES.month),
            object: 'price',
            recurring: { interval: over.interval ?? 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

/** A paid invoice of subscription `sub` for the period `start`–`end` (`order`: the werkbank order its subscription carries). */
export function invoice(accountId: string | null, sub: string, start: number, end: number, order?: string): Obj {
  return {
    id: nextId('in'),
    object: 'invoice',
    status: 'paid',
    currency: 'eur',
    amount_paid: 1900,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: sub,
        metadata: { ...(accountId ? { account_id: accountId } : {}), ...(order ? { order } : {}) },
      },
    },
    lines: { object: 'list', data: [{ id: nextId('il'), object: 'line_item', period: { start, end } }] },
  };
}

/** A charge of payment `pi` of `amount` cents, `refunded` of it refunded. */
export function refundedCharge(pi: string, amount: number, refunded: number): Obj {
  return { id: nextId('ch'), object: 'charge', payment_intent: pi, amount, amount_refunded: refunded, refunded: refunded >= amount };
}

/** The header Stripe would send with `payload`. */
export function signature(payload: string, secret = WEBHOOK_SECRET, timestamp?: number): string {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

/** POST a signed event to the webhook URL; the JSON answer and status. */
export async function deliver(
  url: string,
  ev: Obj,
  opts: { secret?: string; timestamp?: number; body?: string } = {},
): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(ev, null, 2);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature(payload, opts.secret, opts.timestamp) },
    body: opts.body ?? payload,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export interface FakeStripe {
  url: string;
  /** What each price costs in cents (change one to test a misconfigured price). */
  prices: Record<string, number>;
  settings: StripeSettings;
  requests: Recorded[];
  /** Where `POST /pay/<id>` delivers its webhooks. */
  webhookUrl: string;
  /** The webhook answers of completed checkouts. */
  deliveries: { type: string; status: number }[];
  /** The Checkout Session behind a checkout URL werkbank handed out: its id, werkbank's order id it carries, its fields. */
  sessionOf(url: string): { id: string; order: string; params: Record<string, string> };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Obj & { params: Record<string, string> }>();
  const fake: FakeStripe = {
    url: '',
    prices: { ...PRICE_CENTS },
    settings: undefined as unknown as StripeSettings,
    requests: [],
    webhookUrl: '',
    deliveries: [],
    sessionOf: (url) => {
      const session = sessions.get(/\/pay\/(cs_\w+)$/.exec(url)?.[1] ?? '');
      if (!session) throw new Error(`no Checkout Session behind ${url}`);
      return { id: session.id as string, order: session.params['metadata[order]'], params: session.params };
    },
    close: async () => undefined,
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': nextId('req') });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && path.startsWith('/v1/')) {
      const params = Object.fromEntries(new URLSearchParams(body));
      fake.requests.push({
        path,
        params,
        headers: {
          authorization: req.headers.authorization,
          'idempotency-key': req.headers['idempotency-key'] as string | undefined,
          'stripe-version': req.headers['stripe-version'] as string | undefined,
        },
      });
      if (path === '/v1/checkout/sessions') {
        const id = nextId('cs');
        const session = {
          id,
          object: 'checkout.session',
          mode: params.mode,
          url: `${fake.url}/pay/${id}`,
          amount_total: fake.prices[params['line_items[0][price]']] ?? null,
          currency: 'eur',
          params,
        };
        sessions.set(id, session);
        return json(200, session);
      }
      if (path === '/v1/billing_portal/sessions')
        return json(200, {
          id: nextId('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          url: `${fake.url}/portal?customer=${encodeURIComponent(params.customer)}`,
        });
      return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } });
    }
    const pay = /^\/pay\/(cs_[\w]+)$/.exec(path);
    const session = pay && sessions.get(pay[1]);
    if (pay && !session) return json(404, { error: { message: 'no such session' } });
    if (session && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><title>Fake Checkout</title><h1 id="fake-checkout">Fake Checkout</h1><p id="price">${session.params['line_items[0][price]']}</p><form method="post"><button id="pay" type="submit">Pay</button></form>`,
      );
    }
    if (session && req.method === 'POST') {
      const p = session.params;
      const accountId = p.client_reference_id;
      const customer = p.customer ?? nextId('cus');
      const now = Math.floor(Date.now() / 1000);
      const events: Obj[] = [];
      const paid = { amount_total: session.amount_total, amount_subtotal: session.amount_total, currency: 'eur' };
      if (p.mode === 'payment') {
        const credits = Number(/^pack-(\d+)$/.exec(p['metadata[product]'])?.[1]) as 100 | 1000 | 5000;
        events.push(
          event(
            'checkout.session.completed',
            packSession(accountId, credits, {
              id: session.id,
              customer,
              metadata: { account_id: accountId, product: p['metadata[product]'], order: p['metadata[order]'] },
              ...paid,
            }),
          ),
        );
      } else {
        const interval = p['line_items[0][price]'] === PRICES.year ? 'year' : 'month';
        const end = now + (interval === 'year' ? 365 : 30) * 86_400;
        const order = p['subscription_data[metadata][order]'];
        const sub = subscription(p['subscription_data[metadata][account_id]'], { start: now, end, interval, customer, order });
        events.push(
          event('customer.subscription.created', sub),
          event('checkout.session.completed', {
            id: session.id,
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            client_reference_id: accountId,
            metadata: { account_id: accountId, product: p['metadata[product]'], order: p['metadata[order]'] },
            customer,
            subscription: sub.id,
            ...paid,
          }),
          event('invoice.paid', invoice(accountId, sub.id as string, now, end, order)),
        );
      }
      for (const ev of events) fake.deliveries.push({ type: ev.type as string, status: (await deliver(fake.webhookUrl, ev)).status });
      res.writeHead(303, { Location: p.success_url });
      return res.end();
    }
    if (path === '/portal') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><html lang="en"><title>Fake portal</title><h1 id="fake-portal">Fake customer portal</h1>');
    }
    json(404, { error: { message: `no route ${req.method} ${path}` } });
  };
  // node:http ignores the handler's promise; a failure stays an unhandled rejection, which fails the test run.
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.settings = {
    secretKey: 'sk_test_werkbank',
    webhookSecret: WEBHOOK_SECRET,
    prices: PRICES,
    api: { host: '127.0.0.1', port, protocol: 'http' },
  };
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
