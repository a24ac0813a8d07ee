/**
 * What a tool's answer costs a model: the o200k tokens of the MCP text content of each tool's first
 * example answer, compact JSON (as sent) against pretty-printed JSON (as sent before issue 33).
 * Examples whose output is compared only in part (random output) are run for the full answer.
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { Registry } from '../src/core/registry.js';
import { textOf } from '../src/mcp/surface.js';

export async function exampleAnswerTokens(registry: Registry): Promise<{ name: string; compact: number; pretty: number }[]> {
  const out: { name: string; compact: number; pretty: number }[] = [];
  for (const entry of registry.listed()) {
    const tool = await entry.load();
    const example = tool.examples.find((e) => !e.online);
    if (!example) continue;
    let data: unknown = example.output;
    if (example.partial) {
      try {
        const input = tool.input.parse(example.input);
        data = await tool.run(input as never, { surface: 'direct', signal: new AbortController().signal });
      } catch {
        continue; // needs a service (memory, render) the bench does not start
      }
    }
    out.push({ name: tool.name, compact: encode(textOf(data)).length, pretty: encode(JSON.stringify(data, null, 2)).length });
  }
  return out;
}
