// Before any test file loads: write tools/index.ts from the folders (as `npm run build` does), so
// `npx vitest` works on its own after a tool file is added; and give the render tests a browser.
import { writeIndex } from './scripts/gen-tool-index.mjs';
import { provideTestBrowser } from './test/helpers/browser-setup.js';

export default async function setup(): Promise<void> {
  writeIndex();
  await provideTestBrowser();
}
