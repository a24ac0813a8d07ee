/**
 * The page rules that keep a result readable, in a real browser at desktop (1280×800) and phone (390×844) size:
 * a table too wide for half the page gets the page's width at desktop (the time zone converter's table reads
 * whole, without scrolling sideways), the answer's echo of an input record is folded under its name in the
 * details (the BRP generator's options), amounts in a note are in the style of the figures (the salary rule),
 * details beside a headline have labels of their own, and the catalogue shows its first tools on the first
 * screen of a phone. Screenshots in test-output/web/fit-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/web.js';
import { SIZES, webSession, type Size } from './helpers/web-session.js';

const web = webSession();
const open = (path: string, size: Size) => web.open(path, { size });

/** Open a tool page and run its first example; answers when the primary result is there. */
async function runExample(slug: string, size: keyof typeof SIZES): Promise<Page> {
  const p = await open(`/tools/${slug}`, size);
  await p.locator('#fields [id^="f-"]').first().waitFor();
  await p.locator('[data-example="0"]').click();
  await p.locator('#primary').waitFor();
  return p;
}

/** How far the first table of the result scrolls sideways inside its box, and how wide the page is. */
const overflowOf = (p: Page) =>
  p.evaluate(() => {
    const box = document.querySelector<HTMLElement>('#primary .tablewrap')!;
    return { inside: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth };
  });

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('page rules at %s size', { timeout: 120_000 }, (size) => {
  it('gives a table too wide for half the page the page width: the time zone table does not scroll sideways at desktop', async () => {
    const p = await runExample('timezone-converter', size);
    const { inside, page } = await overflowOf(p);
    expect(page).toBeLessThanOrEqual(SIZES[size].width);
    if (size === 'desktop') {
      expect(inside).toBeLessThanOrEqual(1);
      expect(await p.locator('.layout').getAttribute('class')).toMatch(/\bwide\b/);
      // The result sits under the input, brought into view by the run.
      const result = await p.locator('#result-section').boundingBox();
      const input = await p.locator('.input-section').boundingBox();
      expect(result!.y).toBeGreaterThan(input!.y + input!.height - 1);
    }
    await screenshot(p, `fit-timezone-${size}`);
    // A narrow result keeps the two columns at desktop.
    const loan = await runExample('loan-calculator', size);
    expect(await loan.locator('.layout').getAttribute('class')).not.toMatch(/\bwide\b/);
    expect(web.errors).toEqual([]);
  });

  it('folds the echo of an input record in the details under its name: the BRP options, one click away', async () => {
    const p = await runExample('brp-test-data-generator', size);
    const data = JSON.parse((await p.locator('#json').textContent())!) as { options: Record<string, unknown> };
    expect(Object.keys(data.options).length).toBeGreaterThan(6);
    const details = p.locator('#result .summary-card > dl.summary');
    const folded = details.locator(':scope > div.folded', { has: p.locator(':scope > dt', { hasText: /^Options$/ }) });
    expect(await folded.count()).toBe(1);
    expect(await folded.locator('dd > details').first().getAttribute('open')).toBeNull();
    // Shown: a handful of labels, not one per option.
    const visible = await details
      .locator(':scope > div > dt')
      .evaluateAll((dts) => dts.filter((d) => (d as HTMLElement).offsetParent).length);
    expect(visible).toBeLessThanOrEqual(6);
    await folded.locator('dd > details > summary').first().click();
    expect(await folded.locator('dt', { hasText: /^Max age$/ }).isVisible()).toBe(true);
    if (size === 'desktop') expect((await overflowOf(p)).inside).toBeLessThanOrEqual(1);
    expect((await overflowOf(p)).page).toBeLessThanOrEqual(SIZES[size].width);
    await screenshot(p, `fit-brp-${size}`);
    expect(web.errors).toEqual([]);
  });

  it('writes the amounts of a note in the style of the figures: the salary rule in euros with two decimals', async () => {
    const p = await runExample('salary-calculator', size);
    const rule = JSON.parse((await p.locator('#json').textContent())!).rule as string;
    const note = (await p.locator('#result .notes p', { hasText: /^Rule:/ }).textContent())!;
    // Every amount of the rule (decimals, or five digits and more) is shown as money; the rest as written.
    const amounts = rule.match(/(?<![\w.])\d{5,}(\.\d+)?|(?<![\w.])\d+\.\d+/g) ?? [];
    expect(amounts.length).toBeGreaterThan(3);
    for (const a of amounts) {
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Number(a));
      expect(note, a).toContain(money);
    }
    expect(note).not.toMatch(/(?<![\d,.])\d{5,}|\d\.\d(?!\d)|\d\.\d{3}/);
    expect(note).toContain('8%');
    await screenshot(p, `fit-salary-${size}`);
    expect(web.errors).toEqual([]);
  });

  it('names a label two headline details share with its parent: AA and AAA normal text of the contrast checker', async () => {
    const p = await runExample('color-contrast-checker', size);
    const detail = (await p.locator('#primary .figure-detail').textContent())!;
    const labels = detail.split(' · ').map((d) => d.split(':')[0]);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(['AA normal text', 'AAA normal text']);
    expect(web.errors).toEqual([]);
  });

  it('shows the first tools of the catalogue on the first screen', async () => {
    const p = await open('/', size);
    await screenshot(p, `fit-catalogue-${size}`, false);
    const cards = await p.locator('#popular li').evaluateAll((lis) => lis.slice(0, 3).map((li) => li.getBoundingClientRect().bottom));
    const wanted = size === 'phone' ? 3 : 1;
    expect(cards.slice(0, wanted).every((bottom) => bottom <= SIZES[size].height)).toBe(true);
    // What the intro no longer says at once is one click away.
    await p.locator('main details.about > summary').click();
    expect(await p.locator('main details.about a[href="/docs"]').isVisible()).toBe(true);
    expect(web.errors).toEqual([]);
  });
});
