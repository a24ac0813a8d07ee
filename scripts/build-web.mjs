// The web pages' one built asset: Redoc's standalone bundle (the /docs API reference), copied next to
// the CLI bundle into dist/chunks/ so that a published package serves /docs without a CDN and without
// redoc installed (it is a dev dependency). The pages' own code needs no build (src/web/feature.ts).
// Called from scripts/bundle.mjs after the CLI bundle is written.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const source = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
mkdirSync('dist/chunks', { recursive: true });
copyFileSync(source, 'dist/chunks/redoc.standalone.js'); // REDOC_FILE in src/web/feature.ts
