/**
 * The published package (`werkbank-mcp`: the name `werkbank` on npm belongs to
 * an unrelated package): `npm pack`, then `npx -y --package=<tgz> werkbank-mcp`,
 * the way an MCP host starts it, must answer tools/list.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { repoRoot } from './helpers/paths.js';
import { tempDir } from './helpers/server.js';

const dir = tempDir('werkbank-pack-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm package', () => {
  it('npx -y --package=<packed tarball> werkbank-mcp starts the stdio server and answers tools/list', async () => {
    const version = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')).version;
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8' });
    const [packed] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
    expect(packed.filename).toBe(`werkbank-mcp-${version}.tgz`);
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('dist/werkbank.js');
    expect(paths).toContain('dist/manifest.json');
    expect(paths.some((p) => p.startsWith('dist/chunks/'))).toBe(true);
    expect(paths).toContain('mcp.json');
    expect(paths.some((p) => p.startsWith('assets/'))).toBe(true);
    expect(paths.some((p) => /^(test|src|tools|dist\/(src|tools|test|bench|scripts))\//.test(p))).toBe(false);
    const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8'));
    expect(manifest.bin).toMatchObject({ 'werkbank-mcp': 'dist/werkbank.js', werkbank: 'dist/werkbank.js' });

    const client = new Client({ name: 'pack-test', version: '1' });
    const transport = new StdioClientTransport({
        command: 'npx',
        args: ['-y', `--package=./${packed.filename}`, 'werkbank-mcp', '--data', join(dir, 'data')], // as a host runs `npx -y werkbank-mcp`
        cwd: dir,
        // A clean npm environment: the npm_* variables of `npm test` would point npx at this checkout.
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_|^VITEST|^NODE_OPTIONS$/i.test(k))),
          npm_config_yes: 'true',
          npm_config_update_notifier: 'false',
        } as Record<string, string>,
        stderr: 'pipe',
      });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d));
    await client.connect(transport).catch((e) => {
      throw new Error(`${(e as Error).message}; stderr: ${stderr}`);
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_toolsets', 'call_tool', 'generate_brp_test_data']));
    const result = await client.callTool({ name: 'word_counter', arguments: { text: 'uit het pakket' } });
    expect(result.structuredContent).toMatchObject({ words: 3 });
    await client.close();
  }, 300_000);
});
