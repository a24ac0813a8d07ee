/**
 * The embedded store's journal: charges are durable when acknowledged and are
 * applied again after a crash that came before the lazy snapshot.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmbeddedStore } from '../src/store/embedded/store.js';
import { tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

const STORE = resolve(repoRoot, 'dist/src/store/embedded/store.js');

/** In a child process: create an account, make `n` charges, then SIGKILL itself before any snapshot. */
function chargeAndCrash(dir: string, n: number) {
  const script = `
    const { EmbeddedStore } = await import(${JSON.stringify(STORE)});
    const store = await EmbeddedStore.open(${JSON.stringify(dir)});
    const id = 'acc_test';
    if (!store.getAccount(id)) await store.createAccount({ id, name: 't', plan: 'free', createdAt: '2026-01-01T00:00:00.000Z',
      periodStart: '2026-01-01T00:00:00.000Z', allowanceUsed: 0, packCredits: 10, renderAllowanceUsed: 0 });
    for (let i = 0; i < ${n}; i++)
      await store.charge(id, { at: '2026-01-05T10:00:00.000Z', tool: 'x', surface: 'rest', credits: 2, fromAllowance: 1, fromPacks: 1 },
        { periodStart: '2026-01-01T00:00:00.000Z', allowanceUsed: 1, packCredits: -1 });
    process.kill(process.pid, 'SIGKILL');`;
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
  } catch (e) {
    expect((e as { signal?: string }).signal).toBe('SIGKILL');
  }
}

describe('store journal', () => {
  it('keeps a bounded number of usage files open, however many accounts call', async () => {
    const dir = tempDir();
    const store = await EmbeddedStore.open(dir);
    const usageOpen = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(join(dir, 'usage'));
        } catch {
          return false; // closed while listed
        }
      }).length;
    for (let i = 0; i < 200; i++) {
      const id = `acc_many${i}`;
      await store.createAccount({
        id,
        name: `m${i}`,
        plan: 'free',
        createdAt: '2026-01-01T00:00:00.000Z',
        periodStart: '2026-01-01T00:00:00.000Z',
        allowanceUsed: 0,
        packCredits: 0,
        renderAllowanceUsed: 0,
      });
      await store.charge(
        id,
        { at: '2026-01-05T10:00:00.000Z', tool: 'x', surface: 'rest', credits: 1, fromAllowance: 1, fromPacks: 0 },
        { periodStart: '2026-01-01T00:00:00.000Z', allowanceUsed: 1, packCredits: 0 },
      );
    }
    // The lazy snapshot writes all 200 usage files; at most 128 stay open after it.
    for (let i = 0; i < 50 && !(existsSync(join(dir, 'usage')) && readdirSync(join(dir, 'usage')).length === 200); i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 200));
    expect(readdirSync(join(dir, 'usage'))).toHaveLength(200);
    expect(usageOpen()).toBeGreaterThan(0);
    expect(usageOpen()).toBeLessThanOrEqual(128);
    await store.close();
    expect(usageOpen()).toBe(0);
  });

  it('re-applies charges the snapshot does not include after a crash, exactly once', async () => {
    const dir = tempDir();
    chargeAndCrash(dir, 7);
    expect(existsSync(join(dir, 'werkbank.json'))).toBe(false); // the crash came before the lazy snapshot: all is in the journal
    const store = await EmbeddedStore.open(dir);
    expect(store.getAccount('acc_test')).toMatchObject({ allowanceUsed: 7, packCredits: 3 });
    expect(await store.usageTotals('acc_test', '2026-01-01')).toEqual([{ date: '2026-01-05', tool: 'x', calls: 7, credits: 14 }]);
    expect((await store.readUsage('acc_test', '2026-01-01')).length).toBe(7);
    await store.close();
    // Opening again applies nothing twice (the replay was snapshotted and the journal dropped).
    const again = await EmbeddedStore.open(dir);
    expect(again.getAccount('acc_test')).toMatchObject({ allowanceUsed: 7, packCredits: 3 });
    await again.close();
    expect(readdirSync(join(dir, 'journal')).every((f) => readFileSync(join(dir, 'journal', f), 'utf8') === '')).toBe(true);
  });

  it('ignores a line torn by a crash mid-append, and allowance from an earlier period', async () => {
    const dir = tempDir();
    chargeAndCrash(dir, 2);
    const journal = readdirSync(join(dir, 'journal'))[0];
    appendFileSync(
      join(dir, 'journal', journal),
      JSON.stringify({
        b: [
          {
            op: 'charge',
            seq: 50,
            accountId: 'acc_test',
            entry: { at: '2025-12-31T10:00:00.000Z', tool: 'x', surface: 'rest', credits: 1, fromAllowance: 1, fromPacks: 0 },
            delta: { periodStart: '2025-12-01T00:00:00.000Z', allowanceUsed: 1, packCredits: -0 },
          },
        ],
      }) + '\n',
    );
    // A batch torn at the end (never acknowledged): none of its changes counts, not even the complete ones.
    appendFileSync(
      join(dir, 'journal', journal),
      '{"b":[{"op":"account","seq":98,"account":{"id":"acc_test","name":"t","plan":"paid"}},{"op":"charge","seq":99,"accountId":"acc_te',
    );
    const store = await EmbeddedStore.open(dir);
    expect(store.getAccount('acc_test')).toMatchObject({ plan: 'free', allowanceUsed: 2, packCredits: 8 });
    // The earlier-period entry still counts as a call in the history.
    expect(await store.usageTotals('acc_test', '2025-12-01')).toEqual([
      { date: '2025-12-31', tool: 'x', calls: 1, credits: 1 },
      { date: '2026-01-05', tool: 'x', calls: 2, credits: 4 },
    ]);
    await store.close();
  });

  it('opens a 1.1 data dir: single-charge journal lines are applied, memory moves out of the snapshot, files become private', async () => {
    const dir = tempDir();
    const account = {
      id: 'acc_old',
      name: 'old',
      plan: 'free',
      createdAt: '2026-01-01T00:00:00.000Z',
      periodStart: '2026-01-01T00:00:00.000Z',
      allowanceUsed: 3,
      packCredits: 0,
      renderAllowanceUsed: 0,
    };
    const key = {
      id: 'key_old',
      accountId: 'acc_old',
      hash: 'ab'.repeat(32),
      prefix: 'wbk_abcdef',
      createdAt: '2026-01-01T00:00:00.000Z',
      revokedAt: null,
    };
    const item = { namespace: 'default', key: 'k', value: 'kept' };
    writeFileSync(
      join(dir, 'werkbank.json'),
      JSON.stringify({
        version: 1,
        seq: 4,
        accounts: { acc_old: account },
        keys: { key_old: key },
        collections: { memory: { acc_old: { 'default/k': item } } },
      }),
      { mode: 0o644 },
    );
    mkdirSync(join(dir, 'journal'));
    const charge = (seq: number) => ({
      seq,
      accountId: 'acc_old',
      entry: { at: '2026-01-02T00:00:00.000Z', tool: 'x', surface: 'rest', credits: 1, fromAllowance: 1, fromPacks: 0 },
      delta: { periodStart: '2026-01-01T00:00:00.000Z', allowanceUsed: 1 },
    });
    writeFileSync(join(dir, 'journal', '4.ndjson'), [charge(4), charge(5), charge(6)].map((c) => JSON.stringify(c) + '\n').join(''));
    const store = await EmbeddedStore.open(dir);
    expect(store.getAccount('acc_old')).toMatchObject({ allowanceUsed: 5 }); // 4 was in the snapshot already
    expect(store.collection('memory').get('acc_old', 'default/k')).toEqual(item);
    await store.close();
    expect(JSON.parse(readFileSync(join(dir, 'werkbank.json'), 'utf8')).collections).toBeUndefined();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'werkbank.json')).mode & 0o777).toBe(0o600);
    const again = await EmbeddedStore.open(dir);
    expect(again.getAccount('acc_old')).toMatchObject({ allowanceUsed: 5 });
    expect(again.collection('memory').get('acc_old', 'default/k')).toEqual(item);
    await again.close();
  });
});
