#!/usr/bin/env node
// Scaffolds a tool: npm run new-tool -- <toolset> <slug> [--en "words, people, use"] [--nl "woorden, die, mensen, gebruiken"]
// Writes tools/<toolset>/<slug>.ts (the declaration) and test/tools/<toolset>/<slug>.test.ts (its test).
// Nothing else to register: the tool index is generated from the folders at build and test time.
// A new toolset also needs tools/<toolset>/toolset.ts: pass --description "one line" to write it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { description: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
});
const [toolset, slug] = positionals;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
if (!toolset || !slug || !KEBAB.test(toolset) || !KEBAB.test(slug)) {
  console.error('usage: npm run new-tool -- <toolset> <slug> [--description "what the toolset is for"]   (kebab-case names)');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolFile = join(root, 'tools', toolset, `${slug}.ts`);
const testFile = join(root, 'test', 'tools', toolset, `${slug}.test.ts`);
const toolsetFile = join(root, 'tools', toolset, 'toolset.ts');
for (const f of [toolFile, testFile])
  if (existsSync(f)) {
    console.error(`${f.slice(root.length + 1)} exists already`);
    process.exit(1);
  }
if (!existsSync(toolsetFile) && !values.description) {
  console.error(`tools/${toolset}/ is not a toolset yet: add --description "one line saying what its tools are for"`);
  process.exit(1);
}
// Keywords: the words people use for the task, English and Dutch (the tool search and the listing carry them).
const words = (text) =>
  (text ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
let en = words(values.en);
let nl = words(values.nl);
if ((en.length < 2 || nl.length < 2) && process.stdin.isTTY) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  console.log('Keywords: the words people use for this task (synonyms, abbreviations, formats), comma-separated, at least two each.');
  while (en.length < 2) en = words(await rl.question('  English (e.g. holiday pay, vacation pay): '));
  while (nl.length < 2) nl = words(await rl.question('  Dutch (e.g. vakantiegeld, vakantiebijslag): '));
  rl.close();
}
if (en.length < 2 || nl.length < 2) {
  console.error('keywords needed: --en "at least, two words" --nl "minstens, twee woorden" (the words people use for the task)');
  process.exit(2);
}
const quote = (w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const ident = slug.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const title = slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file.slice(root.length + 1)}`);
};
if (!existsSync(toolsetFile))
  write(
    toolsetFile,
    `import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: ${JSON.stringify(values.description)},
});
`,
  );
write(
  toolFile,
  `import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

export default defineTool({
  slug: '${slug}',
  title: '${title}',
  keywords: { en: [${en.map(quote).join(', ')}], nl: [${nl.map(quote).join(', ')}] },
  description:
    'TODO: what it does, when to use it, its modes, defaults and limits, for an LLM choosing and calling it (2–6 sentences).',
  // How the web page shows the answer: its primary field and kind (figure, text, code, list, table, record, file, html, diff).
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    text: z.string().max(100_000).describe('TODO: every field typed, bounded and described'),
  }),
  output: z.object({
    result: z.string().describe('TODO'),
  }),
  // At least two, from a published worked example where one exists (cite it); compared exactly on every surface.
  examples: [
    { name: 'TODO: what the example shows', input: { text: 'a' }, output: { result: 'a' } },
    { name: 'TODO: a second case', input: { text: 'b' }, output: { result: 'b' } },
  ],
  run({ text }) {
    if (!text) throw new ToolError('\`text\` must not be empty', 400, { field: 'text' });
    return { result: text };
  },
});
`,
);
write(
  testFile,
  `import { describe, expect, it } from 'vitest';
import ${ident} from '../../../tools/${toolset}/${slug}.js';
import { expectToolError, runTool } from '../../helpers/run.js';

// The declared examples run on every surface by themselves (test/examples.test.ts, test/surfaces.test.ts):
// test here what they do not show: boundaries, refusals, published cases.
describe('${slug}', () => {
  it('TODO: a published worked example', async () => {
    expect(await runTool(${ident}, { text: 'a' })).toEqual({ result: 'a' });
  });

  it('refuses bad input naming the field', async () => {
    await expectToolError(${ident}, { text: '' }, 400, /text/);
  });
});
`,
);
