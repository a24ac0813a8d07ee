/**
 * The web feature: the tool catalogue and playground (`/`, `/tools/<slug>`),
 * the account page (`/account`), the API reference (`/docs`, the bundled
 * Redoc over `/openapi.json`) and their assets under `/web/`.
 *
 * Why this shape: the pages are plain server-written HTML (readable without
 * JavaScript, small: the catalogue is one HTML document plus one stylesheet
 * and one script, no framework download). The browser code is small typed
 * modules (src/web/client/) bundled into one script at build time
 * (scripts/build-web.mjs, which also copies Redoc's standalone bundle so a
 * published package serves /docs with no CDN); from source it is bundled in
 * memory (assets.ts).
 *
 * Credentials: the key-based pages use no cookie. The browser keeps the API
 * key in its storage and sends it in the X-API-Key header, so a cross-site
 * page cannot make a state-changing call in the user's name (CSRF). A passkey
 * session (src/web/account-auth.ts) does go by cookie, so every call made with
 * it carries the page's session CSRF token (src/http/sessions.ts). The one
 * state-changing route here (`POST /web/dev-key`) also checks the origin and
 * a per-process token from the page.
 */
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import type { Feature } from '../feature.js';
import type { Registry } from '../core/registry.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Store } from '../store/store.js';
import { packageRoot } from '../core/paths.js';
import { LOCALHOST_NAMES } from '../http/guard.js';
import { selfServiceOperations, selfServiceRoutes } from '../http/account-routes.js';
import { DOCS_CSP, FAVICON, PAGE_CSP, hashOf, securityHeaders } from './html.js';
import { accountPage, cataloguePage, docsPage, notFoundPage, toolPage } from './pages.js';
import { apiReferencePage } from './docs-page.js';
import type { RouteHelpers } from '../http/app.js';
import { DOCS_STYLE, STYLE } from './style.js';
import { webAppScript } from './assets.js';
import { editDistance } from '../core/validate.js';
import type { RegisteredTool } from '../core/registry.js';
import { runsAsTask } from '../tasks/tasks.js';

export interface WebOptions {
  registry: Registry;
  accounts: Accounts;
  store: Store;
  /** The server's bind address (dev mode is only ever on for loopback). */
  host: string;
  /**
   * Dev mode: the pages offer a local key of the "dev" account, so that Run
   * works without signing in. `auto` (default; WERKBANK_WEB_DEV=1/0 overrides):
   * on when the server is bound to loopback and the "dev" account exists
   * (`werkbank serve --dev` creates it).
   */
  dev?: boolean | 'auto';
  now?: () => Date;
  /** The passkey session of a page request, if any (src/web/account-auth.ts): the playground then runs on it. */
  session?: (c: Context) => Promise<{ csrf: string; account: string } | undefined>;
  /** The public origin of a request (src/http/public-base.ts): the account page's MCP address. */
  base: (c: Context) => string;
}

/** The file name of Redoc's standalone bundle as scripts/build-web.mjs copies it next to the CLI bundle. */
export const REDOC_FILE = 'redoc.standalone.js';

function isLoopback(host: string): boolean {
  return LOCALHOST_NAMES.includes(host) || host.startsWith('127.');
}

/** Redoc's standalone bundle: the build's copy (published package), else the dev dependency. */
function readRedoc(): Buffer | null {
  const built = resolve(packageRoot, 'dist/chunks', REDOC_FILE);
  if (existsSync(built)) return readFileSync(built);
  try {
    return readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  } catch {
    return null;
  }
}

/** The tools closest to an unknown slug: by edit distance, and by the words they share ("bmi" → bmi-calculator). */
export function suggestions(tools: RegisteredTool[], slug: string, limit = 3): RegisteredTool[] {
  const asked = slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const words = asked.split('-').filter((w) => w.length >= 2);
  const scored = tools.map((e) => {
    const t = e.tool;
    const hay = `${t.slug} ${t.title}`.toLowerCase();
    const shared = words.filter((w) => hay.includes(w)).length;
    const d = editDistance(asked, t.slug);
    return { e, score: shared * 10 - d, ok: shared > 0 || d <= Math.max(2, Math.floor(asked.length / 3)) };
  });
  return scored
    .filter((x) => x.ok)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((x) => x.e);
}

/** The versioned URLs of the pages' stylesheet and script (for pages made elsewhere: src/web/account-auth.ts). */
let pageAssets: { css: string; js: string } | undefined;
export function webAssets(): { css: string; js: string } {
  return (pageAssets ??= { css: `/web/app.css?v=${hashOf(STYLE)}`, js: `/web/app.js?v=${hashOf(webAppScript())}` });
}

/** A page: HTML, revalidated on every visit, with the security headers of its content policy. */
function htmlResponse(c: Context, body: string, csp = PAGE_CSP, status = 200) {
  return c.body(body, status as 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    ...securityHeaders(csp),
  });
}

/** An asset with its ETag (304 when the browser has it). */
function assetResponse(c: Context, body: string | Uint8Array, type: string) {
  const etag = `"${hashOf(body)}"`;
  const headers = {
    'Content-Type': type,
    ETag: etag,
    // Versioned URLs (?v=<hash>) never change.
    'Cache-Control': c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(typeof body === 'string' ? body : new Uint8Array(body), 200, headers);
}

function sameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  const host = c.req.header('host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The page's token compared in constant time (hashed first, so the lengths are equal). */
function tokenMatches(given: string | undefined, csrf: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(csrf).digest();
  return timingSafeEqual(a, b);
}

/** Whether dev mode is on: fixed by the setting, or (`auto`) on loopback once the "dev" account exists. */
function devMode(opts: WebOptions): () => Promise<boolean> {
  const env = process.env.WERKBANK_WEB_DEV;
  const devSetting = env === '1' ? true : env === '0' ? false : (opts.dev ?? 'auto');
  let devOn: boolean | undefined = devSetting === 'auto' ? undefined : devSetting && isLoopback(opts.host);
  return async (): Promise<boolean> => {
    if (devOn !== undefined) return devOn;
    if (!isLoopback(opts.host)) return (devOn = false);
    const exists = await opts.accounts.requireAccount('dev').then(
      () => true,
      () => false,
    );
    if (exists) devOn = true; // stays off until the account appears
    return exists;
  };
}

/** What the web routes share: the options, the per-process token of the pages, dev mode, the assets' URLs and Redoc. */
interface WebContext {
  opts: WebOptions;
  csrf: string;
  dev: () => Promise<boolean>;
  assets: { css: string; js: string };
  js: string;
  /** Redoc's bundle, read on first use (null: not installed). */
  redoc: () => Buffer | null;
}

export function webFeature(opts: WebOptions): Feature {
  const { accounts } = opts;
  let redoc: Buffer | null | undefined;
  const web: WebContext = {
    opts,
    csrf: randomBytes(24).toString('base64url'),
    dev: devMode(opts),
    js: webAppScript(),
    assets: webAssets(),
    redoc: () => (redoc ??= readRedoc()),
  };
  return {
    operations: () => selfServiceOperations(),
    routes: [
      selfServiceRoutes(accounts, opts.store, opts.now),
      (app, helpers) => {
        pageRoutes(app, web, helpers);
        assetRoutes(app, web);
        devKeyRoute(app, web);
      },
    ],
    notFound: (c) => (wantsPage(c) ? notFound(c, web) : undefined),
  };
}

/**
 * Whether a request no route answers gets the HTML 404 page: a browser's GET (it asks for `text/html`) of a path
 * outside the API. API clients (`Accept: application/json`, curl's any type) and every `/api/`, `/mcp`, OAuth and
 * well-known path keep the JSON `{error, code}`.
 */
function wantsPage(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  if (/^\/(?:api|mcp|oauth|\.well-known|health|metrics|openapi\.json|web|files)(?:\/|$)/.test(c.req.path)) return false;
  return /\btext\/html\b/.test(c.req.header('accept') ?? '');
}

async function notFound(c: Context, { opts, assets, csrf, dev }: WebContext): Promise<Response> {
  const path = c.req.path.slice(0, 200);
  const near = suggestions(opts.registry.listed(), path.split('/').filter(Boolean).pop() ?? '');
  return htmlResponse(c, notFoundPage(path, near, { assets, csrf, dev: await dev() }), PAGE_CSP, 404);
}

/** The pages: catalogue, tool pages (a 404 with suggestions for an unknown slug), account, API reference. */
function pageRoutes(app: Hono, { opts, csrf, dev, assets, redoc: redocBundle }: WebContext, helpers: RouteHelpers): void {
  const { registry } = opts;
  const docsCss = `/web/docs.css?v=${hashOf(DOCS_STYLE)}`;
  const session = async (c: Context) => opts.session?.(c);
  app.get('/', async (c) =>
    htmlResponse(
      c,
      cataloguePage(
        registry,
        { assets, csrf, dev: await dev(), session: await session(c) },
        { q: c.req.query('q'), toolset: c.req.query('toolset') },
      ),
    ),
  );
  app.get('/tools/:slug', async (c) => {
    const slug = c.req.param('slug');
    const entry = registry.bySlugOrNull(slug);
    if (!entry || !registry.listed().includes(entry))
      return htmlResponse(
        c,
        notFoundPage(`/tools/${slug}`, suggestions(registry.listed(), slug), { assets, csrf, dev: await dev() }),
        PAGE_CSP,
        404,
      );
    const declaration = await entry.load();
    const examples = (declaration.examples ?? []).map((e) => ({ name: e.name, input: e.input }));
    const common = { assets, csrf, dev: await dev(), session: await session(c) };
    return htmlResponse(c, toolPage(registry, entry, { examples, long: runsAsTask(declaration) }, common));
  });
  // /tools is the catalogue (a browser asking for the list gets the page, not JSON).
  app.get('/tools', (c) => c.redirect('/', 301));
  app.get('/tools/', (c) => c.redirect('/', 301));
  app.get('/account', async (c) => htmlResponse(c, accountPage({ assets, csrf, dev: await dev() }, `${opts.base(c)}/mcp`)));
  app.get('/favicon.svg', (c) => assetResponse(c, FAVICON, 'image/svg+xml'));
  app.get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301));
  app.get('/docs', async (c) =>
    htmlResponse(c, apiReferencePage(await helpers.openapi(), registry, { assets, csrf, dev: await dev(), session: await session(c) })),
  );
  app.get('/docs/redoc', (c) => {
    const redoc = redocBundle();
    if (!redoc)
      return htmlResponse(
        c,
        '<!doctype html><title>API reference</title><p>The API reference renderer is not installed; see <a href="/openapi.json">openapi.json</a>.</p>',
        PAGE_CSP,
        503,
      );
    return htmlResponse(c, docsPage(`/web/redoc.js?v=${hashOf(redoc)}`, docsCss), DOCS_CSP);
  });
}

/** The pages' script and stylesheets, and Redoc's bundle. */
function assetRoutes(app: Hono, { js, redoc: redocBundle }: WebContext): void {
  const css = STYLE;
  app.get('/web/app.js', (c) => assetResponse(c, js, 'text/javascript; charset=utf-8'));
  app.get('/web/app.css', (c) => assetResponse(c, css, 'text/css; charset=utf-8'));
  app.get('/web/docs.css', (c) => assetResponse(c, DOCS_STYLE, 'text/css; charset=utf-8'));
  app.get('/web/redoc.js', (c) => {
    const redoc = redocBundle();
    return redoc ? assetResponse(c, redoc, 'text/javascript; charset=utf-8') : c.json({ error: 'Not found', code: 404 }, 404);
  });
}

/** Dev mode only: a key of the local "dev" account for the pages (made once per process, never logged). */
function devKeyRoute(app: Hono, { opts: { accounts }, csrf, dev }: WebContext): void {
  let devKey: Promise<string> | undefined;
  app.post('/web/dev-key', async (c) => {
    if (!(await dev())) return c.json({ error: 'Not found: dev mode is off', code: 404 }, 404);
    if (!sameOrigin(c) || !tokenMatches(c.req.header('x-csrf-token'), csrf))
      return c.json({ error: 'Forbidden: cross-origin request or missing CSRF token', code: 403 }, 403);
    devKey ??= accounts.createKey('dev').then(
      (k) => k.key,
      (err) => {
        devKey = undefined;
        throw err;
      },
    );
    return c.json({ ok: true, data: { key: await devKey } }, 200, { 'Cache-Control': 'no-store' });
  });
}
