/**
 * The commands the README and docs/ show work as written, those that need no
 * network: the CLI lines "from a clone" and the administration commands
 * (`npx werkbank …`, run in the clone as a user would; docs/operators.md), the
 * MCP quick start's `node dist/werkbank.js doctor` and the configuration it
 * prints, and the curl examples (REST with the dev key `npm start` prints, the
 * admin API) against a server started the way `npm start` starts it. Each
 * command is taken from the section that shows it (TESTED_SECTIONS); the last
 * test fails on a command of those sections that no test here ran.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CLI, spawnServe, tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';
import { DOC_FILES, NOT_RUN, TESTED_SECTIONS, commandsOf, fencedBlocks, readDoc, section } from './helpers/docs.js';
import { loadRegistry } from '../src/catalogue.js';
import { toolCount } from '../src/core/tool-count.js';

const exec = promisify(execFile);
const readme = readDoc('README.md');
/** The shown commands (as commandsOf gives them) a test here ran. */
const ran = new Set<string>();
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dir = (prefix: string) => {
  const d = tempDir(prefix);
  made.push(d);
  return d;
};

/** The fenced blocks of the section of `file` whose heading is `heading`. */
const blocks = (file: string, heading: string, lang = 'bash'): string[] => fencedBlocks(section(file, heading), lang);
const CLI_SECTION = ['docs/operators.md', '## The CLI from a clone'] as const;
const MCP_QUICK_START = ['README.md', '### Quick start: an MCP host, from a clone'] as const;
const REST_QUICK_START = ['README.md', '### Quick start: REST with the dev key'] as const;
const ADMINISTRATION = ['docs/operators.md', '## Administration'] as const;
const POSTGRES = ['docs/operators.md', '## Run with PostgreSQL'] as const;
const registry = await loadRegistry();

/** A shell environment like a user's: no npm_* variables of `npm test`, the data dir and home given. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_|^VITEST|^WERKBANK_(DATA_DIR|PORT|DATABASE_URL|ADMIN_TOKEN)$/i.test(k)),
  );
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

const bash = (script: string, env: NodeJS.ProcessEnv, cwd = repoRoot) =>
  exec('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, timeout: 120_000, maxBuffer: 16 << 20 });

describe('docs/operators.md: the CLI from a clone', () => {
  it('every `npx werkbank …` line runs as written in the clone', async () => {
    const [block] = blocks(...CLI_SECTION);
    const lines = commandsOf(block).filter((l) => l.startsWith('npx werkbank'));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const home = dir('werkbank-readme-home-');
    const env = userEnv({ HOME: home, WERKBANK_DATA_DIR: join(home, 'data') });
    const outputs: Record<string, string> = {};
    for (const command of lines) {
      const r = await bash(command, env).catch((e: { stdout: string; stderr: string; code: number }) => {
        throw new Error(`${command} exited ${e.code}: ${e.stdout}${e.stderr}`);
      });
      outputs[command] = r.stdout;
      ran.add(command);
    }
    expect(outputs['npx werkbank --help']).toContain('werkbank install-browser');
    expect(outputs['npx werkbank keys']).toMatch(/werkbank keys create[\s\S]*werkbank keys list[\s\S]*werkbank keys revoke/);
    expect(outputs['npx werkbank keys create --account acme']).toMatch(/\n {2}wbk_[A-Za-z0-9_-]+\n/);
    expect(outputs['npx werkbank keys list --account acme']).toMatch(/\twbk_/);
    expect(outputs['npx werkbank doctor']).toContain('werkbank 1.');
  }, 300_000);
});

describe('README: quick start, an MCP host from a clone', () => {
  it('`node dist/werkbank.js doctor` prints the configuration the README shows, with this clone’s absolute path', async () => {
    const [block] = blocks(...MCP_QUICK_START);
    const doctorLine = commandsOf(block).find((l) => l.startsWith('node dist/werkbank.js doctor'))!;
    expect(doctorLine).toBeDefined();
    const home = dir('werkbank-readme-doctor-');
    const r = await bash(doctorLine, userEnv({ HOME: home }));
    ran.add(doctorLine);
    const [shown] = blocks(...MCP_QUICK_START, 'json');
    const example = JSON.parse(shown) as { mcpServers: { werkbank: { command: string; args: string[] } } };
    expect(example.mcpServers.werkbank.args[0]).toMatch(/^\/abs\/path\/to\/werkbank\/dist\/werkbank\.js$/);
    // The same shape, with the real paths.
    const printed = JSON.stringify({ mcpServers: { werkbank: { command: process.execPath, args: [CLI] } } }, null, 2);
    expect(r.stdout).toContain(printed);
    // The tool count every surface states (test/tool-count.test.ts compares them all).
    expect(r.stdout).toContain(`tool registry: ${toolCount(registry, userEnv({ HOME: home })).text}\n`);
    // The npx form is marked as what works after publication.
    expect(r.stdout).toMatch(/After publication[^\n]*E404[^\n]*:\n\{\n {2}"mcpServers": \{\n {4}"werkbank": \{\n {6}"command": "npx"/);
  }, 120_000);
});

describe('README: quick start, REST with the dev key', () => {
  it('the curl example answers what the README shows, with the key `npm start` prints (wbk_…)', async () => {
    const data = dir('werkbank-readme-rest-');
    // `npm start` is `werkbank serve --dev` after the build.
    expect(JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')).scripts.start).toMatch(/serve --dev$/);
    const [startBlock, curlBlock] = blocks(...REST_QUICK_START);
    expect(commandsOf(startBlock)).toEqual(['npm start']);
    const server = await spawnServe(['--dev', '--data', data]);
    try {
      const key = /Created account "dev" with a local API key \(shown once\):\s+(\S+)/.exec(server.stdout)?.[1];
      expect(key).toMatch(/^wbk_/);
      ran.add('npm start');
      expect(curlBlock).toMatch(/^KEY=wbk_\.\.\./);
      const script = curlBlock
        .split('\n')
        .filter((l) => !l.startsWith('#') && !l.startsWith('KEY='))
        .join('\n')
        .replaceAll('http://127.0.0.1:8787', server.url);
      const expected = /^# (\{.*\})$/m.exec(curlBlock)![1];
      const r = await bash(script, userEnv({ KEY: key! }));
      expect(JSON.parse(r.stdout)).toEqual(JSON.parse(expected));
      commandsOf(curlBlock).forEach((c) => ran.add(c));
    } finally {
      server.proc.kill('SIGTERM');
    }
  }, 120_000);

  it('the admin API example (while the server runs) creates a key', async () => {
    const data = dir('werkbank-readme-admin-');
    const [, block] = blocks(...CLI_SECTION);
    const token = /WERKBANK_ADMIN_TOKEN=(\S+) npm start/.exec(block)![1];
    const server = await spawnServe(['--dev', '--data', data], { WERKBANK_ADMIN_TOKEN: token });
    try {
      const script = block
        .split('\n')
        .filter((l) => !l.includes('npm start'))
        .join('\n')
        .replaceAll('http://127.0.0.1:8787', server.url);
      const r = await bash(script, userEnv({}));
      expect(JSON.parse(r.stdout)).toMatchObject({ data: { account: 'dev', key: expect.stringMatching(/^wbk_/) } });
      commandsOf(block).forEach((c) => ran.add(c));
      // And the CLI on the same data dir says what to use instead.
      const cli = await exec(process.execPath, [CLI, 'keys', 'list', '--account', 'dev', '--data', data]).catch(
        (e) => e as { stderr: string; code: number },
      );
      expect((cli as { code: number }).code).toBe(2);
      expect((cli as { stderr: string }).stderr).toMatch(/in use by another werkbank process[\s\S]*admin API[\s\S]*account page/);
    } finally {
      server.proc.kill('SIGTERM');
    }
  }, 120_000);
});

describe('docs/operators.md: the administration commands', () => {
  it('run as written on a data dir no server holds (the key id and --json filled in)', async () => {
    const [block] = blocks(...ADMINISTRATION);
    const commands = commandsOf(block);
    expect(commands.length).toBeGreaterThanOrEqual(6);
    const home = dir('werkbank-readme-admin-cli-');
    const env = userEnv({ HOME: home, WERKBANK_DATA_DIR: join(home, 'data') });
    let keyId = '';
    const outputs: string[] = [];
    for (const shown of commands) {
      const command = shown.replace(' [--json]', ' --json').replace('key_xxxxxxxx', keyId);
      const r = await bash(command, env).catch((e: { stdout: string; stderr: string; code: number }) => {
        throw new Error(`${command} exited ${e.code}: ${e.stdout}${e.stderr}`);
      });
      if (shown.includes('[--json]')) keyId = (JSON.parse(r.stdout) as { id: string }).id;
      outputs.push(r.stdout);
      ran.add(shown);
    }
    expect(keyId).toMatch(/^key_/);
    expect(outputs.join('')).toMatch(
      /Created account "acme"[\s\S]*wbk_[\s\S]*Revoked key_[\s\S]*Added 1000 pack credits[\s\S]*Usage of "acme"/,
    );
  }, 300_000);
});

describe('docs/operators.md: run with PostgreSQL', () => {
  it('the throwaway PostgreSQL prints its URL, and the serve line starts werkbank on it', async () => {
    const [serveBlock, throwawayBlock] = blocks(...POSTGRES);
    const [serveLine] = commandsOf(serveBlock);
    const [throwawayLine] = commandsOf(throwawayBlock);
    expect(throwawayLine).toBe('npx tsx scripts/embedded-postgres.ts');
    const env = userEnv({ HOME: dir('werkbank-readme-pg-') });
    const pg = spawn('bash', ['-c', throwawayLine], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let server: ReturnType<typeof spawn> | undefined;
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        pg.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /^WERKBANK_DATABASE_URL=(postgres:\/\/\S+)$/m.exec(out);
          if (m) resolve(m[1]);
        });
        pg.on('exit', (code) => reject(new Error(`${throwawayLine} exited ${code}: ${out}`)));
      });
      ran.add(throwawayLine);
      const shownUrl = /--database-url (\S+)/.exec(serveLine)![1];
      const command = serveLine.replace(shownUrl, url);
      server = spawn('bash', ['-c', command], {
        cwd: repoRoot,
        env: { ...env, WERKBANK_PORT: '0', WERKBANK_PRINT_PORT: '1', WERKBANK_DATA_DIR: dir('werkbank-readme-pg-data-') },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const started = await new Promise<{ port: number; line: string }>((resolve, reject) => {
        let out = '';
        let err = '';
        const check = () => {
          const port = /\{"port":(\d+)\}/.exec(out)?.[1];
          const line = /^werkbank .* listening on .*$/m.exec(err)?.[0];
          if (port && line) resolve({ port: Number(port), line });
        };
        server!.stdout!.setEncoding('utf8').on('data', (d: string) => ((out += d), check()));
        server!.stderr!.setEncoding('utf8').on('data', (d: string) => ((err += d), check()));
        server!.on('exit', (code) => reject(new Error(`${command} exited ${code}: ${err}`)));
      });
      expect(started.line).toContain(`(${toolCount(registry, env).text}; store PostgreSQL `);
      const ready = await fetch(`http://127.0.0.1:${started.port}/health/ready`);
      expect(ready.status).toBe(200);
      ran.add(serveLine);
    } finally {
      // Each ran in a process group of its own: stop the group (npx, tsx, node; the server's processes).
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
      if (pg.pid) process.kill(-pg.pid, 'SIGTERM');
      await new Promise((r) => (pg.exitCode !== null ? r(undefined) : pg.once('exit', r)));
    }
  }, 180_000);
});

describe('README and docs/: the facts they state', () => {
  it('keys are wbk_…, vectors are in test/vectors/, nothing points at the shared folder outside the repository', () => {
    for (const file of DOC_FILES) {
      expect(readDoc(file), file).not.toMatch(/wb_live_/);
      expect(readDoc(file), file).not.toMatch(/\.\.\/shared\b/); // no path into the shared folder outside the repository
    }
    expect(readme).toContain('wbk_');
    expect(readDoc('docs/conformance.md')).toContain('`test/vectors/`');
    // The note on what the first `npm test` fetches, next to the two commands.
    const top = readme.slice(0, readme.indexOf('### Quick start'));
    expect(top).toMatch(/npm install && npm start[\s\S]*npm install && npm test[\s\S]*\.tools\//);
  });
});

describe('every command of the tested sections', () => {
  // Last in this file: the tests above record what they ran.
  it('was run by a test above, or is listed in NOT_RUN (test/helpers/docs.ts) with the reason', () => {
    const shown = TESTED_SECTIONS.flatMap(([file, heading]) => fencedBlocks(section(file, heading)).flatMap(commandsOf));
    const missed = shown.filter((c) => !ran.has(c) && !(c in NOT_RUN));
    expect(missed).toEqual([]);
  });
});
