/**
 * The credit ledger on PostgreSQL keeps the embedded store's guarantees with
 * several processes on one database (here: several stores and `Accounts` in
 * one test process, each with its own pool, as separate instances have):
 * atomic reservations, commit durable before the response, refund exactly
 * once, never negative, the monthly reset once. And the migrations: applied
 * once when instances start together, a newer schema refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/accounts/accounts.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import { migrate } from '../src/store/postgres/schema.js';
import { MIGRATIONS } from '../src/store/migrations.js';
import { HttpError } from '../src/core/errors.js';
import { post, startServer } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import pg from 'pg';
import { EmbeddedStore } from '../src/store/embedded/store.js';
import { copiedNothing, importEmbedded } from '../src/store/migrate.js';
import { tempDir } from './helpers/server.js';

let db: TestDatabase;
let n = 0;
/** Monthly credits by plan, as `Accounts` passes them to the reservation statement. */
const LIMITS = { free: 1000, paid: 7500 } as const;

beforeAll(async () => {
  db = await startPostgres();
}, 120_000);
afterAll(async () => {
  await db?.stop();
});

/** A URL whose tables live in a schema of their own: an empty database for one case. */
async function freshUrl(): Promise<string> {
  const schema = `ledger_${process.pid}_${++n}`;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  const u = new URL(db.url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** `count` instances (store + Accounts) on one database, all at `now`. */
async function instances(count: number, now: () => Date = () => new Date()) {
  const url = await freshUrl();
  const stores = await Promise.all(Array.from({ length: count }, () => PostgresStore.open(url, { poolSize: 8 })));
  return { url, stores, accounts: stores.map((s) => new Accounts(s, now)), close: () => Promise.all(stores.map((s) => s.close())) };
}

async function tryReserve(accounts: Accounts, id: string, cost = 1) {
  try {
    return await accounts.reserve(id, cost, 'word-counter', 'rest');
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return null;
    throw err;
  }
}

describe('ledger on PostgreSQL', () => {
  it('reserves atomically across instances: 300 calls against 120 credits → exactly 120, never negative', async () => {
    const { stores, accounts, close } = await instances(3);
    try {
      const a = await accounts[0].createAccount('burst', 'free');
      // 100 of the monthly allowance left, then 20 pack credits.
      await stores[0].updateAccount(a.id, (x) => void ((x.allowanceUsed = 900), (x.packCredits = 20)));
      const results = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const r = await tryReserve(accounts[i % 3], a.id);
          if (!r) return false;
          await r.commit();
          return true;
        }),
      );
      expect(results.filter(Boolean).length).toBe(120);
      const after = await stores[1].getAccount(a.id);
      expect(after).toMatchObject({ allowanceUsed: 1000, packCredits: 0 });
      expect((await accounts[2].balance(a.id)).remaining).toBe(0);
      const usage = await accounts[1].usage(a.id, 1);
      expect(usage.totals).toEqual({ calls: 120, credits: 120 });
      expect(usage.entries.reduce((s, e) => s + e.fromPacks, 0)).toBe(20);
      const held = await stores[0].pool.query('SELECT count(*)::int AS n FROM ledger_holds');
      expect(held.rows[0].n).toBe(0);
      // The CHECK constraint refuses a negative balance even from a direct write.
      await expect(stores[0].pool.query('UPDATE accounts SET pack_credits = -1 WHERE id = $1', [a.id])).rejects.toThrow(/check/i);
    } finally {
      await close();
    }
  });

  it('takes the calls of one batch in arrival order, as if one by one, account by account', async () => {
    const { stores, accounts, close } = await instances(1);
    try {
      const a = await accounts[0].createAccount('batch-a', 'free');
      const b = await accounts[0].createAccount('batch-b', 'paid');
      await stores[0].updateAccount(a.id, (x) => void ((x.allowanceUsed = 995), (x.packCredits = 5)));
      await stores[0].updateAccount(b.id, (x) => void (x.allowanceUsed = 7499));
      // Issued in one turn: one statement. a has 10 credits: 8 fits, 5 does not, then 2 still fits.
      const ledger = stores[0].ledger;
      const outcomes = await Promise.all([
        ledger.reserve(a.id, 8, LIMITS, a.periodStart),
        ledger.reserve(b.id, 1, LIMITS, b.periodStart),
        ledger.reserve(a.id, 5, LIMITS, a.periodStart),
        ledger.reserve('acc_nope', 1, LIMITS, a.periodStart),
        ledger.reserve(b.id, 1, LIMITS, b.periodStart),
        ledger.reserve(a.id, 2, LIMITS, a.periodStart),
      ]);
      expect(outcomes.map((o) => o.hold && [o.hold.fromAllowance, o.hold.fromPacks])).toEqual([[5, 3], [1, 0], null, null, null, [0, 2]]);
      expect(outcomes.map((o) => o.account?.packCredits)).toEqual([2, 0, 2, undefined, 0, 0]);
      expect(outcomes[3].account).toBeUndefined(); // no such account
      expect(await stores[0].getAccount(a.id)).toMatchObject({ allowanceUsed: 1000, packCredits: 0 });
      expect(await stores[0].getAccount(b.id)).toMatchObject({ allowanceUsed: 7500, packCredits: 0 });
      // Commits of one turn: one statement, each hold once, each answer its own account.
      const entry = (credits: number, fa: number) => ({
        at: new Date().toISOString(),
        tool: 't',
        surface: 'rest',
        credits,
        fromAllowance: fa,
        fromPacks: credits - fa,
      });
      const after = await Promise.all([
        ledger.commit(outcomes[0].hold!, entry(8, 5)),
        ledger.commit(outcomes[1].hold!, entry(1, 1)),
        ledger.commit(outcomes[0].hold!, entry(8, 5)), // the same hold again: gone
        ledger.commit(outcomes[5].hold!, entry(2, 0)),
      ]);
      expect(after.map((x) => x?.name)).toEqual(['batch-a', 'batch-b', undefined, 'batch-a']);
      expect((await accounts[0].usage(a.id, 1)).entries.map((e) => e.credits).sort()).toEqual([2, 8]);
      expect((await accounts[0].usage(b.id, 1)).entries.map((e) => e.credits)).toEqual([1]);
    } finally {
      await close();
    }
  });

  it('refunds exactly once, whoever asks and however often; a refunded hold cannot be committed', async () => {
    const { stores, accounts, close } = await instances(2);
    try {
      const a = await accounts[0].createAccount('refunds', 'free');
      await stores[0].updateAccount(a.id, (x) => void ((x.allowanceUsed = 995), (x.packCredits = 10)));
      const before = (await accounts[0].balance(a.id)).remaining;
      expect(before).toBe(15);
      const { hold } = await stores[0].ledger.reserve(a.id, 8, LIMITS, a.periodStart);
      expect(hold).toMatchObject({ fromAllowance: 5, fromPacks: 3 });
      expect((await accounts[1].balance(a.id)).remaining).toBe(7);
      // Two instances refund the same hold at once, twice each: the credits come back once.
      const outcomes = await Promise.all([
        stores[0].ledger.refund(hold!),
        stores[1].ledger.refund(hold!),
        stores[0].ledger.refund(hold!),
        stores[1].ledger.refund(hold!),
      ]);
      expect(outcomes.filter(Boolean).length).toBe(1);
      expect(await stores[1].getAccount(a.id)).toMatchObject({ allowanceUsed: 995, packCredits: 10 });
      expect(
        await stores[0].ledger.commit(hold!, {
          at: new Date().toISOString(),
          tool: 't',
          surface: 'rest',
          credits: 8,
          fromAllowance: 5,
          fromPacks: 3,
        }),
      ).toBeUndefined();
      expect((await accounts[0].usage(a.id, 1)).entries).toEqual([]);
      // Through Accounts: refund after refund is a no-op, commit after refund throws.
      const r = (await tryReserve(accounts[0], a.id, 4))!;
      await Promise.all([r.refund(), r.refund()]);
      await expect(r.commit()).rejects.toThrow(/settled/);
      expect((await accounts[1].balance(a.id)).remaining).toBe(15);
    } finally {
      await close();
    }
  });

  it('resets the monthly allowance once when many calls on several instances cross the period boundary together', async () => {
    let now = new Date('2026-01-20T12:00:00Z');
    const { stores, accounts, close } = await instances(2, () => now);
    try {
      const a = await accounts[0].createAccount('monthly', 'free');
      // Exhaust January's allowance.
      await stores[0].updateAccount(a.id, (x) => void (x.allowanceUsed = 1000));
      expect(await tryReserve(accounts[1], a.id)).toBeNull();
      now = new Date('2026-02-20T12:00:01Z'); // the next period started at 2026-02-20T00:00Z
      const rs = await Promise.all(Array.from({ length: 60 }, (_, i) => tryReserve(accounts[i % 2], a.id)));
      expect(rs.every(Boolean)).toBe(true);
      await Promise.all(rs.map((r) => r!.commit()));
      // Had the reset run twice, calls before the second reset would be forgotten (< 60).
      expect(await stores[1].getAccount(a.id)).toMatchObject({ periodStart: '2026-02-20T00:00:00.000Z', allowanceUsed: 60 });
      expect((await accounts[0].balance(a.id)).remaining).toBe(940);
      // A hold taken in January and refunded in February gives nothing back to February's allowance.
    } finally {
      await close();
    }
  });

  it('gives back the holds of a process that died mid-call (stale holds), once', async () => {
    const { stores, accounts, close } = await instances(2);
    try {
      const a = await accounts[0].createAccount('stale', 'free');
      await stores[0].updateAccount(a.id, (x) => void (x.packCredits = 5));
      for (let i = 0; i < 3; i++) await stores[0].ledger.reserve(a.id, 2, LIMITS, a.periodStart);
      expect((await accounts[0].balance(a.id)).remaining).toBe(1005 - 6);
      expect(await stores[0].ledger.releaseStaleHolds(3600_000)).toBe(0); // still fresh
      await stores[0].pool.query("UPDATE ledger_holds SET created_at = now() - interval '2 hours'");
      const [x, y] = await Promise.all([stores[0].ledger.releaseStaleHolds(3600_000), stores[1].ledger.releaseStaleHolds(3600_000)]);
      expect(x + y).toBe(1); // one account updated, by one of them
      expect((await accounts[1].balance(a.id)).remaining).toBe(1005);
    } finally {
      await close();
    }
  });

  it('commits the charge before the REST response, and answers 429 when the balance is short', async () => {
    const url = await freshUrl();
    const s = await startServer({ databaseUrl: url }, 'free');
    try {
      await s.server.store.updateAccount(s.accountId, (a) => void (a.allowanceUsed = 998));
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        for (let i = 1; i <= 2; i++) {
          const res = await post(s.url, '/api/v1/tools/word-counter', { text: 'a b' }, s.key);
          expect(res.status).toBe(200);
          expect(res.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
          // Another connection sees the usage row as soon as the response arrived.
          expect((await check.query('SELECT count(*)::int AS n FROM usage')).rows[0].n).toBe(i);
        }
        const short = await post(s.url, '/api/v1/tools/word-counter', { text: 'a b' }, s.key);
        expect(short.status).toBe(429);
        expect(short.text).toMatch(/Credit balance exhausted/);
      } finally {
        await check.end();
      }
    } finally {
      await s.close();
    }
  });
});

describe('migrations on PostgreSQL', () => {
  it('are applied once when several instances start at the same moment, and again is a no-op', async () => {
    const url = await freshUrl();
    const stores = await Promise.all(Array.from({ length: 5 }, () => PostgresStore.open(url, { poolSize: 2 })));
    try {
      const { rows } = await stores[0].pool.query('SELECT version FROM werkbank_migrations ORDER BY version');
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
      expect(await migrate(stores[1].pool)).toEqual([]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('refuses a database whose schema is newer than this werkbank', async () => {
    const url = await freshUrl();
    const s = await PostgresStore.open(url);
    await s.pool.query("INSERT INTO werkbank_migrations (version, name) VALUES (999, 'from the future')");
    await s.close();
    await expect(PostgresStore.open(url)).rejects.toThrow(/version 999, newer than this werkbank knows/);
  });
});

describe('werkbank migrate --from-data', () => {
  it('copies an embedded store (accounts, keys, balances, usage, memory, every record table) into the database, idempotently', async () => {
    const dir = tempDir();
    const low = await EmbeddedStore.open(dir);
    const lowAccounts = new Accounts(low);
    const a = await lowAccounts.createAccount('imported', 'paid');
    await lowAccounts.addPack('imported', 100, 'cli');
    const { key } = await lowAccounts.createKey('imported');
    for (let i = 0; i < 5; i++) await (await lowAccounts.reserve(a.id, 2, 'word-counter', 'rest')).commit();
    await low.collection('memory').set(a.id, 'default/note', { namespace: 'default', key: 'note', value: 'kept' });
    // Credits bought: a usage entry that is no call, with its payment reference.
    const bought = {
      at: new Date().toISOString(),
      tool: 'credit-pack',
      surface: 'payment',
      credits: 0,
      fromAllowance: 0,
      fromPacks: 0,
      added: 1000,
      reference: 'cs_test_import',
    };
    await low.applyEvent({ table: 'billing_events', id: 'evt_import', accountId: a.id, value: {}, expiresAt: null }, a.id, [], (acc) => {
      acc.packCredits += 1000;
      return { rows: [], entry: bought };
    });
    // Record tables, whatever their names: a live row (with its expiry) is copied, an expired one is not.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await low.records('some_future_table').put({ id: 'live', accountId: a.id, value: { n: 1 }, expiresAt: later });
    await low.records('some_future_table').put({ id: 'gone', accountId: null, value: { n: 2 }, expiresAt: '2020-01-01T00:00:00.000Z' });
    await low.records('only_expired').put({ id: 'gone', accountId: null, value: {}, expiresAt: '2020-01-01T00:00:00.000Z' });
    const before = await lowAccounts.accountInfo(a.id);
    await low.close();

    const url = await freshUrl();
    const store = await PostgresStore.open(url);
    try {
      const first = await importEmbedded(dir, store);
      // Usage: 5 calls, the operator's pack and the purchase.
      const records = { billing_events: 1, only_expired: 0, some_future_table: 1 };
      expect(first).toEqual({ accounts: 1, keys: 1, usage: 7, items: 1, records, expiredRecords: 2, files: 0 });
      const again = await importEmbedded(dir, store);
      expect(again).toEqual({
        accounts: 0,
        keys: 0,
        usage: 0,
        items: 0,
        records: { billing_events: 0, only_expired: 0, some_future_table: 0 },
        expiredRecords: 2,
        files: 0,
      }); // "Nothing to copy"
      expect(copiedNothing(again)).toBe(true);
      expect(await store.records('some_future_table').get('live', new Date().toISOString())).toEqual({
        id: 'live',
        accountId: a.id,
        value: { n: 1 },
        expiresAt: later,
      });
      expect(await store.records('some_future_table').get('gone', '2000-01-01T00:00:00.000Z')).toBeUndefined();
      // The event applied on the embedded store is a duplicate on the database.
      const outcome = await store.applyEvent(
        { table: 'billing_events', id: 'evt_import', accountId: a.id, value: {}, expiresAt: null },
        a.id,
        [],
        () => ({ rows: [] }),
      );
      expect(outcome).toBe('duplicate');
      const accounts = new Accounts(store);
      expect(await accounts.accountInfo(a.id)).toEqual(before);
      expect((await accounts.usage(a.id, 7)).totals).toEqual({ calls: 5, credits: 10 });
      const entries = (await accounts.usage(a.id, 7)).entries;
      expect(entries[0]).toEqual(bought);
      expect(entries.at(-1)).toMatchObject({
        tool: 'credit-pack',
        surface: 'operator',
        credits: 0,
        added: 100,
        reference: expect.stringMatching(/^operator:cli:pack_/),
      });
      expect((await store.collection<{ value: string }>('memory').get(a.id, 'default/note'))?.value).toBe('kept');
      // A pack the operator adds on the database is in the history too, with its credits.
      await accounts.addPack('imported', 1000, 'admin-api');
      expect((await accounts.accountInfo(a.id)).packCredits).toBe(before.packCredits + 1000);
      expect((await accounts.usage(a.id, 7)).entries[0]).toMatchObject({
        surface: 'operator',
        added: 1000,
        reference: expect.stringMatching(/^operator:admin-api:pack_/),
      });
      expect((await accounts.usage(a.id, 7)).totals).toEqual({ calls: 5, credits: 10 });
      // The same key works against the database.
      const caller = await accounts.authenticate(new Headers({ 'X-API-Key': key }));
      expect(caller.accountId).toBe(a.id);
    } finally {
      await store.close();
    }
  });
});

describe('anonymous render counts on PostgreSQL', () => {
  it('are shared by every instance: the limit holds across stores, a refund gives one back, days are separate', async () => {
    const url = await freshUrl();
    const [a, b] = await Promise.all([PostgresStore.open(url), PostgresStore.open(url)]);
    try {
      // The render meter's counting (src/render/meter.ts): key `render:<client>`, window the UTC day.
      const end = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString();
      const take = async (s: PostgresStore, day = '2026-11-24', client = '203.0.113.7') =>
        (await s.counters.take(`render:${client}:${day}`, 3, `${day}T12:00:00.000Z`, end(day))).count;
      // 10 concurrent attempts through two instances against a limit of 3: exactly 3 succeed.
      const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => take(i % 2 ? a : b)));
      expect(counts.filter((c) => c !== null).sort()).toEqual([1, 2, 3]);
      await b.counters.give('render:203.0.113.7:2026-11-24', end('2026-11-24'));
      expect(await take(a)).toBe(3);
      expect(await take(b)).toBeNull();
      expect(await take(a, '2026-11-25')).toBe(1);
      expect(await take(b, '2026-11-24', '198.51.100.1')).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
