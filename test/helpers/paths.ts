import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The public conformance suites, copied into the repository (test/vectors/README.md names their sources and licences). */
export const vectorsDir = resolve(repoRoot, 'test/vectors');
