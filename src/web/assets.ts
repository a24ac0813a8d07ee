/**
 * The pages' browser code: the modules under src/web/client/ bundled into one script. The build
 * writes it (scripts/bundle.mjs → dist/chunks/web-app.js, next to the CLI bundle); a run from
 * source (tests, `tsx`) bundles the same entry in memory with esbuild, a dev dependency, so an
 * edit shows without a build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { packageRoot } from '../core/paths.js';

/** Where scripts/bundle.mjs writes the bundle, relative to the package root. */
export const WEB_APP_FILE = 'dist/chunks/web-app.js';
/** The bundle's entry module. */
export const WEB_APP_ENTRY = 'src/web/client/main.ts';

/** esbuild options shared by the build and the in-memory bundle. */
export const WEB_APP_BUILD = {
  bundle: true,
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
} as const;

const fromSource = import.meta.url.endsWith('.ts');

export function webAppScript(): string {
  const built = resolve(packageRoot, WEB_APP_FILE);
  if (!fromSource && existsSync(built)) return readFileSync(built, 'utf8');
  const entry = resolve(packageRoot, WEB_APP_ENTRY);
  try {
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    const out = esbuild.buildSync({ ...WEB_APP_BUILD, target: [...WEB_APP_BUILD.target], entryPoints: [entry], write: false });
    return out.outputFiles[0].text;
  } catch (err) {
    if (existsSync(built)) return readFileSync(built, 'utf8');
    throw new Error(`werkbank: the web pages' script is not built (${WEB_APP_FILE}) and cannot be bundled here: ${(err as Error).message}`);
  }
}
