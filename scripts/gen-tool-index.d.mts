/** Types of scripts/gen-tool-index.mjs for the files that import it (vitest.setup.ts). */
export function writeIndex(): void;
