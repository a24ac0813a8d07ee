/**
 * The published package (`werkbank-mcp`: the name `werkbank` on npm belongs to
 * an unrelated package): `npm pack`, then `npx -y --package=<tgz> werkbank-mcp`,
 * the way an MCP host starts it, must answer tools/list. The package is light:
 * no runtime dependencies (everything is bundled into dist/, the
 * worker-thread libraries and playwright-core into dist/node_modules/), no
 * browser (fetched on demand), so npx installs it from the tarball alone, with
 * an empty npm cache and no registry. `npm publish --dry-run` accepts it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { repoRoot } from './helpers/paths.js';
import { DOC_FILES, isRelative, links, readDoc } from './helpers/docs.js';
import { tempDir } from './helpers/server.js';

const dir = tempDir('werkbank-pack-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clean npm environment: the npm_* variables of `npm test` would point npm at this checkout; an empty cache of its own. */
const npmEnv = () =>
  ({
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_|^VITEST|^NODE_OPTIONS$/i.test(k))),
    npm_config_yes: 'true',
    npm_config_update_notifier: 'false',
    npm_config_cache: join(dir, 'npm-cache'),
    // Nothing may come from a registry: an unreachable one makes any fetch fail.
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_fetch_retries: '0',
  }) as Record<string, string>;

const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8'));

describe('npm package', () => {
  it('has no runtime dependencies and ships no browser', () => {
    expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
    expect(manifest.devDependencies).toHaveProperty('@sparticuz/chromium'); // the tests' browser (test/helpers/browser-setup.ts)
    expect(manifest.bin).toMatchObject({ 'werkbank-mcp': 'dist/werkbank.js', werkbank: 'dist/werkbank.js' });
  });

  it('server.json (MCP Registry) describes this package and the Docker image, versions and names matching', () => {
    const server = JSON.parse(readFileSync(resolve(repoRoot, 'server.json'), 'utf8'));
    expect(server.name).toBe(manifest.mcpName);
    expect(server.version).toBe(manifest.version);
    expect(server.description.length).toBeLessThanOrEqual(100);
    const npm = server.packages.find((p: { registryType: string }) => p.registryType === 'npm');
    expect(npm).toMatchObject({ identifier: manifest.name, version: manifest.version, transport: { type: 'stdio' } });
    const oci = server.packages.find((p: { registryType: string }) => p.registryType === 'oci');
    expect(oci.identifier).toMatch(new RegExp(`^ghcr\\.io/.+:${manifest.version.replace(/\./g, '\\.')}$`));
    const dockerfile = readFileSync(resolve(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`LABEL io.modelcontextprotocol.server.name="${server.name}"`);
    const changelog = readFileSync(resolve(repoRoot, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(new RegExp(`^## ${manifest.version.replace(/\./g, '\\.')}`, 'm'));
    const release = readFileSync(resolve(repoRoot, '.github/workflows/release.yml'), 'utf8');
    expect(release).toMatch(/npm publish --provenance/);
    expect(release).toMatch(/id-token: write/);
    expect(release).toMatch(/docker\/build-push-action/);
    expect(release).toMatch(/mcp-publisher login github-oidc/);
    // Every job that publishes a name sets it from the repository owner first.
    expect(release.match(/node scripts\/release-names\.mjs "\$\{\{ github\.repository_owner \}\}"/g)).toHaveLength(3);
  });

  it('scripts/release-names.mjs names the release after the repository owner (MCP Registry, npm mcpName, GHCR image)', () => {
    const copy = join(dir, 'names');
    mkdirSync(copy, { recursive: true });
    for (const f of ['package.json', 'server.json', 'Dockerfile']) cpSync(resolve(repoRoot, f), join(copy, f));
    const run = (owner: string) =>
      execFileSync('node', [resolve(repoRoot, 'scripts/release-names.mjs'), owner, copy], { encoding: 'utf8' });
    for (let i = 0; i < 2; i++)
      expect(run('Example-Org')).toContain('io.github.Example-Org/werkbank-mcp, ghcr.io/example-org/werkbank-mcp'); // idempotent
    const pkg = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
    const server = JSON.parse(readFileSync(join(copy, 'server.json'), 'utf8'));
    expect(pkg.mcpName).toBe('io.github.Example-Org/werkbank-mcp');
    expect({ ...pkg, mcpName: manifest.mcpName }).toEqual(manifest); // nothing else changed
    expect(server.name).toBe(pkg.mcpName);
    expect(server.packages.find((p: { registryType: string }) => p.registryType === 'oci').identifier).toBe(
      `ghcr.io/example-org/werkbank-mcp:${manifest.version}`,
    );
    expect(readFileSync(join(copy, 'Dockerfile'), 'utf8')).toContain(
      'LABEL io.modelcontextprotocol.server.name="io.github.Example-Org/werkbank-mcp"',
    );
    for (const bad of ['', 'a/b', '-lead', 'x'.repeat(40)]) {
      const result = spawnSync('node', [resolve(repoRoot, 'scripts/release-names.mjs'), bad, copy], { encoding: 'utf8' });
      expect(result.status, bad).toBe(2);
      expect(result.stderr).toMatch(/not a GitHub owner name/);
    }
  });

  let tarball = '';
  it('npm pack: the bundle, its chunks and vendored packages, the licences; no sources', () => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8', env: npmEnv() });
    const [packed] = JSON.parse(out) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
    expect(packed.filename).toBe(`werkbank-mcp-${manifest.version}.tgz`);
    tarball = packed.filename;
    const paths = packed.files.map((f) => f.path);
    for (const file of [
      'dist/werkbank.js',
      'dist/manifest.json',
      'dist/THIRD-PARTY-LICENSES.txt',
      'mcp.json',
      'server.json',
      'CHANGELOG.md',
      'README.md',
    ])
      expect(paths).toContain(file);
    expect(paths.some((p) => p.startsWith('dist/chunks/'))).toBe(true);
    // The README links into docs/: the pages ship with it, so its links work in node_modules and on the registry's
    // page (which cannot resolve a relative link without a repository field). ARCHITECTURE.md describes the
    // sources, which do not ship: a link to it works in the repository only.
    for (const doc of DOC_FILES) {
      expect(paths).toContain(doc);
      for (const target of links(readDoc(doc)).filter(isRelative)) {
        const path = target.split('#')[0];
        if (!path) continue;
        const packed = posix.normalize(posix.join(posix.dirname(doc), decodeURIComponent(path)));
        if (packed !== 'ARCHITECTURE.md') expect(paths, `${doc}: ${target}`).toContain(packed);
      }
    }
    expect(paths.some((p) => p.startsWith('assets/'))).toBe(true);
    for (const vendored of ['playwright-core', 'sanitize-html', 'micromark', 'micromark-extension-gfm', 'ajv', 'ajv-formats'])
      expect(paths, vendored).toContain(`dist/node_modules/${vendored}/package.json`);
    expect(paths).toContain('dist/node_modules/playwright-core/NOTICE');
    expect(paths.some((p) => /^(test|src|tools|dist\/(src|tools|test|bench|scripts))\//.test(p))).toBe(false);
    expect(paths.some((p) => /chromium\.br$/.test(p))).toBe(false);
    // npx -y werkbank-mcp installs <= 30 MB (the bench measures it against the registry).
    expect(packed.unpackedSize).toBeLessThan(30 * 1024 * 1024);
    const licences = readFileSync(resolve(repoRoot, 'dist/THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const name of ['playwright-core@', 'zod@', 'hono@', 'sanitize-html@', 'ajv@', 'openai@']) expect(licences, name).toContain(name);
  }, 120_000);

  it('npm publish --dry-run accepts it', () => {
    const out = execFileSync('npm', ['publish', '--dry-run', '--registry', 'https://registry.npmjs.org/'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...npmEnv(), npm_config_registry: 'https://registry.npmjs.org/' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain(`+ werkbank-mcp@${manifest.version}`);
  }, 120_000);

  it('npx -y --package=<packed tarball> werkbank-mcp starts from the tarball alone and answers tools/list; bundled libraries work', async () => {
    expect(tarball).not.toBe('');
    const client = new Client({ name: 'pack-test', version: '1' });
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['-y', `--package=./${tarball}`, 'werkbank-mcp', '--data', join(dir, 'data')], // as a host runs `npx -y werkbank-mcp`
      cwd: dir,
      env: npmEnv(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d));
    await client.connect(transport).catch((e) => {
      throw new Error(`${(e as Error).message}; stderr: ${stderr}`);
    });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_toolsets', 'call_tool', 'generate_brp_test_data']));
      const result = await client.callTool({ name: 'word_counter', arguments: { text: 'uit het pakket' } });
      expect(result.structuredContent).toMatchObject({ words: 3 });
      // Libraries bundled into chunks, and the worker-thread ones in dist/node_modules (micromark + sanitize-html).
      const call = (tool: string, args: Record<string, unknown>) =>
        client.callTool({ name: 'call_tool', arguments: { name: tool, arguments: args } });
      const md = await call('markdown_to_html', { markdown: '# Kop\n\n| a |\n|---|\n| <script>x</script>[l](javascript:alert(1)) |' });
      expect(JSON.stringify(md.structuredContent ?? md.content), stderr).toMatch(/<h1>Kop<\/h1>.*<table>/);
      expect(JSON.stringify(md.structuredContent ?? md.content)).not.toMatch(/<script|javascript:/);
      const yaml = await call('json_to_yaml', { json: '{"a":[1,2]}' });
      expect(JSON.stringify(yaml.structuredContent ?? yaml.content)).toMatch(/a:/);
    } finally {
      await client.close();
    }
    // The vendored ajv (the AI tools' JSON Schema worker): all three drafts and ajv-formats' keywords, from one bundle.
    const npx = join(dir, 'npm-cache', '_npx');
    const installed = join(npx, readdirSync(npx)[0], 'node_modules', 'werkbank-mcp');
    const req = createRequire(join(installed, 'dist', 'chunks', 'x.js'));
    for (const draft of ['ajv/dist/2020', 'ajv/dist/2019', 'ajv']) {
      expect(req.resolve(draft)).toContain(join(installed, 'dist', 'node_modules'));
      const Ajv = req(req.resolve(draft)).default;
      const ajv = new Ajv({ strict: false, allErrors: true });
      req(req.resolve('ajv-formats')).default(ajv);
      const validate = ajv.compile({ type: 'object', properties: { d: { type: 'string', format: 'date', formatMaximum: '2026-01-01' } } });
      expect(validate({ d: '2025-05-05' }), draft).toBe(true);
      expect(validate({ d: '2027-05-05' }), draft).toBe(false);
      expect(validate({ d: 'no date' }), draft).toBe(false);
    }
  }, 300_000);
});
