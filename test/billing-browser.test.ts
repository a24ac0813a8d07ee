/**
 * Buying in a real browser (Playwright + Chromium's virtual authenticator): a person signs up, buys
 * 1,000 credits on the account page, pays on the (fake) Stripe Checkout, whose signed webhook reaches
 * the server before the browser comes back, and the page shows +1,000; then upgrades to the paid
 * plan by the month and the page shows the plan with 7,500 credits a month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeScan, launchBrowser, screenshot } from './helpers/web.js';
import { signUp, startAccountsServer, virtualAuthenticator, type AccountsServer } from './helpers/accounts.js';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe.js';

let stripe: FakeStripe;
let s: AccountsServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startAccountsServer({ stripe: stripe.settings });
  stripe.webhookUrl = `${s.url}/api/v1/billing/webhook`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await virtualAuthenticator(context, page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await stripe?.close();
});

/** Press `button` on the account page, check the (fake) Checkout sells `price`, pay, and come back. */
async function payOnCheckout(button: string, price: string) {
  await page.click(button);
  await page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
  expect(await page.locator('#price').textContent()).toBe(price);
  await page.click('#pay');
  await page.waitForURL(/\/account\?billing=done$/);
}

describe('buying on the account page', () => {
  it('shows balance, plan and what can be bought, without serious accessibility problems', async () => {
    await signUp(page, s.url, 'carol');
    expect(await page.locator('#balance-now').textContent()).toBe('1,000');
    expect(await page.locator('#plan-name').textContent()).toBe('free');
    for (const id of ['#buy-100', '#buy-1000', '#buy-5000', '#upgrade-month', '#upgrade-year']) await page.locator(id).waitFor();
    const serious = (await axeScan(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious)).toEqual([]);
    await screenshot(page, 'billing-account-free');
  });

  it('Buy 1,000 → Checkout → pay → back on the account page with +1,000', async () => {
    await payOnCheckout('#buy-1000', 'price_pack_1000');
    expect(stripe.deliveries.at(-1)).toEqual({ type: 'checkout.session.completed', status: 200 });
    expect(await page.locator('#billing-notice').textContent()).toMatch(/payment is received/);
    expect(await page.locator('#balance-now').textContent()).toBe('2,000');
    expect(await page.locator('#pack-credits').textContent()).toBe('1,000');
    expect(await page.locator('#purchases').textContent()).toContain('+1,000 credits');
    await page.locator('#balance').filter({ hasText: '2,000 credits left' }).waitFor(); // the header follows
    await page.locator('#manage').waitFor(); // a customer now: the portal is offered
    await screenshot(page, 'billing-after-pack');
  });

  it('Upgrade (monthly) → Checkout → pay → the plan is paid with 7,500 credits a month', async () => {
    await payOnCheckout('#upgrade-month', 'price_plan_month');
    expect(stripe.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await page.locator('#plan-name').textContent()).toBe('paid');
    expect(await page.locator('#plan-line').textContent()).toContain('7,500 credits a month');
    expect(await page.locator('#renewal').textContent()).toMatch(/^Renews \d{4}-\d\d-\d\d \(monthly, EUR 19\)\.$/);
    expect(await page.locator('#balance-now').textContent()).toBe('8,500'); // 7,500 + the pack's 1,000
    expect(await page.locator('#upgrade-month').count()).toBe(0);
    await screenshot(page, 'billing-after-upgrade');
  });

  it('Manage subscription and invoices opens the portal for this customer', async () => {
    const before = stripe.requests.length;
    await page.click('#manage');
    await page.locator('#fake-portal').waitFor();
    expect(stripe.requests[before]).toMatchObject({ path: '/v1/billing_portal/sessions', params: { return_url: `${s.url}/account` } });
    expect(errors).toEqual([]);
  });
});
