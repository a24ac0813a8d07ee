// Bundles the CLI into ES modules under dist/: dist/werkbank.js (the bin) holds the surfaces, and
// every tool module is a chunk of its own in dist/chunks/, imported on the tool's first call (a start
// lists from dist/manifest.json and parses no tool code). The libraries the tools use are bundled into
// those chunks (only the parts imported), so the published package installs almost nothing besides
// itself: `dependencies` is empty. What esbuild leaves out:
//
//   - playwright-core: it reads its own package.json and data files (browser descriptors, a wasm
//     codec) from its folder at run time, so it cannot be bundled; it is copied whole (it has no
//     dependencies; less its trace-viewer and recorder web apps, which renders never serve, and its
//     type declarations) into dist/node_modules/playwright-core, with its licence and notices;
//   - @sparticuz/chromium: never installed with the package; `werkbank-mcp install-browser` fetches it
//     into the data dir (src/render/install.ts), and nothing imports it;
//   - pg-native: pg's optional native binding, never installed.
//
// The libraries that run in worker threads, loaded there by file name (sanitize-html, micromark and
// micromark-extension-gfm for markdown-to-html; ajv and ajv-formats for the AI tools' JSON Schemas),
// are bundled too, each into one file of a package of its own under dist/node_modules/, where the
// tools' `createRequire(import.meta.url).resolve(name)` finds them from dist/chunks/.
//
// Every bundled package's licence and notices are collected into dist/THIRD-PARTY-LICENSES.txt.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const require = createRequire(join(root, 'package.json'));

// Chunk names carry content hashes: start from empty folders so no stale chunk ships.
rmSync('dist/chunks', { recursive: true, force: true });
rmSync('dist/node_modules', { recursive: true, force: true });

/** jsonc-parser's `main` is a UMD build whose internal requires esbuild cannot follow: use its ES module build. */
const jsoncEsm = {
  name: 'jsonc-parser-esm',
  setup(b) {
    b.onResolve({ filter: /^jsonc-parser$/ }, () => ({
      path: require.resolve('jsonc-parser').replace(/umd([/\\])main\.js$/, 'esm$1main.js'),
    }));
  },
};

/**
 * A CommonJS package loaded with `await import('pkg')` (the tools load libraries on first use) gets from Node
 * a namespace with `default` (module.exports) and the named exports Node detects; in a split bundle esbuild
 * would give it `default` only. Each such import goes through a small module that re-exports what Node
 * gives, names included (listed by importing the package here, as Node does).
 */
const cjsDynamicImports = {
  name: 'cjs-dynamic-imports',
  setup(b) {
    b.onResolve({ filter: /^[a-z@][^:]*$/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.inner) return undefined;
      const resolved = await b.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: { inner: true } });
      if (resolved.errors.length || resolved.external || !isCommonJs(resolved.path)) return undefined;
      const names = Object.keys(await import(pathToFileURL(resolved.path).href)).filter((n) => n !== 'default');
      return { path: args.path, namespace: 'cjs-dynamic', pluginData: { resolveDir: args.resolveDir, names } };
    });
    b.onLoad({ filter: /.*/, namespace: 'cjs-dynamic' }, (args) => {
      const { resolveDir, names } = args.pluginData;
      const lines = [`import * as ns from ${JSON.stringify(args.path)};`, 'export default ns.default;'];
      names.forEach((n, i) => lines.push(`const _${i} = ns[${JSON.stringify(n)}];`, `export { _${i} as ${JSON.stringify(n)} };`));
      return { contents: lines.join('\n'), resolveDir, loader: 'js' };
    });
  },
};

/** A file Node loads as CommonJS: .cjs, or .js whose nearest package.json does not say "type": "module". */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs') || !file.endsWith('.js')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'package.json'))) return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type !== 'module';
  return true;
}

// Bundled CommonJS dependencies call require() for Node built-ins.
const banner = {
  js: "import { createRequire as __werkbankRequire } from 'node:module'; const require = __werkbankRequire(import.meta.url);",
};

const main = await build({
  // The compute pool's worker program (src/compute/tool-worker.ts) is an entry of its own with a stable name,
  // dist/chunks/tool-worker.js, found by src/compute/worker-file.ts; it shares the tools' chunks with the CLI.
  entryPoints: { werkbank: 'dist/src/cli.js', 'chunks/tool-worker': 'dist/src/compute/tool-worker.js' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['playwright-core', '@sparticuz/chromium', 'pg-native'],
  plugins: [jsoncEsm, cjsDynamicImports],
  banner,
  metafile: true,
  logLevel: 'warning',
});

// The worker-thread libraries: one file each, in packages of their own under dist/node_modules/.
const vendor = 'dist/node_modules';
const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const pkg = (name, fields) => {
  mkdirSync(join(vendor, name), { recursive: true });
  writeFileSync(
    join(vendor, name, 'package.json'),
    JSON.stringify(
      { name, version: version(name), description: `${name}, bundled into one file for werkbank's worker threads`, ...fields },
      null,
      2,
    ) + '\n',
  );
};
const metafiles = [main.metafile];
const vendorBuild = async (opts) =>
  metafiles.push(
    (await build({ bundle: true, platform: 'node', target: 'node20', metafile: true, logLevel: 'warning', ...opts })).metafile,
  );

// sanitize-html: required (CommonJS) by the markdown worker.
pkg('sanitize-html', { main: 'index.js', license: 'MIT' });
await vendorBuild({ entryPoints: [require.resolve('sanitize-html')], format: 'cjs', outfile: join(vendor, 'sanitize-html/index.js') });
// micromark and its GFM extension: imported (ES modules) by the markdown worker.
for (const name of ['micromark', 'micromark-extension-gfm']) {
  pkg(name, { type: 'module', main: 'index.js', exports: './index.js', license: 'MIT' });
  await vendorBuild({ entryPoints: [name], format: 'esm', outfile: join(vendor, name, 'index.js') });
}
// ajv (three drafts) and ajv-formats: required by the JSON Schema worker as `require(path).default`. One
// bundle holds them all, so ajv-formats' keywords share ajv's code generator (it checks instanceof).
pkg('ajv', { main: 'dist/ajv.js', license: 'MIT' });
pkg('ajv-formats', { main: 'dist/index.js', license: 'MIT' });
const ajvEntry = join(root, 'dist/.ajv-entry.cjs');
writeFileSync(
  ajvEntry,
  "module.exports = { ajv: require('ajv'), ajv2019: require('ajv/dist/2019'), ajv2020: require('ajv/dist/2020'), formats: require('ajv-formats') };\n",
);
await vendorBuild({ entryPoints: [ajvEntry], format: 'cjs', outfile: join(vendor, 'ajv/dist/bundle.js') });
rmSync(ajvEntry);
for (const [file, key] of [
  ['ajv/dist/ajv.js', 'ajv'],
  ['ajv/dist/2019.js', 'ajv2019'],
  ['ajv/dist/2020.js', 'ajv2020'],
])
  writeFileSync(join(vendor, file), `module.exports = require('./bundle.js').${key};\n`);
mkdirSync(join(vendor, 'ajv-formats/dist'), { recursive: true });
writeFileSync(join(vendor, 'ajv-formats/dist/index.js'), "module.exports = require('../../ajv/dist/bundle.js').formats;\n");

// playwright-core, as it is, less what renders never load.
const playwright = dirname(require.resolve('playwright-core/package.json'));
const PLAYWRIGHT_LEFT_OUT = new Set(['lib/vite', 'types', 'index.d.ts', 'README.md']);
cpSync(playwright, join(vendor, 'playwright-core'), {
  recursive: true,
  filter: (path) => !PLAYWRIGHT_LEFT_OUT.has(relative(playwright, path).split(sep).join('/')),
});

// The licences of everything bundled, from each package's own files.
const packages = new Map();
for (const meta of metafiles)
  for (const input of Object.keys(meta.inputs)) {
    const at = input.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const rest = input.slice(at + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    const dir = resolve(root, input.slice(0, at + 'node_modules/'.length) + name);
    if (!packages.has(dir)) packages.set(dir, name);
  }
packages.set(playwright, 'playwright-core');
const sections = [];
for (const [dir] of [...packages].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]))) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const license =
    typeof manifest.license === 'string'
      ? manifest.license
      : (manifest.licenses ?? []).map((l) => l.type).join(' OR ') || 'see the package';
  const files = readdirSync(dir)
    .filter((f) => /^(licen[cs]e|copying|notice)/i.test(f))
    .sort();
  const texts = files.map((f) => readFileSync(join(dir, f), 'utf8').trim());
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  sections.push(
    `${manifest.name}@${manifest.version} (${license})${manifest.homepage ? `\n${manifest.homepage}` : ''}\n\n` +
      (texts.length ? texts.join('\n\n') : `${license}${author ? `, copyright ${author}` : ''} (the package ships no licence file)`),
  );
}
writeFileSync(
  'dist/THIRD-PARTY-LICENSES.txt',
  `werkbank-mcp bundles the following packages into dist/werkbank.js, dist/chunks/ and dist/node_modules/\n` +
    `(playwright-core is copied there as published, less its lib/vite/ web apps and type declarations).\n` +
    `Their licences and notices follow.\n\n${'='.repeat(78)}\n\n` +
    sections.join(`\n\n${'='.repeat(78)}\n\n`) +
    '\n',
);

await import('./build-web.mjs');
console.log(`bundle: ${packages.size} packages bundled (dist/THIRD-PARTY-LICENSES.txt)`);
