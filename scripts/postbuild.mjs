// Make the CLIs executable after the build (npm also does it on install; this covers direct runs and npm pack).
import { chmodSync } from 'node:fs';
for (const file of ['../dist/src/cli.js', '../dist/werkbank.js']) chmodSync(new URL(file, import.meta.url), 0o755);
