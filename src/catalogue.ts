/**
 * The tool catalogue: every toolset and tool found under `tools/` (the index
 * is generated from the folders), as one registry per process. Built code
 * lists from the manifest (`dist/manifest.json`, written at build time) and
 * imports a tool's module on its first call, so a start costs the same with 70
 * tools or 170; from source (tests), the declarations are imported directly.
 * Kept apart from the HTTP composition so a stdio start loads no HTTP code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allToolsets, loadAllTools, toolFiles } from '../tools/index.js';
import { manifestEntry, Registry, type ManifestTool } from './core/registry.js';
import type { SerializedIndex } from './search/engine.js';
import { packageRoot } from './core/paths.js';

export const MANIFEST_PATH = resolve(packageRoot, 'dist', 'manifest.json');
/** Benchmarks only: list from another manifest (an empty one measures a start that lists no tool). */
const manifestPath = () => process.env.WERKBANK_MANIFEST || MANIFEST_PATH;

let registry: Promise<Registry> | undefined;

export function loadRegistry(): Promise<Registry> {
  return (registry ??= build());
}

async function build(): Promise<Registry> {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  if (fromSource || !existsSync(manifestPath())) return Registry.of(await loadAllTools(), allToolsets);
  const manifest = JSON.parse(readFileSync(manifestPath(), 'utf8')) as { tools: ManifestTool[]; search?: SerializedIndex };
  const files = new Map(toolFiles.map((f) => [`${f.toolset}/${f.file}`, f.load]));
  return new Registry(
    manifest.tools.map((meta) => {
      const load = files.get(`${meta.toolset}/${meta.slug}`);
      if (!load)
        throw new Error(`dist/manifest.json lists ${meta.toolset}/${meta.slug}, which this build does not have: run npm run build`);
      return manifestEntry(meta, load);
    }),
    allToolsets,
    manifest.search,
  );
}
