/**
 * The pipeline's compute (src/core/compute.ts), injected: without one every call runs on the main thread; with the
 * compute pool (src/compute/pool-compute.ts) a tool that declares `worker` runs in a real worker thread, where a
 * tool's own ToolError comes back as a ToolError and the pool's limits as the platform's HttpError.
 */
import { describe, expect, it } from 'vitest';
import { Pipeline, type Caller } from '../../src/core/pipeline.js';
import type { Compute } from '../../src/core/compute.js';
import { HttpError } from '../../src/core/errors.js';
import { ToolError, type Tool } from '../../src/core/tool.js';
import { offloads, poolCompute } from '../../src/compute/pool-compute.js';
import { jobError } from '../../src/compute/job-errors.js';
import { WorkerPoolError } from '../../src/compute/worker-pool.js';
import { registryOf } from '../helpers/registry.js';
import jsonFormatter from '../../tools/format/json-formatter.js';
import wordCounter from '../../tools/text/word-counter.js';
import jsonToXml from '../../tools/format/json-to-xml.js';

const caller: Caller = { kind: 'local' };
const registry = registryOf([jsonFormatter, wordCounter, jsonToXml], 'format');
const entry = (slug: string) => registry.tools.find((e) => e.tool.slug === slug)!;
const call = (pipeline: Pipeline, slug: string, input: unknown) => pipeline.call(entry(slug), input, { surface: 'direct', caller });

/** A compute that runs nothing itself: it records what the pipeline hands it. */
function recording(): Compute & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    offloads,
    run: async (tool, input, ctx) => (ran.push(tool.slug), tool.run(input as never, ctx)),
    stream: async function* () {},
  };
}

describe('a pipeline', () => {
  it('without a compute runs every call on the main thread, worker or not', async () => {
    const result = await call(new Pipeline(null), 'json-formatter', { json: '[1]', indent: 0 });
    expect(result.data).toMatchObject({ formatted: '[1]' });
  });

  it("hands the compute the calls it offloads, as the tool's declaration and input size say", async () => {
    const compute = recording();
    const pipeline = new Pipeline(null, {}, {}, { compute });
    await call(pipeline, 'json-formatter', { json: '[1]' });
    await call(pipeline, 'word-counter', { text: 'two words' }); // below its inlineBelowChars
    await call(pipeline, 'word-counter', { text: 'word '.repeat(20_000) });
    expect(compute.ran).toEqual(['json-formatter', 'word-counter']);
  });

  it("with the compute pool runs in a worker: a tool's ToolError comes back as a ToolError", async () => {
    const pipeline = new Pipeline(null, {}, {}, { compute: poolCompute() });
    const example = jsonToXml.examples[0];
    expect((await call(pipeline, 'json-to-xml', example.input)).data).toEqual(example.output);
    const err = await call(pipeline, 'json-to-xml', { json: '{"a": 1,' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).status).toBe(400);
  }, 60_000);
});

describe("the pool's failures", () => {
  it('are HttpErrors, not ToolErrors; an HttpError thrown in the worker keeps its class', () => {
    const limits = { timeMs: 5_000 };
    for (const kind of ['timeout', 'out-of-memory', 'busy', 'cancelled'] as const) {
      const err = jobError(new WorkerPoolError(kind, kind, { retryAfter: 1 }), 'json-formatter', limits, 'json');
      expect(err, kind).toBeInstanceOf(HttpError);
      expect(err, kind).not.toBeInstanceOf(ToolError);
    }
    const reply = (platform?: boolean) => ({
      ok: false as const,
      kind: 'tool' as const,
      message: 'm',
      status: 503,
      ...(platform ? { platform } : {}),
    });
    expect(jobError(new WorkerPoolError('failed', 'm', { reply: reply() }), 's', limits)).toBeInstanceOf(ToolError);
    const platform = jobError(new WorkerPoolError('failed', 'm', { reply: reply(true) }), 's', limits);
    expect(platform).toBeInstanceOf(HttpError);
    expect(platform).not.toBeInstanceOf(ToolError);
    expect((platform as HttpError).status).toBe(503);
  });

  it('are declared by the tool: a tool without `worker` is never offloaded', () => {
    expect(offloads({ ...jsonFormatter, worker: undefined } as unknown as Tool, { json: '[]' })).toBe(false);
  });
});
