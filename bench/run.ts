/**
 * `npm run bench`: throughput, latency and memory, each against a baseline
 * measured in the same run, printed as ratios. Not a test: these machines are
 * shared and noisy, so read the ratios, and re-run when the load is high.
 *
 * Sections (run one with `npm run bench -- <name>`): rest, mcp, stdio, tokens, apps, discovery, stall, isolation, brp, upa, render, fairness, linear, hostile, postgres, profile, install.
 * `install` (the npx install size and cold start of the 1.1.0 layout and this one) fetches from the npm
 * registry and `profile` (a CPU profile of the metered server under the `rest` load) is a diagnosis, not a
 * figure, so a plain `npm run bench` leaves them out: run them by name.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { SAMPLE } from './server.js';
import type { Recall } from './discovery.js';
import { spawnListening, type Listening } from './spawn.js';

const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, '../werkbank.js');
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function startServer(...args: string[]): Promise<Listening> {
  return spawnListening([join(here, 'server.js'), ...args]);
}

async function load(url: string, body: string, headers: Record<string, string>) {
  // Warm up, then measure.
  await autocannon({ url, method: 'POST', body, headers, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, method: 'POST', body, headers, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

type Row = [string, string];
const report: Record<string, Row[]> = {};
function print(section: string, rows: Row[]) {
  report[section] = rows;
  console.log(`\n== ${section}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(52)} ${v}`);
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function mcp() {
  const server = await startServer('werkbank', 'on');
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
    'X-API-Key': server.key,
  };
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'word_counter', arguments: SAMPLE } });
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  try {
    const rest = await load(`${server.url}/api/v1/tools/word-counter`, JSON.stringify(SAMPLE), {
      'Content-Type': 'application/json',
      'X-API-Key': server.key,
    });
    const c = await load(`${server.url}/mcp`, call, headers);
    const l = await load(`${server.url}/mcp?toolsets=all`, list, headers);
    const one = async () => {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/mcp?toolsets=all`, { method: 'POST', headers, body: list });
      const size = (await r.text()).length;
      return { t: performance.now() - t0, size };
    };
    for (let i = 0; i < 5; i++) await one();
    const samples = [];
    for (let i = 0; i < 30; i++) samples.push(await one());
    samples.sort((a, b) => a.t - b.t);
    print('MCP Streamable HTTP (stateless, 2025-11-25 era), 10 concurrent', [
      ['REST call on the same server (baseline)', `${rest.rps} req/s, p50 ${rest.p50} ms, p99 ${rest.p99} ms`],
      ['tools/call word_counter', `${c.rps} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms`],
      ['tools/call p50 (target < 5 ms)', `${c.p50} ms`],
      ['ratio REST / MCP tools/call throughput', (rest.rps / c.rps).toFixed(2)],
      [`tools/list, all tools, 10 concurrent`, `${l.rps} req/s, p50 ${l.p50} ms`],
      ['tools/list, all tools, one at a time: median', `${ms(samples[15].t)} (${samples[15].size} bytes)`],
    ]);
  } finally {
    server.proc.kill('SIGTERM');
  }
}

async function timeProcess(
  args: string[],
  until: (out: string) => boolean,
  input?: string,
  env: Record<string, string> = {},
): Promise<number> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...env } });
  let out = '';
  await new Promise<void>((resolve) => {
    proc.stdout.on('data', (d) => {
      out += d;
      if (until(out)) resolve();
    });
    proc.on('exit', () => resolve());
    if (input) proc.stdin.write(input);
    else proc.stdin.end();
  });
  const t = performance.now() - t0;
  proc.kill('SIGKILL');
  return t;
}

async function stdio() {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const input = `${init}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${list}\n`;
  const median = async (f: () => Promise<number>) => {
    const xs = [];
    for (let i = 0; i < 7; i++) xs.push(await f());
    return xs.sort((a, b) => a - b)[3];
  };
  const bare = await median(() => timeProcess(['-e', 'process.stdout.write("x")'], (o) => o.includes('x')));
  // The same start listing no tool (an empty manifest): what the catalogue's size adds on top of it.
  const empty = join(mkdtempSync(join(tmpdir(), 'werkbank-bench-')), 'manifest.json');
  writeFileSync(empty, JSON.stringify({ tools: [] }));
  const none = await median(() =>
    timeProcess([CLI, 'stdio', '--toolsets', 'all'], (o) => o.includes('"id":2'), input, { WERKBANK_MANIFEST: empty }),
  );
  const cold = await median(() => timeProcess([CLI, 'stdio', '--toolsets', 'all'], (o) => o.includes('"id":2'), input));
  const manifest = JSON.parse(readFileSync(join(here, '..', 'manifest.json'), 'utf8')) as { tools: unknown[] };
  const chunks = readdirSync(join(here, '..', 'chunks'));
  const bytes = (f: string) => statSync(f).size;
  const bundle = bytes(CLI) + chunks.reduce((s, c) => s + bytes(join(here, '..', 'chunks', c)), 0);
  print('stdio cold start (node process to first tools/list answer, all toolsets), median of 7', [
    ['bare `node -e` start to first output', ms(bare)],
    ['werkbank stdio listing no tool (empty manifest): baseline', ms(none)],
    [`werkbank stdio listing all ${manifest.tools.length} tools`, ms(cold)],
    ['ratio all tools / no tool (target ≤ 1.3)', (cold / none).toFixed(2)],
    ['ratio all tools / bare node', (cold / bare).toFixed(2)],
    ['bundle: dist/werkbank.js', `${(bytes(CLI) / 1024).toFixed(0)} KB`],
    [`bundle: with its ${chunks.length} chunks`, `${(bundle / 1024 / 1024).toFixed(2)} MB`],
    ['dist/manifest.json', `${(bytes(join(here, '..', 'manifest.json')) / 1024).toFixed(0)} KB`],
  ]);
}

/** What the tool listing costs in a model's context (o200k tokens; budgets tested in test/tokens.test.ts). */
async function tokens() {
  const [{ loadRegistry }, { tokenReport, TOKEN_BUDGETS, GENERATORS }] = await Promise.all([
    import('../src/catalogue.js'),
    import('./tokens.js'),
  ]);
  const r = tokenReport(await loadRegistry());
  const sorted = [...r.perTool].sort((a, b) => b.tokens - a.tokens);
  const others = sorted.filter((t) => !GENERATORS.has(t.name));
  print('tool listing tokens (name + description + input schema, o200k)', [
    [`all ${r.perTool.length} tools`, String(r.all)],
    [`average per tool (budget ${TOKEN_BUDGETS.average})`, r.average.toFixed(0)],
    [`default listing: ${r.defaultTools} tools (budget ${TOKEN_BUDGETS.defaultListing})`, String(r.defaultListing)],
    ...sorted.filter((t) => GENERATORS.has(t.name)).map((t): Row => [`${t.name} (budget ${TOKEN_BUDGETS.generator})`, String(t.tokens)]),
    [`largest other tool, ${others[0].name} (budget ${TOKEN_BUDGETS.perTool})`, String(others[0].tokens)],
  ]);
}

/** Can a model find the right tool? recall@1/@5 of find_tools against two plain BM25s, and what answers cost. */
async function discovery() {
  const [{ loadRegistry }, { discoveryReport }, { describeToolsetTokens, TOKEN_BUDGETS }, { exampleAnswerTokens, growingAnswerTokens }] =
    await Promise.all([import('../src/catalogue.js'), import('./discovery.js'), import('./tokens.js'), import('./answers.js')]);
  const registry = await loadRegistry();
  const r = discoveryReport(registry);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const row = (label: string, x: { at1: number; at5: number }): Row => [label, `${pct(x.at1)} / ${pct(x.at5)}`];
  print(`tool discovery: recall@1 / recall@5 on ${r.queries} requests (${r.dutch} Dutch), test/discovery/queries.json`, [
    row('find_tools = GET /api/v1/tools?q= = web search (target 90 / 98)', r.findTools),
    row('baseline: plain BM25 over name + description', r.baseline),
    row('plain BM25 over the full listed text (target 85 / 97)', r.listed),
    ['find_tools answer, limit 5: average / largest tokens', `${r.answerTokens.average.toFixed(0)} / ${r.answerTokens.max}`],
  ]);
  const failures = (label: string, x: Recall) => {
    const lines = [...x.misses.map((m) => ({ ...m, rank: 0 })), ...x.notFirst].map(
      (m) => `    ${m.rank ? `#${m.rank}` : 'miss'} ${m.q} → ${m.expected.join(' | ')} (got ${m.got.join(', ') || 'nothing'})`,
    );
    if (lines.length) console.log(`  ${label}: not first (#rank) or not in the top 5 (miss)\n${lines.join('\n')}`);
  };
  failures('find_tools', r.findTools);
  failures('plain BM25 over the listed text', r.listed);
  const d = describeToolsetTokens(registry);
  const avg = d.reduce((a, b) => a + b.tokens, 0) / d.length;
  const largest = [...d].sort((a, b) => b.tokens - a.tokens)[0];
  print('describe_toolset answers (compact JSON, o200k tokens)', [
    [`average over ${d.length} toolsets (budget ${TOKEN_BUDGETS.describeAverage})`, avg.toFixed(0)],
    [`largest, ${largest.toolset} (budget ${TOKEN_BUDGETS.describeMax})`, String(largest.tokens)],
  ]);
  const answers = await exampleAnswerTokens(registry);
  const sum = (k: 'sent' | 'whole' | 'pretty') => answers.reduce((a, b) => a + b[k], 0);
  const cols = (a: { sent: number; whole: number; pretty: number }) => `${a.sent} / ${a.whole} / ${a.pretty}`;
  print('answers over MCP, o200k tokens: as sent now (compact, mcpRows cut) / whole, compact / whole, pretty', [
    ...(await growingAnswerTokens(registry)).map((a): Row => [a.label, cols(a)]),
    [`first example answer of all ${answers.length} tools: total`, `${sum('sent')} / ${sum('whole')} / ${sum('pretty')}`],
    ...answers.map((a): Row => [a.name, cols(a)]),
  ]);
}

/** A cheap call's latency while every tool runs its hostile inputs 5 at a time (target p99 < 250 ms). */
async function stall() {
  const [{ loadAllTools }, { knownHostile, generatedHostile }, { measureStall, CONCURRENCY }] = await Promise.all([
    import('../tools/index.js'),
    import('./hostile.js'),
    import('./stall.js'),
  ]);
  const tools = await loadAllTools();
  const calls = [...knownHostile(), ...generatedHostile(tools)];
  const server = await startServer('werkbank', 'off');
  try {
    // Warm up: every tool's module loaded, the workers started (one-time costs).
    for (const slug of new Set(calls.map((c) => c.slug))) {
      const tool = tools.find((t) => t.slug === slug)!;
      await fetch(`${server.url}/api/v1/tools/${slug}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': server.key },
        body: JSON.stringify(tool.examples[0].input),
      }).then((r) => r.arrayBuffer());
    }
    const r = await measureStall(server.url, server.key, calls);
    print(`stall: word-counter latency while ${r.calls} hostile calls run ${CONCURRENCY} at a time (target p99 < 250 ms)`, [
      ['p50', ms(r.p50)],
      ['p99', ms(r.p99)],
      ['max', ms(r.max)],
      ['probes', String(r.probes)],
      ['hostile calls by status', JSON.stringify(r.statuses)],
      ['duration', `${r.seconds.toFixed(0)} s`],
      ['slowest probe', r.culprits[0] ?? ''],
    ]);
  } finally {
    server.proc.kill();
  }
}

/**
 * Isolation: a charge costs the same whatever other accounts hold (two free accounts' memory at the quota), and
 * cheap calls stay fast while a large UPA zip is built (target p99 < 250 ms).
 */
async function isolation() {
  const plain = await startServer('werkbank', 'on');
  let base: Awaited<ReturnType<typeof load>>;
  try {
    base = await load(`${plain.url}/api/v1/tools/word-counter`, JSON.stringify(SAMPLE), {
      'Content-Type': 'application/json',
      'X-API-Key': plain.key,
    });
  } finally {
    plain.proc.kill();
  }
  const bloated = await startServer('werkbank', 'on', '--bloat');
  try {
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': bloated.key };
    const charged = await load(`${bloated.url}/api/v1/tools/word-counter`, JSON.stringify(SAMPLE), headers);
    // /health and a cheap call, probed one at a time while a 10,000-person, 3-month UPA zip is built.
    const zip = fetch(`${bloated.url}/api/v1/tools/upa-file-generator`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ format: 'zip', options: { population: { count: 10_000, seed: 1 }, period: { startYear: 2026, months: 3 } } }),
    }).then((r) => r.status);
    let zipDone = false;
    void zip.finally(() => (zipDone = true));
    const probes: number[] = [];
    while (!zipDone) {
      const t = performance.now();
      await fetch(`${bloated.url}/health`).then((r) => r.arrayBuffer());
      await fetch(`${bloated.url}/api/v1/tools/word-counter`, { method: 'POST', headers, body: JSON.stringify(SAMPLE) }).then((r) =>
        r.arrayBuffer(),
      );
      probes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    probes.sort((a, b) => a - b);
    const pct = (p: number) => probes[Math.min(probes.length - 1, Math.floor(probes.length * p))] ?? 0;
    print(
      'isolation: charges beside two free accounts at their memory quota; cheap calls during a UPA zip (target ratio ~1.0, p99 < 250 ms)',
      [
        ['word-counter, nothing else stored (baseline)', `${base.rps} req/s, p99 ${base.p99} ms`],
        ['word-counter, 2 x 5 MiB of escaped memory stored', `${charged.rps} req/s, p99 ${charged.p99} ms`],
        ['ratio (bloated / baseline)', (charged.rps / base.rps).toFixed(2)],
        ['zip (10,000 people x 3 months) status', String(await zip)],
        ['/health + word-counter during the zip: probes', String(probes.length)],
        ['  p50', ms(pct(0.5))],
        ['  p99', ms(pct(0.99))],
        ['  max', ms(probes[probes.length - 1] ?? 0)],
      ],
    );
  } finally {
    bloated.proc.kill();
  }
}

async function section(name: string, fn: () => Promise<Record<string, number | string>>, describe: string) {
  const figures = await fn();
  print(
    describe,
    Object.entries(figures).map(([k, v]) => [k, String(v)]),
  );
}

const SECTIONS: Record<string, () => Promise<void>> = {
  rest: async () =>
    print(
      'REST tool call (word-counter), 32 connections, server on one core: req/s, p50, p99 and ratios',
      await (await import('./rest.js')).benchRest(),
    ),
  mcp,
  stdio,
  tokens,
  apps: async () => print('MCP Apps view documents as hosts download them', await (await import('./apps.js')).benchApps()),
  discovery,
  stall,
  isolation,
  brp: async () => section('brp', (await import('./brp.js')).benchBrp, 'BRP generator, 5,000 persons (target json < 300 ms, < 150 MB)'),
  upa: async () =>
    section(
      'upa',
      (await import('./upa.js')).benchUpa,
      'UPA generator (target 10,000 x 3 months < 3 s, < 400 MB; its xml stream from the worker: event loop busy < 1/4 of that on the main thread)',
    ),
  render: async () => section('render', (await import('./render.js')).benchRender, 'Render: html-to-pdf (target warm small p50 < 250 ms)'),
  fairness: async () =>
    section(
      'fairness',
      (await import('./fairness.js')).benchFairness,
      "Compute pool under one account's flood (target: the neighbour's calls all answered; the flooder's excess 429, no 503)",
    ),
  profile: async () =>
    print(
      'CPU profile of the metered server (lowdb) under the rest load: top ten self time',
      await (await import('./profile-rest.js')).profileRest(),
    ),
  install: async () =>
    print(
      'npx -y werkbank-mcp from an empty npm cache: install size and cold start to tools/list, 1.1.0 layout and now',
      await (await import('./install.js')).benchInstall(),
    ),
  linear: async () =>
    print(
      'Text tools on 10k vs 100k characters of hostile shapes (×10 is linear, ×100 quadratic)',
      await (await import('./linear.js')).benchLinear(),
    ),
  hostile: async () =>
    print(
      'Hostile inputs per family of tools, up to 100 KB, worker time each (target: none over 1000 ms)',
      await (await import('./families.js')).benchFamilies(),
    ),
  postgres: async () =>
    print(
      'PostgreSQL store: REST calls, workers, metering, usage with 1M rows (target 2 workers >= 1.6x lowdb)',
      await (await import('./postgres.js')).benchPostgres(),
    ),
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(SECTIONS).filter((n) => n !== 'install' && n !== 'profile');
  console.log(
    `werkbank bench: ${names.join(', ')} (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${SECONDS} s per load run)`,
  );
  for (const name of names) {
    if (!SECTIONS[name]) throw new Error(`unknown section ${name}; sections: ${Object.keys(SECTIONS).join(', ')}`);
    if (names.length > 1 && ['brp', 'upa', 'render'].includes(name)) {
      // Memory figures need a fresh process per generator.
      await new Promise<void>((resolve, reject) => {
        const p = spawn(process.execPath, [fileURLToPath(import.meta.url), name], { stdio: 'inherit' });
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited ${code}`))));
      });
    } else await SECTIONS[name]();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
