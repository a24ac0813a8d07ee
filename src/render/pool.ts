/**
 * The browser pool: one long-lived Chromium, a fresh browser context per
 * render (closed in `finally`), bounded concurrency with a small bounded
 * queue, a hard deadline per render, and recycling.
 *
 *   - Concurrency defaults to the number of cores (measured on 2 cores:
 *     throughput saturates at 2; more only adds latency). Beyond the queue a
 *     render is refused at once with 503 + Retry-After.
 *   - Deadline (default 20 s from the start of the render): the context is
 *     closed (which kills its renderer); if even that hangs, the whole browser
 *     is killed and relaunched. The caller gets a 502.
 *   - The browser is replaced after `recycleAfter` renders (in-flight renders
 *     finish on the old one) and whenever it disconnects or crashes.
 *
 * Every context gets its own egress-proxy session (`proxy.ts`); the browser
 * itself is launched with a proxy that refuses everything, so Chromium's own
 * background traffic cannot go anywhere either.
 *
 * A browser that cannot start (none found, shared libraries missing, a bad
 * WERKBANK_CHROMIUM_PATH) is not an internal error: renders answer 503 with
 * Retry-After and the cause and fix from `explainFailure`, the cause is logged
 * once, and the launch is retried after Retry-After (so installing the missing
 * piece needs no restart).
 */
import { availableParallelism } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { observePoolWait, secondsSince, watchPool } from '../observe/metrics.js';
import { HttpError } from '../core/errors.js';
import { log } from '../core/log.js';
import { CHROMIUM_ARGS, explainFailure, findChromium, type BrowserChoice } from './browser.js';
import { openProxySession, type ProxyPolicy, type ProxySession } from './proxy.js';

export interface PoolOptions {
  proxy: ProxyPolicy;
  /** Renders at once (default: number of cores). */
  concurrency?: number;
  /** Renders waiting for a slot before 503 (default 4 × concurrency). */
  queue?: number;
  /** Hard deadline per render, ms (default 20,000). */
  deadlineMs?: number;
  /** Replace the browser after this many renders (default 100). */
  recycleAfter?: number;
  /** Where Chromium comes from (default: `findChromium()` with `dataDir`). */
  chromium?: () => Promise<BrowserChoice>;
  /** The data dir, whose `browser/` folder holds a browser werkbank installed (see src/render/install.ts). */
  dataDir?: string;
  /** Log a browser that cannot start (default true; `werkbank doctor` prints it itself). */
  logFailures?: boolean;
}

export interface RenderScope {
  page: Page;
  context: BrowserContext;
  proxy: ProxySession;
  /** Milliseconds left before the deadline. */
  remainingMs(): number;
}

interface Instance {
  browser: Browser;
  /** When the browser was installed for this launch (auto-install on first use), ms since the epoch. */
  installedAt?: number;
  active: number;
  renders: number;
  retired: boolean;
}

const SCHEMES_ALLOWED = new Set(['http:', 'https:', 'data:', 'blob:', 'about:']);

/** After a failed launch, renders answer 503 at once for this long (Retry-After), then the launch is tried again. */
export const BROWSER_RETRY_SECONDS = 30;

export class RenderPool {
  readonly concurrency: number;
  readonly queueLimit: number;
  readonly deadlineMs: number;
  readonly recycleAfter: number;
  private current: Promise<Instance> | null = null;
  private denyAll: Promise<ProxySession> | null = null;
  private choice: BrowserChoice | null = null;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  /** The last failed launch, answered until `until` without trying again. */
  private failure: { error: HttpError; until: number } | null = null;
  /** The launch failure last logged (each distinct cause is logged once). */
  private loggedFailure: string | null = null;
  /** Counters for health/doctor/bench. */
  readonly stats = { renders: 0, failures: 0, timeouts: 0, launches: 0, rejected: 0, launchFailures: 0 };

  constructor(private readonly opts: PoolOptions) {
    if (process.env.PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK)
      throw new Error(
        'PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK is set: Chromium would reach loopback addresses without the ' +
          'egress proxy (SSRF). Unset it to start werkbank.',
      );
    this.concurrency = Math.max(1, opts.concurrency ?? availableParallelism());
    this.queueLimit = Math.max(0, opts.queue ?? 4 * this.concurrency);
    this.deadlineMs = opts.deadlineMs ?? 20_000;
    this.recycleAfter = Math.max(1, opts.recycleAfter ?? 100);
    watchPool('render', () => ({ running: this.active, waiting: this.waiting.length }));
  }

  /** The browser in use, once one was launched. */
  get browserChoice(): BrowserChoice | null {
    return this.choice;
  }

  /** Run one render: a slot, a fresh context behind its own proxy session, the deadline. */
  async run<T>(job: (scope: RenderScope) => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await this.render(job);
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.closed) throw new HttpError('The renderer is shutting down', 503, { retryAfter: 5 });
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    if (this.waiting.length >= this.queueLimit) {
      this.stats.rejected++;
      throw new HttpError(
        `The renderer is busy (${this.active} renders running, ${this.waiting.length} waiting); retry in a few seconds`,
        503,
        { retryAfter: 5 },
      );
    }
    const start = performance.now();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    observePoolWait('render', secondsSince(start));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes to the next in line
    else this.active--;
  }

  private async render<T>(job: (scope: RenderScope) => Promise<T>): Promise<T> {
    let started = Date.now();
    const instance = await this.instance();
    // A render that waited for the browser to be installed (first use) gets its whole deadline after that.
    if (instance.installedAt !== undefined && instance.installedAt >= started) started = Date.now();
    instance.active++;
    instance.renders++;
    if (instance.renders >= this.recycleAfter) this.retire(instance);
    let proxy: ProxySession | undefined;
    let context: BrowserContext | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      proxy = await openProxySession(this.opts.proxy);
      context = await instance.browser.newContext({
        proxy: { server: proxy.server }, // Playwright adds <-loopback>: loopback goes through it too
        serviceWorkers: 'block',
        acceptDownloads: false,
        bypassCSP: false,
      });
      await context.route('**/*', (route) =>
        SCHEMES_ALLOWED.has(new URL(route.request().url()).protocol) ? route.continue() : route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      context.on('page', (p) => void (p !== page && p.close().catch(() => undefined))); // popups: closed at once
      const scope: RenderScope = { page, context, proxy, remainingMs: () => this.deadlineMs - (Date.now() - started) };
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError()), Math.max(1, scope.remainingMs()));
      });
      const result = await Promise.race([job(scope), deadline]);
      this.stats.renders++;
      return result;
    } catch (err) {
      if (err instanceof DeadlineError) {
        this.stats.timeouts++;
        await this.kill(instance, context);
        throw new HttpError(
          `Render failed: the page did not finish within the ${Math.round(this.deadlineMs / 1000)} s render deadline`,
          502,
        );
      }
      if (err instanceof HttpError) throw err;
      this.stats.failures++;
      throw new HttpError(`Render failed: ${firstLine(err)}`, 502);
    } finally {
      clearTimeout(timer);
      if (context) await withTimeout(context.close(), 5_000).catch(() => this.retire(instance, true));
      await proxy?.close();
      instance.active--;
      if (instance.retired && instance.active === 0) void instance.browser.close().catch(() => undefined);
    }
  }

  /** Deadline passed: close the context (kills its renderer); if that hangs, kill the browser. */
  private async kill(instance: Instance, context: BrowserContext | undefined): Promise<void> {
    const closed = context
      ? await withTimeout(context.close(), 3_000).then(
          () => true,
          () => false,
        )
      : false;
    if (!closed) this.retire(instance, true);
  }

  private retire(instance: Instance, now = false): void {
    if (!instance.retired) {
      instance.retired = true;
      if (this.current)
        void this.current.then(
          (i) => i === instance && (this.current = null),
          () => undefined,
        );
    }
    // Playwright's close() of a launched browser ends with SIGKILL when a graceful close fails.
    if (now) void withTimeout(instance.browser.close(), 10_000).catch(() => log('render: a retired browser did not close in 10 s', 'warn'));
  }

  private instance(): Promise<Instance> {
    if (this.failure && Date.now() < this.failure.until) return Promise.reject(this.failure.error);
    if (!this.current) {
      const launching = this.launch();
      this.current = launching;
      launching.catch(() => {
        if (this.current === launching) this.current = null; // next render tries again
      });
    }
    return this.current;
  }

  private async launch(): Promise<Instance> {
    this.denyAll ??= openProxySession({ ...this.opts.proxy, policy: () => false });
    const deny = await this.denyAll;
    let choice: BrowserChoice | null = this.choice;
    let browser: Browser;
    try {
      choice ??= await (this.opts.chromium ?? (() => findChromium(process.env, { dataDir: this.opts.dataDir })))();
      // Imported here, not at the top: playwright-core takes about a second to load,
      // and a server that never renders should not pay for it at start-up.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: choice.path,
        args: CHROMIUM_ARGS,
        headless: true,
        proxy: { server: deny.server },
        timeout: 30_000,
      });
    } catch (err) {
      throw await this.unavailable(choice, err);
    }
    this.choice = choice;
    if (this.failure || this.loggedFailure) log(`render: browser started (${choice.path}, ${choice.source}); renders are available again`);
    this.failure = null;
    this.loggedFailure = null;
    this.stats.launches++;
    const instance: Instance = {
      browser,
      active: 0,
      renders: 0,
      retired: false,
      installedAt: choice.installedNow ? Date.now() : undefined,
    };
    if (choice.installedNow) this.choice = { path: choice.path, source: choice.source };
    browser.on('disconnected', () => {
      if (!instance.retired) log(`render: browser disconnected after ${instance.renders} renders; relaunching on next render`, 'warn');
      this.retire(instance);
    });
    return instance;
  }

  /** A launch failed: the 503 every render gets until the next attempt; the cause is logged once. */
  private async unavailable(choice: BrowserChoice | null, err: unknown): Promise<HttpError> {
    this.stats.launchFailures++;
    this.choice = null; // look again next time: a browser may be installed by then
    const problem = await explainFailure(choice, err);
    const message = `Renders are unavailable: ${problem.message}`;
    if (message !== this.loggedFailure && this.opts.logFailures !== false) {
      this.loggedFailure = message;
      log(`render: the browser cannot start: ${problem.message} (renders answer 503 until it can; \`werkbank doctor\` checks)`, 'error');
    }
    const error = new HttpError(message, 503, { retryAfter: BROWSER_RETRY_SECONDS });
    this.failure = { error, until: Date.now() + BROWSER_RETRY_SECONDS * 1000 };
    return error;
  }

  /** Launch the browser now (e.g. at start-up) instead of on the first render. */
  async warm(): Promise<void> {
    await this.instance();
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = null;
    // Bounded, so a browser that does not answer cannot hold a draining server past its grace.
    if (current)
      await current.then(
        (i) => (
          (i.retired = true),
          withTimeout(i.browser.close(), 10_000).catch(() => log('render: the browser did not close in 10 s', 'warn'))
        ),
        () => undefined,
      );
    if (this.denyAll) await (await this.denyAll).close();
  }
}

class DeadlineError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms))),
  ]);
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text
    .split('\n')[0]
    .replace(/^\w+\.\w+: /, '')
    .slice(0, 300);
}
