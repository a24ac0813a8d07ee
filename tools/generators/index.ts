import type { Tool } from '../../src/tool.js';
import brpTestDataGenerator from './brp-test-data-generator.js';
import upaFileGenerator from './upa-file-generator.js';

/** The `generators` toolset. One import and one entry per tool. */
export default [
  brpTestDataGenerator,
  upaFileGenerator,
] as Tool[];
