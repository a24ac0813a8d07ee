/**
 * `npm run bench -- profile`: where the metered server's CPU goes under the `rest` bench load. Starts
 * `bench/server.js werkbank on` (lowdb) under `node --cpu-prof`, pinned like `npm run bench -- rest`,
 * warms up, puts 32 connections of `word-counter` calls on it (REST, then in a second server `/mcp` tools/call),
 * and prints the top ten entries by self time during the measured load (functions, plus the garbage collector, idle and program
 * time V8 reports). The raw `.cpuprofile` files stay in a temp dir (printed) for Chrome DevTools.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE } from './server.js';
import { load, placement, startPlaced, stop } from './rest.js';

const here = dirname(fileURLToPath(import.meta.url));

interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name and place) from `skipUs` into the profile on, largest first, as shares of that time. */
export function topSelfTime(profile: CpuProfile, skipUs: number, n = 10): { entry: string; share: number }[] {
  const names = new Map<number, string>();
  for (const { id, callFrame: f } of profile.nodes) {
    const place = f.url ? ` ${basename(f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}` : '';
    names.set(id, `${f.functionName || '(anonymous)'}${place}`);
  }
  const self = new Map<string, number>();
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < skipUs) return; // start-up and warm-up
    const name = names.get(id) ?? '?';
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([entry, t]) => ({ entry, share: t / total }));
}

async function profileOne(label: string, path: 'rest' | 'mcp'): Promise<[string, string][]> {
  const place = placement();
  const dir = mkdtempSync(join(tmpdir(), 'werkbank-profile-'));
  const t0 = performance.now();
  const s = await startPlaced(place, [`--cpu-prof`, `--cpu-prof-dir=${dir}`, join(here, 'server.js'), 'werkbank', 'on']);
  // The profile from the measured load on (load() warms up for 2 s first), a margin for the process start.
  const skipUs = (performance.now() - t0 + 2_000) * 1000;
  const json = { 'Content-Type': 'application/json', 'X-API-Key': s.key };
  const r =
    path === 'rest'
      ? await load(`${s.url}/api/v1/tools/word-counter`, JSON.stringify(SAMPLE), json)
      : await load(
          `${s.url}/mcp`,
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'word_counter', arguments: SAMPLE } }),
          { ...json, Accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        );
  await stop(s.proc);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const top = topSelfTime(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, skipUs);
  return [
    [`${label}: under load (${place.note})`, `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; profile ${join(dir, file)}`],
    ...top.map((t, i): [string, string] => [`  ${i + 1}. ${t.entry}`, `${(100 * t.share).toFixed(1)} %`]),
  ];
}

export async function profileRest(): Promise<[string, string][]> {
  return [
    ...(await profileOne('REST word-counter, metering on (lowdb)', 'rest')),
    ...(await profileOne('/mcp tools/call word_counter, metering on (lowdb)', 'mcp')),
  ];
}
