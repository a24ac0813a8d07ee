/**
 * The request pipeline every surface uses for a tool call:
 *
 *   surface (REST / MCP) → caller (authenticated by the surface) → validate input
 *   → reserve credits (ledger) → run the tool → settle (commit on success, refund on failure)
 *
 * Validation failures and unknown tools never reach the ledger, so they cost
 * nothing. A failure of the tool itself (500, or an upstream 502) is refunded:
 * callers pay only for results.
 */
import type { RegisteredTool } from './registry.js';
import { type Surface, type Tool, type ToolContext } from './tool.js';
import { HttpError } from './errors.js';
import { parseInput } from './validate.js';
import { paidStream, priceOf } from './output-size.js';
import type { Compute } from './compute.js';
import type { Balance, Ledger } from './ledger.js';
import type { MemoryApi } from './memory-api.js';
import type { RenderApi } from './render-api.js';
import { observeToolCall } from '../observe/metrics.js';
import type { IdempotencyKeys } from './idempotency.js';
import { throttleProgress, type ProgressHook } from './progress.js';

/** Services the pipeline hands to tools through their context (see src/feature.ts). */
export interface Services {
  memory?: { forAccount(accountId: string): Promise<MemoryApi> };
  render?: () => RenderApi;
}

/** The account id of the local (stdio) user, for per-user data such as agent memory. */
export const LOCAL_ACCOUNT = 'local';

/** Who is calling. `local` is the stdio user (no key, not metered by default). */
export type Caller =
  | { kind: 'account'; accountId: string; credentialId: string; plan: 'free' | 'paid' }
  /** A caller without a key (render endpoints only); `client` is the IP (IPv6 per /64). */
  | { kind: 'anonymous'; client: string }
  | { kind: 'local' };

/** A meter decides what a call costs its caller and takes it atomically (or throws 429). */
export interface Meter {
  /** null: this call is free for this caller. */
  reserve(call: PreparedCall, caller: Caller): Promise<MeteredReservation | null>;
}

export interface MeteredReservation {
  /** Durable before resolving; returns the caller's balance when it has one. */
  commit(): Promise<Balance | undefined>;
  refund(): Promise<void>;
  /** Shown to the tool (ctx.metering), e.g. renders report the allowance left. */
  metering?: { source: string; remaining: number };
}

/** Plain credits: `cost` from the account's balance; local and anonymous callers are not charged here. */
export function creditMeter(ledger: Ledger): Meter {
  return {
    async reserve(call, caller) {
      const cost = call.cost;
      if (caller.kind !== 'account' || cost === 0) return null;
      return ledger.reserve(caller.accountId, cost, call.entry.tool.slug, call.ctx.surface);
    },
  };
}

export interface CallOptions {
  surface: Surface;
  caller: Caller;
  /** The caller's abort signal, or a function giving it (created only if a tool reads it). */
  signal?: AbortSignal | (() => AbortSignal);
  /** Who listens to the call's progress (a task, a progress token, an asynchronous REST call): the tool's `ctx.progress`, throttled. */
  onProgress?: ProgressHook;
}

export interface CallResult {
  data: unknown;
  /** The balance after the charge, when the call was metered. */
  balance?: Balance;
}

/** Prepared input: the tool's module loaded, the input validated, ready to run or stream. */
export interface PreparedCall {
  entry: RegisteredTool;
  tool: Tool;
  input: unknown;
  ctx: ToolContext;
  /** Credits this call costs: the tool's `cost`, per started size unit when it declares `outputSize`. */
  cost: number;
  /** A size-priced call's bytes paid for: its stream fails past them (src/core/output-size.ts). */
  paidBytes?: number;
}

/**
 * A tool call's context. `signal` is made on its first read: most tools never read it, and the caller's signal
 * (an AbortController and a listener on the response) costs a request that does not need it. A class, not an
 * object literal with a getter: a literal's getter is a new function each call, and V8 keeps such accessors in
 * the object's hidden class, so every call would make a new one (in old space), whose reference to the getter keeps
 * the whole request alive through the next young-generation collections.
 */
class CallContext implements ToolContext {
  accountId?: string;
  client?: string;
  plan?: 'free' | 'paid';
  memory?: () => Promise<MemoryApi>;
  render?: () => RenderApi;
  metering?: { source: string; remaining: number };
  progress?: ProgressHook;
  #signal: AbortSignal | undefined;
  #source: AbortSignal | (() => AbortSignal) | undefined;

  constructor(
    readonly surface: Surface,
    source: AbortSignal | (() => AbortSignal) | undefined,
  ) {
    this.#source = source;
  }

  get signal(): AbortSignal {
    if (!this.#signal) {
      const source = this.#source;
      this.#signal = typeof source === 'function' ? source() : (source ?? new AbortController().signal);
      this.#source = undefined;
    }
    return this.#signal;
  }
}

export interface PipelineOptions {
  /**
   * Runs the calls of tools that declare `worker` off the main thread (src/compute/). Absent: every call runs on
   * the main thread, `worker` or not.
   */
  compute?: Compute;
  /** Idempotency keys (src/core/idempotency.ts), kept in the store: absent, the surfaces refuse no key and keep none. */
  idempotency?: IdempotencyKeys;
}

export class Pipeline {
  /**
   * `ledger` null: nothing is metered (stdio, benchmarks). `meters` maps a
   * tool's `metering` kind to its meter; `credits` defaults to the ledger.
   */
  private readonly meters: Partial<Record<'credits' | 'render', Meter>>;
  private readonly compute: Compute | undefined;
  readonly idempotency: IdempotencyKeys | undefined;
  constructor(
    private readonly ledger: Ledger | null,
    meters: Partial<Record<'credits' | 'render', Meter>> = {},
    private readonly services: Services = {},
    options: PipelineOptions = {},
  ) {
    this.meters = ledger ? { credits: creditMeter(ledger), ...meters } : {};
    this.compute = options.compute;
    this.idempotency = options.idempotency;
  }

  /** Load the tool's module (first call only), validate the raw input and build the tool context (no charge yet). */
  async prepare(entry: RegisteredTool, raw: unknown, opts: CallOptions): Promise<PreparedCall> {
    const tool = await entry.load();
    const input = parseInput(tool.input, raw, { numericStrings: !tool.strictNumbers });
    const caller = opts.caller;
    const memory = this.services.memory;
    const ctx = new CallContext(opts.surface, opts.signal);
    if (caller.kind === 'account') {
      ctx.accountId = caller.accountId;
      ctx.plan = caller.plan;
    } else if (caller.kind === 'anonymous') ctx.client = caller.client;
    if (memory && caller.kind !== 'anonymous')
      ctx.memory = () => memory.forAccount(caller.kind === 'account' ? caller.accountId : LOCAL_ACCOUNT);
    if (this.services.render) ctx.render = this.services.render;
    if (opts.onProgress) ctx.progress = throttleProgress(opts.onProgress);
    const { cost, paidBytes } = priceOf(tool, input);
    return { entry, tool, input, ctx, cost, paidBytes };
  }

  /**
   * Run a prepared call under the ledger: reserve → run → settle. `produce`
   * does the work (the tool's `run`, or a streaming writer); its result is returned. `settle`, when given, runs
   * after `produce` and before the charge is committed (an idempotency key stores the answer there: no charge
   * without its stored answer); a failure of it is refunded like a failure of the tool.
   */
  async metered<T>(
    call: PreparedCall,
    caller: Caller,
    produce: () => Promise<T>,
    settle?: (value: T) => Promise<void>,
  ): Promise<{ value: T; balance?: Balance }> {
    const meter = this.meters[call.entry.tool.metering ?? 'credits'];
    const reservation = meter ? await meter.reserve(call, caller).catch((err: unknown) => refusedCall(call, err)) : null;
    if (reservation?.metering) call.ctx.metering = reservation.metering;
    let value: T;
    try {
      value = await produce();
      if (settle) await settle(value);
    } catch (err) {
      observeToolCall(call.entry.tool.slug, call.ctx.surface, err);
      await reservation?.refund();
      throw err;
    }
    const balance = reservation
      ? await reservation.commit()
      : this.ledger && caller.kind === 'account'
        ? await this.ledger.balance(caller.accountId)
        : undefined;
    observeToolCall(call.entry.tool.slug, call.ctx.surface, undefined, reservation ? chargedCredits(call) : 0);
    return { value, balance };
  }

  /** Run a prepared call's tool under its meter (off the main thread when the compute says so); `settle` as `metered`. */
  async run(call: PreparedCall, caller: Caller, settle?: (data: unknown) => Promise<void>): Promise<CallResult> {
    const { tool, input, ctx } = call;
    const compute = this.compute;
    const { value, balance } = await this.metered(
      call,
      caller,
      async () => (compute?.offloads(tool, input) ? compute.run(tool, input, ctx) : tool.run(input as never, ctx)),
      settle,
    );
    return { data: value, balance };
  }

  /**
   * The JSON text of a prepared call's `data` in chunks, from the tool's `streamJson` (REST streams it; run it
   * under `metered`): off the main thread when the compute says so, so a long stream never holds the event loop.
   * A failure there also goes to `onFailure` at once, so a consumer waiting for its reader can end the stream.
   */
  stream(call: PreparedCall, onFailure?: (err: unknown) => void): AsyncIterable<string> | Iterable<string> {
    const { tool, input, ctx } = call;
    const compute = this.compute;
    const chunks = compute?.offloads(tool, input) ? compute.stream(tool, input, ctx, onFailure) : tool.streamJson!(input as never, ctx);
    return call.paidBytes === undefined ? chunks : paidStream(chunks, call.paidBytes, tool.slug);
  }

  async call(entry: RegisteredTool, raw: unknown, opts: CallOptions): Promise<CallResult> {
    return this.run(await this.prepare(entry, raw, opts), opts.caller);
  }
}

/** A call its meter refused (429: no credits left, or 503): counted, then thrown on. */
function refusedCall(call: PreparedCall, err: unknown): never {
  observeToolCall(call.entry.tool.slug, call.ctx.surface, err);
  throw err;
}

/** Credits a committed reservation took: the tool's cost under the credit meter (a render meter's allowance is not credits). */
function chargedCredits(call: PreparedCall): number {
  return (call.entry.tool.metering ?? 'credits') === 'credits' ? call.cost : 0;
}

/** The message and status a caller sees for any error (no stack traces; internals are logged). */
export function publicError(err: unknown, log: (msg: string) => void): { status: number; message: string; retryAfter?: number } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, retryAfter: err.extra.retryAfter };
  log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { status: 500, message: 'Internal error: the tool failed unexpectedly. The failure was logged; no credits were charged.' };
}
