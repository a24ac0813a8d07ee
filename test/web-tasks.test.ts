/**
 * A long tool on its tool page in a real browser (src/web/client/toolpage/task.ts): the run is asked for as a task
 * (`Prefer: respond-async`), its status polled, the status message and a `<progress>` bar shown and advancing, then
 * the result as a direct call shows it; Cancel ends the task cancelled and uncharged. A short tool is called as
 * before. The long run is UPA's zip of a file per person per month (about ten seconds: test/helpers/upa-runs.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, screenshot } from './helpers/web.js';
import { webSession } from './helpers/web-session.js';
import { LONG_UPA_PLANNED } from './helpers/upa-runs.js';

const web = webSession();
/** The Prefer header of each tool call the page made, and the status URL of each task it was given. */
let prefers: Array<string | undefined> = [];
let taskUrls: string[] = [];

async function open(path: string): Promise<Page> {
  prefers = [];
  taskUrls = [];
  const page = await web.open(path, {
    watch: (p) => {
      p.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/v1/tools/')) prefers.push(r.headers()['prefer']);
      });
      p.on('response', (r) => {
        const location = r.headers()['location'];
        if (r.status() === 202 && location) taskUrls.push(location);
      });
    },
  });
  await page.locator('#fields [id^="f-"]').first().waitFor();
  return page;
}

const field = (p: Page, path: string) => p.locator(`[id="f-${path}"]`);
const remaining = async () => (await web.srv.server.accounts.balance(web.srv.accountId)).remaining;
const taskStatus = async (url: string) => {
  const res = await fetch(web.srv.url + url, { headers: { 'X-API-Key': web.srv.key } });
  return ((await res.json()) as { data: { status: string } }).data.status;
};

/** Fill the UPA form with the long run (test/helpers/upa-runs.ts's LONG_UPA) and press Run. */
async function runLongUpa(p: Page): Promise<void> {
  // The nested options are folded away, as a reader finds them: unfold them all.
  await p.locator('#fields details:not([open]) > summary').evaluateAll((all) => all.forEach((e) => (e as HTMLElement).click()));
  await field(p, 'format').selectOption({ label: 'Zip' });
  await field(p, 'options.population.count').fill('1000');
  await field(p, 'options.period.startYear').fill('2026');
  await field(p, 'options.period.months').fill('36');
  await field(p, 'options.period.splitMode').selectOption({ label: 'Per participant' });
  await p.click('#run');
  await p.locator('#task-progress').waitFor();
}

/** The values the progress bar shows until `stop` holds, polled as a reader would see them. */
async function barValues(p: Page, stop: () => Promise<boolean>): Promise<number[]> {
  const seen: number[] = [];
  while (!(await stop())) {
    const v = await p
      .locator('#task-progress')
      .evaluate((e) => (e as HTMLProgressElement).value)
      .catch(() => undefined);
    if (v !== undefined) seen.push(v);
    await p.waitForTimeout(200);
  }
  return seen;
}

describe('a long tool on its page', { timeout: 240_000 }, () => {
  it('runs as a task: its status message and an advancing progress bar, then the result', async () => {
    const p = await open('/tools/upa-file-generator');
    await runLongUpa(p);
    expect(prefers).toEqual(['respond-async']);
    expect(taskUrls).toHaveLength(1);
    const status = p.locator('#task-status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await p.locator('#task-progress').getAttribute('aria-labelledby')).toBe('task-status');
    await expect
      .poll(() => status.textContent(), { timeout: 120_000 })
      .toMatch(new RegExp(`^${LONG_UPA_PLANNED}; writing month \\d+ of 36`));
    await p.locator('#result').scrollIntoViewIfNeeded();
    await screenshot(p, 'task-progress', false);
    const first = await p.locator('#task-progress').evaluate((e) => (e as HTMLProgressElement).value);
    // The panel while it works: no serious or critical axe finding on the page.
    const axe = await axeScan(p);
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      JSON.stringify(axe.violations),
    ).toEqual([]);
    const values = [first, ...(await barValues(p, async () => (await p.locator('#task-progress').count()) === 0))];
    expect(new Set(values).size).toBeGreaterThanOrEqual(2);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    await expect.poll(() => p.locator('#status').textContent(), { timeout: 60_000 }).toMatch(/^Done in \d+ ms\.$/);
    // The answer /result gave, shown in the tool's view: the table of the archive's files.
    const result = await (await fetch(web.srv.url + taskUrls[0] + '/result', { headers: { 'X-API-Key': web.srv.key } })).json();
    const { files } = (result as { data: { files: { name: string }[] } }).data;
    expect(files.length).toBeGreaterThan(1000);
    const cells = await p.locator('#result #primary td:first-child').allTextContents();
    expect(cells.slice(0, 3)).toEqual(files.slice(0, 3).map((f) => f.name));
    expect(await taskStatus(taskUrls[0])).toBe('completed');
    expect(web.errors).toEqual([]);
  });

  it('Cancel ends the task as cancelled and uncharged', async () => {
    const before = await remaining();
    const p = await open('/tools/upa-file-generator');
    await runLongUpa(p);
    await expect.poll(() => p.locator('#task-status').textContent(), { timeout: 120_000 }).toMatch(/writing month \d+ of 36/);
    await p.click('#task-cancel');
    await expect.poll(() => p.locator('#status').textContent(), { timeout: 60_000 }).toBe('Cancelled; nothing was charged.');
    expect(await p.locator('#result').textContent()).toBe('Cancelled before it finished; nothing was charged.');
    expect(await taskStatus(taskUrls[0])).toBe('cancelled');
    expect(await remaining()).toBe(before);
    expect(await p.locator('#run').isDisabled()).toBe(false);
    expect(web.errors).toEqual([]);
  });

  it('a short tool is called as before: no task asked for', async () => {
    const p = await open('/tools/word-counter');
    await p.fill('#f-text', 'two words');
    await p.click('#run');
    await expect.poll(() => p.locator('#status').textContent(), { timeout: 60_000 }).toMatch(/^Done in/);
    expect(prefers.length).toBeGreaterThan(0);
    expect(prefers.every((v) => v === undefined)).toBe(true);
    expect(await p.locator('#task-progress').count()).toBe(0);
  });
});
