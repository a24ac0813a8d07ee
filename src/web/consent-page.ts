/**
 * The OAuth consent page (`/oauth/authorize`): approve or deny an application, or why its request cannot be
 * used. A person decides here whom to trust, so the page shows what cannot be faked next to what can:
 *
 * - the name (the client's claim, already cleaned of invisible and direction-changing characters:
 *   src/http/oauth/client-text.ts), marked "Unverified" when the application registered itself, or shown with
 *   the host that publishes its client ID metadata document (the https address it is identified by);
 * - where the person is sent back: the redirect URI with its host name highlighted (the ASCII form: an
 *   internationalised name shows as xn--…), or the scheme of the app on this device that receives it.
 */
import type { Context } from 'hono';
import { esc, frame, securityHeaders, PAGE_CSP } from './html.js';
import { SCOPE_TEXT, type ConsentArgs } from '../http/oauth/index.js';

type Request = Exclude<ConsentArgs, { error: string }>;

function html(c: Context, body: string, status: number, csp = PAGE_CSP): Response {
  return c.body(body, status as 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...securityHeaders(csp) });
}

export function consentPage(c: Context, args: ConsentArgs, assets: { css: string; js: string }): Response {
  if ('error' in args) {
    const body = `<h1>This connection request cannot be used</h1><div class="alert" role="alert" id="authorize-error">${esc(args.error)}</div>
<p>The application that sent you here was not told; you can close this page and tell its maker what it says.</p><p><a href="/">Back to werkbank</a></p>`;
    const status = args.status >= 400 ? args.status : 400;
    return html(c, frame({ title: 'Authorization error · werkbank', page: 'auth', body, assets, csrf: '', dev: false }), status);
  }
  const redirect = new URL(args.redirectUri);
  const logo = originOf(args.client.logoUri);
  const frameArgs = {
    title: `Connect ${args.client.name} · werkbank`,
    page: 'auth',
    body: consentBody(args, redirect, logo !== undefined),
    assets,
    csrf: '',
    dev: false,
  } as const;
  return html(c, frame({ ...frameArgs, session: { csrf: args.csrf, account: args.account } }), 200, consentCsp(redirect, logo));
}

/** The origin of a logo URL, or undefined when there is none or it does not parse (then no logo is shown). */
function originOf(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

function consentBody(args: Request, redirect: URL, showLogo: boolean): string {
  const { client, params, account } = args;
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<h1>Connect an application</h1>
<div class="card" id="consent">
${showLogo ? `<img src="${esc(client.logoUri)}" alt="" width="48" height="48" referrerpolicy="no-referrer">` : ''}
<p><strong id="client-name">${esc(client.name)}</strong> wants to use your werkbank account <strong>${esc(account)}</strong>.</p>
${identity(client)}
<dl class="terms">
<dt>It may</dt><dd>${esc(SCOPE_TEXT)}.</dd>
<dt>It will be sent back to</dt><dd>${destination(redirect)}</dd>
<dt>Application id</dt><dd><code id="client-id">${esc(client.kind === 'metadata-document' ? new URL(client.id).href : client.id)}</code></dd>
</dl>
<p class="muted">Only approve applications you started connecting yourself. You can remove it any time under Connected applications on your account page.</p>
<form method="post" action="/oauth/authorize">
${hidden}<input type="hidden" name="csrf" value="${esc(args.csrf)}">
<div class="row"><button type="submit" name="decision" value="approve" id="approve">Approve</button><button type="submit" name="decision" value="deny" class="secondary" id="deny">Deny</button></div>
</form>
</div>`;
}

/** Who the application is, as far as werkbank can tell. */
function identity(client: Request['client']): string {
  if (client.kind === 'metadata-document')
    return `<p id="client-identity"><span class="badge" id="client-verified">Identified by its web address</span> Its description is published by <strong id="client-host">${esc(new URL(client.id).host)}</strong>; the name is what that site says about itself.</p>`;
  return `<p id="client-identity"><span class="badge warn" id="client-unverified">Unverified</span> This application registered itself: nobody has checked that it is what its name says.</p>`;
}

/** The redirect URI with the part that decides who receives the answer highlighted: the host, or an app's scheme. */
function destination(redirect: URL): string {
  const rest = (text: string) => esc(text.length > 120 ? `${text.slice(0, 119)}…` : text);
  if (redirect.protocol === 'http:' || redirect.protocol === 'https:') {
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(redirect.hostname);
    return `<code id="redirect-uri">${redirect.protocol}//<mark><strong id="redirect-host">${esc(redirect.host)}</strong></mark>${rest(redirect.pathname + redirect.search)}</code>${
      local ? ' <span class="muted">(an application on this computer)</span>' : ''
    }`;
  }
  const after = redirect.href.slice(redirect.protocol.length);
  return `<code id="redirect-uri"><mark><strong id="redirect-host">${esc(redirect.protocol)}</strong></mark>${rest(after)}</code> <span class="muted">(the application on this device that opens ${esc(redirect.protocol)} links)</span>`;
}

/** The form posts here and is answered with a redirect to the application: allow that origin as a form target (and its logo's). */
function consentCsp(redirect: URL, logoOrigin: string | undefined): string {
  const target = redirect.protocol === 'http:' || redirect.protocol === 'https:' ? redirect.origin : `${redirect.protocol}`;
  return PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${target}`).replace(
    "img-src 'self' data: blob:",
    `img-src 'self' data: blob:${logoOrigin ? ' ' + logoOrigin : ''}`,
  );
}
