// Before any test file loads: write tools/index.ts from the folders (as `npm run build` does), so
// `npx vitest` works on its own after a tool file is added; give the render tests a browser; and, when dist/
// is built from the sources as they are (`npm test` builds first), let the compute pools of in-process test
// servers start the compiled worker program: through tsx, each new worker spends about half a second of CPU
// compiling its modules again, and the hostile-input tests replace hundreds of workers. The PostgreSQL files
// share one server, started when the first of them asks (test/helpers/postgres-broker.ts).
import { writeIndex } from './scripts/gen-tool-index.mjs';
import { current } from './scripts/build-stamp.mjs';
import { provideTestBrowser } from './test/helpers/browser-setup.js';
import { SETTINGS } from './src/settings.js';
import { BROKER_ENV, openPostgresBroker } from './test/helpers/postgres-broker.js';

export default async function setup(): Promise<() => Promise<void>> {
  writeIndex();
  if (current()) process.env[SETTINGS.compiledWorker.env[0]] = '1';
  await provideTestBrowser();
  if (process.env.WERKBANK_TEST_DATABASE_URL) return async () => undefined;
  const broker = await openPostgresBroker();
  process.env[BROKER_ENV] = broker.address;
  return broker.close;
}
