#!/usr/bin/env node
// Adds a tool to its group's list: node scripts/register-tool.mjs <group> <slug>
// (tools/<group>/<slug>.ts must default-export defineTool(...)). Safe to run
// concurrently: it takes an exclusive lock file while editing.
import { existsSync, openSync, closeSync, readFileSync, writeFileSync, unlinkSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const [group, slug] = process.argv.slice(2);
if (!group || !slug) {
  console.error('usage: node scripts/register-tool.mjs <group> <slug>');
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const index = resolve(root, 'tools', group, 'index.ts');
if (!existsSync(resolve(root, 'tools', group, `${slug}.ts`))) {
  console.error(`tools/${group}/${slug}.ts does not exist`);
  process.exit(1);
}
const lock = index + '.lock';
let fd;
for (let i = 0; ; i++) {
  try { fd = openSync(lock, 'wx'); break; } catch {
    if (i > 200) { console.error(`could not lock ${lock}`); process.exit(1); }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  let src = readFileSync(index, 'utf8');
  const ident = slug.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase()).replace(/^(\d)/, '_$1');
  if (src.includes(`'./${slug}.js'`)) { console.log(`${slug} already registered`); process.exit(0); }
  const importLine = `import ${ident} from './${slug}.js';\n`;
  const lines = src.split('\n');
  let lastImport = -1;
  lines.forEach((l, i) => { if (l.startsWith('import ')) lastImport = i; });
  lines.splice(lastImport + 1, 0, importLine.trimEnd());
  src = lines.join('\n');
  src = src.replace(/export default \[(.*?)\] as Tool\[\];/s, (_, list) => {
    const items = list.split(',').map((s) => s.trim()).filter(Boolean);
    items.push(ident);
    return `export default [\n  ${items.join(',\n  ')},\n] as Tool[];`;
  });
  writeFileSync(index, src);
  console.log(`registered ${slug} in tools/${group}/index.ts`);
} finally {
  closeSync(fd);
  unlinkSync(lock);
}
