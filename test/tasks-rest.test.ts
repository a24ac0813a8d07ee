/**
 * Tasks over REST (src/tasks/rest.ts) on a listening server: `Prefer: respond-async` on a long tool call answers 202
 * with the task's status URL, whose result is the answer the call would have given; DELETE cancels and refunds; a
 * call without the preference, or of a short tool, is answered in full as before; the routes are in OpenAPI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startServer, type TestServer } from './helpers/server.js';
import { LONG_UPA } from './helpers/upa-runs.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
}, 60_000);
afterAll(async () => srv?.close());

const UPA = '/api/v1/tools/upa-file-generator';
const small = { format: 'summary', options: { population: { count: 20 }, period: { startYear: 2026, months: 2 } } };
const ASYNC = { Prefer: 'respond-async' };

const get = async (path: string, key = srv.key, method = 'GET') => {
  const res = await fetch(srv.url + path, { method, headers: { 'X-API-Key': key }, redirect: 'manual' });
  const json: any = await res.json().catch(() => undefined);
  return { status: res.status, headers: res.headers, json };
};
const remaining = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;

async function until(path: string, done: (task: any) => boolean, ms = 120_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { json } = await get(path);
    if (done(json.data)) return json.data;
    if (Date.now() > deadline) throw new Error(`still ${json.data?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const terminal = (t: { status: string }) => ['completed', 'failed', 'cancelled'].includes(t.status);

describe('tasks over REST', () => {
  it('answers Prefer: respond-async with 202 and a status URL; the result is the answer the call would have given', async () => {
    const before = await remaining();
    const res = await post(srv.url, UPA, small, srv.key, ASYNC);
    expect(res.status).toBe(202);
    expect(res.headers.get('preference-applied')).toBe('respond-async');
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/tasks\/[0-9a-f-]{36}$/);
    expect(res.json).toMatchObject({ ok: true, task: { status: 'working', tool: 'upa-file-generator', links: { self: location } } });
    const task = await until(location, terminal);
    expect(task.status).toBe('completed');
    const result = await get(`${location}/result`);
    expect(result.status).toBe(200);
    const direct = await post(srv.url, UPA, small, srv.key);
    expect(result.json).toEqual(direct.json);
    expect(await remaining()).toBe(before - 2);
  }, 120_000);

  it('answers in full without the preference, and for a tool that answers at once', async () => {
    const plain = await post(srv.url, UPA, small, srv.key);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('location')).toBeNull();
    const short = await post(srv.url, '/api/v1/tools/word-counter', { text: 'two words' }, srv.key, ASYNC);
    expect(short.status).toBe(200);
    expect(short.json).toMatchObject({ ok: true, data: { words: 2 } });
  }, 60_000);

  it('refuses bad input at once with 400, not as a task', async () => {
    const res = await post(srv.url, UPA, { format: 'summary', options: { population: { count: 0 } } }, srv.key, ASYNC);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 400 });
  });

  it('shows progress, answers 409 for the result while it works, and DELETE cancels it uncharged', async () => {
    const before = await remaining();
    const res = await post(srv.url, UPA, LONG_UPA, srv.key, ASYNC);
    const location = res.headers.get('location')!;
    const working = await until(location, (t) => t.status === 'working' && /writing month \d+ of 36/.test(t.statusMessage ?? ''));
    expect(working.progress.done).toBeLessThan(working.progress.total);
    const early = await get(`${location}/result`);
    expect(early.status).toBe(409);
    expect(early.headers.get('retry-after')).toBe('1');
    expect((await get(location, srv.key, 'DELETE')).status).toBe(200);
    expect((await until(location, terminal)).status).toBe('cancelled');
    expect((await get(`${location}/result`)).json).toMatchObject({ code: 409, error: expect.stringMatching(/cancelled/) });
    expect(await remaining()).toBe(before);
  }, 120_000);

  it('hides a task from another account and answers 404 for an unknown one', async () => {
    const res = await post(srv.url, UPA, small, srv.key, ASYNC);
    const location = res.headers.get('location')!;
    await srv.server.accounts.createAccount('stranger', 'paid');
    const { key } = await srv.server.accounts.createKey('stranger');
    expect((await get(location, key)).status).toBe(404);
    expect((await get(location, key, 'DELETE')).status).toBe(404);
    expect((await get('/api/v1/tasks/00000000-0000-4000-8000-000000000000')).json).toMatchObject({ code: 404 });
    await until(location, terminal);
  }, 60_000);

  it('is documented in OpenAPI: the Prefer header and 202 on long tools, and the task routes', async () => {
    const doc: any = await (await fetch(`${srv.url}/openapi.json`)).json();
    const upa = doc.paths[UPA].post;
    expect(upa.parameters.map((p: { name: string }) => p.name)).toContain('Prefer');
    expect(upa.responses['202'].headers.Location).toBeDefined();
    expect(doc.paths['/api/v1/tools/word-counter'].post.responses['202']).toBeUndefined();
    expect(Object.keys(doc.paths['/api/v1/tasks/{id}'])).toEqual(['get', 'delete']);
    expect(doc.paths['/api/v1/tasks/{id}/result'].get).toBeDefined();
  });
});
