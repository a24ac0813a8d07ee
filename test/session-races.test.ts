/**
 * "Sign out everywhere" cannot be undone by requests in flight, on both stores, over HTTP against a listening
 * server: while one session signs out everywhere, the account's other sessions make requests whose last-seen
 * writes race the sign-out; afterwards no session of the account is valid, and none is left in the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sessions } from '../src/http/sessions.js';
import { startAccountsServer, type AccountsServer } from './helpers/accounts.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

let db: TestDatabase;
const servers = new Map<string, AccountsServer>();
/** The servers' clock: moved on before each round, so that every session's next request writes its last-seen time. */
let clock = Date.now();
const now = () => new Date(clock);

/** A new client address for each request (a signed-out session's requests count as failed credentials per address). */
let addresses = 0;
const address = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;

beforeAll(async () => {
  db = await startPostgres();
  servers.set('embedded', await startAccountsServer({ toolsets: 'text', trustProxy: true, now }));
  servers.set('postgres', await startAccountsServer({ toolsets: 'text', trustProxy: true, now, databaseUrl: db.url }));
}, 120_000);
afterAll(async () => {
  for (const s of servers.values()) await s.close();
  await db?.stop();
});

const headers = (s: AccountsServer, session: { id: string; csrf: string }) => ({
  Cookie: `wb_session=${session.id}`,
  'X-CSRF-Token': session.csrf,
  Origin: s.url,
  'X-Forwarded-For': address(),
});

let people = 0;

for (const store of ['embedded', 'postgres']) {
  describe(`sessions on the ${store} store`, () => {
    it('sign out everywhere racing requests on the other sessions: afterwards no session of the account is valid', async () => {
      const s = servers.get(store)!;
      const sessions = new Sessions(s.server.store, now);
      for (let round = 0; round < 4; round++) {
        const account = await s.server.accounts.createAccount(`sessions${++people}`);
        const all = await Promise.all(Array.from({ length: 40 }, () => sessions.create(account.id)));
        clock += 2 * 60_000;
        const others = all.slice(1);
        const requests = (list: typeof all) =>
          list.flatMap((session) => [
            fetch(`${s.url}/auth/me`, { headers: headers(s, session) }),
            fetch(`${s.url}/api/v1/keys`, { headers: headers(s, session) }),
          ]);
        // Half the other sessions' requests go out before the sign-out, half after (a different half each round).
        const split = 4 + round * 10;
        const early = requests(others.slice(0, split));
        const signout = fetch(`${s.url}/auth/signout-everywhere`, { method: 'POST', headers: headers(s, all[0]) });
        const late = requests(others.slice(split));
        expect((await signout).status).toBe(200);
        const answers = await Promise.all([...early, ...late]);
        for (const r of answers) expect([200, 401]).toContain(r.status);
        // The last-seen writes are not awaited by the requests: a later write of the same store goes after them.
        await sessions.table.put({ id: `settle-${round}`, accountId: null, value: { createdAt: '', lastSeenAt: '' }, expiresAt: null });
        await new Promise((r) => setTimeout(r, 200));
        for (const session of all)
          expect((await fetch(`${s.url}/auth/me`, { headers: headers(s, session) })).status, `round ${round}`).toBe(401);
        expect(await s.server.store.records('sessions').listByAccount(account.id, now().toISOString())).toEqual([]);
      }
    }, 120_000);

    it('a session row that outlived its account is not honoured', async () => {
      const s = servers.get(store)!;
      const sessions = new Sessions(s.server.store, now);
      const account = await s.server.accounts.createAccount(`sessions${++people}`);
      const session = await sessions.create(account.id);
      expect((await fetch(`${s.url}/auth/me`, { headers: headers(s, session) })).status).toBe(200);
      await s.server.store.updateAccount(account.id, (a) => void (a.deletedAt = now().toISOString()));
      expect((await fetch(`${s.url}/auth/me`, { headers: headers(s, session) })).status).toBe(401);
      expect((await fetch(`${s.url}/api/v1/keys`, { method: 'POST', headers: headers(s, session) })).status).toBe(401);
    });
  });
}
