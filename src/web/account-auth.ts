/**
 * The pages of people's own accounts: sign in / sign up with a passkey (`/signin`), the signed-in
 * account page (`/account` with a session: balance, keys, passkeys, connected applications, export,
 * delete, sign out); the OAuth consent page (`/oauth/authorize`) is src/web/consent-page.ts. Their browser code is
 * src/web/client/auth/ (bundled, served as /web/auth.js) plus @simplewebauthn/browser's own bundle
 * (/web/webauthn.js); the keys section is the one of the key-based account page (src/web/client/keys.ts,
 * in /web/app.js).
 *
 * Pages without a session work with an API key in the browser's storage (src/web/pages.ts and
 * src/web/client/); with a session the playground sends the cookie and the page's CSRF token instead
 * of a key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageRoot } from '../core/paths.js';
import { dirname, resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import { webAuthScript } from './assets.js';
import { esc, frame, hashOf, jsonBlock, securityHeaders, PAGE_CSP } from './html.js';
import type { Identity } from '../http/identity/identity.js';
import { passkeyProblem } from '../http/identity/passkeys.js';
import type { ConsentArgs } from '../http/oauth/index.js';
import { consentPage } from './consent-page.js';
import { connectCard } from './connect-card.js';

export interface AuthPagesOptions {
  identity: Identity;
  assets: () => { css: string; js: string };
  /** The account page's plan and credits section (src/billing/routes.ts): balance, plan, buying. */
  billingSection: (c: Context, accountId: string, csrf: string) => Promise<string>;
  /** Origins the account page's forms may lead to (the payment provider's checkout and portal). */
  formTargets: readonly string[];
}

/** A `next` path after sign-in: a local path only (never another site: no open redirect). */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 4000) return '/account';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\r\n\t]/.test(next)) return '/account';
  try {
    const u = new URL(next, 'http://x');
    if (u.host !== 'x') return '/account';
    return u.pathname + u.search;
  } catch {
    return '/account';
  }
}

/** Where scripts/build-web.mjs copies @simplewebauthn/browser's bundle (a published package has no node_modules). */
export const WEBAUTHN_FILE = 'dist/chunks/webauthn.umd.min.js';

let webauthnBundle: string | undefined;
function readWebauthnBundle(): string {
  const built = resolve(packageRoot, WEBAUTHN_FILE);
  if (existsSync(built)) return (webauthnBundle ??= readFileSync(built, 'utf8'));
  // From source: the package exports only its modules, so find its root from the CommonJS entry (script/index.js).
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  webauthnBundle ??= readFileSync(resolve(dirname(entry), '..', 'dist/bundle/index.umd.min.js'), 'utf8');
  return webauthnBundle;
}

export function authPages(opts: AuthPagesOptions) {
  const js = webAuthScript();
  const page = { assets: opts.assets, scripts: () => pageScripts(js) };
  const routes = (app: Hono) => {
    app.get('/web/auth.js', (c) => scriptAsset(c, js));
    app.get('/web/webauthn.js', (c) => scriptAsset(c, readWebauthnBundle()));
    app.get('/signin', (c) => signinPage(c, opts.identity, page));
    // /account with a session: the person's own account page; without one, the key page (src/web/feature.ts).
    app.get('/account', async (c, next) => (await accountPage(c, opts, page)) ?? next());
  };
  return { routes, consent: (c: Context, args: ConsentArgs) => consentPage(c, args, opts.assets()) };
}

/** What every passkey page is made with: the site's stylesheet and script, and the passkey pages' own scripts. */
interface PageParts {
  assets: () => { css: string; js: string };
  scripts: () => string;
}

/** The WebAuthn library, then the pages' own code (both deferred, so they run in this order). */
function pageScripts(js: string): string {
  const wa = `/web/webauthn.js?v=${hashOf(readWebauthnBundle())}`;
  return `<script src="${wa}" defer></script><script src="/web/auth.js?v=${hashOf(js)}" defer></script>`;
}

function html(c: Context, body: string, status = 200, csp = PAGE_CSP): Response {
  return c.body(body, status as 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...securityHeaders(csp) });
}

/** A script, cached for good when asked for by its versioned URL. */
function scriptAsset(c: Context, body: string): Response {
  return c.body(body, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** /signin: sign in with a passkey, or sign up when sign-up is open; a signed-in visitor goes on to `next`. */
async function signinPage(c: Context, identity: Identity, page: PageParts): Promise<Response> {
  const next = safeNext(c.req.query('next'));
  const session = await identity.session(c);
  if (session) return c.redirect(next, 302);
  const problem = passkeyProblem(c, identity.base(c));
  const body = signinBody(problem, identity.opts.signup === 'open');
  return html(
    c,
    frame({
      title: 'Sign in · werkbank',
      page: 'auth',
      body,
      assets: page.assets(),
      csrf: '',
      dev: false,
      data: jsonBlock('auth-data', { view: 'signin', next }) + page.scripts(),
    }),
  );
}

function signinBody(problem: string | null, open: boolean): string {
  return `<h1>Sign in</h1>
${problem ? `<div class="alert" role="alert" id="passkey-problem">${esc(problem)}</div>` : ''}
<section class="card" aria-labelledby="signin-h">
<h2 id="signin-h">Sign in with a passkey</h2>
<p class="muted">Your device asks for your fingerprint, face or screen lock; no password.</p>
<div class="row"><button type="button" id="passkey-signin"${problem ? ' disabled' : ''}>Sign in with a passkey</button></div>
<div id="signin-error" class="error" role="alert"></div>
</section>
<section class="card" aria-labelledby="signup-h">
<h2 id="signup-h">New here? Create an account</h2>
${open ? signupForm(problem) : `<p>Sign-up is closed on this server: ask its operator for an account or an API key. <a href="/account">Sign in with an API key</a>.</p>`}
</section>
<p><a href="/account">Sign in with an API key or the admin token instead</a></p>`;
}

function signupForm(problem: string | null): string {
  return `<p class="muted">Free plan: 1,000 credits a month. Your account is protected by a passkey on this device.</p>
<form id="signup-form" novalidate>
<div class="field"><label for="signup-name">Account name<span class="hint">a-z, 0-9, ".", "_" or "-"</span></label><input type="text" id="signup-name" name="name" autocomplete="username webauthn" required maxlength="63"></div>
<div class="field"><label for="signup-passkey">Passkey name<span class="hint">to recognise it later, e.g. "Laptop"</span></label><input type="text" id="signup-passkey" name="passkeyName" maxlength="60"></div>
<div id="signup-error" class="error" role="alert"></div>
<div class="row"><button type="submit" id="signup"${problem ? ' disabled' : ''}>Create account with a passkey</button></div>
</form>`;
}

/** /account with a session: the person's own account page; undefined without a session (the key page answers). */
async function accountPage(c: Context, opts: AuthPagesOptions, page: PageParts): Promise<Response | undefined> {
  const session = await opts.identity.session(c);
  if (!session) return undefined;
  const info = await opts.identity.opts.accounts.accountInfo(session.accountId);
  const billing = await opts.billingSection(c, session.accountId, session.csrf);
  const body = accountBody(info.name, billing, `${opts.identity.base(c)}/mcp`);
  // Buying answers the form with a redirect to the provider's checkout: allow that origin as a form target.
  const csp = opts.formTargets.length
    ? PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${opts.formTargets.join(' ')}`)
    : PAGE_CSP;
  const frameArgs = {
    title: 'Account · werkbank',
    page: 'auth',
    body,
    assets: page.assets(),
    csrf: '',
    dev: false,
    session: { csrf: session.csrf, account: info.name },
  } as const;
  return html(c, frame({ ...frameArgs, data: jsonBlock('auth-data', { view: 'account' }) + page.scripts() }), 200, csp);
}

function accountBody(name: string, billingSection: string, mcpUrl: string): string {
  return `<h1>Account <span id="account-name">${esc(name)}</span></h1>
<div class="row"><p class="muted" id="who">Signed in with a passkey.</p><button type="button" class="secondary" id="signout">Sign out</button><button type="button" class="secondary" id="signout-all">Sign out everywhere</button></div>
<div id="notice" role="status" aria-live="polite"></div>
${billingSection}
${connectCard(mcpUrl)}
<section class="card" id="usage-section" aria-labelledby="usage-h"><h2 id="usage-h">Usage</h2><p class="muted">Loading your usage…</p></section>
<section class="card" id="api-keys" aria-labelledby="keys-h"><h2 id="keys-h">API keys</h2><p class="muted">Loading your keys…</p></section>
<section class="card" aria-labelledby="passkeys-h"><h2 id="passkeys-h">Passkeys</h2><div id="passkeys"></div>
<div class="row add-passkey"><label for="passkey-name" class="visually-hidden">Name of the new passkey</label><input type="text" id="passkey-name" placeholder="Name of the new passkey" maxlength="60"><button type="button" id="add-passkey">Add a passkey</button></div></section>
<section class="card" aria-labelledby="apps-h"><h2 id="apps-h">Connected applications</h2><p class="muted">MCP clients you approved (Claude and others). Removing one stops it at once.</p><div id="connections"></div></section>
<section class="card" aria-labelledby="data-h"><h2 id="data-h">Your data</h2>
<p><a href="/auth/export" id="export" download>Export everything (JSON)</a></p>
<details><summary>Delete this account</summary>
<p>Revokes every key and connection at once, removes memory, usage and passkeys. This cannot be undone.</p>
<div class="field"><label for="delete-confirm">Type the account name to confirm</label><input type="text" id="delete-confirm" autocomplete="off"></div>
<button type="button" class="danger" id="delete-account">Delete account</button></details></section>
<div id="account-error" class="alert" role="alert" hidden></div>`;
}
