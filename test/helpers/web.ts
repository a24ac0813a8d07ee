/**
 * Browser fixtures of the web tests: Chromium found the way the render tools
 * find it (WERKBANK_CHROMIUM_PATH, which the test run points at the browser
 * test/helpers/browser-setup.ts installs, or a system Chromium), screenshots written to
 * test-output/web/ (git-ignored) for reviewers, and an axe-core scan.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { findChromium } from '../../src/render/browser.js';
import { repoRoot } from './paths.js';

export const OUTPUT = resolve(repoRoot, 'test-output/web');

export async function launchBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const choice = await findChromium();
  return chromium.launch({
    executablePath: choice.path,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
    timeout: 60_000,
  });
}

/** Screenshots taken so far by each test file (files that share a worker share this module). */
const shots = new Map<string, number>();
/** A screenshot (full page unless `fullPage` is false), numbered in the order the steps of its file ran. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(OUTPUT, { recursive: true });
  const testFile = expect.getState().testPath ?? '';
  const n = (shots.get(testFile) ?? 0) + 1;
  shots.set(testFile, n);
  const file = join(OUTPUT, `${String(n).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

export function writeOutput(name: string, content: string): void {
  mkdirSync(OUTPUT, { recursive: true });
  writeFileSync(join(OUTPUT, name), content);
}

export interface AxeSummary {
  url: string;
  violations: { id: string; impact: string | null | undefined; help: string; nodes: number }[];
  passes: number;
}

/** Scan the page with axe-core (WCAG 2.x A and AA rules and best practices), less the parts `exclude` selects (per frame). */
export async function axeScan(page: Page, exclude: string[][] = []): Promise<AxeSummary> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  return {
    url: new URL(page.url()).pathname,
    violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length })),
    passes: result.passes.length,
  };
}

/** Bytes on the wire (compressed bodies, as a browser asking for br/gzip receives them). */
export function transferSize(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((res, rej) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } }, (r) => {
      let bytes = 0;
      r.on('data', (d: Buffer) => (bytes += d.length));
      r.on('end', () => res({ bytes, encoding: r.headers['content-encoding'] }));
      r.on('error', rej);
    })
      .on('error', rej)
      .end();
  });
}
