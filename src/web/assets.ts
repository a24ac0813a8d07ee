/**
 * The pages' browser code: the modules under src/web/client/ bundled into two scripts, /web/app.js (every
 * page) and /web/auth.js (the passkey pages only), and a third, the MCP Apps view (src/web/client/app-view/). The build writes them (scripts/build-web.mjs →
 * dist/chunks/, next to the CLI bundle); a run from source (tests, `tsx`) bundles the same entries in
 * memory with esbuild, a dev dependency, so an edit shows without a build. The view's bundle takes
 * plugins (./bundle-trim.ts), which esbuild runs only in an asynchronous build: its script is a promise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { packageRoot } from '../core/paths.js';
import { VIEW_BUNDLE_PLUGINS } from './bundle-trim.js';

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
/** Every bundle the build writes: entry module → file, with the esbuild plugins of its bundle. */
export const WEB_BUNDLES: readonly { entry: string; file: string; plugins: Plugin[] }[] = [
  { entry: WEB_APP_ENTRY, file: WEB_APP_FILE, plugins: [] },
  { entry: WEB_AUTH_ENTRY, file: WEB_AUTH_FILE, plugins: [] },
  { entry: APP_VIEW_ENTRY, file: APP_VIEW_FILE, plugins: VIEW_BUNDLE_PLUGINS },
];

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

export async function appViewScript(): Promise<string> {
  const built = builtScript(APP_VIEW_FILE);
  if (built !== undefined) return built;
  try {
    const out = await esbuild().build(inMemory(APP_VIEW_ENTRY, VIEW_BUNDLE_PLUGINS));
    return out.outputFiles[0].text;
  } catch (err) {
    return notBuilt(APP_VIEW_FILE, err);
  }
}

/** The built bundle `file`; from source, `entry` bundled in memory. */
function bundledScript(entryModule: string, file: string): string {
  const built = builtScript(file);
  if (built !== undefined) return built;
  try {
    return esbuild().buildSync(inMemory(entryModule, [])).outputFiles[0].text;
  } catch (err) {
    return notBuilt(file, err);
  }
}

/** The built `file`, unless this runs from source (where the sources may be newer). */
function builtScript(file: string): string | undefined {
  const built = resolve(packageRoot, file);
  return !fromSource && existsSync(built) ? readFileSync(built, 'utf8') : undefined;
}

const esbuild = () => createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

const inMemory = (entryModule: string, plugins: Plugin[]) => ({
  ...WEB_APP_BUILD,
  target: [...WEB_APP_BUILD.target],
  entryPoints: [resolve(packageRoot, entryModule)],
  plugins,
  write: false as const,
});

/** A source run without esbuild falls back on a built file, if there is one. */
function notBuilt(file: string, err: unknown): string {
  const built = resolve(packageRoot, file);
  if (existsSync(built)) return readFileSync(built, 'utf8');
  throw new Error(`werkbank: the web pages' script is not built (${file}) and cannot be bundled here: ${(err as Error).message}`);
}
