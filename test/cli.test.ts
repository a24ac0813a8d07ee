/**
 * The CLI's wording: help for every command and command group (a
 * group without a subcommand lists its subcommands; an unknown subcommand
 * names the known ones), `help <command>`, a revoked key revoked again says
 * so, and `install-browser` installs, verifies and reports (from a local copy
 * of the package: no network) and refuses a copy that does not match.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CLI, tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';
import { BROWSER_PACKAGE, INSTALL_FOLDER } from '../src/render/install.js';
import { installKind, selfCommand } from '../src/core/command.js';

const exec = promisify(execFile);
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dir = (prefix: string) => {
  const d = tempDir(prefix);
  made.push(d);
  return d;
};

async function cli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^WERKBANK_(DATA_DIR|DATABASE_URL|BROWSER_DIR)$/.test(k)));
  try {
    const r = await exec(process.execPath, [CLI, ...args], { env: { ...clean, ...env }, timeout: 120_000, maxBuffer: 16 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('help', () => {
  for (const [group, subs] of [
    ['accounts', ['create', 'list']],
    ['keys', ['create', 'list', 'revoke']],
    ['credits', ['add']],
  ] as const) {
    it(`\`werkbank ${group}\` lists its subcommands; an unknown one names them (exit 2)`, async () => {
      const data = dir('werkbank-cli-');
      const bare = await cli([group, '--data', data]);
      expect(bare.code).toBe(0);
      for (const sub of subs) expect(bare.stdout).toContain(`werkbank ${group} ${sub}`);
      const unknown = await cli([group, 'frobnicate', '--data', data]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(`Unknown command "${group} frobnicate": the ${group} commands are ${subs.join(', ')}.`);
      expect(unknown.stderr).not.toMatch(/Unknown command "\w+ "/);
    });
  }

  it('every command has its help: `werkbank <command> --help` and `werkbank help <command>`', async () => {
    for (const command of ['stdio', 'serve', 'doctor', 'install-browser', 'accounts', 'keys', 'credits', 'usage', 'migrate']) {
      const a = await cli([command, '--help']);
      const b = await cli(['help', command]);
      expect(a.code, command).toBe(0);
      expect(a.stdout, command).toMatch(new RegExp(`werkbank (\\[)?${command}`));
      expect(b.stdout).toBe(a.stdout);
    }
    const main = await cli(['--help']);
    expect(main.stdout).toMatch(/werkbank keys create\|list\|revoke/);
    expect(main.stdout).toContain('admin API');
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /Unknown command "frobnicate": the commands are stdio, serve, run, doctor, install-browser, accounts, keys/,
    );
  }, 120_000);
});

describe('keys revoke', () => {
  it('a key revoked a second time: "already revoked", nothing changed', async () => {
    const data = dir('werkbank-cli-revoke-');
    expect((await cli(['accounts', 'create', 'ann', '--data', data])).code).toBe(0);
    const created = JSON.parse((await cli(['keys', 'create', '--account', 'ann', '--json', '--data', data])).stdout);
    const first = await cli(['keys', 'revoke', created.id, '--data', data]);
    expect(first.stdout).toMatch(new RegExp(`^Revoked ${created.id} \\(wbk_`));
    const second = await cli(['keys', 'revoke', created.id, '--data', data]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      new RegExp(`^Key ${created.id} \\(wbk_\\S+…\\) was already revoked \\(\\d{4}-\\d\\d-\\d\\dT.*\\); nothing changed\\.`),
    );
    const json = JSON.parse((await cli(['keys', 'revoke', created.id, '--json', '--data', data])).stdout);
    expect(json).toMatchObject({ id: created.id, alreadyRevoked: true });
  }, 60_000);
});

describe('install-browser', () => {
  const local = resolve(repoRoot, 'node_modules/@sparticuz/chromium');

  it('pins the version and integrity of the dev dependency (package-lock.json), and the hashes of its files', async () => {
    const lock = JSON.parse(readFileSync(resolve(repoRoot, 'package-lock.json'), 'utf8'));
    const entry = lock.packages['node_modules/@sparticuz/chromium'];
    expect({ version: entry.version, integrity: entry.integrity }).toEqual({
      version: BROWSER_PACKAGE.version,
      integrity: BROWSER_PACKAGE.integrity,
    });
  });

  it('from a local copy: unpacks, verifies, reports the size; a second run finds it; --json', async () => {
    const data = dir('werkbank-cli-browser-');
    const r = await cli(['install-browser', '--from', local, '--data', data]);
    expect(r.code, r.stderr).toBe(0);
    const path = join(data, 'browser', INSTALL_FOLDER, 'chromium');
    expect(r.stdout).toMatch(
      new RegExp(`^Installed ${path.replace(/[.]/g, '\\.')} \\(@sparticuz/chromium ${BROWSER_PACKAGE.version}; \\d+\\.\\d MB on disk\\)`),
    );
    expect(existsSync(join(data, 'browser', INSTALL_FOLDER, 'install.json'))).toBe(true);
    expect(existsSync(join(data, 'browser', INSTALL_FOLDER, 'libGLESv2.so'))).toBe(true);
    const again = JSON.parse((await cli(['install-browser', '--from', local, '--data', data, '--json'])).stdout);
    expect(again).toMatchObject({ path, alreadyInstalled: true, version: BROWSER_PACKAGE.version });
    expect(again.installedBytes).toBeGreaterThan(150 * 1024 * 1024);
    // WERKBANK_BROWSER_DIR overrides where it goes.
    const elsewhere = join(dir('werkbank-cli-browser-dir-'), 'b');
    const moved = JSON.parse(
      (await cli(['install-browser', '--from', local, '--json'], { WERKBANK_BROWSER_DIR: elsewhere, HOME: data })).stdout,
    );
    expect(moved.path).toBe(join(elsewhere, INSTALL_FOLDER, 'chromium'));
  }, 120_000);

  it('a copy whose browser does not match the pinned hash: refused, nothing installed', async () => {
    const data = dir('werkbank-cli-badbrowser-');
    const copy = join(data, 'pkg');
    mkdirSync(join(copy, 'bin'), { recursive: true });
    cpSync(join(local, 'package.json'), join(copy, 'package.json'));
    cpSync(join(local, 'bin', 'swiftshader.tar.br'), join(copy, 'bin', 'swiftshader.tar.br'));
    writeFileSync(join(copy, 'bin', 'chromium.br'), 'not the browser');
    const r = await cli(['install-browser', '--from', copy, '--data', data]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bin\/chromium\.br of .* does not match the file werkbank was tested with .*nothing was installed/);
    expect(existsSync(join(data, 'browser', INSTALL_FOLDER))).toBe(false);
  });
});

describe('the command werkbank prints for itself', () => {
  it('npx cache → npx -y werkbank-mcp; installed → npx werkbank-mcp in its project, node <path> elsewhere; a clone → npx werkbank inside it, node <path> outside', () => {
    expect(installKind('/home/ann/.npm/_npx/4b3c/node_modules/werkbank-mcp')).toBe('npx');
    expect(selfCommand('install-browser', { root: '/home/ann/.npm/_npx/4b3c/node_modules/werkbank-mcp' })).toBe(
      'npx -y werkbank-mcp install-browser',
    );
    expect(selfCommand('doctor', { root: '/srv/app/node_modules/werkbank-mcp', cwd: '/srv/app/src' })).toBe('npx werkbank-mcp doctor');
    // npx finds an installed bin only in its own project: from elsewhere (or a global install) the absolute path works.
    expect(selfCommand('install-browser', { root: '/srv/app/node_modules/werkbank-mcp', cwd: '/tmp' })).toBe(
      'node /srv/app/node_modules/werkbank-mcp/dist/werkbank.js install-browser',
    );
    expect(selfCommand('doctor', { root: '/usr/lib/node_modules/werkbank-mcp', cwd: '/home/ann' })).toBe(
      'node /usr/lib/node_modules/werkbank-mcp/dist/werkbank.js doctor',
    );
    expect(selfCommand('doctor', { root: '/src/werkbank', cwd: '/src/werkbank/test' })).toBe('npx werkbank doctor');
    expect(selfCommand('doctor', { root: '/src/werkbank', cwd: '/tmp' })).toBe('node /src/werkbank/dist/werkbank.js doctor');
  });
});
