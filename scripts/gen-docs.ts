// Rewrites the README's generated tool table from the registry (npm run docs).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRegistry } from '../src/catalogue.js';
import { withToolTable } from '../src/docs/readme.js';
import { packageRoot } from '../src/core/paths.js';

const path = resolve(packageRoot, 'README.md');
const before = readFileSync(path, 'utf8');
const after = withToolTable(before, await loadRegistry());
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'README tool table is up to date\n' : 'README tool table regenerated\n');
