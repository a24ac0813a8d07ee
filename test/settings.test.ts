/**
 * The settings are declared once (src/settings.ts): the configuration table of docs/operators.md is generated
 * from that declaration and parsed back here against it and against the command line's options; every
 * environment variable the sources read is declared; the command line suggests the flag a mistyped one meant;
 * and a refused value names the setting the user gave (`--port` or `WERKBANK_PORT`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS, setting, settingFlags, type Setting } from '../src/settings.js';
import { SETTINGS_TABLE_PAGE, withSettingsTable } from '../src/docs/settings-table.js';
import { main } from '../src/cli/main.js';
import { repoRoot } from './helpers/paths.js';

const declared = Object.values(SETTINGS as Record<string, Setting>);
const page = readFileSync(join(repoRoot, SETTINGS_TABLE_PAGE), 'utf8');

/** The rows of the generated table as the page shows them: [label, flags, environment variables]. */
function tableRows(): { flag?: string; env: string[] }[] {
  const table = page.slice(page.indexOf('<!-- settings:start'), page.indexOf('<!-- settings:end -->'));
  return table
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Setting |'))
    .map((l) => l.split(/(?<!\\)\|/).map((c) => c.trim()))
    .map(([, , flag, env]) => ({
      flag: /`--([a-z-]+)`/.exec(flag)?.[1],
      env: [...env.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]),
    }));
}

describe('the configuration table', () => {
  it(`${SETTINGS_TABLE_PAGE} holds the table generated from src/settings.ts (run \`npm run docs\`)`, () => {
    expect(withSettingsTable(page)).toBe(page);
  });

  it('lists every declared setting, with the flags the command line takes and the variables the server reads', () => {
    const rows = tableRows();
    const shown = declared.filter((s) => !s.internal);
    expect(rows).toEqual(shown.map((s) => ({ flag: s.flag, env: s.env ?? [] })));
    expect(rows.flatMap((r) => (r.flag ? [r.flag] : [])).sort()).toEqual(Object.keys(settingFlags()).sort());
    for (const name of ['WERKBANK_DATABASE_URL', 'WERKBANK_WORKERS', 'WERKBANK_DB_POOL_SIZE', 'WERKBANK_DB_TIMEOUT_MS'])
      expect(
        rows.some((r) => r.env.includes(name)),
        name,
      ).toBe(true);
    for (const name of ['WERKBANK_FILES_DIR', 'WERKBANK_MAX_CONNECTIONS_PER_IP', 'WERKBANK_WEB_DEV'])
      expect(
        rows.some((r) => r.env.includes(name)),
        name,
      ).toBe(true);
    expect(rows.some((r) => r.flag === 'database-url' && r.env.includes('WERKBANK_DATABASE_URL'))).toBe(true);
    expect(rows.some((r) => r.flag === 'workers' && r.env.includes('WERKBANK_WORKERS'))).toBe(true);
  });

  it('declares every environment variable the sources read', () => {
    const files = (dir: string): string[] =>
      readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
        .map((f) => join(dir, f));
    const names = new Set<string>();
    // The browser's code reads no server setting (its snippets name the user's own shell variables).
    for (const file of [...files('src'), ...files('tools')].filter((f) => !f.startsWith(join('src', 'web', 'client'))))
      for (const [name] of readFileSync(join(repoRoot, file), 'utf8').matchAll(/\b(WERKBANK_[A-Z0-9_]+|OPENAI_(API_KEY|BASE_URL))\b/g))
        names.add(name);
    const env = declared.flatMap((s) => s.env ?? []);
    const covered = (name: string) => env.some((e) => (e.endsWith('*') ? name.startsWith(e.slice(0, -1)) : e === name));
    expect([...names].filter((n) => !covered(n))).toEqual([]);
    expect(names.size).toBeGreaterThan(25);
  });
});

describe('reading a setting', () => {
  it('a flag wins over its variable; an empty variable is unset; the source is named', () => {
    expect(setting('port', { port: '9000' }, { WERKBANK_PORT: '9100' })).toEqual({ value: '9000', source: '--port' });
    expect(setting('port', {}, { WERKBANK_PORT: '9100' })).toEqual({ value: '9100', source: 'WERKBANK_PORT' });
    expect(setting('port', {}, { WERKBANK_PORT: '' })).toEqual({ value: undefined, source: '--port' });
    expect(setting('aiEndpoint', {}, { OPENAI_BASE_URL: 'http://x/v1' })).toEqual({ value: 'http://x/v1', source: 'OPENAI_BASE_URL' });
  });
});

describe('the command line', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['WERKBANK_PORT', 'WERKBANK_WORKERS', 'WERKBANK_SIGNUP', 'WERKBANK_JOB_TIME_SCALE']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('an unknown flag gets the closest known one', async () => {
    await expect(main(['serve', '--prot', '8080'])).rejects.toThrow('Unknown option --prot (did you mean --port?)');
    await expect(main(['keys', 'list', '--acount', 'x'])).rejects.toThrow('(did you mean --account?)');
    await expect(main(['serve', '--database-ur=postgres://x'])).rejects.toThrow('(did you mean --database-url?)');
    await expect(main(['serve', '--zzzzzzzz'])).rejects.toThrow(/^Unknown option --zzzzzzzz: werkbank --help lists the options$/);
  });

  it('a refused value names the setting the user gave: the flag or the environment variable', async () => {
    await expect(main(['serve', '--port', '99999'])).rejects.toThrow('--port must be a port from 0 to 65535, got "99999"');
    process.env.WERKBANK_PORT = '99999';
    await expect(main(['serve'])).rejects.toThrow('WERKBANK_PORT must be a port from 0 to 65535, got "99999"');
    process.env.WERKBANK_PORT = '0';
    process.env.WERKBANK_SIGNUP = 'yes';
    await expect(main(['serve'])).rejects.toThrow('WERKBANK_SIGNUP must be "open" or "off", got "yes"');
    await expect(main(['serve', '--signup', 'yes'])).rejects.toThrow('--signup must be "open" or "off", got "yes"');
    delete process.env.WERKBANK_SIGNUP;
    for (const scale of ['0', '11', 'fast']) {
      process.env.WERKBANK_JOB_TIME_SCALE = scale;
      await expect(main(['serve'])).rejects.toThrow(`WERKBANK_JOB_TIME_SCALE must be a number from 0.1 to 10, got "${scale}"`);
    }
    delete process.env.WERKBANK_JOB_TIME_SCALE;
    process.env.WERKBANK_WORKERS = 'many';
    await expect(main(['serve'])).rejects.toThrow('WERKBANK_WORKERS must be an integer from 1 to 256, got "many"');
    await expect(main(['serve', '--workers', '2'])).rejects.toThrow(/^--workers 2 needs the shared PostgreSQL store/);
    process.env.WERKBANK_WORKERS = '2';
    await expect(main(['serve'])).rejects.toThrow(/^WERKBANK_WORKERS=2 needs the shared PostgreSQL store/);
  });
});
