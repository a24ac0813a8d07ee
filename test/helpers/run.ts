/**
 * Call a tool declaration directly, the way every surface does: the input is
 * validated by the tool's schema (defaults applied), and the output is checked
 * against its output schema.
 */
import { afterAll, expect } from 'vitest';
import type { RenderApi } from '../../src/core/render-api.js';
import type { Feature } from '../../src/feature.js';
import { localRenderFeature } from '../../src/render/feature.js';
import type { ToolDeclaration as Tool, ToolContext } from '../../src/core/tool.js';
import { HttpError } from '../../src/core/errors.js';
import { parseInput } from '../../src/core/validate.js';
import { MemoryService } from '../../src/memory/service.js';
import { EmbeddedStore } from '../../src/store/embedded/store.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let memory: MemoryService | undefined;
/** Agent memory for direct runs: one temp store per test process. */
function testMemory(): MemoryService {
  let store: Promise<EmbeddedStore> | undefined;
  return (memory ??= new MemoryService(
    () => (store ??= EmbeddedStore.open(mkdtempSync(join(tmpdir(), 'werkbank-memory-')))),
    () => ({ retentionDays: 30, quotaBytes: 5 * 1024 * 1024 }),
  ));
}

let render: Feature | undefined;
/** Renders for direct runs: files in a temp data dir with file:// links, as over stdio. */
function testRender(): RenderApi {
  render ??= localRenderFeature(mkdtempSync(join(tmpdir(), 'werkbank-render-')));
  return render.services!.render!();
}
afterAll(async () => {
  await render?.close?.();
});

export function ctx(over: Partial<ToolContext> = {}): ToolContext {
  return {
    surface: 'direct',
    signal: new AbortController().signal,
    memory: () => testMemory().forAccount('direct'),
    render: testRender,
    ...over,
  };
}

/** Run `tool` on `input`; returns the validated `data`. */
export async function runTool<T = any>(tool: Tool, input: unknown, over: Partial<ToolContext> = {}): Promise<T> {
  const parsed = parseInput(tool.input, input);
  const out = await tool.run(parsed, ctx(over));
  const check = tool.output.safeParse(out);
  if (!check.success) throw new Error(`${tool.slug}: output does not match its schema: ${check.error.message}`);
  return out as T;
}

/** Expect `runTool` to fail with an HttpError (a ToolError, or the platform's own, such as a deadline) of `status` whose message matches `message`. */
export async function expectToolError(tool: Tool, input: unknown, status: number, message?: RegExp | string) {
  let err: unknown;
  try {
    await runTool(tool, input);
  } catch (e) {
    err = e;
  }
  expect(err, `${tool.slug} should have failed with ${status}`).toBeInstanceOf(HttpError);
  expect((err as HttpError).status).toBe(status);
  if (message) expect((err as HttpError).message).toMatch(message);
  return err as HttpError;
}
