/**
 * Payments on PostgreSQL with two server instances on one database (each its own store and
 * connection pools): the same webhook delivered to both at once, many times, two events about one
 * payment racing, refunds racing, and subscription events out of order across instances. Each payment
 * changes the balance exactly once (one usage entry, one credit change). Malformed ids are a 400 here too
 * (a 5,000-character id would not fit PostgreSQL's index).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { deliver, event, packSession, refundedCharge, startFakeStripe, subscription, type FakeStripe } from './helpers/fake-stripe.js';
import { PRODUCTS } from '../src/billing/billing.js';

let db: TestDatabase;
let sql: pg.Pool;
let stripe: FakeStripe;
let a: AccountsServer;
let b: AccountsServer;
let hooks: string[] = [];

beforeAll(async () => {
  db = await startPostgres();
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  stripe = await startFakeStripe();
  a = await startAccountsServer({ databaseUrl: db.url, stripe: stripe.settings });
  b = await startAccountsServer({ databaseUrl: db.url, stripe: stripe.settings });
  hooks = [a, b].map((s) => `${s.url}/api/v1/billing/webhook`);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await stripe?.close();
  await sql?.end();
  await db?.stop();
});

let n = 0;
async function newAccount() {
  const account = await a.server.accounts.createAccount(`pgbuyer${++n}`);
  return account.id;
}
/** Start a checkout of `product` for the account through werkbank (on instance a): Stripe's session and werkbank's order. */
async function ordered(id: string, product: string) {
  const url = await a.server.billing!.checkout(id, PRODUCTS[product], { successUrl: `${a.url}/account`, cancelUrl: `${a.url}/account` });
  return stripe.sessionOf(url);
}
async function orderedPack(id: string, credits: 100 | 1000 | 5000) {
  const { id: session, order } = await ordered(id, `pack-${credits}`);
  return packSession(id, credits, { id: session, metadata: { account_id: id, product: `pack-${credits}`, order } });
}
const packCredits = async (id: string) =>
  (await sql.query<{ p: number }>('SELECT pack_credits AS p FROM accounts WHERE id = $1', [id])).rows[0].p;
const credited = async (id: string) =>
  (
    await sql.query<{ added: number; reference: string }>(
      'SELECT added, reference FROM usage WHERE account_id = $1 AND added IS NOT NULL ORDER BY id',
      [id],
    )
  ).rows;

/** Deliver every event to both instances at once, `times` times each. */
async function storm(events: Record<string, unknown>[], times = 5) {
  const all = await Promise.all(events.flatMap((ev) => Array.from({ length: times }, (_, i) => deliver(hooks[i % 2], ev))));
  for (const r of all) expect(r.status).toBe(200);
  return all.map((r) => r.body.data.outcome as string);
}

describe('exactly once on PostgreSQL, two instances', () => {
  it('the same pack event, delivered ten times to two instances at once: one credit change', async () => {
    const id = await newAccount();
    const session = await orderedPack(id, 1000);
    const outcomes = await storm([event('checkout.session.completed', session)], 10);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await packCredits(id)).toBe(1000);
    expect(await credited(id)).toEqual([{ added: 1000, reference: session.id }]);
    // Both instances see it.
    expect((await b.server.accounts.accountInfo(id)).remaining).toBe(2000);
  });

  it('two events about one payment (completed and async_payment_succeeded), racing on both instances: one grant', async () => {
    const id = await newAccount();
    const session = await orderedPack(id, 5000);
    await storm([event('checkout.session.completed', session), event('checkout.session.async_payment_succeeded', session)], 6);
    expect(await packCredits(id)).toBe(5000);
    expect(await credited(id)).toHaveLength(1);
  });

  it('a refund delivered to both at once takes back once; calls racing with it never drive the balance below zero', async () => {
    const id = await newAccount();
    const session = await orderedPack(id, 100);
    await deliver(hooks[0], event('checkout.session.completed', session));
    const spending = Array.from({ length: 20 }, () =>
      a.server.accounts.reserve(id, 1000 + 5, 'word-counter', 'rest').then(
        (r) => r.commit(),
        () => undefined,
      ),
    );
    await Promise.all([storm([event('charge.refunded', refundedCharge(session.payment_intent as string, 100, 100))], 6), ...spending]);
    const left = await packCredits(id);
    expect(left).toBeGreaterThanOrEqual(0);
    const changes = await credited(id);
    expect(changes.filter((c) => c.added < 0)).toHaveLength(1);
    expect(changes.reduce((sum, c) => sum + c.added, 0)).toBeGreaterThanOrEqual(0);
  });

  it('subscription events out of order across instances: the newest state wins, once', async () => {
    const id = await newAccount();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscription(id, { start: now, end: now + 30 * 86_400, order: (await ordered(id, 'plan-month')).order });
    const created = event('customer.subscription.created', sub, now - 20);
    const cancelled = event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, now - 10);
    await deliver(hooks[1], cancelled);
    await deliver(hooks[0], created);
    await storm([created, cancelled], 4);
    expect((await b.server.accounts.accountInfo(id)).plan).toBe('paid');
    expect((await a.server.billing!.state(id)).subscription).toMatchObject({ cancelAtPeriodEnd: true, eventCreated: now - 10 });
    const ended = event('customer.subscription.deleted', { ...sub, status: 'canceled', ended_at: now - 1 }, now - 1);
    await storm([ended, created, cancelled], 3);
    expect((await a.server.accounts.accountInfo(id)).plan).toBe('free');
    const { rows } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM records WHERE tbl = 'billing_events' AND account_id = $1",
      [id],
    );
    expect(rows[0].n).toBe(3); // each event recorded once
  });

  it('one order binds one subscription: 20 different subscriptions naming it, on both instances at once, 3 rounds: one applied', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newAccount();
      const { order } = await ordered(id, 'plan-month');
      const now = Math.floor(Date.now() / 1000);
      const subs = Array.from({ length: 20 }, () => subscription(id, { start: now, end: now + 30 * 86_400, order }));
      const results = await Promise.all(subs.map((sub, i) => deliver(hooks[i % 2], event('customer.subscription.created', sub))));
      for (const r of results) expect(r.status).toBe(200);
      const outcomes = results.map((r) => r.body.data.outcome as string);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(19);
      const bound = subs[outcomes.indexOf('applied')].id;
      expect((await b.server.billing!.state(id)).subscription?.id).toBe(bound);
      const { rows } = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM records WHERE tbl = 'billing_refs' AND account_id = $1",
        [id],
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it('a 5,000-character or odd account id, event id or session id is a 400, never a 500; nothing is recorded', async () => {
    const id = await newAccount();
    const cases = [
      event('checkout.session.completed', packSession(id, 100, { client_reference_id: 'a'.repeat(5000) })),
      event('checkout.session.completed', packSession(id, 100, { client_reference_id: 'acc\u0000x' })),
      event('checkout.session.completed', packSession(id, 100, { id: `cs_${'b'.repeat(5000)}` })),
      event('customer.subscription.created', subscription('c'.repeat(5000), { start: 1, end: 2 })),
      { ...event('customer.created', {}), id: `evt_${'d'.repeat(5000)}` },
    ];
    for (const ev of cases) expect((await deliver(hooks[0], ev)).status).toBe(400);
    const { rows } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM records WHERE tbl LIKE 'billing%' AND length(id) > 255",
    );
    expect(rows[0].n).toBe(0);
  });
});
