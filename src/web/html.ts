/**
 * HTML helpers of the web pages: escaping, the page frame, and the security
 * headers every page carries (strict CSP without inline scripts or styles,
 * no framing, no referrer, no MIME sniffing).
 */
import { createHash } from 'node:crypto';

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/json">` block (never closes the element early). */
export function jsonBlock(id: string, value: unknown): string {
  const text = JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/json" id="${esc(id)}">${text}</script>`;
}

/** The Content-Security-Policy of the pages: same-origin scripts and styles only, never framed. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // Results: rendered PDFs from /files/<id> and sandboxed HTML previews (srcdoc).
  "frame-src 'self' blob:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** /docs: the bundled Redoc injects its styles and runs its search index in a blob worker. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** A short content hash, for cache-busting asset URLs. */
export function hashOf(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 10);
}

export interface Frame {
  title: string;
  page: 'catalogue' | 'tool' | 'account' | 'notfound' | 'auth' | 'docs';
  body: string;
  assets: { css: string; js: string };
  /** Data for the browser code (JSON blocks). */
  data?: string;
  csrf: string;
  dev: boolean;
  /** A search form for the header, after the brand (the catalogue's: the first field Tab reaches). */
  search?: string;
  /** Signed in with a passkey: the session's CSRF token (requests with the cookie send it) and the account. */
  session?: { csrf: string; account: string };
}

/** The site header of every page; `bare` leaves out the balance and theme toggle (a page without the site's script: Redoc). */
export function header(page: Frame['page'], session?: Frame['session'], search = '', bare = false): string {
  const nav = (href: string, label: string, p: Frame['page']) =>
    `<a href="${href}"${p === page ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<header class="top">
<a class="brand" href="/"><img src="/favicon.svg" alt="" width="22" height="22">werkbank</a>
${search}<nav aria-label="Main">${nav('/', 'Tools', 'catalogue')}${nav('/account', session ? `Account (${esc(session.account)})` : 'Account', 'account')}${nav('/docs', 'API', 'docs')}${session ? '' : nav('/signin', 'Sign in', 'auth')}</nav>
${bare ? '' : '<span class="balance" id="balance" role="status" aria-live="polite"></span>\n<button type="button" class="secondary small" id="theme" aria-label="Switch between light and dark theme">Theme</button>'}
</header>`;
}

export function frame(f: Frame): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(f.title)}</title>
<meta name="csrf-token" content="${esc(f.csrf)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${f.session ? `<meta name="session-csrf" content="${esc(f.session.csrf)}">\n` : ''}<link rel="stylesheet" href="${f.assets.css}">
<script src="${f.assets.js}" defer></script>
</head>
<body data-page="${f.page}"${f.dev ? ' data-dev="1"' : ''}>
<a class="skip" href="#main">Skip to content</a>
${header(f.page, f.session, f.search)}
<main id="main">
${f.body}
</main>
${f.data ?? ''}
</body>
</html>`;
}

/** The site's icon: a workbench (SVG, served as /favicon.svg). */
export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b57d0"/><path d="M6 12h20v4H6z" fill="#fff"/><path d="M9 16h3v10H9zM20 16h3v10h-3z" fill="#fff"/><path d="M14 6h4v6h-4z" fill="#fbbc04"/></svg>`;
