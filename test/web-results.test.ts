/**
 * Results on the tool page in a real browser, at desktop (1280×800) and phone (390×844) size: an answer that
 * carries an error (json-formatter on invalid JSON) is shown as an error with its line and column, the input
 * marked and no copy, download or "Done"; an example click runs; an edit marks the result out of date until it
 * is refreshed, and a text tool refreshes it as you type; the loan, salary and mortgage results show every
 * number in one style; dates and times read as dates; generated people (BRP) read as rows with sub-rows and
 * the raw JSON beside them. Screenshots in test-output/web/results-*.png (git-ignored).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/web.js';
import { SIZES, webSession, type Size } from './helpers/web-session.js';

const web = webSession();

async function open(path: string, size: Size): Promise<Page> {
  const page = await web.open(path, { size });
  await page.locator('#fields [id^="f-"]').first().waitFor();
  return page;
}

/**
 * The numbers of the rendered result as a reader sees them (the folded JSON, notes quoting the tool's rule,
 * dates and identifiers left out), and those that break the one style: grouped by commas from 1,000, a decimal
 * point, and money (a currency sign, or `money` true for a tool without one) with exactly two decimals.
 */
async function numbersOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('#result')!.cloneNode(true) as HTMLElement;
    root.querySelectorAll('details.raw, .notes, time, .ident').forEach((e) => e.remove());
    const text = Array.from(root.querySelectorAll('.figure, .figure-detail, dd, td, th'))
      .map((e) => e.textContent ?? '')
      .join('\n');
    return text.match(/[€$]?-?\d[\d,.]*/g) ?? [];
  });
}
const ONE_STYLE = /^[€$]?-?(\d{1,3}(,\d{3})*)(\.\d+)?$/;
const offStyle = (numbers: string[]) =>
  numbers.map((n) => n.replace(/[.,]$/, '')).filter((n) => !ONE_STYLE.test(n) || (/^[€$]/.test(n) && !/\.\d{2}$/.test(n)));

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('results at %s size', { timeout: 120_000 }, (size) => {
  it('shows invalid JSON as an error: the reason with line and column, the input marked, no copy or download, no "Done"', async () => {
    const p = await open('/tools/json-formatter', size);
    await p.fill('#f-json', '{\n  "a": 1,\n}');
    await p.click('#run');
    await p.locator('#result-error').waitFor();
    expect(await p.locator('#result-error .error-headline').textContent()).toBe('Expected a property name in double quotes');
    expect(await p.locator('#result-error .error-where').textContent()).toBe('Line 3, column 1 of the input.');
    expect(await p.locator('#result [data-copy-primary], #result a[download], #primary').count()).toBe(0);
    expect(await p.locator('#status').textContent()).not.toMatch(/Done/);
    expect(await p.locator('#status').textContent()).toMatch(/^Not valid: /);
    expect(await p.getAttribute('#f-json', 'aria-invalid')).toBe('true');
    expect(await p.locator('#f-json-err').textContent()).toBe('Expected a property name in double quotes (line 3, column 1)');
    await screenshot(p, `results-json-error-${size}`);
    // Fixed as you type (a text tool): the error goes, the formatted JSON comes, without pressing Run.
    await p.fill('#f-json', '{\n  "a": 1\n}');
    await p.locator('#primary[data-kind="code"]').waitFor();
    expect(await p.locator('#primary code').textContent()).toBe('{\n  "a": 1\n}');
    expect(await p.getAttribute('#f-json', 'aria-invalid')).toBeNull();
    expect(await p.locator('#result-error').count()).toBe(0);
    expect(web.errors).toEqual([]);
  });

  it('runs an example on click, and marks the result out of date after an edit until it is run again', async () => {
    const p = await open('/tools/loan-calculator', size);
    await p.locator('[data-example="0"]').click();
    await p.locator('#primary .figure').waitFor();
    expect(await p.locator('#status').textContent()).toMatch(/^Done in \d+ ms\.$/);
    expect(await p.locator('#stale').isHidden()).toBe(true);
    await p.fill('#f-amount', '2500');
    await p.locator('#stale').waitFor();
    expect(await p.locator('#stale').textContent()).toMatch(/this result is for the previous input/);
    expect(await p.locator('#result-section').getAttribute('class')).toMatch(/\bstale\b/);
    expect(await p.locator('#status').textContent()).toBe('Out of date.');
    await screenshot(p, `results-stale-${size}`);
    // The same input again: in step, nothing out of date.
    await p.fill('#f-amount', '1000');
    await expect.poll(() => p.locator('#stale').isHidden()).toBe(true);
    await p.fill('#f-amount', '2500');
    await p.click('#run');
    await p.locator('#primary .figure').waitFor();
    expect(await p.locator('#stale').isHidden()).toBe(true);
    expect(JSON.parse((await p.locator('#json').textContent())!).amount).toBe(2500);
    expect(web.errors).toEqual([]);
  });

  it('shows every number of the loan, salary and mortgage results in one style, money with two decimals, the term in the unit chosen', async () => {
    const loan = await open('/tools/loan-calculator', size);
    await loan.fill('#f-amount', '250000');
    await loan.fill('#f-annualRatePercent', '4.5');
    await loan.fill('#f-term', '30');
    await loan.selectOption('#f-termUnit', { label: 'Years (default)' });
    await loan.click('#run');
    await loan.locator('#primary .figure').waitFor();
    expect(await loan.locator('#primary .figure').textContent()).toBe('1,266.71');
    const term = loan.locator('dl.summary > div', { hasText: 'Term' });
    expect(await term.locator('dd').textContent()).toBe('30 years');
    const loanNumbers = await numbersOf(loan);
    expect(loanNumbers.length).toBeGreaterThan(100);
    expect(offStyle(loanNumbers)).toEqual([]);
    // Money in a tool without a currency: two decimals all the same (a balance of 0 too, an interest of 10).
    const cells = await loan.locator('.table-section td.num').allTextContents();
    expect(cells.filter((c) => !/\.\d{2}$/.test(c) && !/^\d+$/.test(c))).toEqual([]);
    await screenshot(loan, `results-loan-${size}`);
    for (const slug of ['salary-calculator', 'mortgage-calculator']) {
      const p = await open(`/tools/${slug}`, size);
      await p.locator('[data-example="0"]').click();
      await p.locator('#primary .figure').waitFor();
      expect(await p.locator('#primary .figure').textContent()).toMatch(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
      const numbers = await numbersOf(p);
      expect(numbers.length, slug).toBeGreaterThan(5);
      expect(offStyle(numbers), slug).toEqual([]);
      // No amount in euros without its two decimals (the €51,840 beside €3,337.64 of before).
      expect(
        numbers.filter((n) => n.startsWith('€') && !/\.\d{2}$/.test(n)),
        slug,
      ).toEqual([]);
      await screenshot(p, `results-${slug}-${size}`);
    }
    expect(web.errors).toEqual([]);
  });

  it('shows times as dates in the chosen zone, next runs one per line, never an ISO timestamp', async () => {
    const cron = await open('/tools/cron-parser', size);
    await cron.locator('[data-example="0"]').click();
    await cron.locator('#primary').waitFor();
    const runs = cron.locator('dl.summary ul.lines li');
    expect(await runs.count()).toBe(3);
    expect(await runs.first().textContent()).toBe('Jan 3, 2025, 5:00 PM UTC');
    const shown = (p: Page) =>
      p.evaluate(() => {
        const root = document.querySelector('#result')!.cloneNode(true) as HTMLElement;
        root.querySelectorAll('details.raw').forEach((e) => e.remove());
        return root.textContent ?? '';
      });
    expect(await shown(cron)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await screenshot(cron, `results-cron-${size}`);
    const tz = await open('/tools/timezone-converter', size);
    await tz.locator('[data-example="0"]').click();
    await tz.locator('#primary table').waitFor();
    expect(await shown(tz)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(await tz.locator('#primary td time').first().textContent()).toBe('Mar 30, 2024, 9:30 PM');
    await screenshot(tz, `results-timezone-${size}`);
    expect(web.errors).toEqual([]);
  });

  it('shows generated people as readable rows: dates formatted, nested values as sub-rows, the raw JSON beside them', async () => {
    const p = await open('/tools/brp-test-data-generator', size);
    await p.locator('[data-example="0"]').click();
    await p.locator('#primary table').first().waitFor();
    const data = JSON.parse((await p.locator('#json').textContent())!) as { people: Record<string, unknown>[] };
    const table = p.locator('#primary table').first();
    const columns = await table.locator(':scope > thead th').count();
    expect(columns).toBeLessThanOrEqual(12);
    expect(await table.locator(':scope > tbody > tr:not(.subrow)').count()).toBe(data.people.length);
    // No raw JSON in a cell; birth dates as dates.
    const cells = await table.locator(':scope > tbody > tr:not(.subrow) > td').allTextContents();
    expect(cells.filter((c) => /^[[{]/.test(c.trim()))).toEqual([]);
    expect(await table.locator('td time').first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // The nested values (address, partnerships …) as a sub-row under each person, opened on demand.
    const sub = table.locator(':scope > tbody > tr.subrow').first();
    await sub.locator(':scope > td > details > summary').click();
    expect(await sub.locator('.nested h5').allTextContents()).toContain('Address');
    expect(await sub.locator(':scope > td > details > .nested > dl dd').first().isVisible()).toBe(true);
    expect(await p.locator('#primary a[download$=".json"]').textContent()).toBe('Download JSON');
    expect(await p.locator('#primary a[download$=".csv"]').count()).toBe(1);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(SIZES[size].width);
    await screenshot(p, `results-brp-${size}`);
    expect(web.errors).toEqual([]);
  });
});
