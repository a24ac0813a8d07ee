// Writes dist/manifest.json: what listing every tool needs (name, description, keywords, cost, toolset,
// annotations, JSON Schemas) and the search index (src/search/), so a start reads one JSON file
// instead of importing every tool module, and a search loads none. Runs in `npm run build` after
// tsc, on the compiled tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { allToolsets, loadAllTools } from '../tools/index.js';
import { Registry } from '../src/core/registry.js';
import { MANIFEST_PATH } from '../src/catalogue.js';

const registry = Registry.of(await loadAllTools(), allToolsets);
mkdirSync(dirname(MANIFEST_PATH), { recursive: true });
writeFileSync(MANIFEST_PATH, JSON.stringify({ tools: registry.manifest(), search: registry.searchIndex() }));
console.log(`dist/manifest.json: ${registry.tools.length} tools`);
