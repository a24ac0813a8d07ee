/**
 * Every tool's declared examples, run through the declaration's function.
 * (test/surfaces.test.ts runs the same examples over REST and MCP.)
 */
import { describe, expect, it } from 'vitest';
import { allTools } from '../tools/index.js';
import { Registry } from '../src/registry.js';
import { runTool } from './helpers/run.js';

const registry = new Registry(allTools);

describe('declared examples (direct)', () => {
  for (const { tool } of registry.tools) {
    for (const ex of tool.examples.filter((e) => !e.online)) {
      it(`${tool.slug}: ${ex.name}`, async () => {
        const out = await runTool(tool, ex.input);
        if (ex.partial) expect(out).toMatchObject(ex.output as object);
        else expect(out).toEqual(ex.output);
      });
    }
  }
});
