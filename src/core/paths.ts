import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (where package.json is), from source (`src/`) or build (`dist/src/`). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('werkbank: package root not found');
}

export const packageRoot = findRoot();

/** A file shipped with the package under `assets/` (code tables, word lists...). */
export function assetPath(...segments: string[]): string {
  return resolve(packageRoot, 'assets', ...segments);
}
