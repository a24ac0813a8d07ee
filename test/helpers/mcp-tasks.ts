/**
 * An MCP client of the 2026-07-28 era for the tasks extension, on the SDK's own Streamable HTTP transport: the SDK's
 * `Client` refuses a `resultType: "task"` answer (it drives no task flow), so requests are sent through its
 * transport (which sets the standard headers, `Mcp-Method` and `Mcp-Name`, from each message) with the per-request
 * envelope, and every answer and notification is kept as it came.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export const TASKS = 'io.modelcontextprotocol/tasks';
const VERSION = '2026-07-28';

export interface RpcAnswer {
  result?: Record<string, any>;
  error?: { code: number; message: string; data?: unknown };
}

export class TaskClient {
  private readonly transport: StreamableHTTPClientTransport;
  private readonly pending = new Map<number, (answer: RpcAnswer) => void>();
  private nextId = 0;
  /** Every notification received, in order. */
  readonly notifications: { method: string; params: Record<string, any> }[] = [];

  constructor(url: string, key: string) {
    this.transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp?toolsets=all`), {
      requestInit: { headers: { 'X-API-Key': key } },
    });
  }

  async open(): Promise<this> {
    this.transport.onmessage = (message) => {
      const m = message as { id?: number; method?: string; params?: Record<string, any>; result?: any; error?: any };
      if (m.method !== undefined && m.id === undefined) this.notifications.push({ method: m.method, params: m.params ?? {} });
      else if (typeof m.id === 'number') this.pending.get(m.id)?.({ result: m.result, error: m.error });
    };
    await this.transport.start();
    this.transport.setProtocolVersion(VERSION);
    return this;
  }

  /** Send a request with the 2026-07-28 envelope; `tasks: false` leaves the tasks extension out of the client capabilities. */
  request(
    method: string,
    params: Record<string, unknown>,
    opts: { tasks?: boolean; meta?: Record<string, unknown> } = {},
  ): Promise<RpcAnswer> {
    const id = ++this.nextId;
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': VERSION,
      'io.modelcontextprotocol/clientInfo': { name: 'werkbank-tests', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': opts.tasks === false ? {} : { extensions: { [TASKS]: {} } },
      ...opts.meta,
    };
    const answer = new Promise<RpcAnswer>((resolve) => this.pending.set(id, resolve));
    void this.transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } } as never);
    return answer;
  }

  callTool(name: string, args: Record<string, unknown>, opts: { tasks?: boolean; meta?: Record<string, unknown> } = {}) {
    return this.request('tools/call', { name, arguments: args }, opts);
  }

  /** Poll `tasks/get` until the task is terminal (at the server's poll interval, at most `ms`). */
  async until(taskId: string, ms = 120_000): Promise<Record<string, any>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const { result, error } = await this.request('tasks/get', { taskId });
      if (error) throw new Error(`tasks/get: ${error.message}`);
      if (['completed', 'failed', 'cancelled'].includes(result!.status)) return result!;
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result!.status}`);
      await new Promise((r) => setTimeout(r, Math.min(result!.pollIntervalMs ?? 500, 500)));
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/** Polls `fn` until it gives a value (every `everyMs`), or fails naming `what` after `ms`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
