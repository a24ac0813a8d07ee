// Bundles the CLI into ES modules under dist/: dist/werkbank.js (the bin) holds the surfaces, and
// every tool module is a chunk of its own in dist/chunks/, imported on the tool's first call (a start
// lists from dist/manifest.json and parses no tool code). Packages that ship binaries, or that run in
// worker threads by file name, stay external and load from node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

// Chunk names carry content hashes: start from an empty folder so no stale chunk ships.
rmSync('dist/chunks', { recursive: true, force: true });

await build({
  // The compute pool's worker program (tools/_lib/tool-worker.ts) is an entry of its own with a stable name,
  // dist/chunks/tool-worker.js, found by tools/_lib/offload.ts; it shares the tools' chunks with the CLI.
  entryPoints: { werkbank: 'dist/src/cli.js', 'chunks/tool-worker': 'dist/tools/_lib/tool-worker.js' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [
    // Binaries, worker-loaded modules, and jsonc-parser (UMD: esbuild cannot follow its internal requires).
    'playwright-core', '@sparticuz/chromium', 'sanitize-html', 'micromark', 'micromark-extension-gfm', 'ajv', 'ajv-formats', 'jsonc-parser',
    // Large libraries the tools load on first use: left out, a tool's chunk stays small.
    '@zxcvbn-ts/*', 'sql-formatter', 'openai', 'qrcode', 'yaml', 'cronstrue', 'croner', 'diff', 'fast-xml-parser', 'xml-formatter',
    'entities', 'jsvat', '@zootools/email-spell-checker', '@sindresorhus/slugify', 'mathjs',
  ],
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: { js: "import { createRequire as __werkbankRequire } from 'node:module'; const require = __werkbankRequire(import.meta.url);" },
  logLevel: 'warning',
});
await import('./build-web.mjs');
