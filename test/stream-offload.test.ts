/**
 * Streamed REST responses of a tool that declares `worker` come from its pool, not the event loop
 * (src/core/pipeline.ts `stream`, src/compute/tool-jobs.ts `streamToolInWorker`): a 10,000-employment UPA xml stream
 * is byte for byte what the tool's streamJson makes, the server answers other requests while it is being made, and a
 * client that goes away mid-stream frees the long-job worker for the next job. The deadline counts the worker's own
 * time: a slow but steady reader takes longer than it and gets the whole response, one that stops reading is cut
 * after the idle limit. Flow control itself: test/compute/chunk-flow.test.ts; the job's clock: test/compute/job-clock.test.ts.
 */
import { createHash } from 'node:crypto';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, post, type TestServer } from './helpers/server.js';
import { ctx } from './helpers/run.js';
import { longJobLoad, streamToolInWorker } from '../src/compute/tool-jobs.js';
import { ToolError, type Tool } from '../src/core/tool.js';
import { HttpError } from '../src/core/errors.js';
import { parseInput } from '../src/core/validate.js';
import { priceOf } from '../src/core/output-size.js';
import tool from '../tools/generators/upa-file-generator.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => srv?.close());

const BIG = { format: 'xml', options: { population: { count: 10_000, seed: 11 }, period: { startYear: 2026, months: 2 } } };

/**
 * A streamed POST read as it arrives: when the headers come, the first bytes, the end, and the body's SHA-256.
 * `read`: as fast as it comes (default), at most `bytesPerSecond`, or `stop` after the first bytes (until `readOn`).
 */
function streamCall(body: unknown, events: string[], read: { server?: TestServer; bytesPerSecond?: number; stop?: boolean } = {}) {
  const server = read.server ?? srv;
  let stopped = read.stop ?? false;
  let response: IncomingMessage | undefined;
  let req!: ClientRequest;
  let bytes = 0;
  const hash = createHash('sha256');
  let firstData!: () => void;
  const first = new Promise<void>((r) => (firstData = r));
  const end = new Promise<{ status: number; sha256: string; bytes: number }>((resolve, reject) => {
    const url = new URL(server.url);
    req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/v1/tools/upa-file-generator',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': server.key },
      },
      (res) => {
        events.push('stream headers');
        response = res;
        const start = performance.now();
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstData();
          bytes += chunk.length;
          hash.update(chunk);
          if (stopped) res.pause();
          else if (read.bytesPerSecond) {
            // Ahead of the pace: wait until the bytes read so far are due.
            const ahead = start + (bytes / read.bytesPerSecond) * 1000 - performance.now();
            if (ahead > 0) {
              res.pause();
              setTimeout(() => res.resume(), ahead);
            }
          }
        });
        // The connection closing before the response is whole (seen even while the client reads nothing).
        res.socket.once('close', () => !res.complete && events.push('stream cut'));
        res.on('end', () => {
          events.push('stream end');
          resolve({ status: res.statusCode!, sha256: hash.digest('hex'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  const readOn = () => {
    stopped = false;
    response?.resume();
  };
  return { first, end, abort: () => req.destroy(), readOn, bytes: () => bytes };
}

/** Polls until `cond` holds (a bounded number of times); fails naming `what` otherwise. */
async function until(cond: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 2_000; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never happened: ${what}`);
}

describe('a streamed UPA xml run in the long-job pool (REST)', () => {
  it('is byte-identical to the streamJson text, and the server answers other calls while it runs', async () => {
    // The response as the main thread produced it before: the tool's streamJson, in this process.
    const expected = createHash('sha256').update('{"ok":true,"data":');
    for await (const chunk of tool.streamJson!(parseInput(tool.input, BIG), ctx({ surface: 'rest' }))) expected.update(chunk);
    expected.update('}');

    const events: string[] = [];
    const call = streamCall(BIG, events);
    await until(() => longJobLoad().running === 1, "the stream's job runs in the long-job pool");
    // Planning 10,000 employments takes the worker about a second before the first byte: /health answers meanwhile.
    await fetch(`${srv.url}/health`).then((r) => (expect(r.status).toBe(200), events.push('health before the first byte')));
    await call.first;
    // Mid-stream: a cheap tool call answers before the stream ends.
    const small = await post(srv.url, '/api/v1/tools/word-counter', { text: 'one two three' }, srv.key);
    expect(small.json.data.words).toBe(3);
    events.push('word-counter mid-stream');
    const { status, sha256, bytes } = await call.end;
    expect(status).toBe(200);
    expect(bytes).toBeGreaterThan(10_000_000);
    expect(sha256).toBe(expected.digest('hex'));
    expect(events).toEqual(['health before the first byte', 'stream headers', 'word-counter mid-stream', 'stream end']);
    expect(longJobLoad()).toEqual({ running: 0, waiting: 0 });
  }, 120_000);

  it('a client that goes away mid-stream has the worker stopped: the next long job runs at once', async () => {
    const before = (await srv.server.accounts.balance(srv.accountId)).remaining;
    const events: string[] = [];
    const call = streamCall(BIG, events);
    call.end.catch(() => undefined); // the abort ends it with an error
    await call.first;
    expect(longJobLoad().running).toBe(1);
    call.abort();
    await until(() => longJobLoad().running === 0, 'the aborted stream frees the long-job worker');
    // Without the cancel, the job would wait for credit until its 120 s deadline and this call would be refused
    // after waiting 30 s in the queue.
    const next = await post(
      srv.url,
      '/api/v1/tools/upa-file-generator',
      { format: 'summary', options: { population: { count: 3 }, period: { startYear: 2026, months: 1 } } },
      srv.key,
    );
    expect(next.status).toBe(200);
    expect(next.json.data.fileCount).toBe(1);
    expect(events).not.toContain('stream end');
    // The aborted stream is refunded: only the summary is charged.
    const balance = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;
    await until(async () => (await balance()) === before - tool.cost, 'the aborted stream is refunded');
  }, 60_000);
});

describe('a streamed UPA xml run and its reader (REST, short limits)', () => {
  // The deadline and the idle limit made short for the test (ServerConfig.streamLimits); the overall limit left high.
  // The idle limit stays well above the pauses the loopback connection itself makes in a steady read (about 1 s at
  // 1.5 MB/s: the server's socket becomes writable again only once its large send buffer has half drained).
  const limits = { timeMs: 3_000, idleMs: 3_000, wallMs: 120_000 };
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startServer({ streamLimits: limits });
  });
  afterAll(async () => slow?.close());
  const balance = async () => (await slow.server.accounts.balance(slow.accountId)).remaining;

  it('a slow but steady reader gets the whole response, though the stream lasts longer than the deadline', async () => {
    const body = { format: 'xml', options: { population: { count: 3_000, seed: 5 }, period: { startYear: 2026, months: 3 } } };
    const expected = createHash('sha256').update('{"ok":true,"data":');
    for await (const chunk of tool.streamJson!(parseInput(tool.input, body), ctx({ surface: 'rest' }))) expected.update(chunk);
    expected.update('}');
    const before = await balance();

    const events: string[] = [];
    const call = streamCall(body, events, { server: slow, bytesPerSecond: 1_500_000 }); // about 14 MB: 9 s
    await call.first;
    const firstByte = performance.now();
    let jobEnded: number | undefined;
    const watch = setInterval(() => (jobEnded ??= longJobLoad().running === 0 ? performance.now() : undefined), 20);
    const { status, sha256, bytes } = await call.end.finally(() => clearInterval(watch));
    expect(status).toBe(200);
    expect(sha256).toBe(expected.digest('hex'));
    expect(bytes).toBeGreaterThan(10_000_000);
    // Not vacuous: the worker's job itself (not only the reading of what the sockets held) outlasted its deadline.
    expect((jobEnded ?? performance.now()) - firstByte).toBeGreaterThan(limits.timeMs);
    expect(events).toEqual(['stream headers', 'stream end']);
    expect(longJobLoad()).toEqual({ running: 0, waiting: 0 });
    // charged (the response is whole) its price: per started 10 MB of its declared bound (src/core/output-size.ts)
    expect(await balance()).toBe(before - priceOf(tool as unknown as Tool, parseInput(tool.input, body)).cost);
  }, 60_000);

  it('a reader that stops reading is cut after the idle limit: the worker is freed and the call refunded', async () => {
    const before = await balance();
    const events: string[] = [];
    const call = streamCall(BIG, events, { server: slow, stop: true }); // about 32 MB, more than the sockets hold
    call.end.catch(() => undefined); // the cut ends it with an error
    await call.first;
    expect(longJobLoad().running).toBe(1);
    await until(() => longJobLoad().running === 0, 'the idle limit frees the long-job worker');
    // Like a stream over its deadline, the cut stream is refunded.
    await until(async () => (await balance()) === before, 'the cut stream is refunded');
    const next = await post(
      slow.url,
      '/api/v1/tools/upa-file-generator',
      { format: 'summary', options: { population: { count: 3 }, period: { startYear: 2026, months: 1 } } },
      slow.key,
    );
    expect(next.status).toBe(200);
    expect(next.json.data.fileCount).toBe(1);
    expect(await balance()).toBe(before - tool.cost);
    // Reading on, the client gets what the connection held and then its end, the response unfinished.
    call.readOn();
    await until(() => events.includes('stream cut'), 'the connection closes before the response is whole');
    expect(events).toEqual(['stream headers', 'stream cut']);
    expect(call.bytes()).toBeLessThan(31_000_000); // of about 32 MB
  }, 60_000);
});

describe('streamToolInWorker', () => {
  it("a stream over its tool's deadline ends with the deadline's 400, and the worker is freed", async () => {
    // The tool as declared, with a deadline far below what 10,000 employments x 12 months take.
    const short = { ...tool, toolset: 'generators', worker: { ...tool.worker!, timeMs: 300 } } as Tool;
    const input = parseInput(tool.input, {
      format: 'xml',
      options: { population: { count: 10_000 }, period: { startYear: 2026, months: 12 } },
    });
    let bytes = 0;
    const read = async () => {
      for await (const text of streamToolInWorker(short, input, ctx({ surface: 'rest' }))) bytes += text.length;
    };
    const err = await read().then(
      () => undefined,
      (e: unknown) => e,
    );
    // A limit of the platform, not the tool's verdict on its input.
    expect(err).toBeInstanceOf(HttpError);
    expect(err).not.toBeInstanceOf(ToolError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).message).toMatch(/took longer than 0.3 s to process \(the time limit of upa-file-generator\)/);
    expect(bytes).toBeLessThan(100_000_000); // stopped long before the ~190 MB of the whole run
    expect(longJobLoad()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('a stream still not read to its end after the overall limit ends with the 408 naming it, and the worker is freed', async () => {
    const declared = { ...tool, toolset: 'generators' } as Tool;
    const input = parseInput(tool.input, {
      format: 'xml',
      options: { population: { count: 3_000 }, period: { startYear: 2026, months: 3 } },
    });
    let bytes = 0;
    const read = async () => {
      // A reader that trickles: it never pauses as long as the idle limit, but would need about 20 s in all.
      for await (const text of streamToolInWorker(declared, input, ctx({ surface: 'rest' }), { idleMs: 60_000, wallMs: 3_000 })) {
        bytes += text.length;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const err = await read().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect(err).not.toBeInstanceOf(ToolError);
    expect((err as HttpError).status).toBe(408);
    expect((err as HttpError).message).toMatch(/took longer than 3 s to read \(the time limit of streamed responses\)/);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(10_000_000); // of about 14 MB
    expect(longJobLoad()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
