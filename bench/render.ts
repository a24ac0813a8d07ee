/**
 * Benchmark of html-to-pdf: a small page and a 5-page document,
 * through the render service (pool + egress proxy + hosted file), warm p50/p95
 * (ms) and throughput (renders/s) at 1, 2 and 4 concurrent renders. Compared
 * in the same run with (a) a bare Playwright loop on the same pages (one
 * browser, a new context per render, no proxy, no file) and (b) the naive
 * approach: a fresh browser launched per render.
 * Targets: warm small-PDF p50 < 250 ms; throughput ≥ 80% of the bare loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { RenderService } from '../src/render/service.js';
import { CHROMIUM_ARGS, findChromium } from '../src/render/browser.js';

const SMALL = '<!doctype html><html><body><h1>Invoice 2026-001</h1><p>Total: EUR 121.00</p></body></html>';
const paragraph =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
const FIVE_PAGES = `<!doctype html><html><body>${Array.from({ length: 5 }, (_, i) => `<h2>Section ${i + 1}</h2>${`<p>${paragraph.repeat(6)}</p>`.repeat(6)}<div style="page-break-after:always"></div>`).join('')}</body></html>`;
const PER_ROW = 12;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Run `count` jobs `concurrency` at a time; latency per job and overall throughput. */
async function load(concurrency: number, count: number, job: () => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t = performance.now();
        await job();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { p50: r(percentile(latencies, 50)), p95: r(percentile(latencies, 95)), perSecond: r(count / seconds) };
}

async function bareRender(browser: Browser, html: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true });
  } finally {
    await context.close();
  }
}

export async function benchRender(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'werkbank-bench-render-'));
  const service = new RenderService({ filesDir: dir, baseUrl: () => null, concurrency: 4, queue: 16 });
  const out: Record<string, number> = {};
  const { path } = await findChromium();
  const bare = await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, headless: true });
  try {
    await service.htmlToPdf(SMALL, 'A4', false); // warm-up (launch)
    await bareRender(bare, SMALL);
    for (const [name, html] of [
      ['small', SMALL],
      ['5page', FIVE_PAGES],
    ] as const) {
      for (const c of [1, 2, 4]) {
        const ours = await load(c, PER_ROW, () => service.htmlToPdf(html, 'A4', false));
        const plain = await load(c, PER_ROW, () => bareRender(bare, html));
        out[`${name}_c${c}_p50_ms`] = ours.p50;
        out[`${name}_c${c}_p95_ms`] = ours.p95;
        out[`${name}_c${c}_per_s`] = ours.perSecond;
        out[`${name}_c${c}_bare_per_s`] = plain.perSecond;
        out[`${name}_c${c}_vs_bare_pct`] = Math.round((ours.perSecond / plain.perSecond) * 100);
      }
    }
    // The naive approach: a fresh browser per render (3 renders, sequential).
    const naive = await load(1, 3, async () => {
      const b = await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, headless: true });
      try {
        return await bareRender(b, SMALL);
      } finally {
        await b.close();
      }
    });
    out.small_naive_fresh_browser_p50_ms = naive.p50;
    out.small_naive_fresh_browser_per_s = naive.perSecond;
  } finally {
    await bare.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

// `npx tsx bench/render.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchRender());
