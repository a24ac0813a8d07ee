/**
 * The public origin of a request, for every link, redirect, issuer and audience werkbank writes: the configured
 * base URL when there is one (`--base-url`), else the scheme and Host the request came with. The scheme is https
 * only when a trusted proxy says so (`X-Forwarded-Proto`), else the request's own (werkbank itself speaks http).
 */
import type { Context } from 'hono';
import type { HeaderReader } from '../core/auth.js';

export interface BaseOptions {
  /** The configured public base URL, read per request (the CLI fills it in once it listens). */
  baseUrl: () => string | undefined;
  trustProxy: boolean;
}

/** The origin of a request known by its headers (and its URL, where there is one). */
export function publicBase(headers: HeaderReader, opts: BaseOptions, requestUrl?: string): string {
  const configured = opts.baseUrl();
  if (configured) return configured.replace(/\/+$/, '');
  const url = requestUrl === undefined ? undefined : new URL(requestUrl);
  const proto = opts.trustProxy && headers.get('x-forwarded-proto') === 'https' ? 'https' : (url?.protocol.replace(':', '') ?? 'http');
  return `${proto}://${headers.get('host') ?? url?.host ?? 'localhost'}`;
}

/** The origin of a Hono request. */
export function requestBase(c: Context, opts: BaseOptions): string {
  return publicBase(c.req.raw.headers, opts, c.req.url);
}
