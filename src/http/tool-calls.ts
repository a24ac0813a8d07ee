/**
 * A REST tool call from its HTTP request to its answer, whichever server object carries the request: the Hono
 * route (src/http/app.ts) and Node's own request on the hot path (src/http/node-fast-path.ts) both come here, so
 * both answer alike.
 *
 * authenticate (failed guesses counted per address) → find the tool → read and validate the body → pipeline
 * (ledger → tool) → `{ok:true, data}` with the caller's rate-limit headers; any failure → `{error, code, retry_after?}`.
 */
import type { Registry } from '../core/registry.js';
import { publicError, type Caller, type Pipeline, type PreparedCall } from '../core/pipeline.js';
import { log } from '../core/log.js';
import { UnknownCredentialError, type Auth, type HeaderReader } from '../core/auth.js';
import type { Balance } from '../core/ledger.js';
import { readJsonObject } from './json-body.js';
import { tooMany, type AddressLimit } from './protect.js';
import { LIMITS } from '../core/limits.js';
import { HttpError } from '../core/errors.js';
import { fingerprint, NOT_KEPT_HEADER, parseKey, type Claim } from '../core/idempotency.js';
import type { RegisteredTool } from '../core/registry.js';
import { runsAsTask, type Tasks } from '../tasks/tasks.js';
import { startTask } from '../tasks/start.js';
import { prefersAsync, restTask, taskPath } from '../tasks/rest-task.js';

/** How long a keyed call may run before its claim counts as abandoned (its process stopped), ms. */
const CALL_LEASE_MS = 10 * 60_000;
/** The same for a streamed answer: its longest run, and a minute. */
const STREAM_LEASE_MS = LIMITS.streamWallMs + 60_000;
/** Why a streamed answer is not kept for replay. */
const STREAMED = 'it was streamed';

/** The request's Idempotency-Key, checked; anonymous callers (renders without a key) cannot use one. */
function keyOf(headers: HeaderReader, who: Caller): string | undefined {
  const key = parseKey(headers.get('idempotency-key'), 'Idempotency-Key');
  if (key !== undefined && who.kind !== 'account')
    throw new HttpError('Idempotency-Key needs an account: send it with an API key (keys are kept per account)', 400, {
      field: 'Idempotency-Key',
    });
  return key;
}

/** What a tool call needs of its HTTP request. */
export interface ToolHttpRequest {
  headers: HeaderReader;
  /** The caller's rate-limit identity (src/http/client-ip.ts), for anonymous renders and failed authentications. */
  clientIp(): string;
  /** The body's bytes: `declaredLength` (already within the limit) read whole, or NaN: counted as it comes (`readLimited`). */
  readBody(declaredLength: number): Promise<Uint8Array>;
  /** Aborted when the client goes away; handed on uncalled, so a plain function (no `this`). */
  signal: () => AbortSignal;
}

/** An answer as any server object writes it: a JSON text, or a JSON stream. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | ReadableStream<Uint8Array>;
}

export interface ToolCallsOptions {
  registry: Registry;
  pipeline: Pipeline;
  auth: Auth;
  throttle: AddressLimit;
  /** Long calls sent with `Prefer: respond-async` become tasks (src/tasks/); absent, every call is answered in full. */
  tasks?: Tasks;
}

/**
 * A fresh header object of a JSON answer; its writers add to it by assignment (an answer owns its headers). Not by
 * spreading: on Node 20, once optimised, `{...a, b: 1}` and `{...a, ...b}` build a new hidden class (a V8 map, in old
 * space) on every run, and those maps kept each call's young objects alive through the next scavenge: 1 MB promoted
 * per scavenge and a p99 twice the bare route's (test/hidden-classes.test.ts).
 */
export function jsonHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json' };
}

/** Credentials of any kind: their answers are never stored by a browser or a shared cache. */
export function hasCredentials(headers: HeaderReader): boolean {
  return Boolean(headers.get('x-api-key') || headers.get('authorization') || headers.get('x-csrf-token'));
}

export class ToolCalls {
  constructor(private readonly o: ToolCallsOptions) {}

  /** Authenticate; a credential that matches nothing counts against the caller's address (429 past the limit). */
  async authenticate(headers: HeaderReader, surface: 'rest' | 'mcp', clientIp: () => string): Promise<Caller & { kind: 'account' }> {
    try {
      return await this.o.auth.authenticate(headers, surface);
    } catch (err) {
      // Only credentials that match nothing count (guessing); a revoked key is a plain 401 however often it comes.
      if (!(err instanceof UnknownCredentialError)) throw err;
      const { wait } = await this.o.throttle.take(clientIp());
      throw wait ? tooMany('failed authentications', wait, err.message) : err;
    }
  }

  /** The error answer `{error, code, retry_after?}` (a 401 names the Bearer scheme, a 429 carries Retry-After). */
  errorAnswer(err: unknown, headers: Record<string, string> = jsonHeaders()): HttpAnswer {
    const { status, message, retryAfter } = publicError(err, (message) => log(message, 'error'));
    const body: Record<string, unknown> = { error: message, code: status };
    // Tells MCP clients (mcp-remote) to send the configured key instead of trying OAuth discovery.
    if (status === 401 && !headers['WWW-Authenticate']) headers['WWW-Authenticate'] = 'Bearer realm="werkbank"';
    if (retryAfter !== undefined) {
      body.retry_after = retryAfter;
      headers['Retry-After'] = String(retryAfter);
    }
    headers['Content-Type'] = 'application/json';
    return { status, headers, body: JSON.stringify(body) };
  }

  /** POST /api/v1/tools/<slug> (`isRender` false) or /api/v1/render/<slug> (which also takes anonymous callers). */
  async answer(slug: string, isRender: boolean, req: ToolHttpRequest): Promise<HttpAnswer> {
    const { registry, pipeline, auth } = this.o;
    const credentials = hasCredentials(req.headers);
    let caller: Caller | undefined;
    let balance: Balance | undefined;
    // Built by assignment, not by spreading: see jsonHeaders.
    const headers = (): Record<string, string> => {
      const h = jsonHeaders();
      if (credentials) h['Cache-Control'] = 'no-store';
      if (balance) Object.assign(h, auth.rateLimitHeaders(balance));
      return h;
    };
    try {
      const who: Caller = (caller =
        isRender && !credentials && registry.bySlugOrNull(slug)?.tool.metering === 'render' // renders, not qr-code
          ? { kind: 'anonymous', client: req.clientIp() }
          : await this.authenticate(req.headers, 'rest', () => req.clientIp()));
      const key = keyOf(req.headers, who);
      const entry = registry.requireSlug(slug, (t) => (registry.toolset(t.toolset)?.rest === 'render') === isRender);
      const body = await readJsonObject(req.headers, (declared) => req.readBody(declared));
      if (key === undefined && who.kind === 'account' && this.o.tasks && prefersAsync(req.headers)) {
        const accepted = await this.asTask(this.o.tasks, entry, body, who);
        if (accepted) {
          Object.assign(accepted.headers, headers());
          return accepted;
        }
      }
      const prepared = await pipeline.prepare(entry, body, { surface: 'rest', caller: who, signal: req.signal });
      if (key !== undefined && who.kind === 'account' && pipeline.idempotency) {
        const once = await this.once(prepared, who, key, body, (b) => (balance = b));
        if (who.kind === 'account' && !balance) balance = await auth.balance(who.accountId).catch(() => undefined);
        const h = headers();
        if (once.replayed) h['Idempotent-Replayed'] = 'true';
        if (once.notKept) h[NOT_KEPT_HEADER] = once.notKept;
        return { status: once.status, headers: h, body: once.body };
      }
      if (prepared.tool.streamJson) {
        const stream = await this.stream(prepared, who, (b) => (balance = b));
        return { status: 200, headers: headers(), body: stream };
      }
      const result = await pipeline.run(prepared, who);
      balance = result.balance;
      if (who.kind === 'account' && !balance) balance = await auth.balance(who.accountId).catch(() => undefined); // metering off
      return { status: 200, headers: headers(), body: JSON.stringify({ ok: true, data: result.data }) };
    } catch (err) {
      if (caller?.kind === 'account' && !balance) balance = await auth.balance(caller.accountId).catch(() => undefined);
      return this.errorAnswer(err, headers());
    }
  }

  /**
   * A call of a tool that runs long, as a task (`Prefer: respond-async`): 202 with the task and its status URL once
   * it is stored; its answer later at the task's result URL. Undefined for a tool that answers at once (the call
   * then runs as usual: a preference, not a demand).
   */
  private async asTask(
    tasks: Tasks,
    entry: RegisteredTool,
    body: unknown,
    who: Caller & { kind: 'account' },
  ): Promise<HttpAnswer | undefined> {
    if (!runsAsTask(await entry.load())) return undefined;
    const { pipeline } = this.o;
    const task = await startTask(
      tasks,
      who.accountId,
      'rest',
      (opts) => pipeline.prepare(entry, body, { surface: 'rest', caller: who, ...opts }),
      {
        run: (call) => pipeline.run(call, who),
        answer: (_call, data) => ({ ok: true, data }),
        failed: (message, status, retryAfter) => ({
          error: message,
          code: status,
          ...(retryAfter !== undefined ? { retry_after: retryAfter } : {}),
        }),
      },
    );
    const headers: Record<string, string> = { Location: taskPath(task.id), 'Preference-Applied': 'respond-async' };
    return { status: 202, headers, body: JSON.stringify({ ok: true, task: restTask(task) }) };
  }

  /**
   * Streams `{"ok":true,"data":…}` from the tool's streamJson with bounded memory: the producer waits
   * whenever the client has not read the queued chunks. The call is charged when the last chunk is out;
   * a failure before the first chunk becomes a normal error response, a failure or a client that goes
   * away later ends the stream and is refunded. A failure in the tool's worker (its deadline, or its
   * reader taking nothing for LIMITS.streamIdleMs) ends the stream at once, even while the client reads nothing.
   */
  /**
   * A call under an idempotency key (src/core/idempotency.ts): the first runs and its answer is stored before its
   * charge; a retry gets that answer's status and body again, uncharged. Streamed answers, and answers over the
   * bounds of what is kept, are charged once but not kept (`notKept` says why): a retry is a 409 saying so.
   */
  private async once(
    prepared: PreparedCall,
    who: Caller & { kind: 'account' },
    key: string,
    body: unknown,
    setBalance: (b: Balance) => void,
  ): Promise<{ status: number; body: string | ReadableStream<Uint8Array>; replayed?: true; notKept?: string }> {
    const { pipeline } = this.o;
    const streamed = prepared.tool.streamJson !== undefined;
    const fp = fingerprint('rest', prepared.entry.tool.slug, body);
    let notKept: string | undefined;
    const out = await pipeline.idempotency!.once(who.accountId, key, fp, streamed ? STREAM_LEASE_MS : CALL_LEASE_MS, async (claim) => {
      if (streamed) {
        notKept = STREAMED;
        return this.stream(prepared, who, setBalance, claim);
      }
      let text = '';
      const result = await pipeline.run(prepared, who, async (data) => {
        text = JSON.stringify({ ok: true, data });
        notKept = await claim.store({ status: 200, body: text });
      });
      if (result.balance) setBalance(result.balance);
      return text;
    });
    if ('replay' in out) return { status: out.replay.status, body: out.replay.body, replayed: true };
    return notKept === undefined ? { status: 200, body: out.value } : { status: 200, body: out.value, notKept };
  }

  private async stream(
    prepared: PreparedCall,
    caller: Caller,
    setBalance: (b: Balance) => void,
    claim?: Claim,
  ): Promise<ReadableStream<Uint8Array>> {
    const { pipeline, auth } = this.o;
    const tool = prepared.tool;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let wake: (() => void) | undefined;
    let cancelled = false;
    let failure: { error: unknown } | undefined;
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (ctl) => void (controller = ctl),
        pull: () => wake?.(),
        cancel: () => {
          cancelled = true;
          wake?.();
        },
      },
      { highWaterMark: 4 },
    );
    let started!: () => void;
    let failedEarly!: (err: unknown) => void;
    const ready = new Promise<void>((res, rej) => ((started = res), (failedEarly = rej)));
    let first = true;
    const send = async (text: string) => {
      if (first) {
        first = false;
        started();
        controller.enqueue(encoder.encode('{"ok":true,"data":'));
      }
      controller.enqueue(encoder.encode(text));
      while (!cancelled && !failure && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((r) => (wake = r));
      if (failure) throw failure.error;
      if (cancelled) throw new Error('the client went away');
    };
    void pipeline
      .metered(
        prepared,
        caller,
        async () => {
          const failed = (error: unknown) => {
            failure ??= { error };
            wake?.();
          };
          for await (const chunk of pipeline.stream(prepared, failed)) await send(chunk);
          if (first) await send('');
          controller.enqueue(encoder.encode('}'));
          controller.close();
        },
        claim && (async () => void (await claim.store({ unreplayable: STREAMED }))),
      )
      .then(({ balance }) => balance && setBalance(balance))
      .catch((err) => {
        void claim?.release();
        failedEarly(err);
        if (!cancelled && !prepared.ctx.signal.aborted)
          log(`stream of ${tool.slug} failed: ${err instanceof Error ? err.message : String(err)}`);
        try {
          controller.error(err);
        } catch {
          /* already closed */
        }
      });
    await ready;
    if (caller.kind === 'account') setBalance(await auth.balance(caller.accountId));
    return stream;
  }
}
