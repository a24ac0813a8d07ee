/**
 * `werkbank migrate --from-data` moves people, not just balances: a server on the embedded store
 * with a passkey account (signed in), an MCP host connected by OAuth, a pack bought through Stripe
 * (a processed event and a purchase) and credits the operator added is stopped, its data dir copied
 * into PostgreSQL, and a server on PostgreSQL started at the same address. There the session still
 * holds, the passkey signs in, the OAuth token still authorises /mcp, the Stripe event delivered
 * again is a duplicate (credited once), and the usage history shows the purchase and the
 * operator's pack. A second copy copies nothing.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './helpers/web.js';
import { tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { listenAddress, sessionCookie, signIn, signUp, startAccountsServer, virtualAuthenticator } from './helpers/accounts.js';
import { approve, callbackServer, mcpList, pkce, register, tokenRequest } from './helpers/oauth.js';
import { deliver, event, packSession, startFakeStripe, type FakeStripe } from './helpers/fake-stripe.js';
import { migrateCommand } from '../src/store/commands.js';
import { FileStore } from '../src/render/files.js';
import { PRODUCTS } from '../src/billing/billing.js';

let db: TestDatabase;
let browser: Browser;
let stripe: FakeStripe;
let cb: Awaited<ReturnType<typeof callbackServer>>;

beforeAll(async () => {
  db = await startPostgres();
  stripe = await startFakeStripe();
  cb = await callbackServer();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await cb?.close();
  await stripe?.close();
  await db?.stop();
});

async function migrate(dataDir: string): Promise<{ text: string; json: any }> {
  let text = '';
  let json = '';
  await migrateCommand({ databaseUrl: db.url, fromData: dataDir }, (t) => (text = t));
  await migrateCommand({ databaseUrl: db.url, fromData: dataDir, json: true }, (t) => (json = t));
  return { text, json: JSON.parse(json) };
}

describe('werkbank migrate --from-data with people on the embedded store', () => {
  it('keeps passkeys, sessions, OAuth grants, payment events and purchases; operator packs are in the history', async () => {
    // Which step a failure (a timeout, say) stopped in, with the seconds since the start.
    const started = Date.now();
    let current = 'start';
    const step = (name: string) => (current = `${name} (at ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    onTestFailed(() => console.error(`migrate-postgres: failed in step "${current}"`));
    const dataDir = tempDir('werkbank-migrate-');
    // One address for both servers (the passkey's origin): the port is never free for another test to take.
    const address = await listenAddress();
    step('embedded server');
    const low = await startAccountsServer({ dataDir, toolsets: 'text', stripe: stripe.settings }, address);
    const context = await browser.newContext();
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    step('browser sign-up');
    await signUp(page, low.url, 'dora');
    const cookie = await sessionCookie(context);
    const accountId = (await low.server.accounts.requireAccount('dora')).id;

    step('OAuth');
    // An MCP host connected by OAuth.
    const clientId = await register(low.url, cb.url);
    const p = pkce();
    const r = await approve(low.url, cookie, {
      client_id: clientId,
      redirect_uri: cb.url,
      response_type: 'code',
      state: 's',
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
    });
    const code = new URL(r.headers.get('location')!).searchParams.get('code')!;
    const token = await tokenRequest(low.url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: cb.url,
      code,
      code_verifier: p.verifier,
      resource: `${low.url}/mcp`,
    });
    expect(token.status).toBe(200);
    expect((await mcpList(low.url, token.json.access_token)).status).toBe(200);

    step('Stripe event and pack');
    // A pack bought (a processed Stripe event and a purchase), and a pack the operator added.
    const url = await low.server.billing!.checkout(accountId, PRODUCTS['pack-1000'], { successUrl: low.url, cancelUrl: low.url });
    const { id, order } = stripe.sessionOf(url); // werkbank's order for it, which the migration copies too
    const session = packSession(accountId, 1000, { id, metadata: { account_id: accountId, product: 'pack-1000', order } });
    const paid = event('checkout.session.completed', session);
    expect((await deliver(`${low.url}/api/v1/billing/webhook`, paid)).body.data.outcome).toBe('applied');
    await low.server.accounts.addPack('dora', 100, 'cli');
    const before = await low.server.accounts.accountInfo(accountId);
    expect(before.packCredits).toBe(1100);
    step('closing the embedded server');
    await low.close();
    // A hosted file of the embedded store's files dir (live: links made before the move keep working).
    const hostedBody = randomBytes(3000);
    const hosted = await new FileStore({ dir: join(dataDir, 'files'), baseUrl: () => '' }).put(hostedBody, 'image/png', 'qr.png');

    step('first migration');
    const first = await migrate(dataDir);
    // The text run copied; the --json run after it found everything there already.
    expect(first.text).toMatch(/Copied from .*1 new account\(s\)/);
    expect(first.text).toMatch(/\b1 hosted file\(s\)/);
    for (const table of [
      'passkeys',
      'sessions',
      'oauth_clients',
      'oauth_grants',
      'oauth_tokens',
      'billing',
      'billing_purchases',
      'billing_events',
      'billing_orders',
    ])
      expect(first.text).toMatch(new RegExp(`\\b${table} [1-9]`));
    expect(first.json.imported).toMatchObject({ accounts: 0, keys: 0, usage: 0, items: 0 });
    expect(Object.keys(first.json.imported.records)).toEqual(
      expect.arrayContaining(['passkeys', 'sessions', 'oauth_tokens', 'billing_events', 'billing_purchases']),
    );
    expect(Object.values(first.json.imported.records).every((n) => n === 0)).toBe(true);
    step('second migration');
    const again = await migrate(dataDir);
    expect(again.text).toMatch(/^Nothing to copy from .*passkeys/m);

    step('PostgreSQL server');
    const pg = await startAccountsServer(
      { databaseUrl: db.url, dataDir: tempDir(), toolsets: 'text', stripe: stripe.settings, baseUrl: low.url },
      address,
    );
    try {
      // Still signed in: the session made on the embedded store holds.
      const after = await (await fetch(`${pg.url}/auth/me`, { headers: { Cookie: cookie } })).json();
      expect(after.data.account.name).toBe('dora');
      expect(after.data.passkeys).toHaveLength(1);
      const file = await fetch(pg.url + hosted.url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(hostedBody)).toBe(true);
      // The passkey signs in again (a fresh session).
      await context.clearCookies();
      step('browser sign-in');
      await signIn(page, pg.url);
      await page.waitForURL(/\/account$/, { timeout: 15_000 });
      const fresh = await sessionCookie(context);
      expect(fresh).not.toBe(cookie);
      expect((await (await fetch(`${pg.url}/auth/me`, { headers: { Cookie: fresh } })).json()).data.account.name).toBe('dora');
      step('checks on PostgreSQL');
      // The MCP host's token still works.
      expect((await mcpList(pg.url, token.json.access_token)).status).toBe(200);
      // Stripe delivers the same event again: a duplicate, credited once.
      expect((await deliver(`${pg.url}/api/v1/billing/webhook`, paid)).body.data.outcome).toBe('duplicate');
      const info = await pg.server.accounts.accountInfo(accountId);
      expect(info.packCredits).toBe(1100);
      expect(info).toEqual(before);
      // The history shows the purchase and the operator's pack: credits added, no calls.
      const usage = await pg.server.accounts.usage(accountId, 7);
      expect(usage.totals.calls).toBe(0);
      expect(usage.entries).toEqual([
        expect.objectContaining({
          tool: 'credit-pack',
          surface: 'operator',
          added: 100,
          reference: expect.stringMatching(/^operator:cli:pack_[0-9a-f]{16}$/),
        }),
        expect.objectContaining({ tool: 'credit-pack', surface: 'payment', added: 1000, reference: session.id }),
      ]);
    } finally {
      step('closing');
      await context.close(); // the browser first: its connections no longer keep the address busy
      await pg.close();
      await address.close();
    }
  }, 120_000); // a browser sign-up, two servers, two migrations and a browser sign-in
});
