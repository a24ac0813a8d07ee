/**
 * Every tool page in a real browser: the first example fills the form, runs from the page and shows its
 * primary result in the view the tool declares (`resultView`), the copy button hands the value itself to the
 * clipboard, the first field is visible without scrolling at desktop size (1280×800), and after the run the
 * page is no wider than a phone (390×844: the same page, resized, so its media queries apply as on a phone).
 * WEB_LANES pages run at once (default 4). Screenshots of twenty representative tools at both sizes land in
 * test-output/web/tool-<slug>-<size>.png (git-ignored); WEB_SHOWCASE=1 runs only those twenty, to look at them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type TestServer } from './helpers/server.js';
import { launchBrowser, OUTPUT } from './helpers/web.js';
import { SIZES } from './helpers/web-session.js';
import { copyValue } from '../src/web/client/result/copy-value.js';
import { resolveView, valueAt, type ResultView } from '../src/web/client/result/view.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Twenty tools that show the kinds of results and forms: figures, code, lists, tables, files, diff, add-row
 * tables, images, generated records, schedules, checks.
 */
export const SHOWCASE = [
  'salary-calculator',
  'loan-calculator',
  'json-to-yaml',
  'csv-merge',
  'password-generator',
  'gpa-calculator',
  'dutch-holidays',
  'text-diff',
  'bmi-calculator',
  'timesheet-calculator',
  'brp-test-data-generator',
  'timezone-converter',
  'mortgage-calculator',
  'qr-code',
  'regex-tester',
  'color-contrast-checker',
  'cron-parser',
  'unit-converter',
  'iban-validator',
  'word-frequency-counter',
];

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

interface ToolCase {
  slug: string;
  view?: ResultView;
  example: unknown;
}

interface Outcome {
  slug: string;
  problems: string[];
  ms: number;
}

/** A context with the key in storage and the clipboard recorded (what the page hands to writeText). */
async function context(): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: SIZES.desktop, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((key) => {
    try {
      localStorage.setItem('werkbank.key', key);
    } catch {
      /* a sandboxed frame */
    }
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    if (navigator.clipboard)
      Object.defineProperty(navigator.clipboard, 'writeText', { value: async (t: string) => void w.__copied.push(t), configurable: true });
  }, s.key);
  return ctx;
}

async function runTool(page: Page, c: ToolCase, errors: string[]): Promise<Outcome> {
  const started = Date.now();
  const problems: string[] = [];
  errors.length = 0;
  await page.goto(`${s.url}/tools/${c.slug}`, { waitUntil: 'domcontentloaded' });
  // One round trip: the page's own controls pressed in the page (Playwright's actionability checks would
  // triple the time), then the state once the result or an error is there.
  const state = await page.evaluate(async () => {
    const $ = (sel: string) => document.querySelector<HTMLElement>(sel);
    const until = async (test: () => unknown, ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 15))) if (test()) return true;
      return false;
    };
    await until(() => $('#fields [id^="f-"]'), 10_000);
    // The form speaks words: no camelCase names as labels or options, no raw Markdown.
    const own = (sel: string) => Array.from(document.querySelectorAll(sel)).map((e) => (e.childNodes[0]?.textContent ?? '').trim());
    const words = [
      ...own('#fields label'),
      ...own('#fields legend'),
      ...own('#fields summary'),
      ...own('#fields th'),
      ...own('#fields option'),
    ];
    const unreadable = words.filter((w) => /[a-z][A-Z]|_[a-z]/.test(w));
    for (const hint of Array.from(document.querySelectorAll('#fields .hint')))
      if (/`[A-Za-z][^`]*`/.test(hint.textContent ?? '')) unreadable.push(`raw Markdown in “${hint.textContent}”`);
    const first = $('#fields input, #fields select, #fields textarea');
    const firstBottom = first ? first.getBoundingClientRect().bottom : Infinity;
    $('[data-example="0"]')!.click();
    // A 503 says the compute pool is busy with other pages' large inputs (several pages run at once here, with one
    // key: a 429 says that key has its share of the pool): the page shows it and a person presses Run again, as
    // this does, up to three times.
    let done = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      $('#run')!.click();
      done = await until(() => $('#json') || !$('#form-error')!.hidden, 60_000);
      if (!done || $('#json') || !/^(429|503)\b/.test($('#form-error')!.textContent ?? '')) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    return {
      done,
      unreadable,
      firstBottom,
      json: $('#json')?.textContent ?? null,
      error: $('#form-error')!.hidden ? null : $('#form-error')!.textContent,
      kind: $('#primary')?.getAttribute('data-kind') ?? null,
      width: document.documentElement.scrollWidth,
      focused: document.activeElement?.id ?? '',
    };
  });
  if (state.unreadable.length) problems.push(`form words: ${state.unreadable.join(', ')}`);
  if (state.firstBottom > SIZES.desktop.height) problems.push(`first field below the fold (bottom at ${Math.round(state.firstBottom)} px)`);
  if (!state.done || state.json === null) {
    problems.push(`no result: ${state.error ?? 'timed out'}`);
    return { slug: c.slug, problems, ms: Date.now() - started };
  }
  const data = JSON.parse(state.json);
  const resolved = resolveView(data, c.view);
  if (!resolved) problems.push('no primary field in the answer');
  else {
    const [view, path] = resolved;
    if (state.kind !== view.kind) problems.push(`primary view ${state.kind}, declared ${view.kind}`);
    if (state.focused !== 'primary') problems.push(`focus on #${state.focused}, not on the result`);
    const copied = await page.evaluate(() => {
      (document.querySelector('[data-copy-primary]') as HTMLElement).click();
      return (window as unknown as { __copied: string[] }).__copied.at(-1);
    });
    const expected = copyValue(view, valueAt(data, path), s.url);
    if (copied !== expected)
      problems.push(`copy gave ${JSON.stringify(copied)?.slice(0, 80)}, expected ${JSON.stringify(expected).slice(0, 80)}`);
  }
  if (state.width > SIZES.desktop.width) problems.push(`page ${state.width} px wide at ${SIZES.desktop.width} px`);
  await screenshot(page, c.slug, 'desktop');
  await page.setViewportSize(SIZES.phone);
  const phoneWidth = await page.evaluate(
    () => new Promise<number>((r) => requestAnimationFrame(() => r(document.documentElement.scrollWidth))),
  );
  if (phoneWidth > SIZES.phone.width) problems.push(`page ${phoneWidth} px wide at ${SIZES.phone.width} px`);
  await screenshot(page, c.slug, 'phone');
  if (errors.length) problems.push(`script errors: ${errors.join(' | ')}`);
  return { slug: c.slug, problems, ms: Date.now() - started };
}

async function screenshot(page: Page, slug: string, size: keyof typeof SIZES) {
  if (!SHOWCASE.includes(slug)) return;
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: join(OUTPUT, `tool-${slug}-${size}.png`), fullPage: true });
}

/** The cases, `lanes` pages at a time (each a fresh page per tool: one page navigated 155 times slows down). */
async function runAll(cases: ToolCase[], lanes: number): Promise<Outcome[]> {
  const ctx = await context();
  const queue = [...cases];
  const out: Outcome[] = [];
  try {
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const page = await ctx.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          out.push(await runTool(page, c, errors));
          await page.close();
        }
      }),
    );
  } finally {
    await ctx.close();
  }
  return out;
}

describe('every tool page', () => {
  it('runs its first example at desktop and phone size: the declared view, copy gives the value, the page stays within the phone', async () => {
    const cases: ToolCase[] = [];
    const skipped: string[] = [];
    for (const entry of s.server.registry.listed()) {
      const example = (await entry.load()).examples[0];
      // URL renders need the public internet, which the tests do not have.
      if (example.online) skipped.push(entry.tool.slug);
      else cases.push({ slug: entry.tool.slug, view: entry.tool.resultView, example: example.input });
    }
    const showcaseOnly = process.env.WEB_SHOWCASE === '1';
    if (showcaseOnly) cases.splice(0, cases.length, ...cases.filter((c) => SHOWCASE.includes(c.slug)));
    expect(cases.length).toBeGreaterThan(showcaseOnly ? SHOWCASE.length - 1 : 100);
    expect(
      cases.every((c) => c.view),
      'every tool declares its result view',
    ).toBe(true);
    const started = Date.now();
    const outcomes = await runAll(cases, Number(process.env.WEB_LANES ?? 4));
    const failures = outcomes.filter((o) => o.problems.length).map((o) => `${o.slug}: ${o.problems.join('; ')}`);
    const slowest = [...outcomes]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((o) => `${o.slug} ${o.ms} ms`);
    console.log(
      `${cases.length} tools in ${Date.now() - started} ms (skipped, online: ${skipped.join(', ') || 'none'}); slowest: ${slowest.join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
