/**
 * A real PostgreSQL server for tests, started by the tests themselves:
 *
 * - `WERKBANK_TEST_DATABASE_URL` set: that server; each call gets a fresh
 *   database on it (created, and dropped by `stop`), so test files can run in
 *   parallel (CI uses Debian's PostgreSQL this way, see .ci/run).
 * - unset: the run's one embedded server (scripts/embedded-postgres.ts, started
 *   by the first file that asks and stopped after the run: ./postgres-broker.ts),
 *   again with a fresh database per call.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BROKER_ENV, sharedServerUrl } from './postgres-broker.js';

export interface TestDatabase {
  url: string;
  /** Which server: 'embedded' (npm binaries) or 'external' (WERKBANK_TEST_DATABASE_URL). */
  source: 'embedded' | 'external';
  stop(): Promise<void>;
}

export { freePort } from '../../scripts/embedded-postgres.js';

async function freshDatabase(base: string, source: TestDatabase['source']): Promise<TestDatabase> {
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
    source,
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

/** Start (or connect to) a PostgreSQL server with an empty database for this test file. */
export async function startPostgres(): Promise<TestDatabase> {
  const external = process.env.WERKBANK_TEST_DATABASE_URL;
  if (external) return freshDatabase(external, 'external');
  const broker = process.env[BROKER_ENV];
  if (!broker)
    throw new Error(
      `no PostgreSQL for tests: run them through vitest (its global setup sets ${BROKER_ENV}) or set WERKBANK_TEST_DATABASE_URL`,
    );
  return freshDatabase(await sharedServerUrl(broker), 'embedded');
}
