/**
 * What the app's route modules share: the tool calls, answers made whole by the hot routes, bodies read within
 * the limit, and who each authenticated request is (for the rate-limit headers). Made once per app.
 */
import type { Context } from 'hono';
import type { Registry } from '../../core/registry.js';
import type { Caller, Pipeline } from '../../core/pipeline.js';
import type { Auth } from '../../core/auth.js';
import { clientIp } from '../client-ip.js';
import { markShort, MIN_BYTES } from '../compression.js';
import { readJsonObject, readLimited } from '../json-body.js';
import type { AddressLimit } from '../protect.js';
import type { Tasks } from '../../tasks/tasks.js';
import { hasCredentials, jsonHeaders, ToolCalls, type HttpAnswer } from '../tool-calls.js';

export type AccountCaller = Caller & { kind: 'account' };

/** Shared helpers for modules that add routes (src/feature.ts); `buildApp` hands them over. */
export interface RouteHelpers {
  registry: Registry;
  pipeline: Pipeline;
  errorResponse(c: Context, err: unknown, headers?: Record<string, string>): Response;
  readJsonObject(c: Context): Promise<Record<string, unknown>>;
  authenticate(c: Context): Promise<AccountCaller>;
}

export interface AppShared extends RouteHelpers {
  auth: Auth;
  calls: ToolCalls;
  /** The client address of an anonymous caller (X-Forwarded-For only when trusted). */
  clientIp(c: Context): string;
  /** The body as the adapter has it: a declared length (within the limit) whole, else counted as it comes. */
  readBody(c: Context, declared: number): Promise<Uint8Array>;
  /** Who an authenticated request is, once `authenticate` has run for it. */
  callerOf(req: Request): AccountCaller | undefined;
  /** An answer made whole by ToolCalls (its headers complete, and its own). */
  wholeAnswer(a: HttpAnswer): Response;
  /** A JSON text answer made whole. */
  wholeJson(c: Context, text: string, headers: Record<string, string>): Response;
  /** Whether this answer was made whole (its headers are left alone by the middlewares). */
  isWhole(res: Response): boolean;
}

export interface SharedOptions {
  registry: Registry;
  pipeline: Pipeline;
  auth: Auth;
  throttle: AddressLimit;
  trustProxy: boolean;
  tasks?: Tasks;
}

export function appShared(opts: SharedOptions): AppShared {
  const { registry, pipeline, auth, trustProxy } = opts;
  const calls = new ToolCalls({ registry, pipeline, auth, throttle: opts.throttle, tasks: opts.tasks });
  /**
   * Answers made whole by the hot routes (tool calls, MCP): they carry their Cache-Control and X-RateLimit-*
   * headers from the start, so the middlewares leave them alone and their headers stay a plain object to the
   * socket (reading `res.headers` would build a web `Headers` and convert it back for every call).
   */
  const whole = new WeakSet<Response>();
  /** A text answer names its length: compression skips short ones. */
  const wholeAnswer = (a: HttpAnswer): Response => {
    const length = typeof a.body === 'string' ? Buffer.byteLength(a.body) : NaN;
    if (length >= 0) a.headers['Content-Length'] = String(length);
    const res = new Response(a.body, { status: a.status, headers: a.headers });
    if (length < MIN_BYTES) markShort(res);
    whole.add(res);
    return res;
  };
  const wholeJson = (c: Context, text: string, headers: Record<string, string>): Response => {
    const h = Object.assign(jsonHeaders(), headers); // by assignment, not spreading: see jsonHeaders
    if (hasCredentials(c.req.raw.headers)) h['Cache-Control'] = 'no-store';
    return wholeAnswer({ status: 200, headers: h, body: text });
  };
  const errorResponse = (_c: Context, err: unknown, headers: Record<string, string> = {}): Response => {
    const a = calls.errorAnswer(err, headers);
    return new Response(a.body, { status: a.status, headers: a.headers });
  };
  const readBody = async (c: Context, declared: number): Promise<Uint8Array> =>
    Number.isFinite(declared) ? new Uint8Array(await c.req.arrayBuffer()) : readLimited(c.req.raw.body);
  const callers = new WeakMap<Request, AccountCaller>();
  const authenticate = async (c: Context): Promise<AccountCaller> => {
    const caller = await calls.authenticate(c.req.raw.headers, c.req.path === '/mcp' ? 'mcp' : 'rest', () => clientIp(c, trustProxy));
    callers.set(c.req.raw, caller);
    return caller;
  };
  return {
    registry,
    pipeline,
    auth,
    calls,
    errorResponse,
    readJsonObject: (c) => readJsonObject(c.req.raw.headers, (declared) => readBody(c, declared)),
    authenticate,
    clientIp: (c) => clientIp(c, trustProxy),
    readBody,
    callerOf: (req) => callers.get(req),
    wholeAnswer,
    wholeJson,
    isWhole: (res) => whole.has(res),
  };
}
