/**
 * Where the program of the compute pool's workers (./tool-worker.ts) is at run time. It sits beside this module in
 * the sources (vitest, tsx) and in the compiled files (dist/src/compute/), and is its own bundle entry,
 * dist/chunks/tool-worker.js (scripts/bundle.mjs): this module then lives in dist/werkbank.js or in one of the
 * chunks beside it, so both `./` and `./chunks/` are looked at.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { setting } from '../settings.js';

/**
 * The worker program's file; from the TypeScript sources, with a bootstrap that loads it through tsx, unless the
 * test setup says dist/ is built from the sources as they are now (the `compiledWorker` setting): then the
 * compiled program (the same code, without compiling it again in every new worker).
 */
export function workerFile(): { url: URL; bootstrap?: string } {
  const here = import.meta.url;
  if (here.endsWith('.ts') && setting('compiledWorker').value === '1') {
    const url = new URL('../../dist/src/compute/tool-worker.js', here);
    if (existsSync(url)) return { url };
  }
  if (here.endsWith('.ts')) {
    const url = new URL('./tool-worker.ts', here);
    const tsxPackage = createRequire(here).resolve('tsx/package.json');
    const tsx = pathToFileURL(tsxPackage.replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
    const bootstrap =
      `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })` +
      `.catch((e) => { console.error(e); process.exit(1); });`;
    return { url, bootstrap };
  }
  for (const candidate of ['./tool-worker.js', './chunks/tool-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { url };
  }
  throw new Error('the compute worker program (tool-worker.js) is missing next to the bundle');
}
