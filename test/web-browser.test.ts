/**
 * The web pages in a real browser (Playwright + Chromium, found like the
 * render tools find it: no browser download). Each step leaves a screenshot
 * in test-output/web/ (git-ignored); the axe-core results land there too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, post, spawnServe, tempDir, type TestServer } from './helpers/server.js';
import { axeScan, launchBrowser, screenshot, writeOutput, type AxeSummary } from './helpers/web.js';

const ADMIN = 'web-browser-admin-token-0123456789abcdef';
let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const axe: AxeSummary[] = [];

beforeAll(async () => {
  s = await startServer({ adminToken: ADMIN });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  if (axe.length) writeOutput('axe.json', JSON.stringify(axe, null, 2) + '\n');
  await browser?.close();
  await s?.close();
});

/** Script errors and failed loads of the current page (a 4xx of a call under test is expected there). */
let errors: string[] = [];
async function freshPage(withKey = true): Promise<Page> {
  await context?.close();
  errors = [];
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // (Also runs in sandboxed result frames, where storage is off: hence the try.)
  if (withKey)
    await context.addInitScript((key) => {
      try {
        localStorage.setItem('werkbank.key', key);
      } catch {
        /* a sandboxed frame */
      }
    }, s.key);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return page;
}

function serious(summary: AxeSummary) {
  return summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('catalogue and playground', () => {
  it('opens /, searches, opens a tool, fills it from an example, runs it and shows the result and balance', async () => {
    const p = await freshPage();
    await p.goto(s.url + '/');
    await screenshot(p, 'catalogue');
    const all = await p.locator('#tools li:not([hidden])').count();
    expect(all).toBe(s.server.registry.listed().length);
    await p.fill('#q', 'word cuonter'); // a typo: fuzzy
    await expect.poll(() => p.locator('#tools li:not([hidden])').count()).toBeLessThan(all);
    await expect
      .poll(async () => (await p.locator('#tools li:not([hidden]) a').allTextContents()).slice(0, 3).join(' | '))
      .toMatch(/Word Counter/i);
    await screenshot(p, 'catalogue-search');
    await p.selectOption('#toolset', 'text');
    await p.fill('#q', '');
    const inText = s.server.registry.listed().filter((e) => e.tool.toolset === 'text').length;
    await expect.poll(() => p.locator('#tools li:not([hidden])').count()).toBe(inText);
    await p.fill('#q', 'count the words in my text'); // a sentence works
    await expect.poll(() => p.locator('#tools li:not([hidden]) a').first().textContent()).toMatch(/Word Counter/i);
    await p.locator('#tools li:not([hidden]) a').first().click();
    await p.waitForURL(/\/tools\/word-counter$/);
    await p.locator('[data-example="0"]').click();
    expect(await p.inputValue('#f-text')).toBe('Hello world. This is werkbank!');
    expect(await p.locator('#mcp-args').textContent()).toContain('"text": "Hello world. This is werkbank!"');
    expect(await p.locator('#curl').textContent()).toContain('/api/v1/tools/word-counter');
    expect(await p.locator('#curl').textContent()).not.toContain(s.key);
    await p.click('#run');
    await p.locator('#json').waitFor({ state: 'attached' });
    const result = JSON.parse((await p.locator('#json').textContent())!);
    expect(result.words).toBe(5);
    // The headline figure first, the rest as a summary, the JSON folded.
    expect(await p.locator('#primary .figure').textContent()).toBe('5');
    expect(await p.locator('details.raw').getAttribute('open')).toBeNull();
    await expect.poll(() => p.locator('#balance').textContent()).toMatch(/^[\d,]+ credits left$/);
    await screenshot(p, 'tool-result');
    const summary = await axeScan(p);
    axe.push(summary);
    expect(serious(summary), JSON.stringify(summary.violations)).toEqual([]);
  });

  it('shows the API’s 400 message next to the field', async () => {
    const p = await freshPage();
    await p.goto(s.url + '/tools/tip-calculator');
    await p.locator('[data-example="0"]').click();
    await p.fill('#f-people', '0');
    await p.click('#run');
    await p.locator('#f-people-err:not(:empty)').waitFor();
    const message = await p.locator('#f-people-err').textContent();
    expect(message).toMatch(/`people` must be ≥ 1/);
    expect(await p.getAttribute('#f-people', 'aria-invalid')).toBe('true');
    expect(await p.locator('#form-error').textContent()).toContain('400');
    await screenshot(p, 'tool-400');
  });

  it('renders a PDF and shows it embedded', async () => {
    const p = await freshPage();
    await p.goto(s.url + '/tools/html-to-pdf');
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    const frame = p.locator('#primary iframe.pdf');
    await frame.waitFor({ timeout: 60_000 });
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(/^\/files\//);
    const head = await p.evaluate(async (u) => new TextDecoder().decode((await (await fetch(u)).arrayBuffer()).slice(0, 5)), src);
    expect(head).toBe('%PDF-');
    await screenshot(p, 'tool-pdf');
  }, 90_000);

  it('shows the declared views: HTML preview, diff, table, code', async () => {
    const p = await freshPage();
    await p.goto(s.url + '/tools/markdown-to-html');
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    const preview = p.locator('#primary iframe.preview');
    await preview.waitFor();
    expect(await preview.getAttribute('sandbox')).toBe('');
    expect(await p.frameLocator('#primary iframe.preview').locator('h1').textContent()).toBe('Hello');
    await screenshot(p, 'view-html');
    await p.goto(s.url + '/tools/text-diff');
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    await p.locator('#primary .diff').waitFor();
    expect(await p.locator('#primary .diff del').first().textContent()).toBe('quick');
    expect(await p.locator('#primary .diff ins').first().textContent()).toBe('slow');
    await screenshot(p, 'view-diff');
    await p.goto(s.url + '/tools/dutch-holidays');
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    await p.locator('#primary table').waitFor();
    expect(await p.locator('#primary th').allTextContents()).toEqual(['Date', 'Name', 'Name en', 'Day off']);
    await screenshot(p, 'view-table');
    await p.goto(s.url + '/tools/csv-to-json');
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    await p.locator('#primary pre.code').waitFor();
    const shown = JSON.parse((await p.locator('#primary pre.code').textContent())!);
    expect(shown).toEqual(JSON.parse((await p.locator('#json').textContent())!).data);
    await screenshot(p, 'view-code');
    expect(errors).toEqual([]);
  });
});

describe('account page', () => {
  it('signs in with a key, creates a key shown once, uses it, revokes it and the next call is 401', async () => {
    const p = await freshPage(false);
    await post(s.url, '/api/v1/tools/word-counter', { text: 'usage for the chart' }, s.key);
    await p.goto(s.url + '/account');
    await screenshot(p, 'account-signin');
    await p.fill('#secret', s.key);
    await p.click('#signin-form button[type=submit]');
    await p.locator('#plan-h').waitFor();
    const text = await p.locator('#account-view').textContent();
    expect(text).toContain('paid');
    expect(text).toContain('Allowance resets');
    expect(text).toContain('Renders left');
    // The balance once, where it comes from under it.
    expect(text!.match(/credits left/gi)).toHaveLength(1);
    expect(await p.locator('.chart svg rect').count()).toBeGreaterThan(0);
    // Per tool, from the server's totals (the page loads no entries).
    expect(await p.locator('[aria-label="Usage per tool"] td').allTextContents()).toContain('Word counter');
    expect(await p.locator('#balance').textContent()).toMatch(/credits left/);
    // The key this browser signed in with is marked.
    expect(await p.locator('li.key.current code').textContent()).toBe(`${s.key.slice(0, 10)}…`);
    // Usage over 7, 30 or 90 days.
    await p.click('[data-days="7"]');
    await expect.poll(() => p.locator('#usage-h').textContent()).toBe('Usage, last 7 days');
    expect(await p.getAttribute('[data-days="7"]', 'aria-pressed')).toBe('true');
    await p.click('#create-key');
    const shown = p.locator('#new-key-value');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^wbk_[A-Za-z0-9]{40}$/);
    await screenshot(p, 'account-key-created');
    const summary = await axeScan(p);
    axe.push(summary);
    expect(serious(summary), JSON.stringify(summary.violations)).toEqual([]);
    // Shown once: after a reload the page lists its prefix only.
    await p.reload();
    await p.locator('#keys-h').waitFor();
    expect(await p.content()).not.toContain(key);
    expect(await p.locator(`#account-view code`).allTextContents()).toContain(`${key.slice(0, 10)}…`);
    // Use it.
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'with the new key' }, key)).status).toBe(200);
    // Revoke it (two clicks: ask, then confirm).
    const revoke = p.locator('li.key', { hasText: key.slice(0, 10) }).locator('button[data-revoke]');
    await revoke.click();
    expect(await revoke.getAttribute('aria-label')).toBe(`Confirm: revoke key ${key.slice(0, 10)} now`);
    await revoke.click();
    await expect
      .poll(() =>
        p
          .locator('li.key', { hasText: key.slice(0, 10) })
          .locator('button[data-revoke]')
          .count(),
      )
      .toBe(0);
    expect(await p.locator('#account-view [role=status]').first().textContent()).toContain('is revoked');
    await expect.poll(() => p.locator('#announce').textContent()).toContain('is revoked');
    // Revoked keys wait behind "Show revoked keys".
    expect(await p.locator('#revoked-keys').isHidden()).toBe(true);
    await p.click('#toggle-revoked');
    expect(await p.locator('#revoked-keys code').allTextContents()).toContain(`${key.slice(0, 10)}…`);
    await screenshot(p, 'account-key-revoked');
    const after = await post(s.url, '/api/v1/tools/word-counter', { text: 'after revoke' }, key);
    expect(after.status).toBe(401);
  }, 90_000);

  it('signs in with the admin token and adds a credit pack', async () => {
    const p = await freshPage(false);
    await p.goto(s.url + '/account');
    await p.check('#kind-admin');
    await p.fill('#secret', ADMIN);
    await p.click('#signin-form button[type=submit]');
    await p.locator('#admin-account').waitFor();
    expect(await p.inputValue('#admin-account')).toBe('test'); // the only account here
    await p.locator('#add-pack').waitFor();
    await p.selectOption('#pack', '1000');
    await p.click('#add-pack');
    await expect.poll(async () => (await s.server.accounts.accountInfo(s.accountId)).packCredits).toBe(1000);
    await expect.poll(() => p.locator('#account-view').textContent()).toContain('+ 1,000 from packs');
    await screenshot(p, 'account-admin-pack');
  });

  it('has no serious or critical axe violations on / and the signed-out account page', async () => {
    const p = await freshPage(false);
    for (const path of ['/', '/account']) {
      await p.goto(s.url + path);
      const summary = await axeScan(p);
      axe.push(summary);
      expect(serious(summary), `${path}: ${JSON.stringify(summary.violations)}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});

describe('the built CLI in --dev mode', () => {
  it('serves the pages from the bundle; Run uses the local dev key without signing in; /docs renders the API reference', async () => {
    const data = tempDir();
    const { proc, url, stdout } = await spawnServe(['--dev', '--data', data]);
    try {
      // The key is printed with a command that works as shown: the port it really listens on.
      const printed = /curl -s (\S+)\/api\/v1\/tools\/word-counter -H 'X-API-Key: (wbk_\w+)'/.exec(stdout);
      // --dev opens the pages at localhost (passkeys refuse an IP address).
      expect(printed?.[1]).toBe(url.replace('127.0.0.1', 'localhost'));
      expect((await post(url, '/api/v1/tools/word-counter', { text: 'Hello werkbank' }, printed![2])).status).toBe(200);
      const p = await freshPage(false);
      await p.goto(url + '/tools/word-counter');
      expect(await p.getAttribute('body', 'data-dev')).toBe('1');
      await p.locator('[data-example="1"]').click();
      await p.click('#run');
      await p.locator('#json').waitFor({ state: 'attached' });
      expect(JSON.parse((await p.locator('#json').textContent())!).paragraphs).toBe(2);
      expect(await p.evaluate(() => localStorage.getItem('werkbank.key'))).toMatch(/^wbk_/);
      // The key box says which key ran: the dev key, never "enter an API key".
      expect(await p.locator('#dev-run').textContent()).toMatch(/dev key of this local server/);
      expect(await p.locator('#apikey').isVisible()).toBe(false);
      await screenshot(p, 'dev-run');
      await p.goto(url + '/docs/redoc');
      // Redoc has rendered the operations (one heading each) from /openapi.json.
      await p.waitForFunction((n) => document.querySelectorAll('h2').length >= n, Math.min(50, s.server.registry.listed().length), {
        timeout: 30_000,
      });
      await screenshot(p, 'docs', false); // the whole reference is too tall for one image
      // Redoc's "powered by" badge points at its CDN: the CSP blocks it, and nothing else fails.
      expect(errors.filter((e) => !/^Loading the image 'https:\/\/cdn\.redoc\.ly\/.*Content Security Policy/.test(e))).toEqual([]);
    } finally {
      proc.kill('SIGTERM');
    }
  }, 90_000);
});
