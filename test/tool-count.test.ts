/**
 * One tool count everywhere: the start-up line, `doctor`, `/health`, the web catalogue, docs/tools.md and
 * server.json state the same number of tools, and what this process hides and why (the AI tools without a model
 * endpoint), from one place (src/core/tool-count.ts). Against the built CLI, as a user starts it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadRegistry } from '../src/catalogue.js';
import { toolCount } from '../src/core/tool-count.js';
import { CLI, tempDir } from './helpers/server.js';
import { repoRoot } from './helpers/paths.js';

const exec = promisify(execFile);
const registry = await loadRegistry();
const bare = toolCount(registry, {});
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dir = () => {
  const d = tempDir('werkbank-count-');
  made.push(d);
  return d;
};
/** The environment of a user who set none of werkbank's settings (and `extra`). */
const userEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(WERKBANK_(?!CHROMIUM)|OPENAI_|VITEST|npm_)/.test(k))),
  HOME: dir(),
  ...extra,
});

/** `werkbank serve` as a user starts it: its start-up line (stderr), then `/health` and `/` while it runs. */
async function serve(env: NodeJS.ProcessEnv): Promise<{ line: string; health: Record<string, unknown>; page: string }> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', dir()], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let err = '';
      proc.stderr.setEncoding('utf8').on('data', (d: string) => {
        err += d;
        const m = /^werkbank .* listening on .*$/m.exec(err);
        if (m) resolve(m[0]);
      });
      proc.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
    });
    const url = /listening on (http:\/\/\S+)/.exec(line)![1];
    const health = (await (await fetch(`${url}/health`)).json()) as Record<string, unknown>;
    const page = await (await fetch(`${url}/`)).text();
    return { line, health, page };
  } finally {
    proc.kill('SIGTERM');
  }
}

describe('one tool count', () => {
  it('names every tool and what is hidden without a model endpoint', () => {
    const ai = registry.tools.filter((t) => t.tool.requiresAnyEnv?.length);
    expect(ai.length).toBeGreaterThan(0);
    expect(bare.total).toBe(registry.tools.length);
    expect(bare.listed).toBe(registry.tools.length - ai.length);
    expect(bare.text).toBe(`${bare.total} tools; ${ai.length} AI tools are hidden without OPENAI_API_KEY or OPENAI_BASE_URL`);
    expect(toolCount(registry, { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).text).toBe(`${bare.total} tools`);
  });

  it('the start-up line, /health and the web catalogue say the same, without and with an endpoint', async () => {
    const plain = await serve(userEnv());
    expect(plain.line).toContain(`(${bare.text}; store `);
    expect(plain.health).toMatchObject({ tools: bare.total, listed: bare.listed, note: bare.text });
    expect(plain.page).toContain(`werkbank is ${bare.total} small tools`);
    expect(plain.page).toContain(`Listed here: ${bare.listed} (${bare.text.slice(bare.text.indexOf('; ') + 2)})`);
    const ai = await serve(userEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }));
    expect(ai.line).toContain(`(${bare.total} tools; store `);
    expect(ai.health).toMatchObject({ tools: bare.total, listed: bare.total, note: `${bare.total} tools` });
    expect(ai.page).not.toContain('Listed here');
  }, 60_000);

  it('doctor says the same', async () => {
    const { stdout } = await exec(process.execPath, [CLI, 'doctor'], { env: userEnv(), timeout: 120_000 });
    expect(stdout).toContain(`tool registry: ${bare.text}\n`);
  }, 120_000);

  it('docs/tools.md and server.json say the same', () => {
    const table = readFileSync(join(repoRoot, 'docs/tools.md'), 'utf8');
    const toolsets = new Set(registry.tools.map((t) => t.tool.toolset)).size;
    expect(table).toContain(`\n${bare.total} tools in ${toolsets} toolsets; ${bare.total - bare.listed} AI tools are hidden without`);
    const server = JSON.parse(readFileSync(join(repoRoot, 'server.json'), 'utf8')) as { description: string };
    expect(server.description).toMatch(new RegExp(`^${bare.total} tools \\(${bare.total - bare.listed} AI tools need a model endpoint\\)`));
    expect(server.description).not.toMatch(/deterministic/);
  });
});
