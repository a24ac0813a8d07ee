/**
 * Several server processes on one port: `werkbank serve --workers N` (or WERKBANK_WORKERS) runs N server
 * processes with node:cluster. Each is a whole server (src/server.ts) on the shared PostgreSQL store; the
 * primary process only starts, replaces and stops them.
 */
import { availableParallelism } from 'node:os';
import { HttpError } from './core/errors.js';
import { log } from './core/log.js';
import { serveClusterMetrics } from './observe/cluster.js';

/**
 * How many server processes `serve` runs: `--workers N` (or WERKBANK_WORKERS);
 * by default all cores when a database URL is set, else 1. Several processes
 * need the shared PostgreSQL store: the embedded one serves a single process.
 */
export function serverProcessCount(option: string | undefined, databaseUrl: string | undefined, source = '--workers'): number {
  const raw = option ?? (process.env.WERKBANK_WORKERS || undefined);
  if (raw === undefined) return databaseUrl ? availableParallelism() : 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new HttpError(`${source} must be an integer from 1 to 256, got "${raw}"`);
  if (n > 1 && !databaseUrl)
    throw new HttpError(
      `${source === '--workers' ? '--workers ' : `${source}=`}${n} needs the shared PostgreSQL store: set WERKBANK_DATABASE_URL or --database-url postgres://… ` +
        '(the embedded lowdb store in the data dir serves one process; without a database, run one process with --workers 1).',
    );
  return n;
}

/** What a server process may take past its drain grace to close its pools and journal, ms. */
const STOP_MARGIN_MS = 5_000;

/**
 * The primary process of `serve --workers N`: forks N server processes that
 * share the listening port (the primary hands out connections round-robin),
 * replaces one that dies after it started, and stops them all on
 * SIGINT/SIGTERM. A server process that fails before it listens (e.g. the
 * database is unreachable) stops the whole group with its exit code instead
 * of looping. It also adds up the server processes' metrics for the one that is scraped. A server process that
 * has not finished draining `graceMs` plus STOP_MARGIN_MS after the signal is killed, so a hung one cannot keep
 * the group from stopping.
 */
export async function superviseServerProcesses(n: number, graceMs: number): Promise<void> {
  const cluster = (await import('node:cluster')).default;
  let stopping = false;
  const listening = new Set<number>();
  serveClusterMetrics();
  const running = () => Object.values(cluster.workers ?? {});
  cluster.on('listening', (p) => listening.add(p.id));
  cluster.on('exit', (p, code, signal) => {
    const started = listening.delete(p.id);
    if (stopping) {
      if (running().length === 0) process.exit(0);
      return;
    }
    if (!started) {
      log(`server process ${p.id} exited before it listened (${signal ?? `code ${code}`}); stopping.`, 'error');
      stopping = true;
      for (const other of running()) other?.process.kill('SIGTERM');
      process.exitCode = code || 1;
      if (running().length === 0) process.exit(process.exitCode);
      return;
    }
    log(`server process ${p.id} died (${signal ?? `code ${code}`}); starting another.`, 'error');
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const processes = running();
    if (processes.length === 0) process.exit(0);
    for (const p of processes) p?.process.kill('SIGTERM');
    setTimeout(() => {
      const hung = running();
      log(`${hung.length} server process(es) still draining ${graceMs + STOP_MARGIN_MS} ms after the signal; killed`, 'error');
      for (const p of hung) p?.process.kill('SIGKILL');
      process.exit(1);
    }, graceMs + STOP_MARGIN_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < n; i++) cluster.fork();
}
