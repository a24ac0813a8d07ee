// The web pages' built assets, written next to the CLI bundle into dist/chunks/ (called from
// scripts/bundle.mjs after the CLI bundle is written):
// - web-app.js and web-auth.js: the pages' browser code, the modules under src/web/client/ bundled
//   and minified (WEB_BUNDLES in src/web/assets.ts, which serves them; from source it bundles the same
//   entries in memory); the MCP Apps view's script (app-view.js) with the plugins that leave out what
//   its libraries carry and it does not run (src/web/bundle-trim.ts);
// - Redoc's standalone bundle (the /docs API reference), copied so that a published package serves
//   /docs without a CDN and without redoc installed (it is a dev dependency).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { WEB_APP_BUILD, WEB_BUNDLES } from '../dist/src/web/assets.js';

mkdirSync('dist/chunks', { recursive: true });
for (const { entry, file, plugins } of WEB_BUNDLES)
  await build({ ...WEB_APP_BUILD, target: [...WEB_APP_BUILD.target], entryPoints: [entry], outfile: file, plugins, logLevel: 'warning' });

const source = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
copyFileSync(source, 'dist/chunks/redoc.standalone.js'); // REDOC_FILE in src/web/feature.ts

// The passkey pages' WebAuthn browser library (@simplewebauthn/browser, a dev dependency like every
// library here), copied for the same reason: WEBAUTHN_FILE in src/web/account-auth.ts.
const webauthnEntry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
copyFileSync(resolve(dirname(webauthnEntry), '..', 'dist/bundle/index.umd.min.js'), 'dist/chunks/webauthn.umd.min.js');
