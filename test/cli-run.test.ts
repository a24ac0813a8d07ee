/**
 * `werkbank run <tool>` (src/cli/run.ts) against the REST call on a listening server, for each kind of answer: a
 * JSON result, text (formatted code), an input big enough to run in the compute pool, and a hosted file (a QR code
 * PNG, whose bytes --out writes). The printed result is byte for byte the `data` of the REST body; bad input and an
 * unknown tool exit 1 with REST's error message. A tool that reports its progress draws a bar on a terminal's stderr
 * (run under a pseudo-terminal by util-linux `script`) and writes nothing to a piped one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, post, startServer, tempDir, type TestServer } from './helpers/server.js';

let srv: TestServer;
const dataDir = tempDir();
const env = { ...process.env, WERKBANK_DATA_DIR: dataDir };

beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The CLI's exit code, stdout and stderr (a failed run does not throw). */
async function run(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'run', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(stdin ?? '');
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  return { code, stdout, stderr };
}

/** The REST body of the same call. */
async function rest(
  slug: string,
  body: unknown,
  group = 'tools',
): Promise<{ status: number; text: string; json: { error?: string; data?: unknown } }> {
  const r = await post(srv.url, `/api/v1/${group}/${slug}`, body, srv.key);
  return { status: r.status, text: r.text, json: r.json as { error?: string; data?: unknown } };
}

describe('werkbank run', () => {
  const cases: Array<[string, string, Record<string, unknown>]> = [
    ['a JSON result', 'word-counter', { text: 'Hallo wereld. Dit is een korte tekst.' }],
    ['text: formatted code', 'sql-formatter', { sql: 'select a,b from t where x=1 and y in (1,2)' }],
    ['an input the compute pool runs', 'word-frequency-counter', { text: 'alpha beta gamma\n'.repeat(4000) }],
  ];
  it.each(cases)(
    '%s (%s): the same bytes as the data of the REST answer',
    async (_kind, slug, body) => {
      const viaRest = await rest(slug, body);
      expect(viaRest.status).toBe(200);
      const cli = await run([slug, JSON.stringify(body)]);
      expect(cli.stderr).toBe('');
      expect(cli.code).toBe(0);
      expect(viaRest.text).toBe(`{"ok":true,"data":${cli.stdout.trimEnd()}}`);
    },
    60_000,
  );

  it('reads the input from a file or stdin, and writes the result to --out', async () => {
    const body = { json: '{"b":[1,2],"a":"x"}', indent: 4 };
    const expected = JSON.stringify((await rest('json-formatter', body)).json.data);
    const file = join(dataDir, 'input.json');
    writeFileSync(file, JSON.stringify(body));
    expect((await run(['json-formatter', '--input', file])).stdout).toBe(`${expected}\n`);
    expect((await run(['json-formatter', '--input', '-'], JSON.stringify(body))).stdout).toBe(`${expected}\n`);
    const out = join(dataDir, 'out.json');
    expect((await run(['json-formatter', '--input', file, '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(expected);
  }, 60_000);

  it('a hosted file (a QR code PNG): --out gets the same bytes the REST answer hosts', async () => {
    const body = { text: 'https://example.com/werkbank', format: 'png', size: 200 };
    const viaRest = await rest('qr-code', body, 'render');
    expect(viaRest.status).toBe(200);
    const hosted = await fetch(new URL((viaRest.json.data as { url: string }).url, srv.url));
    const restBytes = Buffer.from(await hosted.arrayBuffer());
    const out = join(dataDir, 'qr.png');
    const cli = await run(['qr-code', JSON.stringify(body), '--out', out]);
    expect(cli.code).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.equals(restBytes)).toBe(true);
  }, 60_000);

  it("bad input, bad JSON and an unknown tool exit 1 with REST's error message", async () => {
    const cases: Array<[string, string]> = [
      ['word-counter', '{"txt":"x"}'],
      ['json-formatter', '{"json":'],
      ['word-countr', '{}'],
    ];
    for (const [slug, text] of cases) {
      const viaRest = await fetch(`${srv.url}/api/v1/tools/${slug}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key },
        body: text,
      });
      const { error, code } = (await viaRest.json()) as { error: string; code: number };
      const cli = await run([slug, text]);
      expect(cli.code).toBe(1);
      expect(cli.stdout).toBe('');
      expect(cli.stderr).toBe(`werkbank run ${slug}: ${error} (${code})\n`);
    }
  }, 60_000);

  /** Whether util-linux `script` is here to give the CLI a pseudo-terminal. */
  const hasScript = (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const brp = { slug: 'brp-test-data-generator', body: JSON.stringify({ options: { count: 3000 } }) };

  it.skipIf(!hasScript)(
    'a tool that reports progress: a bar on a terminal stderr, nothing on a piped one, the same result either way',
    async () => {
      const out = join(dataDir, 'pty-result.json');
      // The CLI's stderr is the pseudo-terminal, whose output `script` copies to its stdout; the result goes to a file.
      const terminal = await new Promise<string>((resolve, reject) => {
        const child = spawn('script', ['-qec', 'stty cols 200; "$NODE" "$CLI" run "$SLUG" "$BODY" > "$OUT"', '/dev/null'], {
          env: { ...env, NODE: process.execPath, CLI, SLUG: brp.slug, BODY: brp.body, OUT: out },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let text = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`script exited ${code}: ${text}`))));
      });
      expect(terminal).toContain('% planned 3,000 people; drawing person ');
      expect(terminal).toContain('\r[########################] 100% planned 3,000 people; wrote 3,000 records\x1b[K');
      const piped = await run([brp.slug, brp.body]);
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe('');
      expect(piped.stdout).toBe(readFileSync(out, 'utf8'));
      expect(JSON.parse(piped.stdout).count).toBe(3000);
    },
    120_000,
  );
});
