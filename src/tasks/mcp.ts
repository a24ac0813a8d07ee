/**
 * Tasks over MCP: the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663). A client declares the extension
 * in a request's client capabilities (`_meta["io.modelcontextprotocol/clientCapabilities"].extensions`); a
 * `tools/call` of a tool that runs long (`runsAsTask`) is then answered with a `CreateTaskResult`
 * (`resultType: "task"`), which the client polls with `tasks/get` (the tool's `CallToolResult` inline once
 * `completed`) and may stop with `tasks/cancel`. A request without the declaration never gets a task, and
 * `tasks/*` without it is refused with -32021.
 */
import { z } from 'zod';
import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { LOCAL_ACCOUNT, type Caller } from '../core/pipeline.js';
import { isTerminal, type StoredTask, type Tasks } from './tasks.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/** Whether a request's `_meta` (or its lifted envelope) declares the tasks extension. */
export function declaresTasks(...metas: unknown[]): boolean {
  for (const meta of metas) {
    const caps = (meta as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES] as
      { extensions?: Record<string, unknown> } | undefined;
    if (caps?.extensions?.[TASKS_EXTENSION] !== undefined) return true;
  }
  return false;
}

/** Whose tasks a caller sees: its account's (any of its keys), or the local user's; a caller without an account has none. */
export function taskOwner(caller: Caller): string | undefined {
  return caller.kind === 'account' ? caller.accountId : caller.kind === 'local' ? LOCAL_ACCOUNT : undefined;
}

/** A task as SEP-2663's `DetailedTask`: its state, and the result (`completed`) or the JSON-RPC error (`failed`). */
export function detailedTask(task: StoredTask): Record<string, unknown> {
  const v = task.value;
  const out: Record<string, unknown> = {
    taskId: task.id,
    status: v.status,
    createdAt: v.createdAt,
    lastUpdatedAt: v.lastUpdatedAt,
    ttlMs: v.ttlMs,
  };
  if (v.statusMessage !== undefined) out.statusMessage = v.statusMessage;
  if (!isTerminal(v.status)) out.pollIntervalMs = v.pollIntervalMs;
  if (v.status === 'completed') out.result = v.result ?? hostedResult(v.hosted!);
  if (v.status === 'failed' && v.error) out.error = { code: v.error.code, message: v.error.message };
  return out;
}

/** The `CallToolResult` of a task whose answer was too large to keep: a link to the hosted JSON. */
function hostedResult(hosted: NonNullable<StoredTask['value']['hosted']>): Record<string, unknown> {
  return {
    content: [
      {
        type: 'text',
        text: `The result is ${hosted.bytes} bytes of JSON, too large to return inline: download it from ${hosted.url} (until ${hosted.expiresAt}).`,
      },
      { type: 'resource_link', uri: hosted.url, name: 'result.json', mimeType: hosted.contentType },
    ],
  };
}

const TaskParams = z.looseObject({ taskId: z.string().min(1).max(100) });

/** `tasks/get`, `tasks/update` and `tasks/cancel` on a server instance, for the caller's own tasks. */
export function installTaskMethods(server: Server, caller: Caller, tasks: Tasks): void {
  const owner = taskOwner(caller);
  const found = async (params: { taskId: string }, ctx: unknown): Promise<StoredTask> => {
    const meta = (ctx as { mcpReq?: { envelope?: unknown; _meta?: unknown } }).mcpReq;
    if (!declaresTasks(meta?.envelope, meta?._meta, (params as { _meta?: unknown })._meta))
      throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    const task = owner === undefined ? undefined : await tasks.get(owner, params.taskId);
    if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found (or expired)');
    return task;
  };
  server.setRequestHandler('tasks/get', { params: TaskParams }, async (params, ctx) => detailedTask(await found(params, ctx)));
  // No werkbank task asks for input: responses to input requests are acknowledged and ignored, as the extension allows.
  server.setRequestHandler('tasks/update', { params: TaskParams }, async (params, ctx) => (await found(params, ctx), {}));
  server.setRequestHandler('tasks/cancel', { params: TaskParams }, async (params, ctx) => {
    await found(params, ctx);
    await tasks.cancel(owner!, params.taskId);
    return {};
  });
}
