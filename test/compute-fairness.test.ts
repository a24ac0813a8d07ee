/**
 * The compute pool serves everyone under one account's flood, over REST on a listening server: while account A
 * keeps many heavy pooled calls in flight, account B's pooled calls are answered, and A's excess is refused for A
 * alone (429 with Retry-After, its share of the pool taken), never as a 503 for everyone, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';

const FLOOD = 16;
const CALLS = 10;
const HEAVY = JSON.stringify({ text: 'Een zin met woorden. '.repeat(5_000).slice(0, 100_000) });
const DOC = JSON.stringify({
  json: JSON.stringify(Array.from({ length: 1_200 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] }))),
});

let s: TestServer;
let neighbourKey: string;

beforeAll(async () => {
  s = await startServer({}, 'paid');
  await s.server.accounts.createAccount('neighbour', 'paid');
  neighbourKey = (await s.server.accounts.createKey('neighbour')).key;
});
afterAll(async () => {
  await s?.close();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { code?: number; error?: string; retry_after?: number };
}

async function call(slug: string, key: string, body: string): Promise<Answer> {
  const res = await fetch(`${s.url}/api/v1/tools/${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body,
  });
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: (await res.json()) as Answer['body'] };
}

describe('the compute pool under one account’s flood', () => {
  it('the other account is served at least 9 times in 10; the flooder gets 429 with Retry-After for its excess, no 503, no 500', async () => {
    expect(DOC.length).toBeGreaterThan(60_000);
    const flooder: Answer[] = [];
    let done = false;
    const floods = Array.from({ length: FLOOD }, async () => {
      while (!done) flooder.push(await call('readability', s.key, HEAVY));
    });
    const neighbour: Answer[] = [];
    for (let i = 0; i < CALLS; i++) neighbour.push(await call('json-formatter', neighbourKey, DOC));
    done = true;
    await Promise.all(floods);

    const statuses = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].sort();
    expect(neighbour.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(9);
    expect(statuses(neighbour)).not.toContain(503);
    expect(statuses(flooder)).toEqual([200, 429]);
    for (const refused of flooder.filter((a) => a.status === 429)) {
      expect(refused.body.code).toBe(429);
      expect(refused.body.error).toMatch(/compute pool/);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(refused.body.retry_after).toBe(Number(refused.retryAfter));
    }
  }, 120_000);
});
