/**
 * The render service: the browser pool, the hosted-file store and the three
 * renders (HTML → PDF, URL → PDF, URL → PNG), as the render tools use them
 * (through `ToolContext.render`, see core/render-api.ts).
 *
 * One service per process, made by the render feature (src/render/feature.ts)
 * of the HTTP server (data dir, base URL, injected clock and resolver) or of
 * stdio (files in the data dir with `file://` URLs); the browser starts on the
 * first render.
 */
import type { Page } from 'playwright-core';
import { HttpError } from '../core/errors.js';
import { checkRenderUrl, publicUnicastOnly, systemResolver, type AddressPolicy, type Resolver } from './address.js';
import { FileStore, type FileStoreOptions } from './files.js';
import { MAX_FULL_PAGE_HEIGHT, SCREENSHOT_HEIGHT, type HostedFile, type PaperFormat, type RenderApi } from '../core/render-api.js';
import { RenderPool, type PoolOptions, type RenderScope } from './pool.js';
import { BLOCKED_HEADER } from './proxy.js';

/** Largest output file; beyond it the render fails (502). */
export const MAX_OUTPUT_BYTES = 50 * 1024 * 1024;
/** After `load`, URL renders wait up to this long for the network to go quiet (late requests, meta refresh). */
const SETTLE_MS = 1_500;

export interface RenderServiceOptions extends Omit<PoolOptions, 'proxy'> {
  /** Where hosted files live. */
  filesDir: string;
  /** Base URL of download links, read at each render (it may be known only once the server listens); null: file:// URLs. */
  baseUrl: () => string | null;
  now?: () => Date;
  resolver?: Resolver;
  policy?: AddressPolicy;
  /** Requests per render through the egress proxy. */
  maxRequests?: number;
  /** The shared store, whose hosted files (when it keeps them) replace `filesDir`. */
  store?: FileStoreOptions['store'];
}

export class RenderService implements RenderApi {
  readonly files: FileStore;
  readonly pool: RenderPool;
  readonly resolver: Resolver;
  readonly policy: AddressPolicy;

  constructor(opts: RenderServiceOptions) {
    this.resolver = opts.resolver ?? systemResolver;
    this.policy = opts.policy ?? publicUnicastOnly;
    this.files = new FileStore({ dir: opts.filesDir, baseUrl: opts.baseUrl, now: opts.now, store: opts.store });
    this.pool = new RenderPool({ ...opts, proxy: { resolver: this.resolver, policy: this.policy, maxRequests: opts.maxRequests } });
  }

  async htmlToPdf(html: string, format: PaperFormat, landscape: boolean): Promise<HostedFile> {
    const pdf = await this.pool.run(async (scope) => {
      const watch = watchMainFrame(scope);
      await scope.page.setContent(html, { waitUntil: 'load', timeout: scope.remainingMs() });
      watch.assertNotBlocked();
      return printPdf(scope, format, landscape);
    });
    return this.store(pdf, 'application/pdf', 'document.pdf');
  }

  async urlToPdf(url: string, format: PaperFormat, landscape: boolean): Promise<HostedFile> {
    const target = await checkRenderUrl(url, this.resolver, this.policy);
    const pdf = await this.pool.run(async (scope) => {
      await openUrl(scope, target);
      return printPdf(scope, format, landscape);
    });
    return this.store(pdf, 'application/pdf', 'page.pdf');
  }

  async urlScreenshot(url: string, width: number, fullPage: boolean): Promise<HostedFile> {
    const target = await checkRenderUrl(url, this.resolver, this.policy);
    const png = await this.pool.run(async (scope) => {
      const { page } = scope;
      await page.setViewportSize({ width, height: SCREENSHOT_HEIGHT });
      await openUrl(scope, target);
      let height = SCREENSHOT_HEIGHT;
      if (fullPage) {
        height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0));
        height = Math.min(Math.max(height, 1), MAX_FULL_PAGE_HEIGHT);
        await page.setViewportSize({ width, height });
      }
      return page.screenshot({ type: 'png', fullPage: false, timeout: scope.remainingMs() });
    });
    return this.store(png, 'image/png', 'screenshot.png');
  }

  /** Store a generated file (QR codes and renders alike). */
  async store(body: Uint8Array, contentType: string, filename: string): Promise<HostedFile> {
    if (body.byteLength > MAX_OUTPUT_BYTES)
      throw new HttpError(`Render failed: the output (${body.byteLength} bytes) exceeds the ${MAX_OUTPUT_BYTES} byte limit`, 502);
    return this.files.put(body, contentType, filename);
  }

  readHosted(url: string, max: number): Buffer | null {
    const id = this.files.idOf(url);
    return id ? this.files.readSync(id, max) : null;
  }

  async close(): Promise<void> {
    this.files.stopSweeper();
    await this.pool.close();
  }
}

async function printPdf(scope: RenderScope, format: PaperFormat, landscape: boolean): Promise<Buffer> {
  return scope.page.pdf({ format, landscape, printBackground: true, timeout: scope.remainingMs() } as Parameters<Page['pdf']>[0]);
}

/** Navigate to a checked URL; a refused main-frame navigation (first hop, redirect, refresh, script) is a 400. */
async function openUrl(scope: RenderScope, url: string): Promise<void> {
  const watch = watchMainFrame(scope);
  try {
    await scope.page.goto(url, { waitUntil: 'load', timeout: scope.remainingMs() });
  } catch (err) {
    watch.assertNotBlocked();
    if (/ERR_UNSAFE_REDIRECT|ERR_BLOCKED_BY_CLIENT/.test(String(err)))
      throw new HttpError('The page redirected to a URL that is not http(s); only public http(s) pages can be rendered', 400);
    throw err;
  }
  await scope.page.waitForLoadState('networkidle', { timeout: Math.min(SETTLE_MS, scope.remainingMs()) }).catch(() => undefined);
  watch.assertNotBlocked();
}

/**
 * Watches the main frame's navigations: a response carrying the proxy's
 * refusal header, or a failed navigation whose target the proxy refused,
 * means the page tried to go somewhere it may not.
 */
function watchMainFrame({ page, proxy }: RenderScope) {
  let reason: string | null = null;
  const isMain = (frame: ReturnType<Page['mainFrame']> | null) => frame === page.mainFrame();
  page.on('response', (res) => {
    const req = res.request();
    if (!req.isNavigationRequest() || !isMain(req.frame())) return;
    const header = res.headers()[BLOCKED_HEADER];
    if (header) reason ??= decodeURIComponent(header);
  });
  page.on('requestfailed', (req) => {
    if (!req.isNavigationRequest() || !isMain(req.frame())) return;
    let url: URL;
    try {
      url = new URL(req.url());
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reason ??= `the page navigated to a ${url.protocol} URL`;
      return;
    }
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const hit = proxy.blocked.find((b) => b.target === `${url.hostname}:${port}` || b.target.startsWith(`${url.protocol}//${url.host}/`));
    if (hit) reason ??= hit.reason;
  });
  return {
    assertNotBlocked() {
      if (reason) throw new HttpError(`The page navigated to a blocked address: ${reason}`, 400);
    },
  };
}
