/**
 * The tool page's flows in a real browser: numbers are sent as typed (a decimal comma is a decimal,
 * anything unreadable is refused on the field and nothing is sent), csv-merge's CSV files are one
 * box each, a 400 naming two fields marks both, the result is brought into view and focused on a
 * phone, Ctrl+Enter runs and Reset clears, a key refused with 401 is forgotten, and the friendly 404.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { axeScan, screenshot } from './helpers/web.js';
import { webSession } from './helpers/web-session.js';

const web = webSession();
const open = (path: string, opts: { phone?: boolean; key?: string | null } = {}): Promise<Page> =>
  web.open(path, { size: opts.phone ? 'phone' : 'desktop', key: opts.key });

/** The bodies the page POSTs to the tool's REST path. */
function bodies(page: Page, path: string): unknown[] {
  const sent: unknown[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) sent.push(r.postDataJSON());
  });
  return sent;
}

describe('numbers as typed', () => {
  it('sends 3000,50 as 3000.5 and refuses 7e, 5ft and the ambiguous 1,000 on the field without sending anything', async () => {
    const p = await open('/tools/holiday-allowance-calculator');
    const sent = bodies(p, '/api/v1/tools/holiday-allowance-calculator');
    await p.locator('[data-example="0"]').click(); // year 2025, a monthly wage
    await p.fill('#f-wage', '3000,50');
    await p.click('#run');
    await p.locator('#primary').waitFor();
    expect(sent.at(-1)).toEqual({ year: 2025, wage: 3000.5 });
    // 8 % of twelve months of €3,000.50: €2,880.48, not the €288,048 of 300050.
    expect(JSON.parse((await p.locator('#json').textContent())!).holidayAllowance).toBe(2880.48);
    expect(await p.locator('#primary .figure').textContent()).toBe('€2,880.48');
    for (const typed of ['7e', '5ft', '1,000', '1.2.3,4']) {
      const before = sent.length;
      await p.fill('#f-wage', typed);
      await p.click('#run');
      await expect.poll(() => p.locator('#f-wage-err').textContent()).not.toBe('');
      expect(await p.getAttribute('#f-wage', 'aria-invalid')).toBe('true');
      expect(await p.locator('#f-wage-err').textContent()).toContain(typed);
      expect(sent.length, `${typed} was sent`).toBe(before);
    }
    // Thousands separators where they cannot be misread.
    await p.fill('#f-wage', '3.000,50');
    await p.click('#run');
    await expect.poll(() => sent.length).toBeGreaterThan(1);
    expect(sent.at(-1)).toMatchObject({ wage: 3000.5 });
    expect(await p.getAttribute('#f-wage', 'aria-invalid')).toBeNull();
    await screenshot(p, 'flow-decimal-comma');
    expect(web.errors).toEqual([]);
  });
});

describe('csv-merge', () => {
  it('shows one text area per CSV file, fills them from the example and merges both', async () => {
    const p = await open('/tools/csv-merge');
    await p.locator('[data-example="0"]').click();
    const boxes = p.locator('#f-csvs-list textarea');
    expect(await boxes.count()).toBe(2);
    const example = (await web.srv.server.registry.bySlugOrNull('csv-merge')!.load()).examples[0].input as { csvs: string[] };
    expect(await boxes.nth(0).inputValue()).toBe(example.csvs[0]);
    expect(await boxes.nth(1).inputValue()).toBe(example.csvs[1]);
    const sent = bodies(p, '/api/v1/tools/csv-merge');
    await p.click('#run');
    await p.locator('#primary[data-kind="code"]').waitFor();
    expect(sent.at(-1)).toMatchObject({ csvs: example.csvs });
    const data = JSON.parse((await p.locator('#json').textContent())!);
    expect(data.rows).toBe(3);
    expect(await p.locator('#primary code').textContent()).toBe(data.csv);
    // A third file: Add, type, and it is sent as a third item.
    await p.click('#f-csvs .add');
    expect(await boxes.count()).toBe(3);
    await boxes.nth(2).fill('id,name\n4,Edsger');
    await p.click('#run');
    await expect.poll(() => (sent.at(-1) as { csvs: string[] }).csvs.length).toBe(3);
    await screenshot(p, 'flow-csv-merge');
  });
});

describe('errors', () => {
  it('marks every field a 400 names, with its own message', async () => {
    const p = await open('/tools/tip-calculator');
    await p.locator('[data-example="0"]').click();
    await p.fill('#f-people', '0');
    await p.fill('#f-tipPercent', '250');
    await p.click('#run');
    await p.locator('#form-error:not([hidden])').waitFor();
    expect(await p.locator('#form-error').textContent()).toMatch(/^400: /);
    for (const [field, text] of [
      ['people', /`people` must be ≥ 1/],
      ['tipPercent', /`tipPercent` must be ≤ 100/],
    ] as const) {
      expect(await p.getAttribute(`#f-${field}`, 'aria-invalid'), field).toBe('true');
      expect(await p.locator(`#f-${field}-err`).textContent()).toMatch(text);
    }
    // The other fields are not marked.
    expect(await p.getAttribute('#f-bill', 'aria-invalid')).toBeNull();
    await screenshot(p, 'flow-400-two-fields');
    const summary = await axeScan(p);
    expect(summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('marks the cell of a table row a 400 names', async () => {
    const p = await open('/tools/gpa-calculator');
    await p.locator('[data-example="0"]').click();
    const credits = p.locator('#f-courses tbody tr').nth(1).locator('td[data-col="credits"] input');
    await credits.fill('500');
    await p.click('#run');
    await p.locator('#form-error:not([hidden])').waitFor();
    expect(await credits.getAttribute('aria-invalid')).toBe('true');
    expect(await p.locator('#f-courses-err').textContent()).toMatch(/courses\[1\]\.credits/);
  });

  it('forgets a key the server refuses (401) and asks for another', async () => {
    const p = await open('/tools/word-counter', { key: 'wbk_' + 'x'.repeat(40) });
    await p.locator('[data-example="0"]').click();
    await p.click('#run');
    await p.locator('#keybox #apikey').waitFor();
    expect(await p.evaluate(() => localStorage.getItem('werkbank.key'))).toBeNull();
    expect(await p.locator('#keybox').textContent()).toMatch(/not accepted/);
    // The next Run sends no key: still a 401, never the wrong key again.
    const keys: (string | undefined)[] = [];
    p.on('request', (r) => r.method() === 'POST' && keys.push(r.headers()['x-api-key']));
    await p.click('#run');
    await expect.poll(() => keys.length).toBe(1);
    expect(keys[0]).toBeUndefined();
  });
});

describe('flow', () => {
  it('on a phone, brings the result into view and moves focus to it after Run', async () => {
    const p = await open('/tools/salary-calculator', { phone: true });
    await p.locator('[data-example="0"]').click();
    await p.locator('#run').scrollIntoViewIfNeeded();
    await p.click('#run');
    await p.locator('#primary').waitFor();
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('primary');
    const box = (await p.locator('#primary').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(844 / 2);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The header stays compact on a phone: two short rows (the brand and Theme, then every nav link in view).
    expect((await p.locator('header.top').boundingBox())!.height).toBeLessThan(80);
    await screenshot(p, 'flow-phone-result', false);
  });

  it('runs with Ctrl+Enter from a text area; Reset clears the form', async () => {
    const p = await open('/tools/word-counter');
    await p.fill('#f-text', 'one two three');
    await p.press('#f-text', 'Control+Enter');
    await p.locator('#primary').waitFor();
    expect(await p.locator('#primary data').getAttribute('value')).toBe('3');
    await p.click('#reset');
    expect(await p.inputValue('#f-text')).toBe('');
    expect(await p.locator('#primary').count()).toBe(0);
  });

  it('shows a date picker for dates and an add-row table for arrays of objects, in words', async () => {
    const p = await open('/tools/debt-payoff-calculator');
    expect(await p.getAttribute('#f-startDate', 'type')).toBe('date');
    const heads = await p.locator('#f-debts table thead th').allTextContents();
    expect(heads.slice(0, 3)).toEqual(['Label', 'Amount owed now*', 'APR (%)*']);
    // Labels are words, never camelCase names; enum options too.
    const labels = await p.locator('#fields label, #fields legend').allTextContents();
    expect(labels.filter((l) => /[a-z][A-Z]/.test(l))).toEqual([]);
    const options = await p.locator('#fields option').allTextContents();
    expect(options.filter((o) => /[a-z][A-Z]/.test(o))).toEqual([]);
    // Hints show code, not Markdown backticks.
    expect((await p.locator('#fields').textContent())!).not.toContain('`');
  });

  it('an enum shows its default chosen and named, with no empty choice; left at it, the field is left out of the call', async () => {
    const p = await open('/tools/loan-calculator');
    const sent = bodies(p, '/api/v1/tools/loan-calculator');
    const options = await p.locator('#f-termUnit option').allTextContents();
    expect(options).toEqual(['Years (default)', 'Months']);
    expect((await p.locator('#fields option').allTextContents()).filter((o) => o.trim() === '(default)')).toEqual([]);
    expect((await axeScan(p)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // At its default, the field is left out of the call (the tool's own default applies).
    await p.locator('[data-example="0"]').click();
    await p.selectOption('#f-termUnit', { label: 'Years (default)' });
    await p.click('#run');
    await p.locator('#primary').waitFor();
    expect(sent.at(-1)).not.toHaveProperty('termUnit');
  });
});

describe('pages that help you on', () => {
  it('an unknown tool is a friendly HTML 404 with the site header and did-you-mean', async () => {
    const res = await fetch(web.srv.url + '/tools/bmi');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const p = await open('/tools/bmi');
    expect(await p.locator('header.top nav').count()).toBe(1);
    expect(await p.locator('main a[href="/tools/bmi-calculator"]').count()).toBe(1);
    await screenshot(p, 'flow-404', false);
    const summary = await axeScan(p);
    expect(summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('/tools in a browser goes to the catalogue; /docs has the site header; the pages have an icon', async () => {
    const p = await open('/tools');
    expect(new URL(p.url()).pathname).toBe('/');
    expect(await p.locator('#tools li').count()).toBe(web.srv.server.registry.listed().length);
    expect(await p.getAttribute('link[rel="icon"]', 'href')).toBe('/favicon.svg');
    expect((await fetch(web.srv.url + '/favicon.svg')).headers.get('content-type')).toMatch(/image\/svg\+xml/);
    const docs = await (await fetch(web.srv.url + '/docs')).text();
    expect(docs).toContain('<header class="top">');
    expect(docs).toContain('href="/account"');
  });
});
