import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The public conformance suites (`../shared/vectors`, beside the clone in CI). */
export const vectorsDir = process.env.WERKBANK_VECTORS_DIR ?? resolve(repoRoot, '../shared/vectors');
/** Shared domain data (`../shared/data`). Runtime code must not read it: copy what a tool needs into `assets/`. */
export const sharedDataDir = resolve(repoRoot, '../shared/data');
