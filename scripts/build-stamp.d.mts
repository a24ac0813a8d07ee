/** Types of scripts/build-stamp.mjs for the tests that import it. */
export function fingerprint(root?: string): string;
export function current(root?: string): boolean;
export function writeStamp(root?: string): void;
