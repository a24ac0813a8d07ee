// Before any test file loads: write tools/index.ts from the folders (as `npm run build` does), so
// `npx vitest` works on its own after a tool file is added.
import { writeIndex } from './scripts/gen-tool-index.mjs';

export default function setup(): void {
  writeIndex();
}
