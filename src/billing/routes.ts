/**
 * Payments on the web: the account page's "Plan and credits" section, its two form posts (Checkout,
 * customer portal; a session and its CSRF token required), Stripe's webhook endpoint and the operator's
 * list of refused webhook events (admin API). Without payments configured the section says credits are
 * added by the operator, the form posts answer 404 and the webhook 404.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Accounts } from '../accounts/accounts.js';
import { PACKS, PLANS } from '../accounts/plans.js';
import { HttpError } from '../core/errors.js';
import type { ApiOperation } from '../docs/openapi.js';
import type { RouteHelpers } from '../http/app.js';
import { assertAdmin } from '../http/account-routes.js';
import type { Identity } from '../http/identity/identity.js';
import { esc } from '../web/html.js';
import { PRODUCTS, paidUntil, type Billing } from './billing.js';

const OFF = 'Payments are not configured on this server: its operator adds credits and sets plans';

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;

/** The webhook route, for the OpenAPI document. */
export function billingOperations(): ApiOperation[] {
  return [
    {
      method: 'post',
      path: '/api/v1/billing/webhook',
      tag: 'account',
      auth: 'none',
      summary: "Stripe's webhook: payments, subscriptions and refunds, each applied exactly once",
      description:
        "Only for Stripe: the raw body must carry a valid `Stripe-Signature` header (the endpoint's signing secret, a timestamp at most 300 s " +
        'old and at most 300 s ahead); anything else is a 400 and nothing is applied. Events: checkout.session.completed and ' +
        'checkout.session.async_payment_succeeded (a credit pack), customer.subscription.created/updated/deleted and invoice.paid (the paid ' +
        'plan), charge.refunded (a pack refunded); other event types are acknowledged and ignored. An event is applied only when it matches ' +
        'a checkout werkbank started (its session, account, product, price, amount paid and currency) or a subscription such a checkout made; ' +
        'else, or when its account is deleted or being deleted, it is refused: recorded with its reason (`GET /api/v1/admin/billing/refused`) ' +
        'and acknowledged with 200 so Stripe stops retrying. A repeated event changes nothing.',
      data: json(
        z.object({
          event: z.string().describe('The event id'),
          outcome: z
            .enum(['applied', 'duplicate', 'ignored', 'refused'])
            .describe(
              'applied; duplicate: applied or refused before; ignored: nothing werkbank sold; refused: not what werkbank ordered, or an account deleted or gone (nothing changed)',
            ),
          reason: z.string().optional().describe('Why it was ignored or refused'),
        }),
      ),
      body: json(
        z
          .looseObject({ id: z.string(), type: z.string(), created: z.int(), data: z.looseObject({ object: z.looseObject({}) }) })
          .describe('A Stripe Event, exactly as Stripe sends it (the signature covers these bytes)'),
      ),
      errors: {
        400: 'The `Stripe-Signature` header is missing, does not verify with the signing secret, or its timestamp is more than 300 s old or ahead; or the event is not what Stripe sends, e.g. an id that is no Stripe or werkbank id (the message names the field): nothing is applied',
        404: OFF,
        413: 'The body is larger than 2 MiB',
      },
    },
    {
      method: 'get',
      path: '/api/v1/admin/billing/refused',
      tag: 'admin',
      auth: 'admin',
      summary:
        "Webhook events refused in the last 90 days, newest first: what they were about and why they did not match werkbank's orders",
      data: json(
        z.array(
          z.object({
            event: z.string().describe("Stripe's event id"),
            type: z.string(),
            created: z.int().describe("Stripe's event time (epoch seconds)"),
            at: z.string().describe('When werkbank refused it (ISO)'),
            reason: z.string(),
            account: z.string().nullable().describe('The account it named'),
            object: z.string().nullable().describe('The Checkout Session, subscription or payment it was about'),
          }),
        ),
      ),
      errors: { 404: `${OFF}; or the admin API is disabled` },
    },
  ];
}

const date = (iso: string) => iso.slice(0, 10);
const n = (x: number) => x.toLocaleString('en-US');

/** The account page's section: balance, plan and its renewal, and (with payments) buying, upgrading and managing. */
export async function billingSection(
  billing: Billing | undefined,
  accounts: Accounts,
  accountId: string,
  csrf: string,
  notice: string | undefined,
): Promise<string> {
  const info = await accounts.accountInfo(accountId);
  const state = billing ? await billing.state(accountId) : undefined;
  const sub = state?.subscription;
  const until = state ? paidUntil(state) : null;
  let renewal: string;
  if (info.plan === 'paid' && sub && sub.status !== 'canceled') {
    if (sub.status === 'past_due' || sub.status === 'unpaid')
      renewal = `The last renewal was not paid: paid until ${date(until ?? sub.periodStart)}, then free unless the payment goes through.`;
    else if (sub.cancelAtPeriodEnd) renewal = `Cancelled: paid until ${date(sub.periodEnd)}, then free.`;
    else renewal = `Renews ${date(sub.periodEnd)} (${sub.interval === 'year' ? 'yearly, EUR 190' : 'monthly, EUR 19'}).`;
  } else if (info.plan === 'paid') renewal = until ? `Paid until ${date(until)}.` : 'Paid plan set by the operator.';
  else renewal = 'Free plan.';
  const lines = `<p id="plan-line">Plan: <strong id="plan-name">${esc(info.plan)}</strong> · ${n(info.monthlyCredits)} credits a month · <span id="renewal">${esc(renewal)}</span></p>
<p id="balance-line"><strong id="balance-now">${n(info.remaining)}</strong> credits left: ${n(info.allowanceRemaining)} of this month's allowance (resets ${esc(date(info.resetsAt))}) and <span id="pack-credits">${n(info.packCredits)}</span> from packs, which never expire.</p>`;
  const heading = '<section class="card" aria-labelledby="billing-h"><h2 id="billing-h">Plan and credits</h2>';
  if (!billing)
    return `${heading}${lines}<p class="muted" id="billing-off">Credits and plans are added by the operator of this server.</p></section>`;
  const hidden = `<input type="hidden" name="csrf" value="${esc(csrf)}">`;
  const packs = Object.entries(PACKS)
    .map(
      ([credits, eur]) =>
        `<button type="submit" name="product" value="pack-${credits}" id="buy-${credits}">Buy ${n(Number(credits))} credits · EUR ${eur.toFixed(2)}</button>`,
    )
    .join('');
  const subscribed = sub && sub.status !== 'canceled' && sub.status !== 'incomplete_expired';
  const upgrade = subscribed
    ? ''
    : `<h3>Upgrade to paid</h3><p class="muted">${n(PLANS.paid.credits)} credits a month, usage history and memory kept a year. Starts at once: this month's allowance becomes ${n(PLANS.paid.credits)} (what you used counts).</p>
<form method="post" action="/billing/checkout" class="row">${hidden}<button type="submit" name="product" value="plan-month" id="upgrade-month">Monthly · EUR ${PLANS.paid.priceEur.month}</button><button type="submit" name="product" value="plan-year" id="upgrade-year">Yearly · EUR ${PLANS.paid.priceEur.year}</button></form>`;
  const manage = state?.customer
    ? `<form method="post" action="/billing/portal">${hidden}<button type="submit" class="secondary" id="manage">Manage subscription and invoices</button></form>`
    : '';
  const purchases = await billing.purchases(accountId);
  const history = purchases.length
    ? `<h3>Packs bought</h3><ul id="purchases">${purchases
        .map(
          (p) =>
            `<li>${esc(date(p.paidAt))}: +${n(p.credits)} credits${p.refundedCredits ? ` (refunded: ${n(p.refundedCredits)})` : ''} <span class="muted">${esc(p.id)}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const note = notice ? `<div class="okmsg" role="status" id="billing-notice">${esc(notice)}</div>` : '';
  return `${heading}${note}${lines}
<h3>Buy credits</h3><p class="muted">Packs never expire and need no subscription; they are spent after the monthly allowance.</p>
<form method="post" action="/billing/checkout" class="row">${hidden}${packs}</form>
${upgrade}${manage}${history}</section>`;
}

/** What the account page says after Checkout sends the person back. */
export function billingNotice(query: string | undefined): string | undefined {
  if (query === 'done')
    return 'Thank you: the payment is received. Credits and the plan change as soon as Stripe confirms it (usually at once; reload to see).';
  if (query === 'cancelled') return 'Checkout was cancelled: nothing was charged.';
  return undefined;
}

export function billingRoutes(billing: Billing | undefined, identity: Identity, adminToken: string | undefined) {
  return (app: Hono, h: RouteHelpers) => {
    const enabled = () => {
      if (!billing) throw new HttpError(OFF, 404);
      return billing;
    };
    /** A form post of the account page: its session and CSRF token, and the fields it sends. */
    const form = async (c: Context) => {
      const length = Number(c.req.header('content-length') ?? 0);
      if (length > 4096) throw new HttpError('The form is too large', 413);
      const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
      const session = await identity.requireSession(c, body);
      return { session, body };
    };

    app.post('/billing/checkout', async (c) => {
      try {
        const b = enabled();
        const { session, body } = await form(c);
        const name = typeof body.product === 'string' ? body.product : '';
        if (!Object.hasOwn(PRODUCTS, name))
          throw new HttpError(`Invalid \`product\`: one of ${Object.keys(PRODUCTS).join(', ')}`, 400, { field: 'product' });
        const base = identity.base(c);
        const url = await b.checkout(session.accountId, PRODUCTS[name], {
          successUrl: `${base}/account?billing=done`,
          cancelUrl: `${base}/account?billing=cancelled`,
        });
        return c.redirect(url, 303);
      } catch (err) {
        return h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
      }
    });

    app.post('/billing/portal', async (c) => {
      try {
        const b = enabled();
        const { session } = await form(c);
        return c.redirect(await b.portal(session.accountId, `${identity.base(c)}/account`), 303);
      } catch (err) {
        return h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
      }
    });

    app.post('/api/v1/billing/webhook', async (c) => {
      try {
        const b = enabled();
        // The raw body, exactly as sent (the app holds every body to LIMITS.bodyBytes): the signature covers these
        // bytes, so nothing parses it before it is checked.
        const raw = await c.req.text();
        const event = await b.provider.parseWebhook(raw, c.req.raw.headers);
        const result = await b.apply(event);
        return c.json({ ok: true, data: { event: event.id, ...result } }, 200, { 'Cache-Control': 'no-store' });
      } catch (err) {
        return h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
      }
    });

    app.get('/api/v1/admin/billing/refused', async (c) => {
      try {
        assertAdmin(adminToken, c.req.header('authorization'));
        return c.json({ ok: true, data: await enabled().refused() }, 200, { 'Cache-Control': 'no-store' });
      } catch (err) {
        return h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
      }
    });
  };
}
