/**
 * ai-generate, ai-summarize and ai-translate through the real `openai` client
 * against the local fake endpoint (test/helpers/fake-openai.ts): what the tools
 * send, what they return, their input limits, and their declared examples.
 */
import { describe, expect, it } from 'vitest';
import { allToolsets, loadAllTools } from '../../../tools/index.js';

import { languageName } from '../../../tools/ai/_language.js';
import { Registry } from '../../../src/core/registry.js';
import { runTool } from '../../helpers/run.js';
import { useFakeOpenAI } from '../../helpers/ai.js';

useFakeOpenAI();
const aiTools = (await loadAllTools()).filter((t) => t.toolset === 'ai');

describe('the ai toolset', () => {
  it('registers four tools of 10 credits with MCP names', () => {
    const registry = Registry.of(aiTools, allToolsets);
    expect(registry.tools.map((t) => [t.tool.name, t.tool.cost, t.tool.toolset])).toEqual([
      ['ai_generate', 10, 'ai'],
      ['ai_summarize', 10, 'ai'],
      ['ai_translate', 10, 'ai'],
      ['ai_extract', 10, 'ai'],
    ]);
    for (const { tool } of registry.tools) expect(tool.annotations).toMatchObject({ idempotentHint: false, openWorldHint: true });
  });

  describe('declared examples, against the fake endpoint', () => {
    for (const tool of aiTools) {
      for (const ex of tool.examples) {
        it(`${tool.slug}: ${ex.name}`, async () => {
          expect(await runTool(tool, ex.input)).toEqual(ex.output);
        });
      }
    }
  });
});

describe('languageName', () => {
  it.each([
    ['nl', 'Dutch (nl)'],
    ['pt-BR', 'Brazilian Portuguese (pt-BR)'],
    ['es-419', 'Latin American Spanish (es-419)'],
    ['fy', 'Western Frisian (fy)'],
    ['Dutch', 'Dutch'],
    ['Deutsch', 'Deutsch'],
    ['xx', 'xx'],
    ['und', 'und'],
  ])('%s → %s', (code, name) => expect(languageName(code)).toBe(name));
});
