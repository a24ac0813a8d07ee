// Make the CLI executable after tsc (npm also does it on install; this covers `node dist/...` runs and npm pack).
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/src/cli.js', import.meta.url), 0o755);
