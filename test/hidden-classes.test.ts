/**
 * A tool call makes no hidden class (V8 "map") of its own. Once optimised, Node 20's V8 builds a new
 * map, in old space, on every run of a spread followed by a new property (`{...x, y}`, or `{...x}` then `r.y = …`),
 * and a getter in an object literal did the same. Each is old-space garbage that points at the call's young objects,
 * so every scavenge copied whole requests it should have dropped: 1 MB promoted per scavenge, scavenges of 6–10 ms,
 * a mark-compact every few seconds, and a p99 three times the bare route's.
 *
 * The bench server (metering on, embedded store) runs under `--log-maps`, which logs every map V8 makes. After a
 * warm-up that gets the hot paths optimised, REST and /mcp calls must add far fewer maps than calls. A count, not
 * a time: with the fault it is at least one per call, without it a few dozen in all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnListening, stop, type Listening } from '../bench/spawn.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'werkbank-maps-'));
const log = join(dir, 'v8.log');
const SAMPLE = { text: 'Hallo wereld. Dit is een benchmark van werkbank!' };
let server: Listening;

beforeAll(async () => {
  server = await spawnListening([
    '--log-maps',
    '--no-log-maps-details',
    `--logfile=${log}`,
    '--no-logfile-per-isolate',
    join(root, 'dist/bench/server.js'),
    'werkbank',
    'on',
  ]);
}, 60_000);

afterAll(async () => {
  if (server) await stop(server.proc);
  rmSync(dir, { recursive: true, force: true });
});

/** Maps V8 has made so far (the log is written as it goes; a buffer's worth may lag, far below the margins here). */
function mapsMade(): number {
  let n = 0;
  for (const line of readFileSync(log, 'utf8').split('\n')) if (line.startsWith('map,')) n++;
  return n;
}

async function restCall(): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/tools/word-counter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.key },
    body: JSON.stringify(SAMPLE),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

async function mcpCall(): Promise<void> {
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      'X-API-Key': server.key,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'word_counter', arguments: SAMPLE } }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { result?: { isError?: boolean } }).result?.isError).toBeFalsy();
}

/** `n` calls, 8 at a time (so the server batches journal writes as it does under load). */
async function calls(n: number, call: () => Promise<void>): Promise<void> {
  let left = n;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left-- > 0) await call();
    }),
  );
}

describe('hidden classes per call', () => {
  const WARM = 4000;
  const COUNTED = 3000;
  it.each([
    ['REST tool call', restCall],
    ['/mcp tools/call', mcpCall],
  ])(
    '%s: after warm-up, far fewer new maps than calls',
    async (_name, call) => {
      await calls(WARM, call);
      const before = mapsMade();
      await calls(COUNTED, call);
      const made = mapsMade() - before;
      // With a per-call map: >= 3,000. Without: what late optimisation and the log's buffer account for.
      expect(made, `${made} maps made by ${COUNTED} calls`).toBeLessThan(COUNTED / 10);
    },
    120_000,
  );
});
