/**
 * Agent memory as MCP resources, the memory tools and their REST mirror;
 * prompts with argument completion. Real servers, real clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startServer, post, tempDir, CLI, type TestServer } from './helpers/server.js';

let now = new Date('2026-06-01T12:00:00Z');
let srv: TestServer;
let otherKey: string;
beforeAll(async () => {
  srv = await startServer({ now: () => now }, 'free');
  await srv.server.accounts.createAccount('other', 'paid');
  otherKey = (await srv.server.accounts.createKey('other')).key;
});
afterAll(async () => srv?.close());

async function httpClient(key: string, mode: 'legacy' | 'auto' = 'legacy') {
  const client = new Client({ name: 'memory-tests', version: '1' }, { versionNegotiation: { mode } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=memory`), { requestInit: { headers: { 'X-API-Key': key } } }),
  );
  return client;
}

describe('agent memory over MCP HTTP', () => {
  it('writes with a tool, lists and reads as a resource, and never shows another account', async () => {
    const mine = await httpClient(srv.key);
    const theirs = await httpClient(otherKey, 'auto');
    const set = await mine.callTool({
      name: 'memory_set',
      arguments: { namespace: 'crm', key: 'acme', value: 'Prefers e-mail', tags: ['client'] },
    });
    expect(set.structuredContent).toMatchObject({
      created: true,
      item: { uri: 'memory://crm/acme', expiresAt: '2026-07-01T12:00:00.000Z' },
    });

    const listed = await mine.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain('memory://crm/acme');
    const read = await mine.readResource({ uri: 'memory://crm/acme' });
    expect(read.contents).toEqual([{ uri: 'memory://crm/acme', mimeType: 'text/plain', text: 'Prefers e-mail' }]);
    const templates = await mine.listResourceTemplates();
    expect(templates.resourceTemplates[0].uriTemplate).toBe('memory://{namespace}/{key}');
    const done = await mine.complete({
      ref: { type: 'ref/resource', uri: 'memory://{namespace}/{key}' },
      argument: { name: 'key', value: 'ac' },
      context: { arguments: { namespace: 'crm' } },
    });
    expect(done.completion.values).toEqual(['acme']);

    // Isolation: the other account sees nothing, cannot read it, and its own write does not touch ours.
    // (Besides its memory, the list holds the server's view documents, ui://werkbank/…, the same for everyone.)
    expect((await theirs.listResources()).resources.filter((r) => r.uri.startsWith('memory://'))).toEqual([]);
    await expect(theirs.readResource({ uri: 'memory://crm/acme' })).rejects.toThrow();
    const get = await theirs.callTool({ name: 'memory_get', arguments: { namespace: 'crm', key: 'acme' } });
    expect(get.structuredContent).toEqual({ found: false, item: null });
    await theirs.callTool({ name: 'memory_set', arguments: { namespace: 'crm', key: 'acme', value: 'theirs' } });
    expect((await mine.readResource({ uri: 'memory://crm/acme' })).contents[0]).toMatchObject({ text: 'Prefers e-mail' });
    const search = await theirs.callTool({ name: 'memory_search', arguments: { query: 'e-mail' } });
    expect(search.structuredContent).toEqual({ items: [], total: 0 });
    await mine.close();
    await theirs.close();
  });

  it('memory costs no credits', async () => {
    const before = (await srv.server.accounts.balance(srv.accountId)).remaining;
    await post(srv.url, '/api/v1/tools/memory-set', { key: 'free', value: 'x' }, srv.key);
    await post(srv.url, '/api/v1/tools/memory-get', { key: 'free' }, srv.key);
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(before);
  });

  it('refuses bad keys, oversized values and invalid JSON with 400/413', async () => {
    const bad = await post(srv.url, '/api/v1/tools/memory-set', { key: 'no spaces', value: 'x' }, srv.key);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('`key`');
    const big = await post(srv.url, '/api/v1/tools/memory-set', { key: 'big', value: 'x'.repeat(64 * 1024 + 1) }, srv.key);
    expect(big.status).toBe(413);
    const json = await post(srv.url, '/api/v1/tools/memory-set', { key: 'j', value: '{nope', mimeType: 'application/json' }, srv.key);
    expect(json.status).toBe(400);
  });

  it('expired items disappear from reads and lists and are purged', async () => {
    await post(srv.url, '/api/v1/tools/memory-set', { namespace: 'tmp', key: 'old', value: 'soon gone' }, srv.key);
    now = new Date('2026-07-02T00:00:00Z'); // 30 days (free plan) after the write
    const get = await post(srv.url, '/api/v1/tools/memory-get', { namespace: 'tmp', key: 'old' }, srv.key);
    expect(get.json.data).toEqual({ found: false, item: null });
    // Hidden from reads at once; the sweep deletes every expired record, and only those.
    const col = srv.server.store.collection<{ expiresAt: string }>('memory');
    const expired = (await col.all()).filter(([, , item]) => item.expiresAt <= now.toISOString()).length;
    expect(await col.get(srv.accountId, 'tmp/old')).toBeDefined();
    expect(await srv.server.memory.sweep()).toBe(expired);
    expect(await col.get(srv.accountId, 'tmp/old')).toBeUndefined();
    expect((await col.all()).length).toBeGreaterThan(0); // the paid account's items (365 days) stay
    expect(await srv.server.memory.sweep()).toBe(0);
    now = new Date('2026-06-01T12:00:00Z');
  });
});

describe('agent memory over MCP HTTP, 2026-07-28 era: subscriptions/listen', () => {
  it('delivers update and list notifications for its own account only', async () => {
    const mine = await httpClient(srv.key, 'auto');
    const theirs = await httpClient(otherKey, 'auto');
    expect(mine.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const updates: string[] = [];
    let listChanges = 0;
    mine.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
    mine.setNotificationHandler('notifications/resources/list_changed', () => void listChanges++);
    const sub = await mine.listen({ resourceSubscriptions: ['memory://live/doc'], resourcesListChanged: true });
    await theirs.callTool({ name: 'memory_set', arguments: { namespace: 'live', key: 'doc', value: 'not yours' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(updates).toEqual([]);
    expect(listChanges).toBe(0);
    await mine.callTool({ name: 'memory_set', arguments: { namespace: 'live', key: 'doc', value: 'v1' } });
    await mine.callTool({ name: 'memory_set', arguments: { namespace: 'live', key: 'doc', value: 'v2' } });
    for (let i = 0; i < 50 && updates.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(updates).toEqual(['memory://live/doc', 'memory://live/doc']);
    expect(listChanges).toBe(1); // created once, then updated
    await sub.close();
    await mine.close();
    await theirs.close();
  });

  it('closes the open listen streams of a key when the key is revoked', async () => {
    await srv.server.accounts.createAccount('revokee', 'paid');
    const created = await srv.server.accounts.createKey('revokee');
    const client = await httpClient(created.key, 'auto');
    const sub = await client.listen({ resourcesListChanged: true });
    const closed = new Promise<string>((resolve) => {
      sub.closed.then(
        () => resolve('closed'),
        () => resolve('closed'),
      );
      setTimeout(() => resolve('still open'), 3000);
    });
    await srv.server.accounts.revokeKey(created.id);
    expect(await closed).toBe('closed');
    await expect(client.callTool({ name: 'memory_list', arguments: {} })).rejects.toThrow();
    await client.close();
  });
});

describe('REST mirror', () => {
  it('PUT/GET/list/search/DELETE with a key, isolated per account', async () => {
    const h = { 'X-API-Key': srv.key, 'Content-Type': 'application/json' };
    const put = await fetch(`${srv.url}/api/v1/memory/notes/todo`, {
      method: 'PUT',
      headers: h,
      body: JSON.stringify({ value: 'buy milk', tags: ['home'] }),
    });
    expect(put.status).toBe(201);
    const again = await fetch(`${srv.url}/api/v1/memory/notes/todo`, {
      method: 'PUT',
      headers: h,
      body: JSON.stringify({ value: 'buy oat milk' }),
    });
    expect(again.status).toBe(200);
    const got = await (await fetch(`${srv.url}/api/v1/memory/notes/todo`, { headers: h })).json();
    expect(got.data).toMatchObject({ value: 'buy oat milk', uri: 'memory://notes/todo' });
    const list = await (await fetch(`${srv.url}/api/v1/memory?namespace=notes`, { headers: h })).json();
    expect(list.data.items.map((i: { key: string }) => i.key)).toEqual(['todo']);
    const search = await (await fetch(`${srv.url}/api/v1/memory/search?q=OAT`, { headers: h })).json();
    expect(search.data.total).toBe(1);
    const other = await fetch(`${srv.url}/api/v1/memory/notes/todo`, { headers: { 'X-API-Key': otherKey } });
    expect(other.status).toBe(404);
    expect((await fetch(`${srv.url}/api/v1/memory`, { headers: {} })).status).toBe(401);
    expect((await fetch(`${srv.url}/api/v1/memory?colour=red`, { headers: h })).status).toBe(400);
    expect((await fetch(`${srv.url}/api/v1/memory/notes/todo`, { method: 'DELETE', headers: h })).status).toBe(200);
    expect((await fetch(`${srv.url}/api/v1/memory/notes/todo`, { method: 'DELETE', headers: h })).status).toBe(404);
  });
});

describe('agent memory over stdio', () => {
  it('notifies subscribers of updates and list changes, and survives a restart', async () => {
    const dataDir = tempDir();
    const connect = async () => {
      const client = new Client({ name: 'stdio-memory', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [CLI, '--toolsets', 'memory', '--data', dataDir], stderr: 'pipe' }),
      );
      return client;
    };
    const client = await connect();
    const updates: string[] = [];
    let listChanges = 0;
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
    client.setNotificationHandler('notifications/resources/list_changed', () => void listChanges++);
    await client.callTool({ name: 'memory_set', arguments: { key: 'watched', value: 'v1' } });
    await client.subscribeResource({ uri: 'memory://default/watched' });
    await client.callTool({ name: 'memory_set', arguments: { key: 'watched', value: 'v2' } });
    await client.callTool({ name: 'memory_set', arguments: { key: 'second', value: 'x' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(updates).toEqual(['memory://default/watched']);
    expect(listChanges).toBeGreaterThanOrEqual(2);
    await client.close();
    const again = await connect();
    expect((await again.readResource({ uri: 'memory://default/watched' })).contents[0]).toMatchObject({ text: 'v2' });
    await again.close();
  });
});

describe('agent memory shared by two local MCP hosts (two stdio processes)', () => {
  it('both can write and read the same memory; the data dir is lent, not held', async () => {
    const dataDir = tempDir();
    const connect = async () => {
      const client = new Client({ name: 'host', version: '1' });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [CLI, '--toolsets', 'memory', '--data', dataDir], stderr: 'pipe' }),
      );
      return client;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    const setA = await a.callTool({ name: 'memory_set', arguments: { key: 'from-a', value: 'written by host A' } });
    expect(setA.isError, JSON.stringify(setA.content)).toBeFalsy();
    const setB = await b.callTool({ name: 'memory_set', arguments: { key: 'from-b', value: 'written by host B' } });
    expect(setB.isError, JSON.stringify(setB.content)).toBeFalsy();
    const readA = await a.callTool({ name: 'memory_get', arguments: { key: 'from-b' } });
    expect(readA.structuredContent).toMatchObject({ found: true, item: { value: 'written by host B' } });
    await a.close();
    await b.close();
  }, 60_000);
});

describe('prompts', () => {
  it('list, render with arguments, complete enumerable arguments, refuse bad ones', async () => {
    const client = await httpClient(srv.key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['brp_test_set', 'upa_defect_file', 'convert_data']);
    const got = await client.getPrompt({ name: 'brp_test_set', arguments: { scenario: 'widowed', count: '5' } });
    expect((got.messages[0].content as { text: string }).text).toContain('"eventMix": {"widowed": 1}');
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'brp_test_set' },
      argument: { name: 'scenario', value: 'de' },
    });
    expect(completed.completion.values).toEqual(['deceased', 'deceasedWithFamily']);
    const defects = await client.complete({
      ref: { type: 'ref/prompt', name: 'upa_defect_file' },
      argument: { name: 'check', value: 'dup' },
    });
    expect(defects.completion.values).toEqual(['duplicateBsn', 'duplicateNumIv']);
    await expect(client.getPrompt({ name: 'brp_test_set', arguments: { scenario: 'exploded' } })).rejects.toThrow(/must be one of/);
    await expect(client.getPrompt({ name: 'brp_test_set', arguments: {} })).rejects.toThrow(/Missing required argument "scenario"/);
    await client.close();
  });
});
