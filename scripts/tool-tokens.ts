// Token cost of a tool in an MCP host's context (name + description + input JSON Schema, o200k):
//   npx tsx scripts/tool-tokens.ts tools/<toolset>/<slug>.ts [...]
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { toJsonSchema } from '../src/core/registry.js';
import type { Tool } from '../src/core/tool.js';

for (const file of process.argv.slice(2)) {
  const tool = ((await import(pathToFileURL(resolve(file)).href)) as { default: Tool }).default;
  const inputSchema = toJsonSchema(tool.input, 'input');
  console.log(`${encode(JSON.stringify({ name: tool.name, description: tool.description, inputSchema })).length}\t${tool.slug}`);
}
