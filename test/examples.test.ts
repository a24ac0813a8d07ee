/**
 * Every tool's declared examples, run through the declaration's function.
 * (test/surfaces.test.ts runs the same examples over REST and MCP.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAiEnv, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { allToolsets, loadAllTools } from '../tools/index.js';
import { Registry } from '../src/core/registry.js';
import { runTool } from './helpers/run.js';

const registry = Registry.of(await loadAllTools(), allToolsets);
const tools = await Promise.all(registry.tools.map((t) => t.load()));

// The AI tools' examples run against a local OpenAI-compatible fake (deterministic answers).
let fake: FakeOpenAI;
let restoreEnv: () => void;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  restoreEnv = setAiEnv({ OPENAI_BASE_URL: fake.baseURL });
});
afterAll(async () => {
  restoreEnv?.();
  await fake?.close();
});

describe('declared examples (direct)', () => {
  for (const tool of tools) {
    for (const ex of tool.examples.filter((e) => !e.online)) {
      it(`${tool.slug}: ${ex.name}`, async () => {
        const out = await runTool(tool, ex.input);
        if (ex.partial) expect(out).toMatchObject(ex.output as object);
        else expect(out).toEqual(ex.output);
      });
    }
  }
});
