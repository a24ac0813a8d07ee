/**
 * Payments with Stripe on a listening server (the embedded store): the account page's forms start
 * Checkout and the portal on a local fake of Stripe (the real SDK pointed at it), and the webhook
 * endpoint applies signed events exactly once: signature checks, every event type, duplicates,
 * two events for one payment, reordering, refunds, failed renewals and the end of a paid period.
 * The same on PostgreSQL with two instances: test/billing-postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import {
  deliver,
  event,
  invoice,
  packSession,
  refundedCharge,
  signature,
  startFakeStripe,
  subscription,
  type FakeStripe,
} from './helpers/fake-stripe.js';
import { Sessions } from '../src/http/sessions.js';
import { paidUntil } from '../src/billing/billing.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, spawnServe, tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

let stripe: FakeStripe;
let s: AccountsServer;
let off: AccountsServer;
/** The servers' clock (plans and periods); Stripe's signature check uses the real time. */
let clock = Date.now();
const now = () => new Date(clock);
const sec = () => Math.floor(clock / 1000);
const DAY = 86_400;
let hook = '';

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startAccountsServer({ stripe: stripe.settings, now });
  off = await startAccountsServer({ stripe: undefined });
  hook = `${s.url}/api/v1/billing/webhook`;
  stripe.webhookUrl = hook;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await off?.close();
  await stripe?.close();
});

let n = 0;
async function newAccount(server = s) {
  const name = `buyer${++n}`;
  const account = await server.server.accounts.createAccount(name);
  const session = await new Sessions(server.server.store, now).create(account.id);
  return { id: account.id, name, cookie: `wb_session=${session.id}`, csrf: session.csrf };
}
const info = (id: string) => s.server.accounts.accountInfo(id);
const entries = async (id: string) => (await s.server.accounts.usage(id, 7)).entries.filter((e) => e.added !== undefined);

function form(server: AccountsServer, path: string, a: { cookie: string }, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: a.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

type Buyer = Awaited<ReturnType<typeof newAccount>>;
/** Start a checkout of `product` on the account page (werkbank records the order): its Checkout Session and order. */
async function checkout(a: Buyer, product: string) {
  const res = await form(s, '/billing/checkout', a, { csrf: a.csrf, product });
  expect(res.status).toBe(303);
  return stripe.sessionOf(res.headers.get('location')!);
}
/** The completed Checkout Session of a pack `a` ordered through werkbank. */
async function boughtPack(a: Buyer, credits: 100 | 1000 | 5000, over: Record<string, unknown> = {}) {
  const { id, order } = await checkout(a, `pack-${credits}`);
  return packSession(a.id, credits, { id, metadata: { account_id: a.id, product: `pack-${credits}`, order }, ...over });
}
/** A subscription `a` ordered through werkbank (its metadata names the order). */
async function subscribed(a: Buyer, over: Parameters<typeof subscription>[1]) {
  const { order } = await checkout(a, over.interval === 'year' ? 'plan-year' : 'plan-month');
  return subscription(a.id, { ...over, order });
}

describe('without payments configured', () => {
  it('the account page says the operator adds credits; the payment routes answer 404', async () => {
    const a = await newAccount(off);
    const page = await (await fetch(`${off.url}/account`, { headers: { Cookie: a.cookie } })).text();
    expect(page).toContain('Credits and plans are added by the operator of this server.');
    expect(page).not.toContain('/billing/checkout');
    expect(page).toMatch(/Plan: <strong id="plan-name">free<\/strong>/);
    const checkout = await form(off, '/billing/checkout', a, { csrf: a.csrf, product: 'pack-100' });
    expect(checkout.status).toBe(404);
    expect((await checkout.json()).error).toMatch(/Payments are not configured/);
    const webhook = await deliver(`${off.url}/api/v1/billing/webhook`, event('checkout.session.completed', packSession(a.id, 100)));
    expect(webhook).toMatchObject({ status: 404, body: { code: 404 } });
    expect((await off.server.accounts.accountInfo(a.id)).packCredits).toBe(0);
  });
});

describe('Checkout and the portal from the account page', () => {
  it('shows balance, plan, packs and both plan periods, with a CSP that lets the forms reach Checkout', async () => {
    const a = await newAccount();
    const res = await fetch(`${s.url}/account`, { headers: { Cookie: a.cookie } });
    const page = await res.text();
    expect(page).toContain('<strong id="balance-now">1,000</strong> credits left');
    expect(page).toContain('Free plan.');
    for (const id of ['buy-100', 'buy-1000', 'buy-5000', 'upgrade-month', 'upgrade-year']) expect(page).toContain(`id="${id}"`);
    expect(page).not.toContain('id="manage"'); // no customer yet
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${stripe.url}`);
  });

  it('a pack opens Checkout in payment mode with the price, the account and where to return', async () => {
    const a = await newAccount();
    const before = stripe.requests.length;
    const res = await form(s, '/billing/checkout', a, { csrf: a.csrf, product: 'pack-1000' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const [req] = stripe.requests.slice(before);
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_pack_1000',
      'line_items[0][quantity]': '1',
      client_reference_id: a.id,
      'metadata[account_id]': a.id,
      'metadata[product]': 'pack-1000',
      'payment_intent_data[metadata][account_id]': a.id,
      customer_creation: 'always',
      success_url: `${s.url}/account?billing=done`,
      cancel_url: `${s.url}/account?billing=cancelled`,
    });
    expect(req.headers.authorization).toBe('Bearer sk_test_werkbank');
    expect(req.headers['idempotency-key']).toMatch(/^checkout-[0-9a-f]{24}$/);
    expect(req.headers['stripe-version']).toMatch(/^20\d\d-/);
  });

  it('the plan by the year opens Checkout in subscription mode with the account on the subscription', async () => {
    const a = await newAccount();
    const before = stripe.requests.length;
    expect((await form(s, '/billing/checkout', a, { csrf: a.csrf, product: 'plan-year' })).status).toBe(303);
    const [req] = stripe.requests.slice(before);
    expect(req.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_plan_year',
      'subscription_data[metadata][account_id]': a.id,
      client_reference_id: a.id,
    });
    expect(req.params.customer_creation).toBeUndefined();
  });

  it('refuses without the CSRF token (403), without a session (401) and an unknown product (400); Stripe is not asked', async () => {
    const a = await newAccount();
    const before = stripe.requests.length;
    const noCsrf = await form(s, '/billing/checkout', a, { product: 'pack-100' });
    expect(noCsrf.status).toBe(403);
    const wrongCsrf = await form(s, '/billing/checkout', a, { csrf: 'x'.repeat(43), product: 'pack-100' });
    expect(wrongCsrf.status).toBe(403);
    const noSession = await form(s, '/billing/checkout', { cookie: '' }, { csrf: a.csrf, product: 'pack-100' });
    expect(noSession.status).toBe(401);
    const unknown = await form(s, '/billing/checkout', a, { csrf: a.csrf, product: 'pack-7' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/Invalid `product`: one of pack-100, pack-1000, pack-5000, plan-month, plan-year/);
    expect(stripe.requests.length).toBe(before);
  });

  it('the portal needs a customer (409 before any payment), then opens for that customer; later checkouts reuse it', async () => {
    const a = await newAccount();
    const none = await form(s, '/billing/portal', a, { csrf: a.csrf });
    expect(none.status).toBe(409);
    expect(
      (await deliver(hook, event('checkout.session.completed', await boughtPack(a, 100, { customer: 'cus_test_portal' })))).status,
    ).toBe(200);
    const before = stripe.requests.length;
    const res = await form(s, '/billing/portal', a, { csrf: a.csrf });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${stripe.url}/portal?customer=cus_test_portal`);
    expect(stripe.requests[before]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: 'cus_test_portal', return_url: `${s.url}/account` },
    });
    await form(s, '/billing/checkout', a, { csrf: a.csrf, product: 'pack-100' });
    expect(stripe.requests[before + 1].params).toMatchObject({ customer: 'cus_test_portal' });
    expect(stripe.requests[before + 1].params.customer_creation).toBeUndefined();
    expect(await (await fetch(`${s.url}/account`, { headers: { Cookie: a.cookie } })).text()).toContain('id="manage"');
    // The account's export has it too.
    const exported = await (await fetch(`${s.url}/auth/export`, { headers: { Cookie: a.cookie } })).json();
    expect(exported.payments).toMatchObject({ state: { customer: 'cus_test_portal' }, purchases: [{ credits: 100, amount: 100 }] });
    expect(exported.payments.orders).toHaveLength(2); // the checkout paid and the one started since
    expect(exported.payments.orders[1]).toMatchObject({ product: 'pack-100', price: 'price_pack_100', amount: 100, currency: 'eur' });
  });
});

describe('the webhook checks the signature before reading anything', () => {
  it('refuses a wrong secret, a stale timestamp, a changed body and a missing header (400); nothing is applied', async () => {
    const a = await newAccount();
    const ev = event('checkout.session.completed', await boughtPack(a, 5000));
    const payload = JSON.stringify(ev, null, 2);
    const cases = [
      await deliver(hook, ev, { secret: 'whsec_someone_else' }),
      await deliver(hook, ev, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(hook, ev, { body: payload.replace('"pack-5000"', '"pack-5000" ') }),
      await deliver(hook, ev, { body: JSON.stringify(ev) }), // the same JSON, serialised again
    ];
    for (const r of cases) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, error: expect.stringMatching(/^Invalid `Stripe-Signature`: /) });
    }
    expect(cases[1].body.error).toMatch(/tolerance/);
    const missing = await fetch(hook, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/Missing `Stripe-Signature` header/);
    const garbage = await fetch(hook, { method: 'POST', headers: { 'Stripe-Signature': signature('{not json') }, body: '{not json' });
    expect(garbage.status).toBe(400);
    expect((await info(a.id)).packCredits).toBe(0);
    expect(await entries(a.id)).toEqual([]);
    // The genuine delivery still applies (it was never recorded as seen).
    expect((await deliver(hook, ev)).body.data).toEqual({ event: ev.id, outcome: 'applied' });
    expect((await info(a.id)).packCredits).toBe(5000);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    const op = doc.paths['/api/v1/billing/webhook'].post;
    expect(op.summary).toMatch(/Stripe's webhook/);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
  });

  it('a signed event whose object makes no sense is a 400 naming the field; an unused type is acknowledged and ignored', async () => {
    const a = await newAccount();
    const bad = await deliver(
      hook,
      event('checkout.session.completed', packSession(a.id, 100, { metadata: { account_id: a.id, product: 'pack-7' } })),
    );
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringMatching(/metadata\.product/) } });
    const noAmount = await deliver(hook, event('checkout.session.completed', packSession(a.id, 100, { amount_total: 'lots' })));
    expect(noAmount).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('`data.object.amount_total` must be an integer') },
    });
    const sub = await deliver(
      hook,
      event('customer.subscription.updated', { ...subscription(a.id, { start: sec(), end: sec() + 30 * DAY }), status: 'sleeping' }),
    );
    expect(sub).toMatchObject({ status: 400, body: { error: expect.stringContaining('`data.object.status` must be one of active') } });
    const other = await deliver(hook, event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(other).toMatchObject({ status: 200, body: { data: { outcome: 'ignored' } } });
    expect((await info(a.id)).packCredits).toBe(0);
  });
});

describe('packs', () => {
  it('a paid checkout adds the pack once, however often and in whatever form it is reported; usage shows it with its reference', async () => {
    const a = await newAccount();
    const session = await boughtPack(a, 1000);
    const completed = event('checkout.session.completed', session);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await deliver(hook, completed)).body.data.outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    // Another event about the same payment (a different id): recorded, no second grant.
    expect((await deliver(hook, event('checkout.session.async_payment_succeeded', session))).body.data.outcome).toBe('applied');
    const i = await info(a.id);
    expect(i.packCredits).toBe(1000);
    expect(i.remaining).toBe(2000);
    const usage = await s.server.accounts.usage(a.id, 7);
    expect(usage.entries).toEqual([
      expect.objectContaining({ tool: 'credit-pack', surface: 'payment', credits: 0, added: 1000, reference: session.id }),
    ]);
    expect(usage.totals).toEqual({ calls: 0, credits: 0 });
    // And on the REST API.
    const key = (await s.server.accounts.createKey(a.name)).key;
    const rest = await (await fetch(`${s.url}/api/v1/usage`, { headers: { 'X-API-Key': key } })).json();
    expect(rest.data.entries[0]).toMatchObject({ added: 1000, reference: session.id });
  });

  it('an asynchronous payment (SEPA) waits for async_payment_succeeded', async () => {
    const a = await newAccount();
    const session = await boughtPack(a, 100, { payment_status: 'unpaid' });
    expect((await deliver(hook, event('checkout.session.completed', session))).body.data.outcome).toBe('ignored');
    expect((await info(a.id)).packCredits).toBe(0);
    expect(
      (await deliver(hook, event('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }))).body.data.outcome,
    ).toBe('applied');
    expect((await info(a.id)).packCredits).toBe(100);
  });

  it('a refund takes back the refunded share of the pack as far as it is unspent, never below zero, once per amount', async () => {
    const a = await newAccount();
    const big = await boughtPack(a, 1000);
    await deliver(hook, event('checkout.session.completed', big));
    const half = refundedCharge(big.payment_intent as string, 500, 250);
    const refunded = event('charge.refunded', half);
    expect((await deliver(hook, refunded)).body.data.outcome).toBe('applied');
    expect((await info(a.id)).packCredits).toBe(500);
    expect((await deliver(hook, refunded)).body.data.outcome).toBe('duplicate');
    // The same charge reported again (another event, the same amount refunded): nothing more.
    expect((await deliver(hook, event('charge.refunded', half))).body.data.outcome).toBe('applied');
    expect((await info(a.id)).packCredits).toBe(500);

    // Spend pack credits, then refund a small pack in full: only what is left goes.
    const small = await boughtPack(a, 100);
    await deliver(hook, event('checkout.session.completed', small));
    const r = await s.server.accounts.reserve(a.id, 1000 + 580, 'word-counter', 'rest'); // the allowance, then 580 of the 600 pack credits
    await r.commit();
    expect((await info(a.id)).packCredits).toBe(20);
    await deliver(hook, event('charge.refunded', refundedCharge(small.payment_intent as string, 100, 100)));
    expect((await info(a.id)).packCredits).toBe(0);
    const refunds = (await entries(a.id)).filter((e) => e.added! < 0);
    expect(refunds.map((e) => e.added)).toEqual([-20, -500]); // newest first
    // A refund of a payment this server does not know: acknowledged, ignored.
    expect((await deliver(hook, event('charge.refunded', refundedCharge('pi_unknown', 100, 100)))).body.data.outcome).toBe('ignored');
  });
});

describe('refunds and calls in flight', () => {
  it('a refund leaves the pack credits a call in flight holds: after it commits the balance is zero, not negative', async () => {
    const a = await newAccount();
    const pack = await boughtPack(a, 100);
    await deliver(hook, event('checkout.session.completed', pack));
    const call = await s.server.accounts.reserve(a.id, 1000 + 60, 'word-counter', 'rest'); // 60 pack credits held
    expect((await deliver(hook, event('charge.refunded', refundedCharge(pack.payment_intent as string, 100, 100)))).status).toBe(200);
    expect((await info(a.id)).packCredits).toBe(60);
    await call.commit();
    expect((await info(a.id)).packCredits).toBe(0);
    expect((await entries(a.id)).map((e) => e.added)).toEqual([-40, 100]);
  });
});

describe('the paid plan', () => {
  it('a subscription makes the plan paid at once; the allowance becomes 7,500 less what this period used', async () => {
    const a = await newAccount();
    await (await s.server.accounts.reserve(a.id, 600, 'word-counter', 'rest')).commit();
    const sub = await subscribed(a, { start: sec(), end: sec() + 30 * DAY });
    expect((await deliver(hook, event('customer.subscription.created', sub))).body.data.outcome).toBe('applied');
    const i = await info(a.id);
    expect(i).toMatchObject({ plan: 'paid', monthlyCredits: 7500, allowanceRemaining: 6900, usageRetentionDays: 365 });
    const page = await (await fetch(`${s.url}/account`, { headers: { Cookie: a.cookie } })).text();
    expect(page).toContain(`Renews ${new Date((sec() + 30 * DAY) * 1000).toISOString().slice(0, 10)} (monthly, EUR 19).`);
    expect(page).not.toContain('id="upgrade-month"'); // one subscription at a time
    const again = await form(s, '/billing/checkout', a, { csrf: a.csrf, product: 'plan-year' });
    expect(again.status).toBe(409);
  });

  it('order does not matter: an older subscription event never overwrites a newer state', async () => {
    const a = await newAccount();
    const base = await subscribed(a, { start: sec(), end: sec() + 30 * DAY });
    const created = event('customer.subscription.created', base, sec() - 10);
    const cancelled = event('customer.subscription.updated', { ...base, cancel_at_period_end: true }, sec() - 5);
    const deleted = event('customer.subscription.deleted', { ...base, status: 'canceled', ended_at: sec() - 1 }, sec() - 1);
    // Delivered newest first.
    for (const ev of [deleted, cancelled, created]) expect((await deliver(hook, ev)).status).toBe(200);
    expect((await info(a.id)).plan).toBe('free');
    const state = await s.server.billing!.state(a.id);
    expect(state.subscription).toMatchObject({ status: 'canceled', eventCreated: sec() - 1 });
  });

  it('an invoice that comes before its subscription counts for it', async () => {
    const a = await newAccount();
    const sub = await subscribed(a, { start: sec(), end: sec() + 30 * DAY });
    const order = (sub.metadata as { order: string }).order; // the subscription's metadata, as Stripe copies it to its invoices
    await deliver(hook, event('invoice.paid', invoice(a.id, sub.id as string, sec(), sec() + 30 * DAY, order), sec() - 1));
    expect((await info(a.id)).plan).toBe('paid');
    // The subscription's first event, still incomplete when it was sent (the invoice was not paid yet).
    await deliver(hook, event('customer.subscription.created', { ...sub, status: 'incomplete' }, sec() - 2));
    expect((await info(a.id)).plan).toBe('paid');
    expect(paidUntil(await s.server.billing!.state(a.id))).toBe(new Date((sec() + 30 * DAY) * 1000).toISOString());
  });

  it('cancelling at the period end keeps the plan paid until then; the sweep then sets it free', async () => {
    const a = await newAccount();
    const start = sec();
    const sub = await subscribed(a, { start, end: start + 30 * DAY });
    await deliver(hook, event('customer.subscription.created', sub, start));
    await deliver(hook, event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, start + 1));
    expect((await info(a.id)).plan).toBe('paid');
    expect(await (await fetch(`${s.url}/account`, { headers: { Cookie: a.cookie } })).text()).toContain('Cancelled: paid until');
    const saved = clock;
    try {
      clock += 31 * DAY * 1000;
      expect(await s.server.billing!.expire()).toBeGreaterThanOrEqual(1);
      expect((await info(a.id)).plan).toBe('free');
      expect(await s.server.billing!.expire()).toBe(0);
    } finally {
      clock = saved;
    }
  });

  it('a renewal keeps it paid (invoice.paid); a failed renewal keeps it paid to the end of the paid period, then free', async () => {
    const a = await newAccount();
    const t0 = sec() - 29 * DAY;
    const t1 = sec() + DAY; // the current period ends tomorrow
    const sub = await subscribed(a, { start: t0, end: t1 });
    await deliver(hook, event('customer.subscription.created', sub, t0));
    await deliver(hook, event('invoice.paid', invoice(null, sub.id as string, t0, t1), t0)); // found by its subscription
    // The renewal: Stripe moves the period on; the invoice fails: past due.
    const renewed = { ...sub, items: subscription(a.id, { start: t1, end: t1 + 30 * DAY }).items };
    await deliver(hook, event('customer.subscription.updated', { ...renewed, status: 'past_due' }, sec()));
    expect((await info(a.id)).plan).toBe('paid'); // until t1
    expect(await (await fetch(`${s.url}/account`, { headers: { Cookie: a.cookie } })).text()).toContain('The last renewal was not paid');
    const saved = clock;
    try {
      clock = (t1 + 60) * 1000;
      await s.server.billing!.expire();
      expect((await info(a.id)).plan).toBe('free');
      // A retry succeeds: paid again through the new period.
      await deliver(hook, event('invoice.paid', invoice(a.id, sub.id as string, t1, t1 + 30 * DAY), t1 + 120));
      expect((await info(a.id)).plan).toBe('paid');
      await deliver(hook, event('customer.subscription.updated', { ...renewed, status: 'active' }, t1 + 121));
      expect((await s.server.billing!.state(a.id)).subscription?.status).toBe('active');
      expect((await info(a.id)).plan).toBe('paid');
    } finally {
      clock = saved;
    }
  });

  it('an account whose subscription renews cannot be deleted (409) until it is cancelled', async () => {
    const a = await newAccount();
    const sub = await subscribed(a, { start: sec(), end: sec() + 30 * DAY });
    await deliver(hook, event('customer.subscription.created', sub, sec() - 2));
    const del = () =>
      fetch(`${s.url}/auth/delete-account`, {
        method: 'POST',
        headers: { Cookie: a.cookie, 'X-CSRF-Token': a.csrf, 'Content-Type': 'application/json' },
        body: JSON.stringify({ confirm: a.name }),
      });
    const refused = await del();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/cancel it first/);
    expect((await s.server.accounts.accountInfo(a.id)).name).toBe(a.name); // nothing deleted
    await deliver(hook, event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, sec() - 1));
    expect((await del()).status).toBe(200);
  });

  it('checkout.session.completed for a subscription links the customer; an account-less subscription is ignored', async () => {
    const a = await newAccount();
    const { id, order } = await checkout(a, 'plan-month');
    const ev = event('checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: a.id,
      metadata: { account_id: a.id, product: 'plan-month', order },
      customer: 'cus_test_linked',
      subscription: null,
      amount_total: 1900,
      currency: 'eur',
    });
    expect((await deliver(hook, ev)).body.data.outcome).toBe('applied');
    expect((await s.server.billing!.state(a.id)).customer).toBe('cus_test_linked');
    const foreign = subscription('x', { start: sec(), end: sec() + DAY });
    delete (foreign.metadata as Record<string, unknown>).account_id;
    expect((await deliver(hook, event('customer.subscription.created', foreign))).body.data.outcome).toBe('ignored');
    const nobody = await deliver(
      hook,
      event('customer.subscription.created', subscription('acc_nobody', { start: sec(), end: sec() + DAY })),
    );
    expect(nobody.body.data).toMatchObject({ outcome: 'refused', reason: 'account acc_nobody does not exist' });
  });
});

describe('keeping', () => {
  it('the sweep deletes orders after 60 days and refused events after 90; a refused event stays refused meanwhile', async () => {
    const a = await newAccount();
    const { id, order } = await checkout(a, 'pack-100');
    const refusedEv = event('checkout.session.completed', packSession(a.id, 100)); // a session werkbank never created
    expect((await deliver(hook, refusedEv)).body.data.outcome).toBe('refused');
    const rows = async () => ({
      order: await s.server.store.records('billing_orders').get(order, now().toISOString()),
      refused: await s.server.store.records('billing_refused').get(refusedEv.id as string, now().toISOString()),
    });
    expect(await rows()).toMatchObject({ order: { accountId: a.id, value: { session: id } }, refused: { value: { account: a.id } } });
    const saved = clock;
    try {
      clock += 61 * DAY * 1000;
      await s.server.billing!.sweep();
      expect(await rows()).toMatchObject({ order: undefined, refused: { value: { account: a.id } } });
      clock += 30 * DAY * 1000;
      await s.server.billing!.sweep();
      expect(await rows()).toEqual({ order: undefined, refused: undefined });
    } finally {
      clock = saved;
    }
  });
});

describe("the operator's settings", () => {
  const cli = (args: string[], env: Record<string, string>) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('WERKBANK_STRIPE_') && k !== 'WERKBANK_DATABASE_URL'),
    );
    return spawnSync(process.execPath, [CLI, ...args], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 });
  };
  const all = {
    WERKBANK_STRIPE_SECRET_KEY: 'sk_live_abc',
    WERKBANK_STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    WERKBANK_STRIPE_PRICE_PACK_100: 'price_a',
    WERKBANK_STRIPE_PRICE_PACK_1000: 'price_b',
    WERKBANK_STRIPE_PRICE_PACK_5000: 'price_c',
    WERKBANK_STRIPE_PRICE_MONTH: 'price_d',
    WERKBANK_STRIPE_PRICE_YEAR: 'price_e',
  };

  it('half-configured payments refuse to start, naming what is missing', () => {
    const r = cli(['serve', '--port', '0', '--data', tempDir()], {
      WERKBANK_STRIPE_SECRET_KEY: 'sk_test_abc',
      WERKBANK_STRIPE_PRICE_MONTH: 'price_x',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(
      'Payments are half configured: set WERKBANK_STRIPE_WEBHOOK_SECRET, WERKBANK_STRIPE_PRICE_PACK_100, WERKBANK_STRIPE_PRICE_PACK_1000',
    );
    const wrong = cli(['serve', '--port', '0', '--data', tempDir()], { ...all, WERKBANK_STRIPE_WEBHOOK_SECRET: 'abc' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain("WERKBANK_STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)");
  });

  it('the Stripe SDK is loaded only when payments are configured, and then on first use', async () => {
    const tracer = pathToFileURL(join(repoRoot, 'test/helpers/load-tracer.mjs')).href;
    const sdkLoaded = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((url) => /\/dist\/chunks\/stripe\.esm\.node-/.test(url));
    for (const payments of [false, true]) {
      const trace = join(tempDir(), 'trace.txt');
      const env: Record<string, string> = { NODE_OPTIONS: `--import ${tracer}`, WERKBANK_TRACE_FILE: trace, ...(payments ? all : {}) };
      const server = await spawnServe(['--data', tempDir()], env);
      try {
        expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
        expect(sdkLoaded(trace)).toBe(false);
        const r = await fetch(`${server.url}/api/v1/billing/webhook`, {
          method: 'POST',
          headers: { 'Stripe-Signature': signature('{}') },
          body: '{}',
        });
        expect(r.status).toBe(payments ? 400 : 404); // signed with another secret than the server's
        expect(sdkLoaded(trace)).toBe(payments);
      } finally {
        server.proc.kill('SIGTERM');
      }
    }
  });

  it('werkbank doctor says whether payments are on, in which mode, and where Stripe sends webhooks', () => {
    const on = cli(['doctor', '--data', tempDir()], {
      ...all,
      WERKBANK_BASE_URL: 'https://tools.example.com',
      WERKBANK_CHROMIUM_PATH: '/nonexistent',
    });
    expect(on.stdout).toContain(
      "ok    payments: Stripe (live mode), 5 prices; Stripe's webhook endpoint: https://tools.example.com/api/v1/billing/webhook",
    );
    const offLine = cli(['doctor', '--data', tempDir()], { WERKBANK_CHROMIUM_PATH: '/nonexistent' });
    expect(offLine.stdout).toContain('note  payments: off (no WERKBANK_STRIPE_* settings)');
  });
});
