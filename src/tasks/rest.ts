/**
 * Tasks over REST: a tool call sent with `Prefer: respond-async` (RFC 7240) whose tool runs long is answered `202
 * Accepted` with the task and its status URL in `Location`; `GET /api/v1/tasks/{id}` is its state and progress,
 * `GET /api/v1/tasks/{id}/result` the answer the call would have given (or a 303 to the hosted file of a large one),
 * `DELETE /api/v1/tasks/{id}` cancels it. The same tasks as over MCP (src/tasks/tasks.ts): any server process on
 * the store answers.
 */
import type { Context, Hono } from 'hono';
import { HttpError } from '../core/errors.js';
import type { ApiOperation } from '../docs/openapi.js';
import type { RouteHelpers } from '../http/app.js';
import type { StoredTask, Tasks } from './tasks.js';
import { restTask, TASK_SCHEMA, taskPath } from './rest-task.js';

/** The REST body a task's call answered, or the answer for a task that has none (yet). */
function resultResponse(c: Context, task: StoredTask): Response {
  const v = task.value;
  if (v.status === 'completed' && v.hosted) return c.redirect(v.hosted.url, 303);
  if (v.status === 'completed' && v.result) {
    const body = v.result as { ok?: boolean; code?: number };
    return c.json(body, (body.ok ? 200 : (body.code ?? 500)) as never);
  }
  if (v.status === 'failed')
    return c.json({ error: v.error?.message ?? 'The task failed', code: v.error?.status ?? 500 }, (v.error?.status ?? 500) as never);
  if (v.status === 'cancelled') return c.json({ error: 'The task was cancelled before it finished; it was not charged', code: 409 }, 409);
  const retry = Math.max(1, Math.ceil(v.pollIntervalMs / 1000));
  return c.json({ error: `The task is still ${v.status}: poll ${taskPath(task.id)}`, code: 409, retry_after: retry }, 409, {
    'Retry-After': String(retry),
  });
}

/** The task routes, for the caller's own tasks (any of its account's keys). */
export function taskRoutes(tasks: Tasks): (app: Hono, h: RouteHelpers) => void {
  return (app, h) => {
    const found = async (c: Context): Promise<StoredTask> => {
      const caller = await h.authenticate(c);
      const task = await tasks.get(caller.accountId, c.req.param('id') ?? '');
      if (!task) throw new HttpError('No such task (or it expired)', 404);
      return task;
    };
    const noStore = { 'Cache-Control': 'no-store' };
    app.get('/api/v1/tasks/:id', async (c) => {
      try {
        return c.json({ ok: true, data: restTask(await found(c)) }, 200, noStore);
      } catch (err) {
        return h.errorResponse(c, err);
      }
    });
    app.get('/api/v1/tasks/:id/result', async (c) => {
      try {
        const res = resultResponse(c, await found(c));
        res.headers.set('Cache-Control', 'no-store');
        return res;
      } catch (err) {
        return h.errorResponse(c, err);
      }
    });
    app.delete('/api/v1/tasks/:id', async (c) => {
      try {
        const task = await found(c);
        await tasks.cancel(task.accountId!, task.id);
        return c.json({ ok: true, data: restTask((await tasks.get(task.accountId!, task.id)) ?? task) }, 200, noStore);
      } catch (err) {
        return h.errorResponse(c, err);
      }
    });
  };
}

export function taskOperations(): ApiOperation[] {
  const id = [{ name: 'id', in: 'path' as const, required: true, description: 'The task id', schema: { type: 'string' } }];
  return [
    {
      method: 'get',
      path: '/api/v1/tasks/{id}',
      summary: 'A task: its state and progress',
      description:
        'A tool call sent with `Prefer: respond-async` is answered 202 with its task, whose status URL is in `Location`. Poll it (at `pollIntervalMs`) until `status` is `completed`, `failed` or `cancelled`; any server process answers.',
      tag: 'tasks',
      auth: 'key',
      parameters: id,
      data: TASK_SCHEMA,
      errors: { 404: 'No such task of your account, or it expired' },
    },
    {
      method: 'get',
      path: '/api/v1/tasks/{id}/result',
      summary: "A task's answer",
      description:
        'The answer the call would have given without `Prefer: respond-async`: `{ok: true, data}`, or its error `{error, code}` with that status. A result over 1 MB is hosted as a JSON file: then a 303 redirect to it (24 hours).',
      tag: 'tasks',
      auth: 'key',
      parameters: id,
      data: { description: "The tool's `data`, as its own operation answers it" },
      errors: { 404: 'No such task of your account, or it expired', 409: 'The task is still working (see Retry-After), or was cancelled' },
    },
    {
      method: 'delete',
      path: '/api/v1/tasks/{id}',
      summary: 'Cancel a task',
      description:
        'Stops the work (on whichever server process runs it, within a second); the task ends `cancelled` and is not charged, unless it finished first.',
      tag: 'tasks',
      auth: 'key',
      parameters: id,
      data: TASK_SCHEMA,
      errors: { 404: 'No such task of your account, or it expired' },
    },
  ];
}
