/**
 * A task as REST names and shows it, and the request header that asks for one (`Prefer: respond-async`, RFC 7240).
 */
import type { HeaderReader } from '../core/auth.js';
import type { StoredTask } from './tasks.js';
import type { JsonSchema } from '../core/registry.js';

/** The path of a task's status. */
export const taskPath = (id: string) => `/api/v1/tasks/${id}`;

/** Whether the request prefers an asynchronous answer (`Prefer: respond-async`, among other preferences). */
export function prefersAsync(headers: HeaderReader): boolean {
  const prefer = headers.get('prefer');
  return prefer !== null && prefer !== undefined && /(?:^|[,;\s])respond-async(?:$|[,;\s=])/i.test(prefer);
}

/** A task as REST shows it: its state, progress and links. */
export function restTask(task: StoredTask): Record<string, unknown> {
  const v = task.value;
  return {
    id: task.id,
    tool: v.tool,
    status: v.status,
    ...(v.statusMessage !== undefined ? { statusMessage: v.statusMessage } : {}),
    ...(v.progress ? { progress: v.progress } : {}),
    createdAt: v.createdAt,
    lastUpdatedAt: v.lastUpdatedAt,
    ttlMs: v.ttlMs,
    pollIntervalMs: v.pollIntervalMs,
    links: { self: taskPath(task.id), result: `${taskPath(task.id)}/result` },
  };
}

/** The task's JSON Schema in OpenAPI (`restTask`). */
export const TASK_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'tool', 'status', 'createdAt', 'lastUpdatedAt', 'ttlMs', 'pollIntervalMs', 'links'],
  properties: {
    id: { type: 'string', description: 'The task id (unguessable)' },
    tool: { type: 'string', description: 'The slug of the tool the task runs' },
    status: { type: 'string', enum: ['working', 'completed', 'failed', 'cancelled'] },
    statusMessage: {
      type: 'string',
      description: 'What the work is doing ("planned 10,000 people over 36 months; writing month 3 of 36"), or why it ended',
    },
    progress: {
      type: 'object',
      properties: { done: { type: 'integer' }, total: { type: 'integer' } },
      description: 'Units done of the total, when the tool reports them',
    },
    createdAt: { type: 'string', format: 'date-time' },
    lastUpdatedAt: { type: 'string', format: 'date-time' },
    ttlMs: { type: 'integer', description: 'The task is kept this long from its creation, then gone (404)' },
    pollIntervalMs: { type: 'integer', description: 'Poll no more often than this' },
    links: {
      type: 'object',
      required: ['self', 'result'],
      properties: { self: { type: 'string' }, result: { type: 'string' } },
    },
  },
};
