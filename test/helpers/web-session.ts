/**
 * What a browser test file of the web pages sets up: a listening server and a browser for the whole file, and one
 * page at a time in a fresh context (desktop or phone size, en-US, UTC) whose key box holds the server's key, with
 * the page's uncaught errors kept so a test can assert there were none.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type TestServer } from './server.js';
import { launchBrowser } from './web.js';

export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type Size = keyof typeof SIZES;

export interface WebSession {
  /** The server (after the file's beforeAll). */
  readonly srv: TestServer;
  /** The uncaught errors of the page opened last. */
  readonly errors: string[];
  /** Open `path` in a fresh context. */
  open(path: string, opts?: OpenOptions): Promise<Page>;
}

export interface OpenOptions {
  /** Desktop unless given. */
  size?: Size;
  /** The key in the key box: the server's unless given; null for none. */
  key?: string | null;
  /** Sees the page before it loads (to listen to its requests). */
  watch?: (page: Page) => void;
}

/** Registers the file's beforeAll and afterAll; call it at the top level of a test file. */
export function webSession(): WebSession {
  let srv: TestServer | undefined;
  let browser: Browser | undefined;
  let ctx: BrowserContext | undefined;
  let errors: string[] = [];
  beforeAll(async () => {
    srv = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await srv?.close();
  });
  return {
    get srv() {
      return srv!;
    },
    get errors() {
      return errors;
    },
    async open(path, { size = 'desktop', key = srv!.key, watch } = {}) {
      await ctx?.close();
      errors = [];
      ctx = await browser!.newContext({ viewport: SIZES[size], locale: 'en-US', timezoneId: 'UTC' });
      if (key) await ctx.addInitScript((k) => localStorage.setItem('werkbank.key', k), key);
      const page = await ctx.newPage();
      const seen = errors;
      page.on('pageerror', (e) => seen.push(e.message));
      watch?.(page);
      await page.goto(srv!.url + path);
      return page;
    },
  };
}
