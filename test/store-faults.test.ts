/**
 * The embedded store under write faults: a change that cannot be made durable
 * is refused and not applied, in memory either; whatever was acknowledged
 * survives a restart. A fault is injected at every write a scripted session
 * makes (journal, snapshot, usage, collection logs), one run per write, as
 * disk full, an I/O error, a torn partial write, or a snapshot too large to
 * write; after each run the state in memory, and after a restart the state on
 * disk, must equal a fault-free store that was given only the acknowledged
 * changes.
 */
import { describe, expect, it } from 'vitest';
import { appendFileSync, existsSync } from 'node:fs';
import { EmbeddedStore, type WriteTarget } from '../src/store/embedded/store.js';
import { StoreUnavailableError, type Account, type ApiKeyRecord, type Store } from '../src/store/store.js';
import { tempDir } from './helpers/server.js';

const T0 = '2026-03-01T00:00:00.000Z';
const account = (id: string, name: string): Account => ({
  id,
  name,
  plan: 'free',
  createdAt: T0,
  periodStart: T0,
  allowanceUsed: 0,
  packCredits: 0,
  renderAllowanceUsed: 0,
});
const key = (id: string, accountId: string): ApiKeyRecord => ({
  id,
  accountId,
  hash: id.padEnd(64, '0'),
  prefix: 'wbk_' + id,
  createdAt: T0,
  revokedAt: null,
});
const charge = (store: Store, accountId: string, minute: number) =>
  store.charge(
    accountId,
    {
      at: `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`,
      tool: 'word_counter',
      surface: 'rest',
      credits: 1,
      fromAllowance: 1,
      fromPacks: 0,
    },
    { periodStart: T0, allowanceUsed: 1 },
  );
const memory = (store: Store) => store.collection<{ value: string }>('memory');

/** The scripted session: steps run in order; a step's ops run concurrently (they share a batch). */
type Op = (store: Store) => Promise<unknown>;
const SESSION: Op[][] = [
  [(s) => s.createAccount(account('acc_a', 'a')), (s) => s.createAccount(account('acc_b', 'b'))],
  [(s) => s.createKey(key('key_a1', 'acc_a'))],
  [(s) => s.updateAccount('acc_a', (a) => void (a.packCredits += 100))],
  [(s) => charge(s, 'acc_a', 1), (s) => charge(s, 'acc_a', 2), (s) => s.revokeKey('key_a1', T0)],
  [(s) => memory(s).set('acc_a', 'default/one', { value: 'x'.repeat(100) })],
  [(s) => memory(s).set('acc_b', 'default/two', { value: '\u0001'.repeat(50) }), (s) => charge(s, 'acc_b', 3)],
  [(s) => memory(s).delete('acc_a', 'default/one'), (s) => s.touchKey('key_a1', '2026-03-02T11:00:00.000Z')],
  [(s) => s.createKey(key('key_b1', 'acc_b')), (s) => s.updateAccount('acc_b', (a) => void (a.plan = 'paid'))],
  [(s) => memory(s).set('acc_a', 'default/three', { value: 'three' }), (s) => s.revokeKey('key_b1', T0), (s) => charge(s, 'acc_b', 4)],
  [
    (s) => sessions(s).put({ id: 'sess1', accountId: 'acc_a', value: { n: 1 }, expiresAt: null }),
    (s) => sessions(s).insert({ id: 'evt1', accountId: null, value: { n: 2 }, expiresAt: null }, T0),
  ],
  [(s) => sessions(s).take('sess1', T0), (s) => sessions(s).put({ id: 'sess2', accountId: 'acc_b', value: { n: 3 }, expiresAt: null })],
  // An outside event (a payment): its row, the account, another row and a usage entry in one journal line.
  [
    (s) =>
      s.applyEvent(
        { table: 'sessions', id: 'evt2', accountId: 'acc_a', value: { n: 4 }, expiresAt: null },
        'acc_a',
        [{ table: 'sessions', id: 'sess2' }],
        (a, [row]) => {
          a.packCredits += row ? 1000 : 1;
          return {
            rows: [{ table: 'sessions', id: 'grant', accountId: 'acc_a', value: { n: 5 }, expiresAt: null }],
            entry: {
              at: '2026-03-02T12:00:00.000Z',
              tool: 'credit-pack',
              surface: 'payment',
              credits: 0,
              fromAllowance: 0,
              fromPacks: 0,
              added: 1000,
              reference: 'cs_1',
            },
          };
        },
      ),
    (s) => charge(s, 'acc_a', 5),
  ],
];
const sessions = (store: Store) => store.records<{ n: number }>('sessions');

async function dump(store: Store) {
  const accounts = [...(await store.listAccounts())].sort((a, b) => a.id.localeCompare(b.id)).map((a) => ({ ...a }));
  return {
    accounts,
    keys: await Promise.all(accounts.map(async (a) => (await store.listKeys(a.id)).map((k) => ({ ...k })))),
    usage: await Promise.all(accounts.map((a) => store.readUsage(a.id, '2026-01-01'))),
    memory: [...(await memory(store).all())].sort(),
    memoryBytes: await Promise.all(accounts.map(async (a) => memory(store).bytes(a.id))),
    records: await Promise.all(['acc_a', 'acc_b'].map(async (id) => sessions(store).listByAccount(id, T0))),
    event: await sessions(store).get('evt1', T0),
  };
}

/** Run the session; returns which ops were acknowledged (by step and index). */
async function runSession(store: Store, only?: boolean[][]): Promise<boolean[][]> {
  const acked: boolean[][] = [];
  for (const [i, step] of SESSION.entries()) {
    const results = await Promise.allSettled(step.map((op, j) => (only && !only[i][j] ? Promise.reject(new Error('skipped')) : op(store))));
    acked.push(results.map((r) => r.status === 'fulfilled'));
    for (const r of results)
      if (r.status === 'rejected' && !/skipped|no account|exists|account was deleted/.test(String(r.reason)))
        expect(r.reason).toBeInstanceOf(StoreUnavailableError);
  }
  return acked;
}

type Fault = (target: WriteTarget, path: string) => void;
const FAULTS: Record<string, Fault> = {
  'disk full': () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
  'I/O error': () => {
    throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
  },
  // Part of the text reaches the file before the write fails.
  'torn write': (target, path) => {
    if (target !== 'snapshot' && existsSync(path))
      appendFileSync(path, '{"b":[{"op":"key","seq":9999,"key":{"id":"key_a1","revokedAt":"1999');
    throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
  },
  'snapshot too large': (target) => {
    if (target === 'snapshot') throw new RangeError('Invalid string length');
  },
};

/** Count the writes a fault-free session makes (with close, which snapshots). */
async function countWrites(): Promise<number> {
  let n = 0;
  const store = await EmbeddedStore.open(tempDir(), { faults: () => void n++ });
  await runSession(store);
  await store.close();
  return n;
}

describe('embedded store: a fault at any write', () => {
  it.each(Object.keys(FAULTS))(
    '%s: refused changes are not applied; the restarted state is exactly what was acknowledged',
    async (name) => {
      const writes = await countWrites();
      expect(writes).toBeGreaterThan(10);
      let refusedSomewhere = 0;
      for (let at = 0; at < writes; at++) {
        const dir = tempDir();
        let n = 0;
        const store = await EmbeddedStore.open(dir, {
          faults: (target, path) => {
            if (n++ === at) FAULTS[name](target, path);
          },
        });
        const acked = await runSession(store);
        if (acked.flat().includes(false)) refusedSomewhere++;
        // The reference: a fault-free store given only the acknowledged changes.
        const ref = await EmbeddedStore.open(tempDir());
        await runSession(ref, acked);
        const expected = await dump(ref);
        await ref.close();
        expect(await dump(store), `fault at write ${at}: in memory`).toEqual(expected);
        await store.close().catch(() => undefined); // a fault at the closing snapshot loses nothing either
        const reopened = await EmbeddedStore.open(dir);
        expect(await dump(reopened), `fault at write ${at}: after a restart`).toEqual(expected);
        await reopened.close();
      }
      if (name === 'snapshot too large')
        expect(refusedSomewhere).toBe(0); // the journal holds everything
      else expect(refusedSomewhere).toBeGreaterThan(0);
    },
    120_000,
  );

  it('a failed journal append refuses the whole batch with 503 and Retry-After; the next batch is written', async () => {
    let fail = true;
    const store = await EmbeddedStore.open(tempDir(), {
      faults: (target) => {
        if (target === 'journal' && fail) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    });
    const refused = await Promise.allSettled([store.createAccount(account('acc_x', 'x')), store.createAccount(account('acc_y', 'y'))]);
    for (const r of refused) {
      expect(r.status).toBe('rejected');
      const err = (r as PromiseRejectedResult).reason as StoreUnavailableError;
      expect(err.status).toBe(503);
      expect(err.extra.retryAfter).toBeGreaterThan(0);
      expect(err.message).toMatch(/Nothing was changed or charged/);
    }
    expect(store.listAccounts()).toEqual([]);
    fail = false;
    await store.createAccount(account('acc_x', 'x'));
    expect(store.listAccounts().map((a) => a.id)).toEqual(['acc_x']);
    await store.close();
  });
});
