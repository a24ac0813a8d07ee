/**
 * Output priced by its size (src/core/output-size.ts): a tool that declares `outputSize` is charged per started
 * 10 MB of its bound before it runs, refused over its cap before any charge, and its stream never passes the bytes
 * its credits paid for (a bound that lies fails the call and refunds it). Over a listening server: the UPA generator's
 * big run is charged as declared, a 1-credit run answers at most 10 MB, and OpenAPI states the price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../src/core/tool.js';
import { Pipeline, type Caller } from '../src/core/pipeline.js';
import type { Balance, Ledger } from '../src/core/ledger.js';
import { HttpError } from '../src/core/errors.js';
import { SIZE_UNIT_BYTES } from '../src/core/output-size.js';
import { upaMaxBytes } from '../tools/generators/upa/size.js';
import upa from '../tools/generators/upa-file-generator.js';
import { registryOf } from './helpers/registry.js';
import { startServer, post, type TestServer } from './helpers/server.js';

const MB = 1_000_000;
const caller: Caller = { kind: 'account', accountId: 'acc_1', credentialId: 'key_1', plan: 'free' };

/** A tool streaming `mb` MB of JSON string whose declared bound is `declared(mb)` bytes. */
function flood(slug: string, declared: (mb: number) => number) {
  return defineTool({
    slug,
    title: 'Flood',
    description: 'Streams a string of as many megabytes as asked, to test the price per size of an answer.',
    keywords: { en: ['flood', 'long string'], nl: ['vloed', 'lange tekst'] },
    input: z.strictObject({ mb: z.int().min(0).max(2000) }),
    output: z.string(),
    examples: [
      { name: 'Empty', input: { mb: 0 }, output: '' },
      { name: 'Empty again', input: { mb: 0 }, output: '' },
    ],
    outputSize: { maxBytes: ({ mb }) => declared(mb), formula: '1 MB per mb', capBytes: 100 * MB, split: 'Ask for fewer mb per call.' },
    run: ({ mb }) => 'x'.repeat(mb * MB),
    *streamJson({ mb }) {
      yield '"';
      for (let i = 0; i < mb; i++) yield 'x'.repeat(MB);
      yield '"';
    },
  });
}

function recordingLedger() {
  const events: string[] = [];
  const balance: Balance = { remaining: 100, limit: 100, resetAt: Date.UTC(2026, 11, 1) / 1000 };
  const ledger = {
    reserve: async (_account: string, cost: number, tool: string) => {
      events.push(`reserve ${cost} ${tool}`);
      return { commit: async () => (events.push('commit'), balance), refund: async () => void events.push('refund') };
    },
    balance: async () => balance,
  } as unknown as Ledger;
  return { ledger, events };
}

/** Streams a call under its meter the way REST does; the bytes that came out, and the error if it failed. */
async function streamed(pipeline: Pipeline, slug: string, mb: number) {
  const registry = registryOf([flood('honest', (n) => n * MB + 2), flood('liar', () => 1_000)]);
  let bytes = 0;
  try {
    const call = await pipeline.prepare(registry.requireSlug(slug), { mb }, { surface: 'rest', caller });
    await pipeline.metered(call, caller, async () => {
      for await (const chunk of pipeline.stream(call)) bytes += Buffer.byteLength(chunk);
    });
    return { bytes };
  } catch (error) {
    return { bytes, error: error as HttpError };
  }
}

describe('a size-priced tool through the pipeline', () => {
  it('costs one credit per started 10 MB of its bound, charged before it runs', async () => {
    for (const [mb, credits] of [
      [0, 1],
      [9, 1],
      [10, 2],
      [25, 3],
    ] as const) {
      const { ledger, events } = recordingLedger();
      const out = await streamed(new Pipeline(ledger), 'honest', mb);
      expect(out.error).toBeUndefined();
      expect(out.bytes).toBe(mb * MB + 2);
      expect(events).toEqual([`reserve ${credits} honest`, 'commit']);
    }
  });

  it('a 1-credit call never streams past its 10 MB, even when the bound lies: it fails and is refunded', async () => {
    const { ledger, events } = recordingLedger();
    const out = await streamed(new Pipeline(ledger), 'liar', 50);
    expect(out.error?.status).toBe(500);
    expect(out.bytes).toBeLessThanOrEqual(SIZE_UNIT_BYTES);
    expect(events).toEqual(['reserve 1 liar', 'refund']);
  });

  it('a bound over the cap is a 400 stating the limit and how to split, before any charge', async () => {
    const { ledger, events } = recordingLedger();
    const out = await streamed(new Pipeline(ledger), 'honest', 150);
    expect(out.error?.status).toBe(400);
    expect(out.error?.message).toMatch(/up to 150.1 MB, over the limit of 100 MB a call \(1 MB per mb\)\. Ask for fewer mb per call\./);
    expect(events).toEqual([]);
  });
});

describe('upa-file-generator over a listening server', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => srv?.close());
  const remaining = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;
  const path = '/api/v1/tools/upa-file-generator';

  it('a big xml run is charged per started 10 MB of its declared bound, before/after the balance', async () => {
    const body = { format: 'xml', options: { population: { count: 5_000, seed: 3 }, period: { startYear: 2026, months: 3 } } };
    const declared = Math.ceil(upaMaxBytes(upa.input.parse(body)) / SIZE_UNIT_BYTES);
    expect(declared).toBeGreaterThan(1);
    const before = await remaining();
    const res = await post(srv.url, path, body, srv.key);
    expect(res.status).toBe(200);
    expect(res.json.data.fileCount).toBe(3);
    expect(before - (await remaining())).toBe(declared);
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(declared * SIZE_UNIT_BYTES);
  });

  it('a 1-credit run on the fullest options answers at most 10 MB', async () => {
    const schemes = Array.from({ length: 10 }, (_, i) => ({ schemeCode: `U0051-10${10 + i}`, variants: 'A,B,C', premiumPct: 10 }));
    const body = {
      format: 'xml',
      options: { population: { count: 200 }, period: { startYear: 2026, months: 3, splitMode: 'perParticipant' }, schemes },
    };
    const before = await remaining();
    const res = await post(srv.url, path, body, srv.key);
    expect(res.status).toBe(200);
    expect(before - (await remaining())).toBe(1);
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(SIZE_UNIT_BYTES);
    expect(Buffer.byteLength(res.text)).toBeGreaterThan(4 * MB);
  });

  it('a run over 1 GB is refused before any work or charge, naming the limit and how to split it', async () => {
    const schemes = Array.from({ length: 10 }, (_, i) => ({ schemeCode: `U0051-10${10 + i}`, premiumPct: 10 }));
    const body = {
      format: 'xml',
      options: { population: { count: 10_000 }, period: { months: 36, splitMode: 'perParticipant' }, schemes },
    };
    const before = await remaining();
    const res = await post(srv.url, path, body, srv.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/over the limit of 1000 MB a call .*Split the run: fewer period\.months per call/);
    expect(await remaining()).toBe(before);
  });

  it('OpenAPI states the price per size and the cap', async () => {
    const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as {
      paths: Record<string, { post: Record<string, unknown> }>;
    };
    const op = doc.paths[path].post;
    expect(op['x-credit-per-bytes']).toBe(SIZE_UNIT_BYTES);
    expect(op['x-max-output-bytes']).toBe(1_000_000_000);
    expect(op.description).toMatch(/Cost: 1 credit per started 10 MB of the largest answer/);
  });
});
