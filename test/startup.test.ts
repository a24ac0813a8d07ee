/**
 * A start lists tools without loading them: the published bundle answers
 * tools/list from dist/manifest.json, and a tool's module (its own chunk) is
 * imported on its first call. Traced with a module-load hook, so this is exact
 * (the cold-start time itself is in `npm run bench`, never in a test).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI, tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'dist/manifest.json'), 'utf8')) as {
  tools: { slug: string; name: string; requiresAnyEnv?: string[] }[];
};
/** The chunk that declares the tool (a bundled library may have a chunk of the same name: xml-formatter). */
const chunkOf = (slug: string) =>
  readdirSync(resolve(repoRoot, 'dist/chunks')).filter(
    (c) =>
      c.startsWith(`${slug}-`) &&
      /^[^-]+(-[a-z0-9]+)*-[A-Z0-9]{8}\.js$/.test(c) &&
      new RegExp(`slug:\\s*"${slug}"`).test(readFileSync(resolve(repoRoot, 'dist/chunks', c), 'utf8')),
  );

describe('the published bundle at start', () => {
  it('has one chunk per tool module', () => {
    for (const { slug } of manifest.tools) expect(chunkOf(slug).length, slug).toBe(1);
  });

  it('answers tools/list for every tool without loading a tool module, and loads one on its first call', async () => {
    const dir = tempDir('werkbank-trace-');
    const trace = join(dir, 'trace.txt');
    const client = new Client({ name: 'startup-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          '--import',
          pathToFileURL(resolve(repoRoot, 'test/helpers/load-tracer.mjs')).href,
          CLI,
          'stdio',
          '--toolsets',
          'all',
          '--data',
          join(dir, 'data'),
        ],
        env: { ...(process.env as Record<string, string>), WERKBANK_TRACE_FILE: trace },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      // + the five discovery tools (find_tools, list_toolsets, describe_toolset, call_tool, enable_toolset); AI tools need an endpoint
      expect(tools.length).toBe(manifest.tools.filter((t) => !t.requiresAnyEnv).length + 5);
      const loaded = () =>
        readFileSync(trace, 'utf8')
          .split('\n')
          .filter((l) => l.includes('/dist/chunks/'));
      const toolChunks = new Set(manifest.tools.flatMap((t) => chunkOf(t.slug)));
      expect(loaded().filter((url) => toolChunks.has(url.slice(url.lastIndexOf('/') + 1)))).toEqual([]);
      const result = await client.callTool({ name: 'word_counter', arguments: { text: 'een twee drie' } });
      expect(result.structuredContent).toMatchObject({ words: 3 });
      const after = loaded()
        .map((url) => url.slice(url.lastIndexOf('/') + 1))
        .filter((c) => toolChunks.has(c));
      expect(after).toEqual(chunkOf('word-counter'));
    } finally {
      await client.close();
    }
  });
});
