/**
 * Idempotency keys on a listening server (embedded store): REST `Idempotency-Key` and MCP
 * `_meta["werkbank/idempotency-key"]` over Streamable HTTP. A retry with the same key and body answers the first
 * answer byte for byte and is charged once; another body is a 422; keys are per account; they expire after 24 h.
 * `uuid-generator` answers at random, so an identical answer can only be the stored one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { post, startServer, type TestServer } from './helpers/server.js';

const HOUR = 3600_000;
let srv: TestServer;
let clock = Date.parse('2026-03-10T10:00:00Z');
let n = 0;
const freshKey = () => `key-${process.pid}-${++n}`;
const UUID = '/api/v1/tools/uuid-generator';

beforeAll(async () => {
  srv = await startServer({ now: () => new Date(clock) });
});
afterAll(async () => {
  await srv?.close();
});

const remaining = async (accountId = srv.accountId) => (await srv.server.accounts.balance(accountId)).remaining;
const keyed = (body: unknown, key: string, apiKey = srv.key) => post(srv.url, UUID, body, apiKey, { 'Idempotency-Key': key });

describe('REST Idempotency-Key', () => {
  it('sequential retries answer the first answer byte for byte and charge once', async () => {
    const before = await remaining();
    const key = freshKey();
    const first = await keyed({ count: 3, uppercase: false }, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let i = 0; i < 3; i++) {
      const again = await keyed({ count: 3, uppercase: false }, key);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-ratelimit-remaining')).toBe(String(before - 1));
    }
    // The same body with its keys in another order is the same request.
    const reordered = await post(srv.url, UUID, '{"uppercase":false,"count":3}', srv.key, { 'Idempotency-Key': key });
    expect(reordered.text).toBe(first.text);
    expect(await remaining()).toBe(before - 1);
    // Without a key every call runs and is charged.
    const plain = await post(srv.url, UUID, { count: 3 }, srv.key);
    expect(plain.text).not.toBe(first.text);
    expect(await remaining()).toBe(before - 2);
  });

  it('20 concurrent calls with one key: one charge, every answer the same or a 409 (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await remaining();
      const key = freshKey();
      const answers = await Promise.all(Array.from({ length: 20 }, () => keyed({ count: 2 }, key)));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const a of answers) expect([200, 409]).toContain(a.status);
      expect(new Set(ok.map((a) => a.text)).size).toBe(1);
      expect(ok.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(await remaining()).toBe(before - 1);
    }
  });

  it('the same key with another body or another tool is a 422 naming the key, charging nothing', async () => {
    const key = freshKey();
    expect((await keyed({ count: 1 }, key)).status).toBe(200);
    const before = await remaining();
    const other = await keyed({ count: 2 }, key);
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({ code: 422 });
    expect(other.json.error).toContain(`"${key}"`);
    const otherTool = await post(srv.url, '/api/v1/tools/reverse-text', { text: 'abc' }, srv.key, { 'Idempotency-Key': key });
    expect(otherTool.status).toBe(422);
    expect(await remaining()).toBe(before);
  });

  it('a malformed key is a 400 naming the header; anonymous renders cannot use a key', async () => {
    for (const bad of ['has space', 'x'.repeat(256), 'tab\there', 'é']) {
      const res = await post(srv.url, UUID, {}, srv.key, { 'Idempotency-Key': bad }).catch(() => null);
      // Node's fetch refuses some of these itself (a header value with a control character or non-Latin-1).
      if (!res) continue;
      expect(res.status).toBe(400);
      expect(res.json.error).toContain('Idempotency-Key');
    }
    const anon = await post(srv.url, '/api/v1/render/html-to-pdf', { html: '<p>x</p>' }, undefined, { 'Idempotency-Key': freshKey() });
    expect(anon.status).toBe(400);
    expect(anon.json.error).toMatch(/Idempotency-Key needs an account/);
  });

  it('a failure that charged nothing releases the key: the retry runs (and may carry a corrected body)', async () => {
    const key = freshKey();
    const before = await remaining();
    const invalid = await keyed({ count: 0 }, key);
    expect(invalid.status).toBe(400);
    // Valid input the tool itself refuses: the key was claimed, then released.
    const failed = await post(srv.url, '/api/v1/tools/jwt-decoder', { token: 'a!b.c.d' }, srv.key, { 'Idempotency-Key': key });
    expect(failed.status).toBe(400);
    expect(failed.json.error).toMatch(/token/);
    expect(await remaining()).toBe(before);
    const ok = await keyed({ count: 1 }, key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(await remaining()).toBe(before - 1);
  });

  it("two accounts' keys do not collide", async () => {
    await srv.server.accounts.createAccount('other', 'paid');
    const { key: otherKey } = await srv.server.accounts.createKey('other');
    const key = freshKey();
    const mine = await keyed({ count: 1 }, key);
    const theirs = await keyed({ count: 2 }, key, otherKey);
    expect(theirs.status).toBe(200);
    const theirsSame = await keyed({ count: 1 }, key, otherKey);
    expect(theirsSame.status).toBe(422); // their own key now holds their count-2 request
    expect((await keyed({ count: 1 }, key)).text).toBe(mine.text);
  });

  it('a streamed answer is charged once; a retry is a 409 saying it is not kept', async () => {
    const key = freshKey();
    const body = { format: 'xml', options: { population: { count: 2 }, period: { startYear: 2026, startMonth: 1, months: 1 } } };
    const before = await remaining();
    const first = await post(srv.url, '/api/v1/tools/upa-file-generator', body, srv.key, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-not-kept')).toBe('it was streamed');
    const retry = await post(srv.url, '/api/v1/tools/upa-file-generator', body, srv.key, { 'Idempotency-Key': key });
    expect(retry.status).toBe(409);
    expect(retry.json.error).toMatch(/streamed/);
    expect(await remaining()).toBe(before - 1);
  });

  it('a key expires 24 hours after its first use', async () => {
    const key = freshKey();
    const first = await keyed({ count: 1 }, key);
    clock += 23 * HOUR;
    expect((await keyed({ count: 1 }, key)).text).toBe(first.text);
    expect((await keyed({ count: 2 }, key)).status).toBe(422);
    clock += 2 * HOUR;
    const later = await keyed({ count: 2 }, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('MCP _meta["werkbank/idempotency-key"] over Streamable HTTP', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'idempotency', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
    );
  });
  afterAll(async () => {
    await client?.close();
  });
  const call = (args: Record<string, unknown>, key: string, name = 'uuid_generator') =>
    client.callTool({ name, arguments: args, _meta: { 'werkbank/idempotency-key': key } });

  it('retries answer the first result and charge once; another body is an error naming the key', async () => {
    const before = await remaining();
    const key = freshKey();
    const first = await call({ count: 2 }, key);
    expect(first.isError).toBeFalsy();
    for (let i = 0; i < 3; i++) expect(await call({ count: 2 }, key)).toEqual(first);
    expect(await remaining()).toBe(before - 1);
    const other = await call({ count: 3 }, key);
    expect(other.isError).toBe(true);
    expect(JSON.stringify(other.content)).toContain(key);
    // Through call_tool the key names the inner call.
    const viaMeta = await call({ name: 'uuid_generator', arguments: { count: 2 } }, key, 'call_tool');
    expect(viaMeta.structuredContent).toEqual(first.structuredContent);
    expect(await remaining()).toBe(before - 1);
  });

  it('20 concurrent calls with one key: one charge, the same result or a 409 message', async () => {
    const before = await remaining();
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => call({ count: 1 }, key)));
    const ok = results.filter((r) => !r.isError);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => JSON.stringify(r))).size).toBe(1);
    for (const r of results.filter((x) => x.isError)) expect(JSON.stringify(r.content)).toMatch(/still running/);
    expect(await remaining()).toBe(before - 1);
  });

  it("the SDK's own path (no protocol version header) keeps the key too", async () => {
    const before = await remaining();
    const key = freshKey();
    const rpc = async () => {
      const res = await fetch(`${srv.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': srv.key },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'uuid_generator', arguments: { count: 2 }, _meta: { 'werkbank/idempotency-key': key } },
        }),
      });
      const text = await res.text();
      const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1];
      return (JSON.parse(json) as { result: { isError?: boolean; structuredContent: unknown } }).result;
    };
    const first = await rpc();
    expect(first.isError).toBeFalsy();
    expect(await rpc()).toEqual(first);
    expect(await remaining()).toBe(before - 1);
  });

  it('a malformed key is refused naming the field', async () => {
    const bad = await call({ count: 1 }, '');
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('werkbank/idempotency-key');
  });

  it('a REST key and an MCP key of the same name are different requests (422)', async () => {
    const key = freshKey();
    expect((await keyed({ count: 1 }, key)).status).toBe(200);
    expect((await call({ count: 1 }, key)).isError).toBe(true);
  });
});

describe('the bytes of answers kept per account', () => {
  // A quota of 1,000 bytes: four answers of 5 UUIDs (about 230 bytes each) are kept, the fifth is not.
  let small: TestServer;
  let client: Client;
  beforeAll(async () => {
    small = await startServer({ now: () => new Date(clock), storedAnswerBytes: 1000 });
    client = new Client({ name: 'quota', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${small.url}/mcp`), { requestInit: { headers: { 'X-API-Key': small.key } } }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await small?.close();
  });
  const call = (key: string, apiKey = small.key) => post(small.url, UUID, { count: 5 }, apiKey, { 'Idempotency-Key': key });
  const left = async () => (await small.server.accounts.balance(small.accountId)).remaining;

  it('past the quota an answer is given and charged once but not kept, and says so; a retry is a 409 saying why', async () => {
    const kept: { key: string; text: string }[] = [];
    let used = 0;
    for (;;) {
      const key = freshKey();
      const first = await call(key);
      expect(first.status).toBe(200);
      const notKept = first.headers.get('idempotency-not-kept');
      if (notKept !== null) {
        expect(used + Buffer.byteLength(first.text)).toBeGreaterThan(1000);
        expect(notKept).toMatch(/^the answers kept for this account reached 1000 bytes in 24 hours \(more are kept from 20/);
        const before = await left();
        const retry = await call(key);
        expect(retry.status).toBe(409);
        expect(retry.json.error).toContain(notKept);
        expect(await left()).toBe(before);
        break;
      }
      used += Buffer.byteLength(first.text);
      kept.push({ key, text: first.text });
    }
    expect(kept).toHaveLength(4);
    // What was kept still replays; over MCP the answer not kept says so in its _meta.
    for (const k of kept) expect((await call(k.key)).text).toBe(k.text);
    const mcp = await client.callTool({
      name: 'uuid_generator',
      arguments: { count: 5 },
      _meta: { 'werkbank/idempotency-key': freshKey() },
    });
    expect(mcp.isError).toBeFalsy();
    expect(mcp._meta?.['werkbank/idempotency-not-kept']).toMatch(/reached 1000 bytes/);
    // The quota is per account; and a day later the account's answers are kept again.
    await small.server.accounts.createAccount('other', 'paid');
    const { key: otherKey } = await small.server.accounts.createKey('other');
    expect((await call(freshKey(), otherKey)).headers.get('idempotency-not-kept')).toBeNull();
    clock += 24 * HOUR;
    expect((await call(freshKey())).headers.get('idempotency-not-kept')).toBeNull();
  });
});
