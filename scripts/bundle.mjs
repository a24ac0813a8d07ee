// Bundles the CLI into one ES module (dist/werkbank.js): a stdio start then reads one file instead of
// resolving and compiling ~360 modules. Packages that ship binaries, or that run in worker threads by
// file name, stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/src/cli.js'],
  outfile: 'dist/werkbank.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [
    // Binaries, worker-loaded modules, and jsonc-parser (UMD: esbuild cannot follow its internal requires).
    'playwright-core', '@sparticuz/chromium', 'sanitize-html', 'micromark', 'micromark-extension-gfm', 'ajv', 'ajv-formats', 'jsonc-parser',
    // Large libraries the tools load on first use: left out, a start does not even parse them.
    '@zxcvbn-ts/*', 'sql-formatter', 'openai', 'qrcode', 'yaml', 'cronstrue', 'croner', 'diff', 'fast-xml-parser', 'xml-formatter',
    'entities', 'jsvat', '@zootools/email-spell-checker', '@sindresorhus/slugify',
  ],
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: { js: "import { createRequire as __werkbankRequire } from 'node:module'; const require = __werkbankRequire(import.meta.url);" },
  logLevel: 'warning',
});
