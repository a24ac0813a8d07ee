// Before any test file loads: write tools/index.ts from the folders (as `npm run build` does), so
// `npx vitest` works on its own after a tool file is added; give the render tests a browser; and, when dist/
// is built from the sources as they are (`npm test` builds first), let the compute pools of in-process test
// servers start the compiled worker program: through tsx, each new worker spends about half a second of CPU
// compiling its modules again, and the hostile-input tests replace hundreds of workers.
import { writeIndex } from './scripts/gen-tool-index.mjs';
import { current } from './scripts/build-stamp.mjs';
import { provideTestBrowser } from './test/helpers/browser-setup.js';
import { SETTINGS } from './src/settings.js';

export default async function setup(): Promise<void> {
  writeIndex();
  if (current()) process.env[SETTINGS.compiledWorker.env[0]] = '1';
  await provideTestBrowser();
}
