/**
 * `npm run bench -- install`: what `npx -y werkbank-mcp` costs a new user, for
 * the 1.1.0 layout (41 runtime dependencies, the Chromium binary among them)
 * and this build's (the libraries bundled into the chunks; no runtime
 * dependency; the browser on demand), measured in the same run.
 *
 * Each layout is packed with `npm pack` from this build's files, the 1.1.0
 * layout with 1.1.0's `dependencies` in its package.json and without
 * dist/node_modules/ (1.1.0 installed those packages as dependencies; its
 * chunks were about 4 MB smaller, which the figures below do not subtract).
 * Each tarball is published to a registry of its own on localhost (`npm
 * publish` needs an account, so the bench serves the packument and tarball
 * itself and passes every other package through to the configured registry,
 * where 1.1.0's dependencies come from). Then, with an empty npm cache of its
 * own, `npx -y werkbank-mcp` is started against that registry the way an MCP
 * host starts it, and timed until it answers `tools/list` (registry fetch and
 * install included: a cold start); then again with the cache filled (a warm
 * start: what every later start of the host costs). The install size is the
 * size of the folder npx installed into, with its package count.
 *
 * `npx -y --package=<file.tgz>` is not the same measurement: npm reads the
 * whole tarball twice on every start to learn its manifest (about 2 s for
 * 4.9 MB on this machine), which a registry install never does.
 *
 * A package whose bin answers tools/list at once, run the same way, is npx's
 * own floor on this machine: no layout can start faster.
 *
 * Targets: install <= 30 MB, cold start to tools/list <= 3 s.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `dependencies` of werkbank-mcp 1.1.0, the baseline the install size is compared with. */
export const DEPENDENCIES_1_1_0: Record<string, string> = {
  '@date-fns/tz': '^1.5.0',
  '@hono/node-server': '^2.1.8',
  '@modelcontextprotocol/server': '^2.4.0',
  '@sindresorhus/slugify': '^3.0.1',
  '@sparticuz/chromium': '~143.0.4',
  '@types/sanitize-html': '^2.16.2',
  '@zootools/email-spell-checker': '^1.12.0',
  '@zxcvbn-ts/core': '^4.2.0',
  '@zxcvbn-ts/language-common': '^4.1.3',
  '@zxcvbn-ts/language-en': '^4.1.1',
  '@zxcvbn-ts/language-nl-be': '^3.0.2',
  ajv: '^8.20.0',
  'ajv-formats': '^3.0.1',
  'card-validator': '^10.0.4',
  'change-case': '^5.4.4',
  colord: '^2.9.3',
  croner: '^11.0.1',
  cronstrue: '^3.39.0',
  'csv-parse': '^7.0.3',
  'csv-stringify': '^6.9.0',
  'date-fns': '^4.4.0',
  'decimal.js': '^10.6.0',
  'dice-coefficient': '^2.1.1',
  diff: '^9.0.0',
  entities: '^9.0.0',
  'fast-xml-parser': '^5.12.1',
  'fastest-levenshtein': '^1.0.16',
  'fraction.js': '^5.3.4',
  hono: '^4.13.19',
  ibantools: '^4.5.4',
  'ipaddr.js': '^2.5.0',
  'jsonc-parser': '^3.3.1',
  jsvat: '^2.5.4',
  lowdb: '^7.0.1',
  mathjs: '^15.2.0',
  micromark: '^4.0.3',
  'micromark-extension-gfm': '^3.0.0',
  openai: '^6.49.0',
  pg: '^8.23.1',
  'playwright-core': '^1.65.1',
  qrcode: '^1.5.4',
  'sanitize-html': '~2.17.2',
  'simple-statistics': '^7.12.1',
  'sql-formatter': '^15.9.0',
  'subsrt-ts': '^2.1.2',
  syllable: '^5.0.1',
  'xml-formatter': '^3.7.0',
  yaml: '^2.9.1',
  zod: '^4.6.7',
};

export const TARGETS = { installMb: 30, coldStartS: 3 };

/** A package's name, version and tarball, as a registry serves it. */
interface Published {
  name: string;
  version: string;
  tgz: string;
}

/** The fields of a package.json this bench reads or rewrites; the rest is carried through as it is. */
interface Manifest {
  files?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  allowScripts?: unknown;
  [field: string]: unknown;
}

const readManifest = (text: string) => JSON.parse(text) as Manifest;

/**
 * A registry on localhost serving the published packages (packument and tarball, with integrity) and passing
 * every other request through to `upstream`. Each package's base URL is `<url>/<prefix>/`, so two layouts of
 * one name can be served side by side.
 */
export async function localRegistry(
  packages: Record<string, Published>,
  upstream: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  // Each packument is built once (reading the tarball's package.json and hashing it), as a registry stores it.
  const packuments = new Map<string, (base: string) => string>();
  for (const [prefix, pkg] of Object.entries(packages)) {
    const bytes = readFileSync(pkg.tgz);
    const manifest = readManifest(execFileSync('tar', ['-xOzf', pkg.tgz, 'package/package.json'], { encoding: 'utf8' }));
    const dist = {
      shasum: createHash('sha1').update(bytes).digest('hex'),
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    };
    packuments.set(prefix, (base) => {
      const tarball = `${base}/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`;
      const version = { ...manifest, _id: `${pkg.name}@${pkg.version}`, dist: { ...dist, tarball } };
      return JSON.stringify({ name: pkg.name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: version } });
    });
  }
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const [, prefix = '', ...rest] = decodeURIComponent(req.url ?? '/').split('/');
    const path = rest.join('/');
    const pkg = packages[prefix];
    try {
      if (pkg && path === pkg.name) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(packuments.get(prefix)!(`http://${req.headers.host}/${prefix}`));
      } else if (pkg && path === `${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(readFileSync(pkg.tgz));
      } else {
        const answer = await fetch(new URL(path, upstream), { headers: { accept: String(req.headers.accept ?? 'application/json') } });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      }
    } catch (err) {
      res.writeHead(502).end(String(err));
    }
  };
  // `respond` turns every failure into a 502 itself, so nothing is left to await here.
  const server: Server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface LayoutFigures {
  layout: string;
  dependencies: number;
  tarballBytes: number;
  packages: number;
  installBytes: number;
  coldMs: number;
  warmMs: number;
  tools: number;
}

/** A clean environment for npm/npx: no npm_* variables of the `npm run` that started the bench. */
function npmEnv(cache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return {
    ...env,
    npm_config_cache: cache,
    npm_config_yes: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

/** `npm pack` this build's files with the given dependencies; returns the tarball. */
export function packLayout(work: string, name: string, dependencies: Record<string, string>, leaveOut: string[] = []): string {
  const dir = join(work, `pkg-${name}`);
  mkdirSync(dir, { recursive: true });
  const manifest = readManifest(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const entry of manifest.files ?? []) if (!leaveOut.includes(entry)) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  manifest.files = (manifest.files ?? []).filter((f) => !leaveOut.includes(f));
  delete manifest.devDependencies;
  delete manifest.scripts;
  delete manifest.allowScripts;
  manifest.dependencies = dependencies;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: dir,
    encoding: 'utf8',
    env: npmEnv(join(work, 'pack-cache')),
  });
  const [packed] = JSON.parse(out) as { filename: string }[];
  const tgz = join(work, `${name}.tgz`);
  cpSync(join(work, packed.filename), tgz);
  rmSync(join(work, packed.filename));
  return tgz;
}

/** Starts `npx -y <bin>` (stdio) against `registry`, sends initialize + tools/list, and times the answer to tools/list. */
export function timeStart(
  bin: string,
  registry: string,
  cache: string,
  cwd: string,
  timeoutMs = 300_000,
): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now();
  const proc = spawn('npx', ['-y', bin, '--data', join(cwd, 'data')], {
    cwd,
    env: { ...npmEnv(cache), npm_config_registry: registry },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  };
  proc.stdin.write(JSON.stringify(init) + '\n');
  proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
  proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
  let out = '';
  let err = '';
  proc.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => (proc.kill('SIGKILL'), reject(new Error(`no tools/list answer in ${timeoutMs} ms: ${err.slice(-2000)}`))),
      timeoutMs,
    );
    proc.stdout.on('data', (d) => {
      out += d;
      for (const line of out.split('\n')) {
        if (!line.includes('"id":2')) continue;
        const msg = JSON.parse(line) as { result?: { tools: unknown[] } };
        clearTimeout(timer);
        const ms = performance.now() - t0;
        proc.kill('SIGTERM');
        resolve({ ms, tools: msg.result?.tools.length ?? 0 });
        return;
      }
    });
    proc.on(
      'exit',
      (code) => (clearTimeout(timer), reject(new Error(`npx exited ${code} before answering tools/list: ${err.slice(-2000)}`))),
    );
  });
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The packages npx installed (folders with a package.json under node_modules, nested ones included), and their size. */
function npxInstall(cache: string): { packages: number; bytes: number } {
  const npx = join(cache, '_npx');
  const [hash] = readdirSync(npx);
  const modules = join(npx, hash, 'node_modules');
  let packages = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.bin' || entry.name === '.cache') continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) walk(path);
      else {
        packages++;
        try {
          walk(join(path, 'node_modules'));
        } catch {
          // no nested node_modules
        }
      }
    }
  };
  walk(modules);
  return { packages, bytes: folderBytes(join(npx, hash)) };
}

export async function measureLayout(
  work: string,
  registry: string,
  name: string,
  dependencies: Record<string, string>,
  tgz: string,
): Promise<LayoutFigures> {
  const cache = join(work, `cache-${name}`);
  const cwd = join(work, `run-${name}`);
  mkdirSync(cwd, { recursive: true });
  const cold = await timeStart('werkbank-mcp', `${registry}/${name}/`, cache, cwd);
  const warm = await timeStart('werkbank-mcp', `${registry}/${name}/`, cache, cwd);
  const installed = npxInstall(cache);
  return {
    layout: name,
    dependencies: Object.keys(dependencies).length,
    tarballBytes: statSync(tgz).size,
    packages: installed.packages,
    installBytes: installed.bytes,
    coldMs: cold.ms,
    warmMs: warm.ms,
    tools: cold.tools,
  };
}

/** A package whose bin answers tools/list at once: npx's own cost of starting a package. */
function packFloor(work: string): string {
  const dir = join(work, 'pkg-floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'werkbank-mcp', version: '0.0.0-floor', type: 'module', bin: { 'werkbank-mcp': 'bin.js' } }),
  );
  writeFileSync(
    join(dir, 'bin.js'),
    `#!/usr/bin/env node\nprocess.stdin.on('data', (d) => { if (String(d).includes('"id":2')) process.stdout.write('{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}\\n'); });\n`,
    { mode: 0o755 },
  );
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: dir,
      encoding: 'utf8',
      env: npmEnv(join(work, 'pack-cache')),
    }),
  ) as { filename: string }[];
  return join(work, packed.filename);
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;

export async function benchInstall(): Promise<[string, string][]> {
  const work = mkdtempSync(join(tmpdir(), 'werkbank-bench-install-'));
  try {
    const current = readManifest(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {};
    const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', env: npmEnv(join(work, 'pack-cache')) }).trim();
    const published: Record<string, Published> = {
      '1.1.0': { name: 'werkbank-mcp', version: '1.1.0', tgz: packLayout(work, '1.1.0', DEPENDENCIES_1_1_0, ['dist/node_modules']) },
      now: { name: 'werkbank-mcp', version: '1.1.0', tgz: packLayout(work, 'now', current) },
      floor: { name: 'werkbank-mcp', version: '0.0.0-floor', tgz: packFloor(work) },
    };
    const registry = await localRegistry(published, upstream.endsWith('/') ? upstream : `${upstream}/`);
    let before: LayoutFigures, after: LayoutFigures, floor: { ms: number };
    try {
      before = await measureLayout(work, registry.url, '1.1.0', DEPENDENCIES_1_1_0, published['1.1.0'].tgz);
      after = await measureLayout(work, registry.url, 'now', current, published.now.tgz);
      mkdirSync(join(work, 'run-floor'), { recursive: true });
      await timeStart('werkbank-mcp', `${registry.url}/floor/`, join(work, 'cache-floor'), join(work, 'run-floor'));
      floor = await timeStart('werkbank-mcp', `${registry.url}/floor/`, join(work, 'cache-floor'), join(work, 'run-floor'));
    } finally {
      await registry.close();
    }
    const row = (f: LayoutFigures): [string, string][] => [
      [`${f.layout} layout: runtime dependencies / packages installed`, `${f.dependencies} / ${f.packages}`],
      [`${f.layout} layout: tarball, install size (target <= ${TARGETS.installMb} MB)`, `${mb(f.tarballBytes)}, ${mb(f.installBytes)}`],
      [
        `${f.layout} layout: cold npx start to tools/list (target <= ${TARGETS.coldStartS} s)`,
        `${s(f.coldMs)} (warm ${s(f.warmMs)}; ${f.tools} tools listed)`,
      ],
    ];
    return [
      ...row(before),
      ...row(after),
      ['install size, 1.1.0 / now', `${(before.installBytes / after.installBytes).toFixed(1)}x smaller`],
      ['cold start, 1.1.0 / now', `${(before.coldMs / after.coldMs).toFixed(1)}x faster`],
      // The warm start is npx and node on this machine with nothing to fetch: cold minus warm is what the install costs.
      [
        'install part of the cold start (cold - warm), 1.1.0 / now',
        `${s(before.coldMs - before.warmMs)} / ${s(after.coldMs - after.warmMs)}`,
      ],
      ["npx's own floor: a package that answers at once, warm", s(floor.ms)],
      [
        'targets met (install, cold start)',
        `${after.installBytes <= TARGETS.installMb * 1024 * 1024 ? 'yes' : 'NO'}, ${after.coldMs <= TARGETS.coldStartS * 1000 ? 'yes' : 'NO'}`,
      ],
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
