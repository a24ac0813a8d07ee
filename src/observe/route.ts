/**
 * `GET /metrics` (Prometheus text format), off unless WERKBANK_METRICS=on. It is not public: a scrape sends
 * `Authorization: Bearer <token>`, the metrics token (WERKBANK_METRICS_TOKEN) or else the admin token; a request
 * without it is a 401 and counts for nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { HttpError } from '../core/errors.js';
import type { SettingValue } from '../settings.js';
import { clusterMetricsText } from './cluster.js';
import { registry } from './metrics.js';

const TOKEN_MIN = 32;

/**
 * The token that guards `/metrics`, or undefined when metrics are off. Refuses to start (naming the setting) when
 * they are asked for without a usable token.
 */
export function metricsTokenFrom(metrics: SettingValue, token: SettingValue, adminToken: string | undefined): string | undefined {
  const mode = metrics.value?.trim();
  if (mode === undefined || mode === 'off') return undefined;
  if (mode !== 'on') throw new HttpError(`${metrics.source} must be "on" or "off", got "${mode}"`);
  const chosen = token.value ?? adminToken;
  if (chosen === undefined)
    throw new HttpError(`${metrics.source}=on needs a token for the scraper: set WERKBANK_METRICS_TOKEN (or WERKBANK_ADMIN_TOKEN)`);
  if (chosen.length < TOKEN_MIN)
    throw new HttpError(
      `${token.value ? token.source : 'WERKBANK_ADMIN_TOKEN'} must have at least ${TOKEN_MIN} characters to guard /metrics`,
    );
  return chosen;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The `/metrics` route, guarded by `token`. */
export function metricsRoute(token: string): (app: Hono) => void {
  const expected = digest(token);
  return (app) =>
    app.get('/metrics', async (c) => {
      const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !timingSafeEqual(digest(given), expected))
        return c.json({ error: 'Unauthorized: /metrics takes Authorization: Bearer <metrics token>', code: 401 }, 401, {
          'WWW-Authenticate': 'Bearer realm="werkbank-metrics"',
        });
      const text = await clusterMetricsText().catch((err: Error) => {
        throw new HttpError(`Metrics unavailable: ${err.message}`, 503, { retryAfter: 5 });
      });
      return c.body(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    });
}
