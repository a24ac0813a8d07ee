/**
 * Payments fulfil only what werkbank ordered: signed webhooks (signed with the Stripe SDK's own
 * `generateTestHeaderString`) sent to a listening server, against checkouts started through the
 * account page's form on a local fake of Stripe. A session werkbank never created, a wrong amount,
 * currency or price, an invoice of a subscription werkbank never created and events for deleted
 * accounts are refused (200, recorded for the operator, one log line), never applied; malformed ids
 * and timestamps too far ahead are a 400; the genuine flow credits exactly once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import {
  deliver,
  event,
  invoice,
  packSession,
  startFakeStripe,
  subscription,
  WEBHOOK_SECRET,
  type FakeStripe,
} from './helpers/fake-stripe.js';
import { Sessions } from '../src/http/sessions.js';

const ADMIN = 'admin-token-for-billing-order-tests-0123456789';
let stripe: FakeStripe;
let s: AccountsServer;
/** The same, with promotion codes enabled. */
let promo: AccountsServer;
let hook = '';
const sec = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startAccountsServer({ stripe: stripe.settings, adminToken: ADMIN });
  promo = await startAccountsServer({ stripe: { ...stripe.settings, promotionCodes: true } });
  hook = `${s.url}/api/v1/billing/webhook`;
  stripe.webhookUrl = hook;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await promo?.close();
  await stripe?.close();
});

let n = 0;
async function newAccount(server = s) {
  const name = `orderer${++n}`;
  const account = await server.server.accounts.createAccount(name);
  const session = await new Sessions(server.server.store).create(account.id);
  return { id: account.id, name, cookie: `wb_session=${session.id}`, csrf: session.csrf, server };
}
type Buyer = Awaited<ReturnType<typeof newAccount>>;
const info = (a: Buyer) => a.server.server.accounts.accountInfo(a.id);

/** Start a checkout of `product` through werkbank's form: the Checkout Session Stripe made and werkbank's order. */
async function checkout(a: Buyer, product: string) {
  const res = await fetch(`${a.server.url}/billing/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: a.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: a.csrf, product }),
  });
  expect(res.status).toBe(303);
  return { url: res.headers.get('location')!, ...stripe.sessionOf(res.headers.get('location')!) };
}
/** The completed session of a pack ordered through werkbank, with `over` changed. */
async function orderedPack(a: Buyer, credits: 100 | 1000 | 5000, over: Record<string, unknown> = {}) {
  const { id, order } = await checkout(a, `pack-${credits}`);
  return packSession(a.id, credits, { id, metadata: { account_id: a.id, product: `pack-${credits}`, order }, ...over });
}
async function refusedList() {
  const res = await fetch(`${s.url}/api/v1/admin/billing/refused`, { headers: { Authorization: `Bearer ${ADMIN}` } });
  expect(res.status).toBe(200);
  return (await res.json()).data as { event: string; type: string; reason: string; account: string | null; object: string | null }[];
}
/** Deliver, expecting a refusal acknowledged with 200 and listed for the operator; its reason. */
async function refused(ev: Record<string, unknown>, url = hook): Promise<string> {
  const r = await deliver(url, ev);
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ event: ev.id, outcome: 'refused' });
  if (url === hook) expect((await refusedList()).find((x) => x.event === ev.id)).toMatchObject({ reason: r.body.data.reason });
  return r.body.data.reason as string;
}

describe('a pack is credited only for a checkout werkbank created, at its price', () => {
  it('a Checkout Session werkbank never created credits nothing: 200, recorded as refused, one log line without secrets', async () => {
    const a = await newAccount();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    let ev: Record<string, unknown>;
    try {
      ev = event('checkout.session.completed', packSession(a.id, 5000)); // metadata names the account, no order
      expect(await refused(ev)).toMatch(/^Checkout Session cs_test_\w+ is not one werkbank created$/);
    } finally {
      spy.mockRestore();
    }
    const logged = lines.filter((l) => l.includes(ev.id as string));
    expect(logged).toHaveLength(1);
    expect((JSON.parse(logged[0]) as { msg: string; level: string }).msg).toMatch(
      /^billing: checkout\.session\.completed evt_\w+ refused: Checkout Session/,
    );
    expect(logged[0]).not.toContain(WEBHOOK_SECRET);
    expect(logged[0]).not.toContain('sk_test');
    // Delivered again: a duplicate, still nothing credited.
    expect((await deliver(hook, ev)).body.data.outcome).toBe('duplicate');
    // The order of another session of the same account does not cover it either.
    const { order } = await checkout(a, 'pack-5000');
    const borrowed = packSession(a.id, 5000, { metadata: { account_id: a.id, product: 'pack-5000', order } });
    expect(await refused(event('checkout.session.completed', borrowed))).toMatch(/is not the one of order ord_/);
    // Nor another account's order.
    const b = await newAccount();
    const theirs = await orderedPack(b, 5000);
    expect(await refused(event('checkout.session.completed', { ...theirs, client_reference_id: a.id }))).toMatch(
      /^account acc_\w+ is not the one of order ord_/,
    );
    expect((await info(a)).packCredits).toBe(0);
    expect((await info(b)).packCredits).toBe(0);
    const listed = (await refusedList()).find((x) => x.event === ev.id);
    expect(listed).toMatchObject({
      type: 'checkout.session.completed',
      account: a.id,
      object: (ev.data as { object: { id: string } }).object.id,
    });
  });

  it("amount_total 0, 100 in USD, the 100 pack's amount or the 100 pack's price for the 5,000 pack: refused; the right amount still credits", async () => {
    const a = await newAccount();
    const session = await orderedPack(a, 5000);
    expect(await refused(event('checkout.session.completed', { ...session, amount_total: 0 }))).toBe(
      'paid 0.00 EUR, the order is 20.00 EUR (a discount, and promotion codes are not enabled)',
    );
    expect(await refused(event('checkout.session.completed', { ...session, amount_total: 100, currency: 'usd' }))).toBe(
      'paid in USD, the order is in EUR',
    );
    expect(await refused(event('checkout.session.completed', { ...session, amount_total: 100 }))).toMatch(
      /^paid 1\.00 EUR, the order is 20\.00 EUR/,
    );
    expect(await refused(event('checkout.session.completed', { ...session, amount_total: 2500 }))).toBe(
      'paid 25.00 EUR, the order is 20.00 EUR',
    );
    const lineItems = { object: 'list', data: [{ id: 'li_1', object: 'item', price: { id: 'price_pack_100', object: 'price' } }] };
    expect(await refused(event('checkout.session.completed', { ...session, line_items: lineItems }))).toBe(
      "a line item's price (pack-100) is not the order's pack-5000",
    );
    expect((await info(a)).packCredits).toBe(0);
    // The session werkbank made, as Stripe reports it: credited once.
    expect((await deliver(hook, event('checkout.session.completed', session))).body.data.outcome).toBe('applied');
    expect((await info(a)).packCredits).toBe(5000);
  });

  it('a pack ordered as 100 credits cannot be reported as 5,000 (metadata or price)', async () => {
    const a = await newAccount();
    const small = await orderedPack(a, 100);
    const claimed = { ...small, metadata: { ...(small.metadata as object), product: 'pack-5000' }, amount_total: 2000 };
    expect(await refused(event('checkout.session.completed', claimed))).toBe("product pack-5000 is not the order's pack-100");
    const priced = { ...small, line_items: { data: [{ price: { id: 'price_pack_5000' } }] } };
    expect(await refused(event('checkout.session.completed', priced))).toBe("a line item's price (pack-5000) is not the order's pack-100");
    const foreign = { ...small, line_items: { data: [{ price: { id: 'price_someone_else' } }] } };
    expect(await refused(event('checkout.session.completed', foreign))).toBe(
      "a line item's price (none of werkbank's) is not the order's pack-100",
    );
    expect((await info(a)).packCredits).toBe(0);
  });

  it('with promotion codes enabled, Checkout offers them and a 100 % discount credits the pack; never more than ordered', async () => {
    const a = await newAccount(promo);
    const before = stripe.requests.length;
    const session = await orderedPack(a, 5000);
    expect(stripe.requests[before].params.allow_promotion_codes).toBe('true');
    const url = `${promo.url}/api/v1/billing/webhook`;
    expect(await refused(event('checkout.session.completed', { ...session, amount_total: 3000, amount_subtotal: 3000 }), url)).toMatch(
      /^paid 30\.00 EUR/,
    );
    const free = { ...session, amount_total: 0, amount_subtotal: 2000, total_details: { amount_discount: 2000 } };
    expect((await deliver(url, event('checkout.session.completed', free))).body.data.outcome).toBe('applied');
    expect((await info(a)).packCredits).toBe(5000);
    // Without the setting the form's checkout does not offer them.
    const b = await newAccount();
    const at = stripe.requests.length;
    await checkout(b, 'pack-100');
    expect(stripe.requests[at].params.allow_promotion_codes).toBeUndefined();
  });

  it('a Stripe price that is not what werkbank sells refuses to start the checkout (502): nobody pays what cannot be credited', async () => {
    const a = await newAccount();
    stripe.prices.price_pack_1000 = 50;
    try {
      const res = await fetch(`${s.url}/billing/checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: a.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: a.csrf, product: 'pack-1000' }),
      });
      expect(res.status).toBe(502);
      expect((await res.json()).error).toMatch(/price for pack-1000 is 0\.50 EUR, not the 5\.00 EUR werkbank sells it for/);
    } finally {
      stripe.prices.price_pack_1000 = 500;
    }
  });
});

describe('the genuine flow', () => {
  it('checkout through werkbank, paid on Checkout: credited exactly once however often Stripe delivers', async () => {
    const a = await newAccount();
    const { url, id, order } = await checkout(a, 'pack-1000');
    expect(order).toMatch(/^ord_[0-9a-f]{24}$/);
    const pay = await fetch(url, { method: 'POST', redirect: 'manual' }); // the fake delivers checkout.session.completed
    expect(pay.status).toBe(303);
    expect(stripe.deliveries.at(-1)).toEqual({ type: 'checkout.session.completed', status: 200 });
    expect((await info(a)).packCredits).toBe(1000);
    const again = packSession(a.id, 1000, { id, metadata: { account_id: a.id, product: 'pack-1000', order } });
    const outcomes = [];
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
      outcomes.push((await deliver(hook, event(type, again))).body.data.outcome);
    expect(outcomes).toEqual(['applied', 'applied']); // other events about the same payment: recorded, no second grant
    expect((await info(a)).packCredits).toBe(1000);
    const usage = await s.server.accounts.usage(a.id, 7);
    expect(usage.entries.filter((e) => e.added !== undefined)).toEqual([expect.objectContaining({ added: 1000, reference: id })]);
  });

  it('the plan through werkbank: subscription, checkout and invoice all match its order; the plan is paid', async () => {
    const a = await newAccount();
    const { url } = await checkout(a, 'plan-month');
    await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(stripe.deliveries.slice(-3)).toEqual([
      { type: 'customer.subscription.created', status: 200 },
      { type: 'checkout.session.completed', status: 200 },
      { type: 'invoice.paid', status: 200 },
    ]);
    expect((await info(a)).plan).toBe('paid');
    expect((await refusedList()).filter((r) => r.account === a.id)).toEqual([]);
  });
});

describe('the plan is paid only for a subscription werkbank created', () => {
  it('invoice.paid for an unknown subscription leaves the plan free (200, refused); also with an account and a made-up order', async () => {
    const a = await newAccount();
    const far = sec() + 80 * 365 * DAY; // "paid until 2100"
    expect(await refused(event('invoice.paid', invoice(a.id, 'sub_never_made', sec(), far)))).toBe(
      'subscription sub_never_made is not one werkbank created',
    );
    expect(await refused(event('invoice.paid', invoice(a.id, 'sub_never_made2', sec(), far, 'ord_made_up')))).toBe(
      'subscription sub_never_made2 is not one werkbank created',
    );
    expect(await refused(event('invoice.paid', invoice(null, 'sub_never_made3', sec(), far, 'ord_made_up')))).toBe(
      'subscription sub_never_made3 is not one werkbank created',
    );
    expect((await info(a)).plan).toBe('free');
    expect((await s.server.billing!.state(a.id)).paidInvoice).toBeNull();
  });

  it('subscription events need their order: none, a pack order, or an order that made another subscription are refused', async () => {
    const a = await newAccount();
    expect(await refused(event('customer.subscription.created', subscription(a.id, { start: sec(), end: sec() + 30 * DAY })))).toMatch(
      /^subscription sub_\w+ is not one werkbank created$/,
    );
    const pack = await checkout(a, 'pack-100');
    const onPack = subscription(a.id, { start: sec(), end: sec() + 30 * DAY, order: pack.order });
    expect(await refused(event('customer.subscription.created', onPack))).toBe(`order ${pack.order} is for pack-100, not the plan`);
    const plan = await checkout(a, 'plan-month');
    const first = subscription(a.id, { start: sec(), end: sec() + 30 * DAY, order: plan.order });
    expect((await deliver(hook, event('customer.subscription.created', first))).body.data.outcome).toBe('applied');
    const second = subscription(a.id, { start: sec(), end: sec() + 30 * DAY, order: plan.order });
    expect(await refused(event('customer.subscription.created', second))).toBe(
      `order ${plan.order} made subscription ${first.id as string}, not ${second.id as string}`,
    );
    // A price that is not werkbank's plan, or another currency, on the subscription werkbank made.
    expect(
      await refused(
        event(
          'customer.subscription.updated',
          { ...first, ...subscription(a.id, { id: first.id as string, start: sec(), end: sec() + DAY, price: 'price_cheap' }) },
          sec() + 1,
        ),
      ),
    ).toMatch(/its price is not werkbank's plan by the month/);
    expect(await refused(event('customer.subscription.updated', { ...first, currency: 'usd' }, sec() + 2))).toMatch(/is in EUR, not USD/);
    const b = await newAccount();
    expect(await refused(event('customer.subscription.updated', { ...first, metadata: { account_id: b.id } }))).toMatch(
      /another account's/,
    );
    expect((await s.server.billing!.state(a.id)).subscription).toMatchObject({ id: first.id, status: 'active' });
    expect((await info(b)).plan).toBe('free');
  });
});

describe('deleted accounts', () => {
  it('an event for an account whose deletion began, or that was deleted, is recorded and not applied (200)', async () => {
    const a = await newAccount();
    const session = await orderedPack(a, 1000);
    await s.server.store.updateAccount(a.id, (acc) => {
      acc.deletedAt = new Date().toISOString();
    });
    expect(await refused(event('checkout.session.completed', session))).toBe(`account ${a.id} is being deleted`);
    expect((await info(a)).packCredits).toBe(0);

    const b = await newAccount();
    const pending = await orderedPack(b, 5000);
    const del = await fetch(`${s.url}/auth/delete-account`, {
      method: 'POST',
      headers: { Cookie: b.cookie, 'X-CSRF-Token': b.csrf, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: b.name }),
    });
    expect(del.status).toBe(200);
    expect(await refused(event('checkout.session.completed', pending))).toBe(`account ${b.id} is being deleted`);
    const tomb = await s.server.store.getAccount(b.id);
    expect(tomb).toMatchObject({ packCredits: 0, plan: 'free' });
    expect(tomb!.name).toMatch(/^deleted-/);
  });

  it('an event for an account that does not exist is recorded, not applied (200)', async () => {
    const ev = event('checkout.session.completed', packSession('acc_gone', 5000));
    // No order either: the refusal names the first reason found.
    expect(await refused(ev)).toMatch(/^account acc_gone does not exist$/);
  });
});

describe('malformed events are a 400, never a 500', () => {
  it('an odd or 5,000-character account id, or a field that is not a string, is a 400 naming the field; nothing is recorded', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [packSession('acc_x', 100, { client_reference_id: 'x'.repeat(5000) }), 'data.object.client_reference_id'],
      [packSession('acc_x', 100, { client_reference_id: '../acc x\u0000' }), 'data.object.client_reference_id'],
      [
        packSession('acc_x', 100, { client_reference_id: null, metadata: { account_id: 'ä'.repeat(20) } }),
        'data.object.metadata.account_id',
      ],
      [packSession('acc_x', 100, { client_reference_id: 12345 }), 'data.object.client_reference_id'],
      [packSession('acc_x', 100, { client_reference_id: { id: 'acc_x' } }), 'data.object.client_reference_id'],
      [packSession('acc_x', 100, { id: 'cs_' + 'y'.repeat(5000) }), 'data.object.id'],
      [packSession('acc_x', 100, { metadata: { account_id: 'acc_x', order: ['ord_1'] } }), 'data.object.metadata.order'],
      [packSession('acc_x', 100, { currency: 'EURO' }), 'data.object.currency'],
    ];
    for (const [object, field] of cases) {
      const r = await deliver(hook, event('checkout.session.completed', object));
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ code: 400, error: expect.stringContaining(`\`${field}\` must be`) });
    }
    const sub = subscription('z'.repeat(5000), { start: sec(), end: sec() + DAY });
    expect((await deliver(hook, event('customer.subscription.created', sub))).body.error).toContain(
      '`data.object.metadata.account_id` must be a werkbank account id',
    );
    const inv = await deliver(hook, event('invoice.paid', invoice('acc x', 'sub_1', sec(), sec() + DAY)));
    expect(inv.status).toBe(400);
    const badId = await deliver(hook, { ...event('customer.created', {}), id: 'evt_' + 'q'.repeat(5000) });
    expect(badId).toMatchObject({ status: 400, body: { error: expect.stringContaining('`id` must be an id') } });
    const badType = await deliver(hook, { ...event('customer.created', {}), type: 42 });
    expect(badType).toMatchObject({ status: 400, body: { error: expect.stringContaining('`type` must be an event type') } });
  });
});

describe('the signature timestamp', () => {
  it('a day ahead, or 301 s ahead, is refused like a stale one (400, nothing applied); a little clock skew is accepted', async () => {
    const a = await newAccount();
    const session = await orderedPack(a, 100);
    const ev = event('checkout.session.completed', session);
    for (const ahead of [DAY, 301]) {
      const r = await deliver(hook, ev, { timestamp: sec() + ahead });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^Invalid `Stripe-Signature`: Timestamp outside the tolerance zone/);
    }
    const stale = await deliver(hook, ev, { timestamp: sec() - 301 });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatch(/^Invalid `Stripe-Signature`: Timestamp outside the tolerance zone/);
    expect((await info(a)).packCredits).toBe(0);
    expect((await deliver(hook, ev, { timestamp: sec() + 60 })).body.data.outcome).toBe('applied');
    expect((await info(a)).packCredits).toBe(100);
  });
});

describe("the operator's list", () => {
  it('needs the admin token', async () => {
    expect((await fetch(`${s.url}/api/v1/admin/billing/refused`)).status).toBe(401);
    expect((await fetch(`${promo.url}/api/v1/admin/billing/refused`)).status).toBe(404); // no admin token configured
  });
});
