/**
 * What a request's `Host` and `Origin` must be:
 *
 * - DNS-rebinding protection (`hostGuard`): the `Host` (and, when present, `Origin`) host name must be one we
 *   serve. A page on evil.example that rebinds its name to 127.0.0.1 sends `Host: evil.example` and is refused
 *   with 403.
 * - Cross-site request forgery (`originCheck`): a state-changing request from another origin is refused.
 */
import type { MiddlewareHandler } from 'hono';
import { requestBase, type BaseOptions } from './public-base.js';

export const LOCALHOST_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

function hostnameOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a `Host` or `Origin` value names a host we serve (`allowed` null: any). Callers send the same few
 * values over and over: the verdicts are remembered (bounded).
 */
export function hostChecker(allowed: readonly string[] | null): (value: string | undefined) => boolean {
  if (!allowed) return () => true;
  const names = new Set(allowed.map((h) => h.toLowerCase()));
  const ok = (h: string | null) => h !== null && (names.has(h) || names.has(`[${h}]`) || names.has(h.replace(/^\[|\]$/g, '')));
  const verdicts = new Map<string, boolean>();
  return (value) => {
    if (!value) return false;
    let v = verdicts.get(value);
    if (v === undefined) {
      v = ok(hostnameOf(value));
      if (verdicts.size < 1000) verdicts.set(value, v);
    }
    return v;
  };
}

/** `allowed` null: no check (a server bound to all interfaces behind a proxy with its own host routing). */
export function hostGuard(allowed: readonly string[] | null): MiddlewareHandler {
  if (!allowed) return async (_c, next) => next();
  const accepted = hostChecker(allowed);
  return async (c, next) => {
    const host = c.req.header('host');
    const origin = c.req.header('origin');
    const refuse = (what: string) => {
      const message = `Forbidden: ${what} is not an allowed host (DNS-rebinding protection; set WERKBANK_ALLOWED_HOSTS)`;
      return c.req.path === '/mcp'
        ? c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, 403)
        : c.json({ error: message, code: 403 }, 403);
    };
    if (!accepted(host)) return refuse(`Host "${host ?? ''}"`);
    if (origin && origin !== 'null' && !accepted(origin)) return refuse(`Origin "${origin}"`);
    return next();
  };
}

/** Routes that serve callers on other origins on purpose and read no cookie: MCP, and OAuth's client endpoints. */
const CROSS_ORIGIN_ROUTES = new Set(['/mcp', '/oauth/register', '/oauth/token', '/oauth/revoke']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) whose `Origin` is neither the
 * public base's nor the request's own is refused with 403, on every route and whatever its body (forms
 * included). Not refused: a request that carries its own credential (X-API-Key, or Authorization: Bearer),
 * which a browser sends across origins only after the CORS preflight and without cookies, so only code holding
 * the secret can make it; and the routes of `CROSS_ORIGIN_ROUTES`. A request without `Origin` is no browser's
 * cross-site request (browsers send it on every cross-origin POST). `Origin: null` is what a browser sends for
 * a form posted from a page served with `Referrer-Policy: no-referrer` (every page here): it passes only with
 * `Sec-Fetch-Site: same-origin`, a header page scripts cannot set, so a sandboxed or foreign page's `null`
 * is still refused.
 */
export function originCheck(base: BaseOptions): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (
      origin &&
      STATE_CHANGING.has(c.req.method) &&
      !CROSS_ORIGIN_ROUTES.has(c.req.path) &&
      !c.req.header('x-api-key') &&
      !/^Bearer\s/i.test(c.req.header('authorization') ?? '') &&
      !(origin === 'null' && c.req.header('sec-fetch-site') === 'same-origin') &&
      new URL(requestBase(c, base)).origin !== origin &&
      new URL(c.req.url).origin !== origin
    )
      return c.json({ error: 'Forbidden: cross-origin request', code: 403 }, 403);
    return next();
  };
}
