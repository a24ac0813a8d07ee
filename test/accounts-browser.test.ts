/**
 * A person makes and owns an account in a real browser (Playwright + Chromium's virtual
 * authenticator): sign up with a passkey → run a tool from the playground → create a key named
 * "ci-bot" (shown once, listed by name, working on REST) → revoke it (401) → sign out → sign in with
 * the passkey → delete the account → the old key answers 401. The header's "Sign in" on a phone.
 * And the session's defences: CSRF token, session fixation, open redirects, sign-up gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeScan, launchBrowser, screenshot } from './helpers/web.js';
import { execFileSync } from 'node:child_process';
import { CLI, post, spawnServe, tempDir } from './helpers/server.js';
import { sessionCookie, signIn, signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';

let s: AccountsServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let firstAuthenticator: Awaited<ReturnType<typeof virtualAuthenticator>>;

beforeAll(async () => {
  s = await startAccountsServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  firstAuthenticator = await virtualAuthenticator(context, page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

describe('a person from nothing to a key, and away again', () => {
  let key = '';

  it('the sign-in page has no serious or critical accessibility problems', async () => {
    await page.goto(`${s.url}/signin`);
    const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious)).toEqual([]);
  });

  it('signs up with a passkey and lands on their own account with the free plan', async () => {
    await signUp(page, s.url, 'alice');
    expect(await page.locator('#account-name').textContent()).toBe('alice');
    expect(await page.locator('#balance-now').textContent()).toBe('1,000');
    expect(await page.locator('#passkeys').textContent()).toContain('Laptop');
    const cookie = (await context.cookies()).find((c) => c.name === 'wb_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    await screenshot(page, 'account-signed-up');
    const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious)).toEqual([]);
  });

  it('runs a tool from the playground on the account (no key pasted) and shows the balance', async () => {
    await page.goto(`${s.url}/tools/word-counter`);
    await page.locator('#session-run').waitFor();
    await page.locator('[data-example="0"]').click();
    await page.locator('#json').waitFor({ state: 'attached' }); // the raw JSON, folded under the readable result
    expect(JSON.parse((await page.locator('#json').textContent())!).words).toBe(5);
    await expect.poll(() => page.locator('#balance').textContent()).toMatch(/999 credits left/);
    const usage = await s.server.accounts.usage((await s.server.accounts.requireAccount('alice')).id, 1);
    expect(usage.totals.calls).toBe(1);
  });

  it('creates a key named "ci-bot" on the account page: shown once with a copy button, listed by name, working on REST', async () => {
    await page.goto(`${s.url}/account`);
    await page.locator('#api-keys').filter({ hasText: 'No active keys' }).waitFor();
    expect(await page.locator('#usage-per-tool').textContent()).toContain('Word counter');
    // The same keys section as the key-based account page (src/web/client/keys.ts): a name asked for.
    expect(await page.getAttribute('#key-name', 'maxlength')).toBe('40');
    await page.fill('#key-name', 'ci-bot');
    await page.click('#create-key');
    key = (await page.locator('#new-key-value').textContent())!;
    expect(key).toMatch(/^wbk_[A-Za-z0-9]{40}$/);
    const shown = (await page.locator('#new-key').textContent())!;
    expect(shown).toContain('(ci-bot)');
    expect(shown).toMatch(/shown once/);
    expect(await page.locator('#copy-key').textContent()).toBe('Copy key');
    // The list: the name, the prefix, created, last used (never yet), active.
    const row = page.locator('#api-keys li.key').filter({ hasText: 'ci-bot' });
    expect(await row.locator('code').textContent()).toBe(`${key.slice(0, 10)}…`);
    expect(await row.textContent()).toMatch(/Created \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC.*Last used —.*Active/);
    await screenshot(page, 'account-session-key-created');
    const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious)).toEqual([]);
    const r = await post(s.url, '/api/v1/tools/word-counter', { text: 'one two' }, key);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('998');
    // Shown once: after a reload only the prefix, and the last use.
    await page.reload();
    await page.locator('#api-keys li.key').filter({ hasText: 'ci-bot' }).waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.locator('#api-keys li.key').filter({ hasText: 'ci-bot' }).textContent()).not.toContain('Last used —');
  });

  it('refuses a bad key name with a 400 naming the field, on the page and on the session API', async () => {
    // The page sends what the person typed; the server's answer is shown.
    await page.fill('#key-name', 'x'.repeat(40) + 'y');
    expect(await page.inputValue('#key-name')).toHaveLength(40); // the field stops at the limit
    const answers = await page.evaluate(async () => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="session-csrf"]')!.content;
      const send = async (name: string) => {
        const r = await fetch('/api/v1/keys', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
          body: JSON.stringify({ name }),
        });
        return { status: r.status, body: await r.json() };
      };
      return [await send('bad\u0007name'), await send('y'.repeat(41)), await send('   ')];
    });
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatch(/`name`.*1 to 40 characters without control characters/);
    }
    expect((await s.server.accounts.listKeys('alice')).map((k) => k.name)).toEqual(['ci-bot']);
  });

  it('on a 375 px phone the account page and the keys fit without scrolling sideways', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${s.url}/account`);
      await page.locator('#api-keys li.key').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'account-session-keys-phone');
      const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, JSON.stringify(serious)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('revokes "ci-bot" after a confirmation: REST answers 401 with it; a new key replaces it', async () => {
    await page.goto(`${s.url}/account`);
    const revoke = page.locator('#api-keys li.key', { hasText: key.slice(0, 10) }).locator('button[data-revoke]');
    expect(await revoke.getAttribute('aria-label')).toBe(`Revoke key ${key.slice(0, 10)}`);
    await revoke.click();
    expect(await revoke.textContent()).toBe('Confirm revoke'); // the first press only asks
    expect(await revoke.getAttribute('aria-label')).toBe(`Confirm: revoke key ${key.slice(0, 10)} now`);
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'still on' }, key)).status).toBe(200);
    await revoke.click();
    await page.locator('#new-key').filter({ hasText: 'is revoked' }).waitFor();
    expect(await page.locator('#new-key').textContent()).toContain('"ci-bot"');
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'gone' }, key)).status).toBe(401);
    // Revoked keys wait behind "Show revoked keys".
    await page.click('#toggle-revoked');
    expect(await page.locator('#revoked-keys').textContent()).toMatch(/ci-bot.*Revoked \d{4}-/);
    await screenshot(page, 'account-session-key-revoked');
    // An unnamed key (no name typed) for the steps below.
    await page.click('#create-key');
    key = (await page.locator('#new-key-value').textContent())!;
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'new' }, key)).status).toBe(200);
  });

  it('on a 375 px phone "Sign in" is in view in the header, no sideways scrolling', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const p = await ctx.newPage();
      for (const path of ['/', '/tools/word-counter', '/account', '/docs']) {
        await p.goto(`${s.url}${path}`);
        const link = p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' });
        const box = (await link.boundingBox())!;
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(375);
        expect(await p.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
        // Not hidden behind a scrolled nav either: what is at its centre is the link.
        expect(
          await link.evaluate((a) => {
            const r = a.getBoundingClientRect();
            return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
          }),
          path,
        ).toBe(true);
      }
      await p.goto(`${s.url}/`);
      await screenshot(p, 'header-phone-signed-out', false);
    } finally {
      await ctx.close();
    }
  });

  it('refuses a state-changing session request without its CSRF token (403), and with a wrong one', async () => {
    const cookie = await sessionCookie(context);
    const none = await fetch(`${s.url}/api/v1/keys`, { method: 'POST', headers: { Cookie: cookie } });
    expect(none.status).toBe(403);
    expect((await none.json()).error).toMatch(/CSRF/);
    const wrong = await fetch(`${s.url}/auth/signout-everywhere`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-Token': 'nope', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(403);
    // The last passkey cannot be removed (with the right token: a 409 that says why).
    const me = await (await fetch(`${s.url}/auth/me`, { headers: { Cookie: cookie } })).json();
    const del = await fetch(`${s.url}/auth/passkeys/${encodeURIComponent(me.data.passkeys[0].id)}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'X-CSRF-Token': me.data.csrf },
    });
    expect(del.status).toBe(409);
  });

  it('never redirects off-site after sign-in (open redirect attempts go to /account)', async () => {
    const cookie = await sessionCookie(context);
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const r = await fetch(`${s.url}/signin?next=${encodeURIComponent(next)}`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(r.status, next).toBe(302);
      expect(r.headers.get('location'), next).toBe('/account');
    }
    const ok = await fetch(`${s.url}/signin?next=${encodeURIComponent('/tools/word-counter?x=1')}`, {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(ok.headers.get('location')).toBe('/tools/word-counter?x=1');
  });

  it('signs out, then signs in with the passkey: a new session id each time (no fixation)', async () => {
    const before = await sessionCookie(context);
    await page.goto(`${s.url}/account`);
    await page.click('#signout');
    await page.waitForURL(/\/signin$/);
    expect((await fetch(`${s.url}/auth/me`, { headers: { Cookie: before } })).status).toBe(401);
    // An attacker plants a session id before sign-in: it is never promoted.
    const u = new URL(s.url);
    await context.addCookies([{ name: 'wb_session', value: 'planted-by-someone-else', domain: u.hostname, path: '/' }]);
    await signIn(page, s.url);
    await page.waitForURL(/\/account$/);
    await page.locator('#account-name').waitFor();
    const after = await sessionCookie(context);
    expect(after).not.toBe(before);
    expect(after).not.toBe('wb_session=planted-by-someone-else');
    expect((await fetch(`${s.url}/auth/me`, { headers: { Cookie: after } })).status).toBe(200);
    expect((await fetch(`${s.url}/auth/me`, { headers: { Cookie: 'wb_session=planted-by-someone-else' } })).status).toBe(401);
    await screenshot(page, 'account-signed-in-again');
  });

  it('exports the account as JSON', async () => {
    const cookie = await sessionCookie(context);
    const r = await fetch(`${s.url}/auth/export`, { headers: { Cookie: cookie } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain('werkbank-alice.json');
    const data = await r.json();
    expect(data.account.name).toBe('alice');
    expect(data.keys.map((k: { name: string | null }) => k.name)).toEqual(['ci-bot', null]);
    expect(JSON.stringify(data)).not.toContain(key); // keys' metadata only
    expect(data.usage.totals.calls).toBe(4);
    expect(data.passkeys[0].name).toBe('Laptop');
  });

  it('adds a passkey from another device, renames it, removes the first, and signs in with the new one', async () => {
    // The laptop's authenticator goes away; a "phone" authenticator appears.
    await firstAuthenticator.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: firstAuthenticator.authenticatorId });
    await virtualAuthenticator(context, page);
    await page.goto(`${s.url}/account`);
    await page.locator('#passkeys').filter({ hasText: 'Laptop' }).waitFor();
    await page.fill('#passkey-name', 'Phone');
    await page.click('#add-passkey');
    await page.locator('#passkeys').filter({ hasText: 'Phone' }).waitFor();
    // Renamed in place (no prompt), removed after the in-page confirmation.
    await page.getByRole('button', { name: 'Rename passkey Phone' }).click();
    await page.locator('#passkeys form.rename input').fill('Work phone');
    await page.locator('#passkeys form.rename input').press('Enter');
    await page.locator('#passkeys').filter({ hasText: 'Work phone' }).waitFor();
    await page.getByRole('button', { name: 'Remove passkey Laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
    await expect.poll(() => page.locator('#passkeys li').count()).toBe(1);
    expect(await page.locator('#passkeys').textContent()).not.toContain('Laptop');
    await screenshot(page, 'account-passkeys');
    await page.click('#signout');
    await page.waitForURL(/\/signin$/);
    await signIn(page, s.url);
    await page.waitForURL(/\/account$/);
    expect(await page.locator('#account-name').textContent()).toBe('alice');
  });

  it('deletes the account: the old key answers 401 at once, the passkey no longer signs in', async () => {
    const id = (await s.server.accounts.requireAccount('alice')).id;
    await page.goto(`${s.url}/account`);
    await page.locator('summary').filter({ hasText: 'Delete this account' }).click();
    await page.fill('#delete-confirm', 'alice');
    await page.click('#delete-account');
    await page.waitForURL(/\/signin\?deleted=1$/);
    const r = await post(s.url, '/api/v1/tools/word-counter', { text: 'still here?' }, key);
    expect(r.status).toBe(401);
    expect(await s.server.store.getAccountByName('alice')).toBeUndefined();
    expect((await s.server.accounts.usage(id, 7)).totals.calls).toBe(0);
    await page.click('#passkey-signin');
    await expect.poll(() => page.locator('#signin-error').textContent()).toMatch(/not registered/);
    expect(errors).toEqual([]);
  });
});

describe('the operator decides', () => {
  it('sign-up off: the page says so and the API refuses with 403', async () => {
    const closed = await startAccountsServer({ signup: 'off' });
    try {
      const html = await (await fetch(`${closed.url}/signin`)).text();
      expect(html).toContain('Sign-up is closed');
      const r = await fetch(`${closed.url}/auth/signup/options`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(r.status).toBe(403);
    } finally {
      await closed.close();
    }
  });

  it('refuses a taken account name with 409 naming the field', async () => {
    await s.server.accounts.createAccount('taken');
    const taken = await fetch(`${s.url}/auth/signup/options`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'taken' }),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toMatch(/`name`.*taken/);
  });

  it('limits sign-ups per address (429 with Retry-After) and names a bad field', async () => {
    const limited = await startAccountsServer({ signupsPerHour: 2 });
    try {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      await virtualAuthenticator(ctx, p);
      await signUp(p, limited.url, 'one');
      await ctx.clearCookies();
      await signUp(p, limited.url, 'two');
      const r = await fetch(`${limited.url}/auth/signup/options`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'three' }),
      });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      await ctx.close();
    } finally {
      await limited.close();
    }
    const bad = await fetch(`${s.url}/auth/signup/options`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Not A Name!' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/`name`/);
  });

  it('limits failed sign-ins per address (429 with Retry-After)', async () => {
    const limited = await startAccountsServer({ failedSigninsPer15Min: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { data } = await (
          await fetch(`${limited.url}/auth/signin/options`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
        )
          .json()
          .catch(() => ({ data: { flow: 'x' } }));
        const r = await fetch(`${limited.url}/auth/signin/verify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            flow: data?.flow ?? 'x',
            response: { id: 'not-a-passkey', rawId: 'x', type: 'public-key', response: {} },
          }),
        });
        statuses.push(r.status);
        if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the built CLI: --signup open|off, WERKBANK_SIGNUP, default off, a bad value refused naming the option', async () => {
    const page = async (args: string[], env: Record<string, string> = {}) => {
      const { proc, url } = await spawnServe(['--data', tempDir(), ...args], env);
      try {
        return await (await fetch(`${url}/signin`)).text();
      } finally {
        proc.kill('SIGTERM');
      }
    };
    expect(await page([])).toContain('Sign-up is closed');
    expect(await page(['--signup', 'open'])).toContain('id="signup-form"');
    expect(await page([], { WERKBANK_SIGNUP: 'open' })).toContain('id="signup-form"');
    expect(await page(['--dev', '--signup', 'off'])).toContain('Sign-up is closed');
    let message = '';
    try {
      execFileSync(process.execPath, [CLI, 'serve', '--port', '0', '--signup', 'maybe', '--data', tempDir()], {
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (err) {
      message = String((err as { stderr?: string }).stderr);
    }
    expect(message).toMatch(/--signup.*"open" or "off".*maybe/);
  }, 60_000);

  it('a page reached by IP address says where passkeys work', async () => {
    const html = await (await fetch(`http://127.0.0.1:${s.port}/signin`)).text();
    expect(html).toContain('passkey-problem');
    expect(html).toContain(`Passkeys work only at ${s.url}`);
  });
});
