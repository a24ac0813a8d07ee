// Writes dist/manifest.json: what listing every tool needs (name, description, cost, toolset,
// annotations, JSON Schemas), so a start reads one JSON file instead of importing every tool
// module. Runs in `npm run build` after tsc, on the compiled tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { allToolsets, loadAllTools } from '../tools/index.js';
import { Registry } from '../src/core/registry.js';
import { MANIFEST_PATH } from '../src/catalog.js';

const registry = Registry.of(await loadAllTools(), allToolsets);
mkdirSync(dirname(MANIFEST_PATH), { recursive: true });
writeFileSync(MANIFEST_PATH, JSON.stringify({ tools: registry.manifest() }));
console.log(`dist/manifest.json: ${registry.tools.length} tools`);
