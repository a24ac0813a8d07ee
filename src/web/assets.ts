/**
 * The pages' browser code: the modules under src/web/client/ bundled into two scripts, /web/app.js (every
 * page) and /web/auth.js (the passkey pages only), and a third, the MCP Apps view (src/web/client/app-view/). The build writes them (scripts/build-web.mjs →
 * dist/chunks/, next to the CLI bundle); a run from source (tests, `tsx`) bundles the same entries in
 * memory with esbuild, a dev dependency, so an edit shows without a build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { packageRoot } from '../core/paths.js';

/** Where scripts/build-web.mjs writes the pages' bundle, relative to the package root. */
export const WEB_APP_FILE = 'dist/chunks/web-app.js';
/** The pages' bundle's entry module. */
export const WEB_APP_ENTRY = 'src/web/client/main.ts';
/** The passkey pages' bundle (src/web/account-auth.ts), and its entry module. */
export const WEB_AUTH_FILE = 'dist/chunks/web-auth.js';
export const WEB_AUTH_ENTRY = 'src/web/client/auth/main.ts';
/** The MCP Apps view's script (src/apps/views.ts wraps it into the view documents), and its entry module. */
export const APP_VIEW_FILE = 'dist/chunks/app-view.js';
export const APP_VIEW_ENTRY = 'src/web/client/app-view/main.ts';
/** Every bundle the build writes: entry module → file. */
export const WEB_BUNDLES = [
  { entry: WEB_APP_ENTRY, file: WEB_APP_FILE },
  { entry: WEB_AUTH_ENTRY, file: WEB_AUTH_FILE },
  { entry: APP_VIEW_ENTRY, file: APP_VIEW_FILE },
] as const;

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
  return bundledScript(WEB_APP_ENTRY, WEB_APP_FILE);
}

export function webAuthScript(): string {
  return bundledScript(WEB_AUTH_ENTRY, WEB_AUTH_FILE);
}

export function appViewScript(): string {
  return bundledScript(APP_VIEW_ENTRY, APP_VIEW_FILE);
}

/** The built bundle `file`; from source, `entry` bundled in memory. */
function bundledScript(entryModule: string, file: string): string {
  const built = resolve(packageRoot, file);
  if (!fromSource && existsSync(built)) return readFileSync(built, 'utf8');
  const entry = resolve(packageRoot, entryModule);
  try {
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    const out = esbuild.buildSync({ ...WEB_APP_BUILD, target: [...WEB_APP_BUILD.target], entryPoints: [entry], write: false });
    return out.outputFiles[0].text;
  } catch (err) {
    if (existsSync(built)) return readFileSync(built, 'utf8');
    throw new Error(`werkbank: the web pages' script is not built (${file}) and cannot be bundled here: ${(err as Error).message}`);
  }
}
