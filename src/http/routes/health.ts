/** Liveness, readiness and the OpenAPI document. */
import type { Hono } from 'hono';
import type { Registry } from '../../core/registry.js';
import { toolCount } from '../../core/tool-count.js';
import { HttpError } from '../../core/errors.js';
import { VERSION } from '../../core/version.js';
import { buildOpenApi, type ApiOperation } from '../../docs/openapi.js';
import { CATALOGUE_OPERATION } from '../tool-catalogue.js';
import { DrainingError } from '../drain.js';

// Liveness: the process answers. Readiness: it can also reach its store and is not draining (a load balancer's check).
export function healthRoutes(app: Hono, registry: Registry, ready: (() => Promise<void>) | undefined): void {
  const count = toolCount(registry);
  // `tools` counts every tool of this build; `listed` those this process lists; `note` says what the rest need.
  const health = { ok: true, version: VERSION, tools: count.total, listed: count.listed, note: count.text };
  app.get('/health', (c) => c.json(health));
  app.get('/health/ready', async (c) => {
    try {
      await ready?.();
      return c.json({ ok: true, store: 'reachable' });
    } catch (err) {
      if (err instanceof DrainingError) return c.json({ ok: false, draining: true, error: err.message }, 503, { 'Retry-After': '1' });
      return c.json({ ok: false, store: 'unreachable', error: err instanceof HttpError ? err.message : 'the store did not answer' }, 503, {
        'Retry-After': '5',
      });
    }
  });
}

/** The OpenAPI document: the tools, the catalogue, and the other routes' operations; built on first use, then kept. */
export function apiDocument(
  registry: Registry,
  operations: ((registry: Registry) => ApiOperation[]) | undefined,
): () => Promise<Record<string, unknown>> {
  let openapi: Promise<Record<string, unknown>> | undefined;
  return () => (openapi ??= buildOpenApi(registry, [CATALOGUE_OPERATION, ...(operations?.(registry) ?? [])]));
}

export function openApiRoute(app: Hono, document: () => Promise<Record<string, unknown>>): void {
  app.get('/openapi.json', async (c) => c.json(await document()));
}
