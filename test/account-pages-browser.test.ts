/**
 * The account pages as a person uses them, in a real browser at 1280×800 and 390×844: the balance said
 * once; the passkey page's usage with tiles, chart and period choice, tools by title linked to their
 * pages; the Connect card with this server's /mcp address and a working copy button; a passkey renamed
 * in place; removing a passkey or a connected application only after an in-page confirmation (Cancel
 * keeps it); an armed Revoke that says so to screen readers; and no page (account, sign-in, consent)
 * wider than a 390 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeScan, launchBrowser, screenshot } from './helpers/web.js';
import { post } from './helpers/server.js';
import { sessionCookie, signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';
import { approve, pkce, register } from './helpers/oauth.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const REDIRECT = 'http://127.0.0.1:9/callback';

let s: AccountsServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let authenticator: Awaited<ReturnType<typeof virtualAuthenticator>>;
const errors: string[] = [];
const dialogs: string[] = [];

const serious = async (p: Page) => (await axeScan(p)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const pageWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);
const me = async () => (await (await fetch(`${s.url}/auth/me`, { headers: { Cookie: await sessionCookie(context) } })).json()).data;

beforeAll(async () => {
  s = await startAccountsServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  // window.prompt/confirm/alert would show here: the pages use none.
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  authenticator = await virtualAuthenticator(context, page);
  await signUp(page, s.url, 'dana');
  // Calls on the account: two word counts and a case conversion, with a key of dana's.
  const { key } = await s.server.accounts.createKey('dana', { name: 'script' });
  for (const [slug, body] of [
    ['word-counter', { text: 'one two' }],
    ['word-counter', { text: 'three' }],
    ['text-case-converter', { text: 'hello world', mode: 'camel' }],
  ] as const)
    expect((await post(s.url, `/api/v1/tools/${slug}`, body, key)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

describe('the passkey account page', () => {
  it('says the balance once; usage has tiles, a chart, a period choice and tools by title, linked', async () => {
    await page.goto(`${s.url}/account`);
    await page.locator('#usage-section .usage-tiles').waitFor();
    const main = await page.locator('main').innerText();
    expect(main.match(/credits left/gi)).toHaveLength(1);
    expect(await page.locator('#balance-now').textContent()).toBe('997');
    expect(await page.locator('#usage-calls dd').textContent()).toBe('3');
    expect(await page.locator('#usage-tools dd').textContent()).toBe('2');
    expect(await page.locator('#usage-section .chart svg rect').count()).toBeGreaterThan(0);
    const title = (slug: string) => s.server.registry.bySlugOrNull(slug)!.tool.title;
    const link = page.locator('#usage-per-tool a', { hasText: title('word-counter') });
    expect(await link.getAttribute('href')).toBe('/tools/word-counter');
    expect(await page.locator('#usage-per-tool tbody tr').first().locator('td').allTextContents()).toEqual([
      title('word-counter'),
      '2',
      '2',
    ]);
    expect(await page.locator('#usage-per-tool').textContent()).not.toContain('word-counter');
    expect(await page.locator('#usage-section .legend').textContent()).toContain(title('text-case-converter'));
    // The period choice goes up to the plan's history: the free plan keeps 7 days, so 7 days it is.
    expect(await page.locator('#usage-section [data-days]').allTextContents()).toEqual(['7 days']);
    expect(await page.getAttribute('[data-days="7"]', 'aria-pressed')).toBe('true');
    expect(await page.locator('#usage-h').textContent()).toBe('Usage, last 7 days');
    expect(await page.locator('#usage-retention dd').textContent()).toBe('7 days');
    await screenshot(page, 'account-passkey-usage');
    expect(await serious(page)).toEqual([]);
  }, 90_000);

  it("has a Connect card with this server's /mcp address, a copy button and the steps of four hosts", async () => {
    await page.goto(`${s.url}/account`);
    const url = `${s.url}/mcp`;
    expect(await page.locator('#mcp-url').textContent()).toBe(url);
    await page.click('#copy-mcp-url');
    await expect.poll(() => page.locator('#copy-mcp-url').textContent()).toBe('Copied'); // once the clipboard took it
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    for (const host of ['Claude', 'ChatGPT', 'Cursor', 'VS Code'])
      expect(await page.locator('#connect details.host summary').allTextContents()).toContain(host);
    await page.locator('#connect-cursor summary').click();
    expect(JSON.parse((await page.locator('#connect-cursor pre').textContent())!)).toEqual({ mcpServers: { werkbank: { url } } });
    await page.locator('#connect-cursor [data-copy-snippet]').click();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ mcpServers: { werkbank: { url } } });
    await page.locator('#connect-vscode summary').click();
    expect(JSON.parse((await page.locator('#connect-vscode pre').textContent())!)).toEqual({
      servers: { werkbank: { type: 'http', url } },
    });
    await page.locator('#connect-claude summary').click();
    expect(await page.locator('#connect-claude').textContent()).toMatch(/Add custom connector/);
    await page.locator('#connect-chatgpt summary').click();
    expect(await page.locator('#connect-chatgpt').textContent()).toMatch(/Developer mode/);
    await screenshot(page, 'account-connect-card');
  }, 90_000);

  it('renames a passkey in place (no prompt): Escape keeps the name, Save changes it', async () => {
    await page.goto(`${s.url}/account`);
    const rename = page.locator('#passkeys [data-rename]').first();
    await rename.click();
    const input = page.locator('#passkeys form.rename input');
    expect(await input.inputValue()).toBe('Laptop');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('Nope');
    await input.press('Escape');
    expect(await page.locator('#passkeys .entry-name').first().textContent()).toBe('Laptop');
    await rename.click();
    await input.fill('Work laptop');
    await input.press('Enter');
    await page.locator('#passkeys .entry-name', { hasText: 'Work laptop' }).waitFor();
    expect((await me()).passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/renamed to "Work laptop"/);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('removes a passkey only after an in-page confirmation: Cancel keeps it, Remove passkey removes it', async () => {
    // A second passkey, on another device (the first authenticator goes away).
    await authenticator.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: authenticator.authenticatorId });
    authenticator = await virtualAuthenticator(context, page);
    await page.goto(`${s.url}/account`);
    await page.fill('#passkey-name', 'Phone');
    await page.click('#add-passkey');
    await page.locator('#passkeys .entry-name', { hasText: 'Phone' }).waitFor();
    const laptop = page.locator('#passkeys li', { hasText: 'Work laptop' });
    await laptop.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the passkey "Work laptop"?' });
    await dialog.waitFor();
    // Cancel has the focus: Enter alone never removes.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await screenshot(page, 'account-confirm-remove-passkey', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await me()).passkeys).toHaveLength(2);
    await laptop.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await page.keyboard.press('Escape'); // Escape cancels too
    await dialog.waitFor({ state: 'detached' });
    expect((await me()).passkeys).toHaveLength(2);
    await laptop.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect.poll(() => page.locator('#passkeys li').count()).toBe(1);
    expect((await me()).passkeys.map((p: { name: string }) => p.name)).toEqual(['Phone']);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('removes a connected application only after an in-page confirmation', async () => {
    const clientId = await register(s.url, REDIRECT, 'Test MCP host');
    const { challenge } = pkce();
    const params = { client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 's', code_challenge: challenge };
    expect((await approve(s.url, await sessionCookie(context), { ...params, code_challenge_method: 'S256' })).status).toBe(302);
    await page.goto(`${s.url}/account`);
    const app = page.locator('#connections li', { hasText: 'Test MCP host' });
    await app.waitFor();
    expect(await app.textContent()).toContain('127.0.0.1:9');
    await app.getByRole('button', { name: 'Remove Test MCP host' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Test MCP host?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await me()).connections).toHaveLength(1);
    await app.getByRole('button', { name: 'Remove Test MCP host' }).click();
    await dialog.getByRole('button', { name: 'Remove application' }).click();
    await page.locator('#connections', { hasText: 'No connected applications' }).waitFor();
    expect((await me()).connections).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('an armed Revoke says so to screen readers, and goes back after a while', async () => {
    await page.goto(`${s.url}/account`);
    const revoke = page.locator('#api-keys li.key', { hasText: 'script' }).locator('button[data-revoke]');
    const prefix = (await page.locator('#api-keys li.key', { hasText: 'script' }).locator('code').textContent())!.replace('…', '');
    expect(await revoke.getAttribute('aria-label')).toBe(`Revoke key ${prefix}`);
    await revoke.click();
    expect(await revoke.textContent()).toBe('Confirm revoke');
    expect(await revoke.getAttribute('aria-label')).toBe(`Confirm: revoke key ${prefix} now`);
    await expect.poll(() => revoke.getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Revoke key ${prefix}`);
    expect(await revoke.textContent()).toBe('Revoke');
  }, 90_000);
});

describe('the key account page', () => {
  it('says the balance once, has the Connect card, titles in its usage and a period choice', async () => {
    await s.server.accounts.createAccount('erin', 'paid');
    const { key } = await s.server.accounts.createKey('erin', { name: 'browser' });
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'a b c' }, key)).status).toBe(200);
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    try {
      await ctx.addInitScript((k) => localStorage.setItem('werkbank.key', k), key);
      const p = await ctx.newPage();
      await p.goto(`${s.url}/account`);
      await p.locator('#usage-section .usage-tiles').waitFor();
      const main = await p.locator('main').innerText();
      expect(main.match(/credits left/gi)).toHaveLength(1);
      expect(main).not.toMatch(/Allowance left|Pack credits/);
      expect(await p.locator('#mcp-url').textContent()).toBe(`${s.url}/mcp`);
      expect(await p.locator('#usage-per-tool a').first().getAttribute('href')).toBe('/tools/word-counter');
      // The paid plan keeps a year: 7, 30 and 90 days, 30 shown first; a press shows that period.
      expect(await p.locator('#usage-section [data-days]').allTextContents()).toEqual(['7 days', '30 days', '90 days']);
      expect(await p.getAttribute('[data-days="30"]', 'aria-pressed')).toBe('true');
      await p.click('[data-days="90"]');
      await p.locator('#usage-h', { hasText: 'last 90 days' }).waitFor();
      expect(await p.getAttribute('[data-days="90"]', 'aria-pressed')).toBe('true');
      expect(await p.getAttribute('[data-days="30"]', 'aria-pressed')).toBe('false');
      expect(await p.locator('#usage-calls dd').textContent()).toBe('1');
      await screenshot(p, 'account-key-page');
      expect(await serious(p)).toEqual([]);
      await p.setViewportSize(PHONE);
      expect(await pageWidth(p)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(p, 'account-key-page-phone');
    } finally {
      await ctx.close();
    }
  }, 90_000);
});

describe('on a 390 px phone', () => {
  it('no account, sign-in or consent page is wider than the screen', async () => {
    // A connection, so that the passkey page lists one.
    const clientId = await register(s.url, REDIRECT, 'A host with a rather long name for a narrow phone screen');
    const { challenge } = pkce();
    const consent = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${s.url}/mcp`,
    });
    expect((await approve(s.url, await sessionCookie(context), Object.fromEntries(consent))).status).toBe(302);
    await page.setViewportSize(PHONE);
    try {
      const pages: [string, string, string][] = [
        ['/account', '#connections li', 'account-passkey-phone'],
        [`/oauth/authorize?${consent}`, '#approve', 'consent-phone'],
        ['/oauth/authorize?client_id=nobody', '#authorize-error', 'consent-error-phone'],
      ];
      for (const [path, ready, shot] of pages) {
        await page.goto(`${s.url}${path}`);
        await page.locator(ready).first().waitFor();
        await page.locator('#connect details.host').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, shot);
      }
      // Signed out: the sign-in page and the key page.
      const out = await browser.newContext({ viewport: PHONE });
      try {
        const p = await out.newPage();
        for (const path of ['/signin', '/account']) {
          await p.goto(`${s.url}${path}`);
          expect(await pageWidth(p), path).toBeLessThanOrEqual(PHONE.width);
          await screenshot(p, `${path.slice(1)}-signed-out-phone`);
        }
      } finally {
        await out.close();
      }
    } finally {
      await page.setViewportSize(DESKTOP);
    }
    expect(errors).toEqual([]);
  }, 90_000);
});
