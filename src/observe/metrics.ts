/**
 * The Prometheus metrics of one server process (prom-client). Recorded only once `enableMetrics` ran (the
 * operator turned `/metrics` on), so a server without metrics pays one branch per request. Labels are bounded:
 * route templates, registered tool slugs, surfaces, outcomes, status codes and pool names; never an account id,
 * key or path parameter. Several server processes: src/observe/cluster.ts adds their figures up.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../core/errors.js';

export const registry = new Registry();
let on = false;

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);
const REFUSALS = new Set([401, 429, 503]);

const requests = new Counter({
  name: 'werkbank_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const duration = new Histogram({
  name: 'werkbank_http_request_duration_seconds',
  help: 'Time from the request to its answer (a streamed answer: to its headers, on the tool fast path to its end), by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: SECONDS,
  registers: [registry],
});
const refused = new Counter({
  name: 'werkbank_http_refused_total',
  help: 'Answers 401 (no valid credential), 429 (rate limit, credits, throttle) and 503 (overloaded or unavailable)',
  labelNames: ['status'] as const,
  registers: [registry],
});
const toolCalls = new Counter({
  name: 'werkbank_tool_calls_total',
  help: 'Tool calls that reached the meter, by tool, surface (rest, mcp-http, mcp-stdio, direct) and outcome (ok, refused, unavailable, failed)',
  labelNames: ['tool', 'surface', 'outcome'] as const,
  registers: [registry],
});
const credits = new Counter({
  name: 'werkbank_credits_charged_total',
  help: 'Credits charged for tool calls (committed, not refunded), by tool and surface',
  labelNames: ['tool', 'surface'] as const,
  registers: [registry],
});
const dbQueries = new Histogram({
  name: 'werkbank_db_query_duration_seconds',
  help: 'PostgreSQL statements outside transactions, from sending to the answer (pool wait included)',
  buckets: SECONDS,
  registers: [registry],
});
const poolWait = new Histogram({
  name: 'werkbank_pool_wait_seconds',
  help: 'Time a job waited in a pool queue before it started, by pool (compute, render)',
  labelNames: ['pool'] as const,
  buckets: SECONDS,
  registers: [registry],
});

/** A pool's current figures, read at each scrape: `{ running: 2, waiting: 0 }`. */
export type PoolReading = () => Record<string, number>;
const pools = new Map<string, PoolReading>();

new Gauge({
  name: 'werkbank_pool_jobs',
  help: 'Jobs and connections in each pool right now, by pool (compute, render, db-main, db-fast) and state',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, read] of pools) for (const [state, n] of Object.entries(read())) this.set({ pool, state }, n);
  },
});

/** Start recording (once per process) with Node's default process metrics (event-loop delay, memory, CPU, handles). */
export function enableMetrics(): void {
  if (on) return;
  on = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}

export function metricsEnabled(): boolean {
  return on;
}

/** A pool whose figures each scrape reads (a later one under the same name replaces it). */
export function watchPool(name: string, read: PoolReading): void {
  pools.set(name, read);
}

/** One HTTP answer: `route` is the template (`/api/v1/tools/:slug`), never the path. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  if (!on) return;
  const m = METHODS.has(method) ? method : 'OTHER';
  requests.inc({ method: m, route, status: String(status) });
  duration.observe({ method: m, route }, seconds);
  if (REFUSALS.has(status)) refused.inc({ status: String(status) });
}

/** What became of a tool call: no error is ok; an HttpError 4xx refused, 503 unavailable; anything else failed. */
export function outcomeOf(err: unknown): string {
  if (err === undefined) return 'ok';
  if (err instanceof HttpError) return err.status === 503 ? 'unavailable' : err.status < 500 ? 'refused' : 'failed';
  return 'failed';
}

/** A tool call that reached the meter; `charged` credits were committed. */
export function observeToolCall(tool: string, surface: string, err: unknown, charged = 0): void {
  if (!on) return;
  toolCalls.inc({ tool, surface, outcome: outcomeOf(err) });
  if (charged > 0) credits.inc({ tool, surface }, charged);
}

export function observeDbQuery(seconds: number): void {
  if (on) dbQueries.observe(seconds);
}

export function observePoolWait(pool: string, seconds: number): void {
  if (on) poolWait.observe({ pool }, seconds);
}

/** Seconds since `start` (a `performance.now()` reading). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
