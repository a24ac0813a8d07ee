/**
 * A feature plugs a service into the surfaces: what tools reach through their
 * context (`services`: memory, render), how its tools are paid for (`meters`),
 * HTTP routes, MCP extensions (resources, prompts), its share of the hourly
 * sweep. The HTTP server (src/server.ts) composes its features (identity,
 * OAuth, accounts, billing, memory, render, web) in one list; stdio
 * (src/stdio.ts) takes the services and MCP extensions of memory and render.
 */
import type { Context, Hono } from 'hono';
import type { Meter, Services } from './core/pipeline.js';
import type { McpExtension } from './mcp/surface.js';
import type { RouteHelpers } from './http/app.js';
import type { ApiOperation } from './docs/openapi.js';
import type { Registry } from './core/registry.js';

export interface Feature {
  services?: Services;
  meters?: Partial<Record<'credits' | 'render', Meter>>;
  routes?: ((app: Hono, helpers: RouteHelpers) => void)[];
  /** Those routes described for the OpenAPI document. */
  operations?: (registry: Registry) => ApiOperation[];
  mcp?: McpExtension[];
  /** A page for a path no route answers, when this feature has one for the request (the web pages' HTML 404 for browsers). */
  notFound?: (c: Context) => Promise<Response> | undefined;
  /** Hourly upkeep (expired rows, ended periods); on a shared database one server process at a time runs it. */
  sweep?: () => Promise<unknown>;
  close?(): Promise<void>;
}

/** The services of several features, merged. */
export function servicesOf(features: readonly Feature[]): Services {
  const merged: Services = {};
  for (const f of features) Object.assign(merged, f.services);
  return merged;
}
