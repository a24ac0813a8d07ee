/**
 * One PostgreSQL server for a whole test run, shared by the files that need one (each still gets a database
 * of its own, see ./postgres.ts). The vitest run's global setup opens this broker, a loopback HTTP endpoint,
 * and hands its address to the test processes; the first file that asks starts the embedded server, later
 * ones reuse it, and the global teardown stops it. A run without PostgreSQL files starts none; initdb and a
 * server start per file (about 2 s of CPU each) were a large part of the PostgreSQL files' time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.js';

/** The variable that carries the broker's address to the test processes. */
export const BROKER_ENV = 'WERKBANK_TEST_POSTGRES_BROKER';

type Server = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/** Open the broker; the function it returns stops the server (when one was started) and closes the broker. */
export async function openPostgresBroker(): Promise<{ address: string; close: () => Promise<void> }> {
  let server: Promise<Server> | undefined;
  const http = createServer((req, res) => {
    // Room for every file of a run at once, each with a few instances' pools.
    server ??= startEmbeddedPostgres({ max_connections: '500', shared_buffers: '64MB' });
    server.then(
      (s) => res.end(s.url),
      (err: Error) => {
        res.statusCode = 500;
        res.end(`PostgreSQL did not start: ${err.message}`);
      },
    );
    req.resume();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise((resolve) => http.close(resolve));
      await (await server?.catch(() => undefined))?.stop();
    },
  };
}

/** The shared server's URL, from the broker at `address` (which starts it on the first call). */
export async function sharedServerUrl(address: string): Promise<string> {
  const res = await fetch(address, { method: 'POST' });
  const body = await res.text();
  if (!res.ok) throw new Error(body);
  return body;
}
