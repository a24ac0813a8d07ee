/**
 * The browser of the render tests. The package installs none (renders are on
 * demand: `werkbank-mcp install-browser`), so the test run installs werkbank's
 * own the same way, offline: from the dev dependency @sparticuz/chromium in
 * node_modules (the same pinned version and file hashes the installer checks)
 * into .tools/browser/ (about 200 MB unpacked, once; later runs reuse it), and
 * points WERKBANK_CHROMIUM_PATH at it for every test process. A
 * WERKBANK_CHROMIUM_PATH set by the caller is kept.
 */
import { resolve } from 'node:path';
import { installBrowser } from '../../src/render/install.js';
import { repoRoot } from './paths.js';

export const TEST_BROWSER_DIR = resolve(repoRoot, '.tools/browser');

export async function provideTestBrowser(): Promise<void> {
  if (process.env.WERKBANK_CHROMIUM_PATH) return;
  const report = await installBrowser({ dir: TEST_BROWSER_DIR, from: resolve(repoRoot, 'node_modules/@sparticuz/chromium') });
  process.env.WERKBANK_CHROMIUM_PATH = report.path;
}
