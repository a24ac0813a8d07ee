/**
 * A server process for the benchmark: `bare` (a bare Hono route answering the
 * same JSON a tool call answers), `bare-pg <url>` (the same route after one
 * PostgreSQL round trip, grouped per turn as the store groups its statements:
 * the least any metered call on PostgreSQL can cost), or `werkbank` with
 * metering `on`/`off`. Prints one JSON line {port, key} on stdout when listening.
 */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, createServer } from '../src/server.js';
import { PLANS } from '../src/accounts/plans.js';

export const SAMPLE = { text: 'Hallo wereld. Dit is een benchmark van werkbank!' };
export const SAMPLE_DATA = { words: 8, characters: 48, characters_no_spaces: 41, sentences: 2, paragraphs: 1, reading_time_seconds: 3 };

async function main() {
  const [mode, metering] = process.argv.slice(2);
  let fetchHandler: (req: Request) => Response | Promise<Response>;
  let createNodeServer: typeof import('node:http').createServer | undefined;
  let key = '';
  let dataDir: string | undefined;
  if (mode === 'bare' || mode === 'bare-pg') {
    const roundTrip = mode === 'bare-pg' ? await oneRoundTrip(process.argv[3]) : async () => undefined;
    const app = new Hono();
    app.post('/api/v1/tools/word-counter', async (c) => {
      await c.req.json();
      await roundTrip();
      return c.json({ ok: true, data: SAMPLE_DATA });
    });
    fetchHandler = app.fetch;
  } else {
    const server = await createServer(
      configFromEnv({ dataDir: (dataDir = mkdtempSync(join(tmpdir(), 'werkbank-bench-'))), toolsets: 'all', metering: metering !== 'off' }),
    );
    await server.accounts.createAccount('bench', 'paid');
    // Enough credits for every request: REST and /mcp share this server, up to ~20,000 calls a second for minutes.
    await Promise.all(Array.from({ length: 1000 }, () => server.accounts.addPack('bench', 5000, 'cli')));
    key = (await server.accounts.createKey('bench')).key;
    if (process.argv.includes('--bloat')) {
      // Two other free accounts with their agent memory filled to the quota with control characters
      // (each stored as six bytes by JSON escaping): what a hostile free account can hold.
      const memory = server.store.collection<unknown>('memory');
      const value = '\u0001'.repeat(60_000);
      for (const name of ['bloat-a', 'bloat-b']) {
        const { id } = await server.accounts.createAccount(name, 'free');
        for (let i = 0; ; i++) {
          try {
            await memory.set(id, `default/item-${i}`, { value }, { maxBytes: PLANS.free.memoryBytes });
          } catch {
            break; // at the quota
          }
        }
      }
    }
    fetchHandler = server.app.fetch;
    createNodeServer = server.createNodeServer; // as `werkbank serve`: tool calls on the hot path
  }
  const http = serve(
    { fetch: fetchHandler, ...(createNodeServer ? { createServer: createNodeServer } : {}), port: 0, hostname: '127.0.0.1' },
    (info) => {
      process.stdout.write(JSON.stringify({ port: info.port, key }) + '\n');
    },
  );
  const done = () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true }); // the bench's own throwaway store
    process.exit(0);
  };
  process.on('SIGTERM', () => http.close(done));
  process.on('SIGINT', done);
}

/** One trivial statement per call, the calls of one turn in one statement (src/store/batch.ts). */
async function oneRoundTrip(url: string): Promise<() => Promise<unknown>> {
  const { default: pg } = await import('pg');
  const { Batcher } = await import('../src/store/batch.js');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const batch = new Batcher<number, number>(async (items) => {
    const { rows } = await pool.query<{ v: number }>({ name: 'floor', text: 'SELECT v FROM unnest($1::int[]) AS v', values: [items] });
    return rows.map((r) => r.v);
  });
  let n = 0;
  return () => batch.load(n++);
}

if (process.argv[1]?.endsWith('server.js')) void main();
