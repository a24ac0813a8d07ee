/**
 * What an MCP Apps host downloads to show a werkbank result: each view document (`ui://werkbank/<kind>`,
 * src/apps/views.ts) as served, raw and gzipped, against the budget. Most of it is the extension SDK's
 * `App`: about 64 KB gzipped even with all it does not run left out (src/web/bundle-trim.ts), zod (about
 * 28 KB) and the MCP SDK's `Protocol` with the schemas of both protocol revisions (about 27 KB) included;
 * the shared result renderer (about 12 KB) and the stylesheet (about 4 KB) are the rest.
 */
import { gzipSync } from 'node:zlib';
import { loadRegistry } from '../src/catalogue.js';
import { appViews } from '../src/apps/views.js';
import { viewUri } from '../src/apps/meta.js';
import { appViewScript } from '../src/web/assets.js';
import { STYLE } from '../src/web/style.js';

/** Bytes, gzipped, of one view document at most. */
export const VIEW_BUDGET_GZIP = 85 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function benchApps(): Promise<[string, string][]> {
  const registry = await loadRegistry();
  const views = appViews(registry);
  const kinds = [...new Set(registry.listed().flatMap((e) => (e.tool.resultView ? [e.tool.resultView.kind] : [])))].sort();
  const rows: [string, string][] = [];
  let largest = 0;
  for (const kind of kinds) {
    const read = await views.resources!.read(viewUri(kind), { surface: 'mcp-stdio', caller: { kind: 'local' }, stateful: true });
    const text = String(read!.contents[0].text);
    const gzip = gzipSync(text).length;
    largest = Math.max(largest, gzip);
    rows.push([`${viewUri(kind)}: raw / gzip`, `${kb(Buffer.byteLength(text))} / ${kb(gzip)}`]);
  }
  rows.push(
    ['of which the view script (renderer + App), gzip', kb(gzipSync(await appViewScript()).length)],
    ['of which the stylesheet, gzip', kb(gzipSync(STYLE).length)],
    [`largest view, gzip (budget ${kb(VIEW_BUDGET_GZIP)})`, kb(largest)],
  );
  if (largest > VIEW_BUDGET_GZIP) throw new Error(`a view document is ${kb(largest)} gzipped, over the ${kb(VIEW_BUDGET_GZIP)} budget`);
  return rows;
}
