/**
 * The tool forms in a real browser, at desktop (1280×800) and phone size (390×844): labels and hints in people's
 * words, selects that show the tool's default, a searchable time-zone pick list, fields that belong to one mode
 * shown only in it, a Run bar in view on a long form on a phone, and result tables (loan schedule, time zones)
 * that keep the page within the phone. Screenshots land in test-output/web/form-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type TestServer } from './helpers/server.js';
import { launchBrowser, screenshot } from './helpers/web.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let s: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', reducedMotion: 'reduce' });
  await context.addInitScript((key) => {
    try {
      localStorage.setItem('werkbank.key', key);
    } catch {
      /* a sandboxed frame */
    }
  }, s.key);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await s?.close();
});

async function open(slug: string, size = DESKTOP): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto(`${s.url}/tools/${slug}`);
  await page.locator('#fields [id^="f-"]').first().waitFor();
  return page;
}

/** The label's own text and the hint of the field with this id. */
async function words(page: Page, id: string) {
  return page.evaluate((id) => {
    const label = document.querySelector(`label[for="${id}"]`)?.childNodes[0]?.textContent ?? '';
    const hint = document.getElementById(`${id}-hint`)?.textContent ?? '';
    const unit = document.getElementById(`${id}-unit`)?.textContent ?? '';
    return { label, hint, unit };
  }, id);
}

/** Run the first example and wait for its result. */
async function runExample(page: Page) {
  await page.click('[data-example="0"]');
  await page.click('#run');
  await page.locator('#json').waitFor({ state: 'attached', timeout: 60_000 });
}

const pageWidth = (page: Page) =>
  page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(document.documentElement.scrollWidth))));

describe('labels and hints', () => {
  it('read as people’s words: no label cut inside a time, no HTTP status, units beside the box, no twin labels', async () => {
    const cron = await open('cron-parser');
    const time = await words(cron, 'f-use24HourTimeFormat');
    expect(time.label).not.toMatch(/14$/);
    expect(time.hint).toContain('14:00 instead of 02:00 PM');
    expect((await words(cron, 'f-timezone')).label).toBe('Time zone of the schedule');
    await cron.close();

    const pdf = await open('html-to-pdf');
    expect((await words(pdf, 'f-html')).hint).not.toMatch(/413/);
    await pdf.close();

    const qr = await open('qr-code');
    expect(await words(qr, 'f-size')).toEqual({ label: 'Image width and height', unit: 'px', hint: '64 to 4096 · default 512' });
    await qr.close();

    const mortgage = await open('mortgage-calculator');
    const labels = await mortgage.locator('#fields label').evaluateAll((els) => els.map((e) => e.childNodes[0]?.textContent ?? ''));
    expect(labels.length).toBeGreaterThan(8);
    expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
    await mortgage.close();

    const unitConverter = await open('unit-converter');
    expect((await words(unitConverter, 'f-value')).hint).not.toMatch(/\d{10}/); // no 100-digit minimum
    await unitConverter.close();
  });
});

describe('choices', () => {
  it('selects show the default the tool applies, never a blank choice', async () => {
    const loan = await open('loan-calculator');
    const chosen = await loan
      .locator('#fields select')
      .evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''));
    expect(chosen).toEqual(['Years (default)', 'Annuity (default)']);
    await loan.close();
    const qr = await open('qr-code');
    expect(await qr.locator('#f-format option:checked').textContent()).toBe('PNG (default)');
    expect(await qr.locator('#f-errorCorrectionLevel option:checked').textContent()).toBe('M (default)');
    await qr.close();
  });

  it('a zone is picked from a list that filters as you type, and the result fits a phone', async () => {
    const page = await open('timezone-converter');
    const from = page.locator('#f-fromZone');
    const listId = await from.getAttribute('list');
    expect(listId).toBeTruthy();
    const options = () => page.locator(`[id="${listId}"] option`).evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect((await options()).length).toBeGreaterThan(50);
    await from.fill('amster');
    expect(await options()).toEqual(['Europe/Amsterdam']);
    const to = page.locator('#f-toZones-list input').first();
    await to.fill('new york');
    const toList = await to.getAttribute('list');
    expect(await page.locator(`[id="${toList}"] option`).evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual([
      'America/New_York',
    ]);
    await runExample(page);
    await screenshot(page, 'form-timezone-desktop');
    await page.setViewportSize(PHONE);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // The table scrolls under a frozen first column.
    expect(
      await page
        .locator('#result table td')
        .first()
        .evaluate((td) => getComputedStyle(td).position),
    ).toBe('sticky');
    await screenshot(page, 'form-timezone-phone');
    await page.close();
  });

  it('units, letter grades and regex flags come with their pick lists', async () => {
    for (const [slug, sel, value] of [
      ['unit-converter', '#f-from', 'km'],
      ['gpa-calculator', '#f-courses td[data-col="grade"] input', 'B+'],
      ['regex-tester', '#f-flags', 'gi'],
    ]) {
      const page = await open(slug);
      const input = page.locator(sel).first();
      const list = await input.getAttribute('list');
      expect(list, slug).toBeTruthy();
      const values = await page.locator(`[id="${list}"] option`).evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      expect(values, slug).toContain(value);
      await page.close();
    }
  });
});

describe('modes', () => {
  it('fields of one mode show only in it, a filled one stays, rare settings are folded', async () => {
    const page = await open('csv-merge');
    const shown = (id: string) => page.locator(`#${id}`).evaluate((el) => !el.closest('.field')!.hasAttribute('hidden'));
    expect(await shown('f-key')).toBe(false); // mode append, the default
    expect(await shown('f-dedupe')).toBe(true);
    await page.selectOption('#f-mode', { label: 'Join' });
    expect(await shown('f-key')).toBe(true);
    expect(await shown('f-dedupe')).toBe(false);
    await page.fill('#f-key', 'id');
    await page.selectOption('#f-mode', { label: 'Append (default)' });
    expect(await shown('f-key')).toBe(true); // it holds a value
    await page.close();

    const salary = await open('salary-converter');
    expect(await salary.locator('details.more:not([open]) #f-hoursPerWeek').count()).toBe(1); // folded away
    expect(await salary.locator('#f-amount').isVisible()).toBe(true);
    await salary.close();

    const dates = await open('date-calculator');
    const business = () => dates.locator('#f-businessDays').isVisible();
    expect(await business()).toBe(false);
    await dates.selectOption('#f-mode', { label: 'Business' });
    expect(await business()).toBe(true);
    await dates.close();
  });
});

describe('phones', () => {
  it('the Run bar of a long form is in view without scrolling, and stays in view while scrolling', async () => {
    const page = await open('upa-file-generator', PHONE);
    await page.click('[data-example="0"]'); // opens every group the example fills
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(3 * PHONE.height);
    const inView = () =>
      page.evaluate(() => {
        const run = document.getElementById('run')!;
        const r = run.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= innerHeight && (hit === run || run.contains(hit));
      });
    await page.evaluate(() => scrollTo(0, 0));
    expect(await inView()).toBe(true);
    await page.evaluate(() => scrollTo(0, 1500));
    expect(await inView()).toBe(true);
    await screenshot(page, 'form-upa-phone', false);
    await page.close();
  });

  it('the loan schedule and the mortgage table fit the phone, the rows of a form table stack', async () => {
    for (const slug of ['loan-calculator', 'mortgage-calculator', 'gpa-calculator']) {
      const page = await open(slug, PHONE);
      await runExample(page);
      expect(await pageWidth(page), slug).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `form-${slug}-phone`);
      await page.setViewportSize(DESKTOP);
      expect(await pageWidth(page), slug).toBeLessThanOrEqual(DESKTOP.width);
      await screenshot(page, `form-${slug}-desktop`);
      await page.close();
    }
  });
});
