/**
 * The catalogue, the 404 page and the API reference in a real browser at a laptop's and a phone's size: the
 * search is the first field Tab reaches, it ranks by the tool (a typo finds word-counter; "loan" finds only the
 * tools about loans), toolsets are headed with popular tools first, and no page is wider than the phone.
 * Screenshots land in test-output/web/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from './helpers/server.js';
import { launchBrowser, screenshot } from './helpers/web.js';

let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  s = await startServer({});
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function open(size: (typeof SIZES)[number], path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  await page.goto(s.url + path);
  return page;
}

const visibleTitles = (p: Page) => p.locator('#tools li:not([hidden]) a').allTextContents();
const widthOf = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

describe.each(SIZES)('the catalogue on a $name ($width px)', (size) => {
  it('puts the search first: Tab reaches it in at most 3 presses', async () => {
    const p = await open(size, '/');
    let presses = 0;
    while (presses < 3 && !(await p.evaluate(() => document.activeElement?.id === 'q'))) {
      await p.keyboard.press('Tab');
      presses++;
    }
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('q');
    expect(await widthOf(p)).toBeLessThanOrEqual(size.width);
    await screenshot(p, `catalogue-${size.name}`, false);
    await p.context().close();
  });

  it('heads each toolset and shows popular tools first; a toolset filter keeps its own section', async () => {
    const p = await open(size, '/');
    const sets = s.server.registry.toolsets.filter((t) => s.server.registry.listed().some((e) => e.tool.toolset === t.name));
    expect(await p.locator('#tools section.set h2').count()).toBe(sets.length);
    const featured = s.server.registry.listed().filter((e) => e.tool.featured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(await p.locator('#popular li a').allTextContents()).toEqual(featured.map((e) => e.tool.title));
    await p.selectOption('#toolset', 'health');
    await expect.poll(() => p.locator('#tools section.set:not([hidden])').count()).toBe(1);
    expect(await p.locator('#popular').isHidden()).toBe(true);
    await p.context().close();
  });

  it('finds word-counter first for "word cuonter" and only the loan tools for "loan", and returns to the toolsets', async () => {
    const p = await open(size, '/');
    await p.fill('#q', 'word cuonter');
    await expect.poll(async () => (await visibleTitles(p))[0]).toBe('Word counter');
    await screenshot(p, `catalogue-typo-${size.name}`, false);
    await p.fill('#q', 'loan');
    const loanLike = s.server.registry
      .listed()
      .filter(({ tool }) =>
        /loan|lening|mortgage|hypothe|instal/i.test(`${tool.title} ${tool.keywords.en.join(' ')} ${tool.keywords.nl.join(' ')}`),
      );
    const titles = loanLike.map((e) => e.tool.title);
    // The page ranks locally at once, then shows the server's ranking: wait for that one.
    await expect.poll(async () => (await visibleTitles(p)).every((t) => titles.includes(t))).toBe(true);
    const shown = await visibleTitles(p);
    expect(shown[0]).toMatch(/^Loan calculator/);
    expect(shown.length).toBeLessThanOrEqual(loanLike.length);
    for (const title of shown) expect(loanLike.map((e) => e.tool.title)).toContain(title);
    expect(await p.locator('#count').textContent()).toBe(`${shown.length} tools match`);
    await screenshot(p, `catalogue-loan-${size.name}`, false);
    await p.fill('#q', '');
    await expect.poll(() => p.locator('#tools li:not([hidden])').count()).toBe(s.server.registry.listed().length);
    expect(await p.locator('#tools section.set:not([hidden])').count()).toBeGreaterThan(1);
    await p.context().close();
  });
});

describe.each(SIZES)('pages outside the catalogue on a $name ($width px)', (size) => {
  it('a browser opening an unknown path gets the HTML 404 page, which fits the screen', async () => {
    const p = await open(size, '/json-formater');
    expect(await p.locator('h1').textContent()).toBe('Page not found');
    expect(await p.inputValue('#q')).toBe('json formater');
    expect(await p.locator('main a[href="/tools/json-formatter"]').count()).toBe(1);
    expect(await widthOf(p)).toBeLessThanOrEqual(size.width);
    await screenshot(p, `not-found-${size.name}`);
    await p.context().close();
  });

  it('/docs is readable at once, fits the screen and follows the dark theme', async () => {
    const p = await open(size, '/docs#operation/word_counter');
    await p.locator('[id="operation/word_counter"] h3').waitFor();
    expect(await widthOf(p)).toBeLessThanOrEqual(size.width);
    await p.locator('[id="operation/word_counter"] summary').click();
    await expect.poll(() => p.locator('[id="operation/word_counter"] dl.api-fields dt code').allTextContents()).toContain('text');
    await screenshot(p, `docs-${size.name}`, false);
    await p.emulateMedia({ colorScheme: 'dark' });
    const background = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(19, 20, 22)');
    await screenshot(p, `docs-dark-${size.name}`, false);
    await p.context().close();
  });
});
