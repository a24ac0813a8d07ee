// Rewrites the generated tool table of docs/tools.md from the registry (npm run docs).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRegistry } from '../src/catalogue.js';
import { TOOL_TABLE_PAGE, withToolTable } from '../src/docs/tool-table.js';
import { packageRoot } from '../src/core/paths.js';

const path = resolve(packageRoot, TOOL_TABLE_PAGE);
const before = readFileSync(path, 'utf8');
const after = withToolTable(before, await loadRegistry());
if (after !== before) writeFileSync(path, after);
process.stdout.write(`${TOOL_TABLE_PAGE} tool table ${after === before ? 'is up to date' : 'regenerated'}\n`);
