/**
 * The CLI's environment checks: `werkbank doctor` launches the browser and
 * prints a page (or names what is missing and the fix; no browser at all is a
 * note with the command that installs one, not a failure), checks the data dir
 * the printed stdio configs use (~/.werkbank) and creates nothing, and prints
 * host configurations that never point into npx's cache; `werkbank serve` on a
 * port in use says so in one line and exits non-zero.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { CLI, tempDir as makeTempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = makeTempDir(prefix);
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the CLI; WERKBANK_CHROMIUM_PATH (the test run's browser, test/helpers/browser-setup.ts) is kept unless `env` says otherwise. */
function run(args: string[], env: Record<string, string | undefined>, cwd: string, timeoutMs = 60_000, cli = CLI) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const clean = { ...process.env };
    for (const k of [
      'WERKBANK_DATA_DIR',
      'WERKBANK_PORT',
      'WERKBANK_DATABASE_URL',
      'WERKBANK_BROWSER_DIR',
      'WERKBANK_BROWSER_AUTO_INSTALL',
    ])
      delete clean[k];
    const merged = { ...clean, ...env };
    for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
    const proc = spawn(process.execPath, [cli, ...args], { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => (proc.kill('SIGKILL'), reject(new Error(`timed out: ${stdout}\n${stderr}`))), timeoutMs);
    proc.on('exit', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
  });
}

describe('werkbank doctor', () => {
  it('launches the browser, prints a page to PDF, checks ~/.werkbank, and creates nothing', async () => {
    const home = tempDir('werkbank-doctor-home-');
    const cwd = tempDir('werkbank-doctor-cwd-');
    const r = await run(['doctor'], { HOME: home, USERPROFILE: home }, cwd);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /ok {4}render browser: launched \S.* \((system|installed by werkbank install-browser|WERKBANK_CHROMIUM_PATH)\), version \d+\.\d+[^;]*; printed a test page to PDF \(\d+ bytes\)/,
    );
    expect(r.stdout).toContain(`ok    data dir: ${join(home, '.werkbank')} (not there yet: created on first use; ${home} is writable)`);
    expect(readdirSync(home)).toEqual([]);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('an existing data dir (WERKBANK_DATA_DIR) is checked as it is', async () => {
    const home = tempDir('werkbank-doctor-home-');
    const data = join(home, 'data');
    mkdirSync(data);
    const r = await run(['doctor'], { HOME: home, WERKBANK_DATA_DIR: data }, home);
    expect(r.stdout).toContain(`ok    data dir: ${data} (writable)`);
    expect(readdirSync(data)).toEqual([]);
  });

  it('a browser that cannot start: FAIL with the cause and the fix, exit 1', async () => {
    const home = tempDir('werkbank-doctor-home-');
    const broken = join(home, 'chromium');
    writeFileSync(broken, '#!/bin/sh\nexit 127\n');
    chmodSync(broken, 0o755);
    const r = await run(['doctor'], { HOME: home, WERKBANK_CHROMIUM_PATH: broken }, home);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `FAIL  render browser: The browser at ${broken} (WERKBANK_CHROMIUM_PATH) did not start: it exited with code 127`,
    );
    expect(r.stdout).toMatch(/\n {8}fix: point WERKBANK_CHROMIUM_PATH at a working Chrome, Chromium or Edge/);
    expect(readdirSync(home)).toEqual(['chromium']);
  });
});

describe('werkbank doctor without a browser, and under npx', () => {
  it('no browser anywhere: a note naming `install-browser`, exit 0 (renders are optional)', async () => {
    const home = tempDir('werkbank-doctor-home-');
    // No system browser on this machine is assumed only where there is none (CI); elsewhere the check is skipped.
    const r = await run(['doctor'], { HOME: home, WERKBANK_CHROMIUM_PATH: undefined }, repoRoot);
    if (/ok {4}render browser: launched \S+ \(system\)/.test(r.stdout)) return;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /\n {2}note {2}render browser: none yet \(the render tools answer 503 until there is one\): .*werkbank's own in /,
    );
    expect(r.stdout).toContain(
      `add one: npx werkbank install-browser (fetches Chromium from the npm registry, a 64 MB download, verifies it and unpacks it into ${join(home, '.werkbank', 'browser')}`,
    );
    expect(readdirSync(home)).toEqual([]);
  });

  it('from a clone: the `node /abs/path/dist/werkbank.js` configuration first, then the npx form', async () => {
    const home = tempDir('werkbank-doctor-home-');
    const r = await run(['doctor'], { HOME: home }, home);
    expect(r.stdout).toContain(`MCP host configurations (stdio) for this build (${CLI};`);
    expect(r.stdout).toContain(JSON.stringify({ mcpServers: { werkbank: { command: process.execPath, args: [CLI] } } }, null, 2));
    expect(r.stdout).toContain(JSON.stringify({ mcpServers: { werkbank: { command: 'npx', args: ['-y', 'werkbank-mcp'] } } }, null, 2));
  });

  it('started from npx’s cache: only the `npx -y werkbank-mcp` form, never a path into the cache', async () => {
    const home = tempDir('werkbank-doctor-npx-');
    // The package laid out as npx installs it: <npm cache>/_npx/<hash>/node_modules/werkbank-mcp.
    const pkg = join(home, '.npm', '_npx', '0123abcd', 'node_modules', 'werkbank-mcp');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    for (const part of ['dist/werkbank.js', 'dist/chunks', 'dist/manifest.json', 'dist/node_modules', 'assets', 'package.json'])
      cpSync(join(repoRoot, part), join(pkg, part), { recursive: true });
    const r = await run(['doctor'], { HOME: home, WERKBANK_CHROMIUM_PATH: undefined }, home, 60_000, join(pkg, 'dist', 'werkbank.js'));
    expect(r.stdout).toContain('MCP host configurations (stdio), with npx');
    expect(r.stdout).toContain(JSON.stringify({ mcpServers: { werkbank: { command: 'npx', args: ['-y', 'werkbank-mcp'] } } }, null, 2));
    expect(r.stdout).toContain('claude mcp add werkbank -- npx -y werkbank-mcp');
    expect(r.stdout).not.toContain('_npx');
  });
});

describe('werkbank serve on a port in use', () => {
  it('prints one line naming the port and the fix, and exits non-zero', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const dir = tempDir('werkbank-port-');
    try {
      const r = await run(['serve', '--port', String(port), '--data', join(dir, 'data')], { HOME: dir }, dir, 30_000);
      expect(r.code).not.toBe(0);
      expect(r.code).not.toBeNull();
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^werkbank: port ${port} \\(from --port\\) is already in use .*--port <n> or WERKBANK_PORT=<n>`));
      expect(r.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
      // The port set in the environment: the line names that setting.
      const fromEnv = await run(['serve', '--data', join(dir, 'data')], { HOME: dir, WERKBANK_PORT: String(port) }, dir, 30_000);
      expect(fromEnv.stderr.trim()).toMatch(new RegExp(`^werkbank: port ${port} \\(from WERKBANK_PORT\\) is already in use`));
    } finally {
      blocker.close();
    }
  });
});
