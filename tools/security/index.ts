import type { Tool } from '../../src/tool.js';

/** The `security` toolset. One import and one entry per tool. */
export default [] as Tool[];
